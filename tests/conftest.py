"""What every test shares: a save folder of its worker's own, so no test can touch the person's saves or
the other pytest-xdist worker's files, even one that forgets `--save-dir` (each test that checks where saves go
by default sets or clears SOLO_SAVE_DIR itself)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def _own_save_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SOLO_SAVE_DIR", str(tmp_path_factory.mktemp("default-saves")))
        yield


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Freeze what the run leaves alive, so the collections pytest makes as it closes are quick.

    A worker ends the suite holding about a million objects (the engines' and the narrators' caches), and a full
    collection of them takes seconds on a loaded machine; pytest collects twice as it closes (to report any
    exception a finalizer raised). A pytest-xdist worker that has not finished five seconds after the last test
    is sent SIGINT by execnet, and the KeyboardInterrupt, landing in a gc callback (hypothesis keeps one), was
    printed as a warning with its traceback after a green run. Frozen objects are left out of collections:
    only what the closing itself makes is collected, and the worker ends in time."""
    import gc

    gc.collect()  # what the tests left behind is still collected (and a finalizer's exception still reported)
    gc.freeze()


def pytest_configure(config: pytest.Config) -> None:
    """Compile the application once, before the workers start: the tests start the program in fresh processes
    (a terminal's, a review's workers) some two hundred times, and where the environment says not to write
    bytecode (PYTHONDONTWRITEBYTECODE, as on CI's fresh checkout) each of them compiled every module it
    imported again. Only the controller compiles (a pytest-xdist worker has `workerinput`); the files are
    written whole, and Python checks each against its source before using it."""
    if hasattr(config, "workerinput"):
        return
    import compileall
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for package in ("engines", "narratives", "saves", "solo"):
        compileall.compile_dir(root / package, quiet=2, workers=1)
