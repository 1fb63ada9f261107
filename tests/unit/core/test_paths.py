"""paths.py: how a path is shown to a person."""

from __future__ import annotations

from pathlib import Path, PureWindowsPath

from generator.core.paths import display, display_resolved


def test_relative_to_the_first_base_that_holds_it() -> None:
    project, contracts = Path("/p"), Path("/p/contracts")
    file = Path("/p/contracts/core/a.yaml")
    assert display(file, project, contracts) == "contracts/core/a.yaml"
    assert display(file, contracts, project) == "core/a.yaml"
    assert display(file, Path("/elsewhere"), contracts) == "core/a.yaml"


def test_outside_every_base_it_is_shown_as_given() -> None:
    assert display(Path("/q/a.yaml"), Path("/p")) == "/q/a.yaml"
    assert display(Path("rel/a.yaml")) == "rel/a.yaml"
    assert display(Path("/p"), Path("/p")) == "."


def test_always_with_forward_slashes() -> None:
    file, base = PureWindowsPath("C:/p/contracts/a.yaml"), PureWindowsPath("C:/p")
    assert display(file, base) == "contracts/a.yaml"  # type: ignore[arg-type]
    assert display(Path("/p/a b/c.yaml"), Path("/p")) == "a b/c.yaml"


def test_resolved_through_links_and_dots(tmp_path: Path) -> None:
    real = tmp_path / "real"
    (real / "contracts").mkdir(parents=True)
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    file = link / "contracts" / ".." / "contracts" / "a.yaml"
    assert display_resolved(file, [real]) == "contracts/a.yaml"
    assert display_resolved(real / "contracts" / "a.yaml", [link]) == "contracts/a.yaml"
    assert display_resolved(file, [tmp_path / "other"]) == (real / "contracts/a.yaml").as_posix()
