"""Input models agree with JSON Schema; class names are stable; refs move with their tool.

Agreement: for every example tool, instances drawn by hypothesis-jsonschema from its
``inputSchema`` must be accepted by its model, and instances made invalid (each
property set to each JSON type, each required property removed, an unknown key)
that ``jsonschema`` rejects must be rejected by the model too.

Documented exception (tested below): an optional property with no default whose
schema does not allow null. The model reads an explicit null there as "absent"
(datamodel-code-generator types it ``X | None = None``); JSON Schema rejects it.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from pydantic import BaseModel, ValidationError

from generator.models.naming import class_name, class_names, def_names, relocate_refs
from tests.generated_python import canonical_tools

PROBES: tuple[Any, ...] = (None, True, 0, 1.0, 1.5, "x", [], {})


def accepts(model: type[BaseModel], instance: Any) -> bool:
    try:
        model.model_validate(instance)
    except ValidationError:
        return False
    return True


def null_means_absent(schema: dict[str, Any], key: str, value: Any) -> bool:
    """The documented exception: null for an optional, default-less, non-nullable property."""
    prop = schema.get("properties", {}).get(key)
    return (
        value is None
        and isinstance(prop, dict)
        and key not in schema.get("required", [])
        and "default" not in prop
    )


def invalid_variants(schema: dict[str, Any], instance: dict[str, Any]) -> list[tuple[str, Any]]:
    keys = sorted({*instance, *schema.get("properties", {}), "__unknown__"})
    variants: list[tuple[str, Any]] = [(key, probe) for key in keys for probe in PROBES]
    return variants


def check_tool(tool: dict[str, Any], model: type[BaseModel], instance: dict[str, Any]) -> None:
    schema = tool["inputSchema"]
    validator = jsonschema.Draft202012Validator(schema)
    assert accepts(model, instance), (tool["name"], instance)
    for key, probe in invalid_variants(schema, instance):
        bad = {**instance, key: probe}
        if validator.is_valid(bad):
            continue
        if accepts(model, bad):
            assert null_means_absent(schema, key, probe), (tool["name"], key, probe)
    for key in schema.get("required", []):
        bad = {k: v for k, v in instance.items() if k != key}
        assert not accepts(model, bad), (tool["name"], "missing", key)


@pytest.mark.parametrize("tool", canonical_tools(), ids=lambda t: t["name"])
def test_model_agrees_with_json_schema(tool: dict[str, Any], pkg: Any) -> None:
    model = pkg.MODELS[tool["name"]]

    @settings(
        max_examples=5,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        check_tool(tool, model, data.draw(from_schema(tool["inputSchema"])))

    run()


def test_documented_exception_is_exactly_null_for_optional_without_default(
    pkg: Any,
) -> None:
    grep = pkg.get("grep")["inputSchema"]
    assert null_means_absent(grep, "path", None)
    assert not jsonschema.Draft202012Validator(grep).is_valid({"pattern": "x", "path": None})
    model = pkg.MODELS["grep"]
    assert model.model_validate({"pattern": "x", "path": None}).path is None
    assert model.model_validate({"pattern": "x"}).path is None  # the same as absent
    assert not accepts(model, {"pattern": "x", "path": 1})


def test_class_names_are_stable_and_unique() -> None:
    assert class_name("github::create_issue") == "GithubCreateIssueInput"
    assert class_name("acme-docs::docs.pages.get") == "AcmeDocsDocsPagesGetInput"
    assert class_name("3d_print") == "Tool3dPrintInput"
    names = class_names(("read-file", "read_file", "readFile", "ReadFile"))
    assert names == {
        "ReadFile": "ReadFileInput",
        "read-file": "ReadFileInput2",
        "readFile": "ReadFileInput3",
        "read_file": "ReadFileInput4",
    }
    assert class_names(("read_file", "read-file")) == class_names(("read-file", "read_file"))


def test_refs_move_with_their_tool() -> None:
    schema = {
        "properties": {
            "a": {"$ref": "#/$defs/point"},
            "b": {"$ref": "#/definitions/old/properties/x"},
            "c": {"$ref": "#/properties/a"},
            "d": {"items": [{"$ref": "#"}]},
            "e": {"$ref": "#/definitions/point"},
            "f": {"$ref": "#/$defs/a%20b"},
        },
        "$defs": {"point": {}, "a b": {}},
        "definitions": {"old": {}, "point": {}},
    }
    moved = relocate_refs(schema, "T", def_names(schema, "T"))
    assert moved["properties"]["a"] == {"$ref": "#/$defs/T_point"}
    assert moved["properties"]["b"] == {"$ref": "#/$defs/T_old/properties/x"}
    assert moved["properties"]["c"] == {"$ref": "#/$defs/T/properties/a"}
    assert moved["properties"]["d"] == {"items": [{"$ref": "#/$defs/T"}]}
    # $defs/point and definitions/point are two schemas: they must stay two
    assert moved["properties"]["e"] == {"$ref": "#/$defs/T_point2"}
    assert moved["properties"]["f"] == {"$ref": "#/$defs/T_a_b"}
