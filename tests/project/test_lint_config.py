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


def _mypy(root: Path, source: str, places: list[str]) -> subprocess.CompletedProcess[str]:
    """mypy, as configured in pyproject.toml, in one run over a scratch module placed at each of `places` (their
    packages made): one run, as each costs a second or two."""
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    for where in places:
        target = root / where
        for folder in [target.parent, *target.parent.parents]:
            if folder == root:
                break
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "__init__.py").touch()
        target.write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(root / ".cache"), *places],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )


LOOSE = "from typing import Any\n\n\ndef f(x: list[Any]) -> list:  # a bare generic\n    return x\n"
STRICT = ["engines/core/probe.py", "saves/probe.py", "engines/some_game/keys.py"]
LAX = ["solo/probe.py"]


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    return _mypy(tmp_path_factory.mktemp("probes"), LOOSE, STRICT + LAX)


@pytest.mark.parametrize("where", STRICT)
def test_the_core_the_saves_and_every_games_keys_are_checked_strictly(
    probed: subprocess.CompletedProcess[str], where: str
) -> None:
    """mypy --strict's per-module checks hold where pyproject.toml says (issue 47, point 4): a bare generic fails."""
    assert probed.returncode != 0, probed.stdout
    assert any(line.startswith(f"{where}:") and "type-arg" in line for line in probed.stdout.splitlines()), probed.stdout


@pytest.mark.parametrize("where", LAX)
def test_the_strict_checks_stop_where_the_list_does(probed: subprocess.CompletedProcess[str], where: str) -> None:
    assert not any(line.startswith(f"{where}:") for line in probed.stdout.splitlines()), probed.stdout


def test_every_command_the_repl_names_has_a_handler_and_none_is_left_over() -> None:
    """The commands live in modules by group (issue 47, point 7); `again` alone is the loop's own."""
    from solo.commands import COMMANDS
    from solo.repl import HANDLERS

    assert set(HANDLERS) == {c.name for c in COMMANDS} - {"again"}


STEPS_PROGRAM = (
    "from engines.core.steps import Steps\n"
    "TABLE: Steps[[int, list[str]], None] = Steps('probe')\n"
    "@TABLE.step('good')\n"
    "def good(n: int, said: list[str]) -> None: ...\n"
    "@TABLE.step('bad')\n"
    "def bad(n: str, said: list[str]) -> None: ...\n"
    "TABLE.run('good', 'one', [])\n"
)
POLICY_PROGRAM = (
    "from engines.core.contract import Decision, PolicyOf\n"
    "from engines.core.rng import Rng\n"
    "from engines.final_girl.state import View\n"
    "from engines.slaughterhouse.state import View as OtherView\n"
    "def mine(view: View, decision: Decision, rng: Rng) -> str: return ''\n"
    "def theirs(view: OtherView, decision: Decision, rng: Rng) -> str: return ''\n"
    "POLICIES: dict[str, PolicyOf[View]] = {'mine': mine}\n"
    "OTHERS: dict[str, PolicyOf[View]] = {'theirs': theirs}\n"
)


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """mypy over program texts that import the project, in one run (each costs two seconds): each program's
    error lines by name, as 'LINE: message'. Its own config: the project's names a package list, which a
    scratch file cannot join."""
    root = tmp_path_factory.mktemp("programs")
    config = root / "mypy.ini"
    config.write_text("[mypy]\n")
    files = {"steps_probe": STEPS_PROGRAM, "policy_probe": POLICY_PROGRAM}
    for name, text in files.items():
        (root / f"{name}.py").write_text(text)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(config),
         *(str(root / f"{name}.py") for name in files)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    found: dict[str, list[str]] = {name: [] for name in files}
    for line in result.stdout.splitlines():
        for name in files:
            if f"{name}.py:" in line:
                found[name].append(line.split(f"{name}.py:", 1)[1])
    return found


def _lines(errors: list[str]) -> set[int]:
    return {int(e.split(":", 1)[0]) for e in errors}


def test_a_step_handler_of_the_wrong_signature_fails_mypy(programs: dict[str, list[str]]) -> None:
    """A table of steps is typed by its handlers' signature (engines/core/steps.py): a handler taking something
    else, or a call passing something else, is refused by mypy, not found at play (issue 47, point 4)."""
    errors = programs["steps_probe"]
    assert {5, 7} <= _lines(errors) and 3 not in _lines(errors), errors  # the handler; the call; not the good one


def test_a_policy_of_the_wrong_view_fails_mypy(programs: dict[str, list[str]]) -> None:
    """Each game's POLICIES table is typed by its view (engines.core.contract.PolicyOf): a policy written for
    another game's view is refused by mypy, not found when the automa first plays it (issue 47, point 4)."""
    errors = programs["policy_probe"]
    assert 8 in _lines(errors) and 7 not in _lines(errors), errors  # the other game's policy; its own
