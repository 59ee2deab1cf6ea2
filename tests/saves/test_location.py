"""Where saves go by default, and the environment variable that moves them."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from saves import default_save_dir
from saves.location import APP_NAME, data_dir


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


@pytest.mark.parametrize("xdg", [None, "", "/srv/data", "relative/data"])
@pytest.mark.parametrize("home", ["/home/ada", "/home/ada/", "//home/ada", "relative", None])
def test_the_folder_is_always_platformdirs_answer(monkeypatch, home, xdg):
    for name, value in (("HOME", home), ("XDG_DATA_HOME", xdg)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    assert data_dir() == Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def test_the_common_linux_case_needs_no_platformdirs(monkeypatch, tmp_path):
    if sys.platform != "linux":
        pytest.skip("the shortcut is Linux's")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delitem(sys.modules, "platformdirs", raising=False)
    assert data_dir() == tmp_path / ".local" / "share" / APP_NAME
    assert "platformdirs" not in sys.modules
