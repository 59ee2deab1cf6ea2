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
