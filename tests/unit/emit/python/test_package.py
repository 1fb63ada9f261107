"""The generated Python package, used the way a downstream host uses it."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

import pytest

from generator.emit.python.package import MODULES, PACKAGE_RUNTIME, RUNTIME, VIEW_DATA
from generator.ir import policy
from tests.conftest import MINIMAL, Project, generate_in
from tests.generated_python import PACKAGE, canonical_tools, import_fresh

ISOLATED = """
import sys
sys.path[:] = [{folder!r}, *{stdlib!r}, {site!r}]
import {package}
assert "pydantic" not in sys.modules, "models must load lazily"
assert "typing" not in sys.modules, "the descriptors and the gate import no typing"
for name in ("generator", "jinja2", "yaml"):
    assert name not in sys.modules, name
try:  # site-packages may hold an empty "generator/templates" of an editable install
    import generator.cli
except ModuleNotFoundError:
    pass
else:
    raise AssertionError("generator importable")
print(len({package}.NAMES), {package}.decide({package}.NAMES[0], "plan"))
print({package}.MODELS[{package}.NAMES[0]].__name__)
"""


def test_imports_with_only_its_folder_and_site_packages(package_dir: Path) -> None:
    # -I -S: no user site, no .pth files (the editable generator install is one), no cwd.
    paths = sysconfig.get_paths()
    stdlib = [paths["stdlib"], paths["platstdlib"], str(Path(paths["stdlib"]) / "lib-dynload")]
    code = ISOLATED.format(
        folder=str(package_dir), stdlib=stdlib, site=paths["purelib"], package=PACKAGE
    )
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    count, decision, model = run.stdout.split()
    assert int(count) == len(canonical_tools())
    assert decision in ("allow", "ask", "deny") and model.endswith("Input")


def test_mypy_strict_and_black_check_pass(package_dir: Path, tmp_path: Path) -> None:
    bin_dir = Path(sys.executable).parent
    mypy = subprocess.run(
        [bin_dir / "mypy", "--strict", "--no-incremental", "--cache-dir", tmp_path / "mc", PACKAGE],
        cwd=package_dir,
        capture_output=True,
        text=True,
        check=False,
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
    config = tmp_path / "black.toml"
    config.write_text("[tool.black]\nline-length = 100\n", encoding="utf-8")
    black = subprocess.run(
        [bin_dir / "black", "--check", "--config", config, PACKAGE],
        cwd=package_dir,
        capture_output=True,
        text=True,
        check=False,
    )
    assert black.returncode == 0, black.stderr
    modules = len(MODULES) + len(RUNTIME) + len(PACKAGE_RUNTIME) + 1 + len(VIEW_DATA)
    assert f"{modules} files would be left unchanged" in black.stderr


ONE_TOOL_CONSUMER = f"""
from {PACKAGE} import ToolContext, ToolHost
from {PACKAGE}.models import ReadFileInput

app = ToolHost()


@app.handler("read_file")
def good(args: ReadFileInput, ctx: ToolContext) -> str:
    return args.path


@app.handler("read_file")
def wrong(args: int, ctx: ToolContext) -> str:
    return ""
"""


@pytest.mark.parametrize(
    ("contracts", "targets"),
    [
        ({}, None),
        ({"a.yaml": MINIMAL}, None),
        ({"a.yaml": MINIMAL}, "python"),
        ({"a.yaml": MINIMAL}, "python,anthropic"),
    ],
    ids=["no-tools", "one-tool", "no-provider-target", "no-mcp-target"],
)
def test_a_small_project_gets_a_strict_and_black_clean_package(
    tmp_path: Path, contracts: dict[str, str], targets: str | None
) -> None:
    # The first runs of a new project have no contract or one, and a project may enable
    # only some targets; its package is committed too, so pre-commit's black and CI's mypy
    # must take it as they take a full one (an overload of one variant, ``Literal[]`` of
    # no provider, an MCP server dispatching to a provider not enabled: mypy errors).
    (tmp_path / "contracts").mkdir()
    for name, text in contracts.items():
        (tmp_path / "contracts" / name).write_text(text, "utf-8")
    config = tmp_path / "toolcanon.yaml"
    config.write_text("strict: false\n" if targets is None else f"targets: [{targets}]\n", "utf-8")
    assert generate_in(tmp_path, "--config", str(config)) == 0
    bin_dir = Path(sys.executable).parent
    package = tmp_path / "generated" / "python"
    black = subprocess.run(
        [bin_dir / "black", "--check", "--line-length", "100", PACKAGE],
        cwd=package,
        capture_output=True,
        text=True,
        check=False,
    )
    assert black.returncode == 0, black.stderr
    checked = [PACKAGE]
    if contracts:
        (package / "consumer.py").write_text(ONE_TOOL_CONSUMER, "utf-8")
        checked.append("consumer.py")
    mypy = subprocess.run(
        [
            bin_dir / "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            tmp_path / "mc",
            *checked,
        ],
        cwd=package,
        capture_output=True,
        text=True,
        check=False,
    )
    errors = [line for line in mypy.stdout.splitlines() if ": error:" in line]
    if not contracts:
        assert mypy.returncode == 0, mypy.stdout + mypy.stderr
        return
    # the one handler is still held to its contract, and nothing else is reported
    assert len(errors) == 1, mypy.stdout
    assert errors[0].startswith("consumer.py:13: error: Argument 1 has incompatible type")


def test_every_module_says_it_is_generated_and_how(package_dir: Path) -> None:
    for path in sorted((package_dir / PACKAGE).glob("*.py")):
        first = path.read_text("utf-8").splitlines()[0]
        assert first.startswith("# Generated by toolcanon") and "toolcanon generate" in first


def test_pyproject_lets_pip_install_the_folder(package_dir: Path) -> None:
    project = tomllib.loads((package_dir / "pyproject.toml").read_text("utf-8"))
    assert project["project"]["name"] == PACKAGE
    version = project["project"]["version"]  # the base, and a hash of the files as its local part
    assert re.fullmatch(r"0\.1\.0\+[0-9a-f]{12}", version), version
    assert f'__version__ = "{version}"' in (package_dir / PACKAGE / "__init__.py").read_text()
    # regress: ECMA-262 patterns; no jsonschema, as no example schema needs it (_fallback)
    assert project["project"]["dependencies"] == ["pydantic>=2.11", "regress>=2024.8"]
    assert project["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"] == [PACKAGE]
    assert (package_dir / PACKAGE / "py.typed").is_file()


def test_descriptors_equal_canonical_json(pkg: Any) -> None:
    tools = canonical_tools()
    assert list(pkg.NAMES) == [t["name"] for t in tools]
    assert pkg.all_tools() == tools
    assert json.loads(json.dumps(pkg.all_tools())) == tools  # JSON-ready
    # every key a descriptor has is typed; the example sets all but the provider fields
    typed = set(pkg.ToolDescriptor.__annotations__)
    assert typed - set().union(*tools) == {"deferLoading", "allowedCallers", "namespace"}
    assert set().union(*tools) <= typed


def test_parameters_is_the_same_object_as_input_schema(pkg: Any) -> None:
    for name in pkg.NAMES:
        frozen = pkg.descriptor(name)
        assert frozen["parameters"] is frozen["inputSchema"]
        copy = pkg.get(name)
        assert copy["parameters"] is copy["inputSchema"]


def test_clone_on_read(pkg: Any) -> None:
    name = pkg.NAMES[0]
    first = pkg.get(name)
    first["title"] = "changed"
    first["inputSchema"]["properties"].clear()
    first["annotations"]["readOnlyHint"] = "changed"
    second = pkg.get(name)
    assert second == canonical_tools()[0]
    assert second is not first and second["inputSchema"] is not first["inputSchema"]
    by_provider = pkg.get_by_provider_name(second["providerName"])
    assert by_provider == second and by_provider is not second


def test_registry_data_cannot_be_changed(pkg: Any) -> None:
    frozen = pkg.descriptor(pkg.NAMES[0])
    with pytest.raises(TypeError):
        frozen["title"] = "changed"
    with pytest.raises(TypeError):
        frozen["inputSchema"]["properties"]["new"] = {}
    with pytest.raises(TypeError):
        pkg.BY_NAME["new"] = frozen
    with pytest.raises(AttributeError):
        frozen["inputSchema"]["required"].append("x")  # arrays are tuples
    with pytest.raises(TypeError):
        pkg.DESCRIPTORS[0] = frozen


def test_lookups_and_filters(pkg: Any) -> None:
    tools = canonical_tools()
    for tool in tools:
        assert pkg.PROVIDER_TO_CANONICAL[tool["providerName"]] == tool["name"]
        assert pkg.BY_PROVIDER_NAME[tool["providerName"]] is pkg.BY_NAME[tool["name"]]
    for kind in {t["kind"] for t in tools}:
        assert [d["name"] for d in pkg.by_kind(kind)] == [
            t["name"] for t in tools if t["kind"] == kind
        ]
    for category in {t["category"] for t in tools}:
        assert [d["name"] for d in pkg.by_category(category)] == [
            t["name"] for t in tools if t["category"] == category
        ]
    assert pkg.by_kind("no-such-kind") == ()
    with pytest.raises(KeyError):
        pkg.get("no-such-tool")


def test_models_map_every_tool(pkg: Any) -> None:
    assert list(pkg.MODELS) == list(pkg.NAMES)
    assert all(pkg.model_for(name) is pkg.MODELS[name] for name in pkg.NAMES)
    assert len({model.__name__ for model in pkg.MODELS.values()}) == len(pkg.NAMES)


FIELDS = {
    "availableInPlanMode": (False, True),
    "requiresPlanApproval": (False, True),
    "requiresConfirmation": (False, True),
    "isReadOnly": (False, True),
    "riskLevel": policy.RISK_LEVELS,
}


def test_decide_follows_the_table_for_every_combination(pkg: Any) -> None:
    assert set(pkg.FIELDS_READ) == set(FIELDS) and tuple(pkg.FIELDS_READ) == policy.FIELDS_READ
    assert pkg.MODES == policy.MODES
    checked = 0
    for values in itertools.product(*FIELDS.values()):
        fields = dict(zip(FIELDS, values, strict=True))
        for mode in policy.MODES:
            expected = policy.decide(fields, mode)
            assert pkg.decide(fields, mode) == expected, (fields, mode)
            checked += 1
    assert checked == 2**4 * 3 * 3


def test_decide_on_every_real_tool_by_name_and_descriptor(pkg: Any) -> None:
    for tool in canonical_tools():
        for mode in policy.MODES:
            answer = pkg.decide(tool["name"], mode)
            assert (
                answer == pkg.decide(tool, mode) == pkg.decide(pkg.descriptor(tool["name"]), mode)
            )
    with pytest.raises(ValueError, match="unknown mode"):
        pkg.decide(canonical_tools()[0], "yolo")


TRICKY = [
    'say "hi"',
    "it's",
    "'''",
    '"""',
    "back\\slash\\",
    "\\n\\u2028",
    "tab\tnul\x00del\x7f",
    "ls\u2028ps\u2029",
    "读取文件 🚀 é",
    "{{ x }} {% y %}",
]


def yaml_quoted(text: str) -> str:
    """A YAML double-quoted scalar: printable ASCII as is, everything else escaped."""
    keep = {c for c in map(chr, range(0x20, 0x7F))} - {'"', "\\"}
    return '"' + "".join(c if c in keep else f"\\U{ord(c):08X}" for c in text) + '"'


def test_tricky_text_in_every_text_field_round_trips(project: Project) -> None:
    text = yaml_quoted("\n".join(TRICKY))
    project.write(
        "pyproject.toml",
        '[tool.toolcanon]\ntargets = ["canonical", "python"]\npython-package = "tricky_tools"\n',
    )
    props = ", ".join(
        f"{yaml_quoted(t)}: {{type: string, enum: [{yaml_quoted(t)}]}}" for t in TRICKY
    )
    project.write(
        "contracts/t.yaml",
        f"""
        version: 1
        tools:
          - name: tricky
            title: {text}
            description: {text}
            category: {text}
            approvalFlow: {text}
            riskLevel: low
            permissions: {{{text}: {text}}}
            inputSchema: {{type: object, description: {text}, properties: {{{props}}}}}
        """,
    )
    assert project.run("generate").code == 0
    canonical = json.loads((project.generated / "canonical/tools.json").read_text("utf-8"))
    pkg = import_fresh(project.generated / "python", "tricky_tools")
    try:
        assert pkg.all_tools() == canonical["tools"]
        model = pkg.MODELS["tricky"]
        instance = {t: t for t in TRICKY}
        assert model.model_validate(instance).model_dump(by_alias=True) == instance
    finally:
        for key in [k for k in sys.modules if k.startswith("tricky_tools")]:
            del sys.modules[key]


def test_a_project_without_tools_gets_a_package_that_imports_and_type_checks(
    tmp_path: Path,
) -> None:
    """No tool, no model, no handler: the package still compiles, imports and passes
    ``mypy --strict`` (an empty import list and a lone overload were errors)."""
    (tmp_path / "contracts").mkdir()
    (tmp_path / "contracts" / "none.yaml").write_text("version: 1\ntools: []\n", "utf-8")
    assert generate_in(tmp_path, "--no-cache") == 0
    package = tmp_path / "generated" / "python"
    code = "import toolcanon_tools.host, toolcanon_tools.models, toolcanon_tools.arguments"
    imported = subprocess.run(
        [sys.executable, "-c", code], cwd=package, capture_output=True, text=True
    )
    assert imported.returncode == 0, imported.stderr
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "toolcanon_tools"],
        cwd=package,
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout
