"""The complexity limit pyproject.toml sets is the one `ruff check` enforces on engines/ (issue 47, point 1).

Setting `max-complexity` does nothing unless `C90` is among the selected rules; the guard held only by hand
until it was. This writes a function one branch over the limit into a scratch file placed as engines/ code and
asks ruff, as CI does, whether it passes."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _limit() -> int:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return int(config["tool"]["ruff"]["lint"]["mccabe"]["max-complexity"])


def _function(branches: int) -> str:
    """A function of cyclomatic complexity `branches + 1`: one `if` a branch."""
    body = "".join(f"    if x == {n}:\n        return {n}\n" for n in range(branches))
    return f"def f(x: int) -> int:\n{body}    return -1\n"


def _ruff() -> list[str]:
    found = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if found is None:
        pytest.skip("ruff is not installed")
    return [found]


def _check(tmp_path: Path, source: str, where: str) -> subprocess.CompletedProcess[str]:
    """`ruff check` of `source` at path `where` inside a copy of the project's config, as CI runs it."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / where
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(source)
    return subprocess.run(
        [*_ruff(), "check", "--no-cache", where],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )


def test_ruff_selects_the_complexity_rule() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "C90" in config["tool"]["ruff"]["lint"]["select"]


def test_a_function_over_the_limit_in_engines_fails_ruff_check(tmp_path: Path) -> None:
    limit = _limit()
    over = _check(tmp_path, _function(limit), "engines/too_complex.py")  # complexity limit + 1
    assert over.returncode != 0, over.stdout
    assert "C901" in over.stdout
    at = _check(tmp_path, _function(limit - 1), "engines/just_right.py")  # complexity at the limit
    assert at.returncode == 0, at.stdout


def test_a_function_over_the_limit_outside_engines_is_let_through(tmp_path: Path) -> None:
    """solo/, narratives/ and tests/ are exempt, as pyproject.toml says; the exemption must not reach engines/."""
    result = _check(tmp_path, _function(_limit() + 5), "solo/long_screen.py")
    assert result.returncode == 0, result.stdout


def _mypy(tmp_path: Path, where: str, source: str) -> subprocess.CompletedProcess[str]:
    """mypy, as configured in pyproject.toml, over one scratch module placed at `where` (its packages made)."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / where
    for folder in [target.parent, *target.parent.parents]:
        if folder == tmp_path:
            break
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "__init__.py").touch()
    target.write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / ".cache"), where],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )


LOOSE = "from typing import Any\n\n\ndef f(x: list[Any]) -> list:  # a bare generic\n    return x\n"


@pytest.mark.parametrize("where", ["engines/core/probe.py", "saves/probe.py", "engines/some_game/keys.py"])
def test_the_core_the_saves_and_every_games_keys_are_checked_strictly(tmp_path: Path, where: str) -> None:
    """mypy --strict's per-module checks hold where pyproject.toml says (issue 47, point 4): a bare generic fails."""
    result = _mypy(tmp_path, where, LOOSE)
    assert result.returncode != 0 and "type-arg" in result.stdout, result.stdout


def test_the_strict_checks_stop_where_the_list_does(tmp_path: Path) -> None:
    result = _mypy(tmp_path, "solo/probe.py", LOOSE)
    assert result.returncode == 0, result.stdout


def test_every_command_the_repl_names_has_a_handler_and_none_is_left_over() -> None:
    """The commands live in modules by group (issue 47, point 7); `again` alone is the loop's own."""
    from solo.commands import COMMANDS
    from solo.repl import HANDLERS

    assert set(HANDLERS) == {c.name for c in COMMANDS} - {"again"}


def _mypy_program(tmp_path: Path, program: str) -> subprocess.CompletedProcess[str]:
    """mypy over a program text that imports the project (its own config: the project's names a package list,
    which a program text cannot join)."""
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(config), "-c", program],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_a_step_handler_of_the_wrong_signature_fails_mypy(tmp_path: Path) -> None:
    """A table of steps is typed by its handlers' signature (engines/core/steps.py): a handler taking something
    else, or a call passing something else, is refused by mypy, not found at play (issue 47, point 4)."""
    program = (
        "from engines.core.steps import Steps\n"
        "TABLE: Steps[[int, list[str]], None] = Steps('probe')\n"
        "@TABLE.step('good')\n"
        "def good(n: int, said: list[str]) -> None: ...\n"
        "@TABLE.step('bad')\n"
        "def bad(n: str, said: list[str]) -> None: ...\n"
        "TABLE.run('good', 'one', [])\n"
    )
    result = _mypy_program(tmp_path, program)
    assert result.returncode != 0
    assert "<string>:5" in result.stdout and "<string>:7" in result.stdout, result.stdout  # the handler; the call
    assert "<string>:3" not in result.stdout, result.stdout



def test_a_policy_of_the_wrong_view_fails_mypy(tmp_path: Path) -> None:
    """Each game's POLICIES table is typed by its view (engines.core.contract.PolicyOf): a policy written for
    another game's view is refused by mypy, not found when the automa first plays it (issue 47, point 4)."""
    program = (
        "from engines.core.contract import Decision, PolicyOf\n"
        "from engines.core.rng import Rng\n"
        "from engines.final_girl.state import View\n"
        "from engines.slaughterhouse.state import View as OtherView\n"
        "def mine(view: View, decision: Decision, rng: Rng) -> str: return ''\n"
        "def theirs(view: OtherView, decision: Decision, rng: Rng) -> str: return ''\n"
        "POLICIES: dict[str, PolicyOf[View]] = {'mine': mine}\n"
        "OTHERS: dict[str, PolicyOf[View]] = {'theirs': theirs}\n"
    )
    result = _mypy_program(tmp_path, program)
    assert result.returncode != 0 and "<string>:8" in result.stdout, result.stdout  # the other game's policy
    assert "<string>:7" not in result.stdout, result.stdout  # its own
