"""Where saves go by default, and the environment variable that moves them."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from saves import default_save_dir
from saves.location import APP_NAME


def test_environment_variable_wins(monkeypatch, tmp_path):
    monkeypatch.setenv("SOLO_SAVE_DIR", str(tmp_path / "elsewhere"))
    assert default_save_dir() == tmp_path / "elsewhere"
    assert not (tmp_path / "elsewhere").exists()  # not created here


def test_tilde_in_the_variable_is_expanded(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    monkeypatch.setenv("SOLO_SAVE_DIR", "~/my-saves")
    assert default_save_dir() == tmp_path / "my-saves"


def test_platform_folder_when_unset_or_empty(monkeypatch):
    expected = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"
    monkeypatch.delenv("SOLO_SAVE_DIR", raising=False)
    assert default_save_dir() == expected
    monkeypatch.setenv("SOLO_SAVE_DIR", "")
    assert default_save_dir() == expected
    assert APP_NAME in expected.parts
