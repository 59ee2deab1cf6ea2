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
