"""Where saves live when the person does not say."""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "solo-horror"
ENV_VAR = "SOLO_SAVE_DIR"


def default_save_dir() -> Path:
    """SOLO_SAVE_DIR if set and non-empty, else the platform's user data folder. Not created here."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return data_dir() / "saves"


def data_dir() -> Path:
    """The platform's folder for this application's data, as platformdirs names it.

    Importing platformdirs takes about 2 ms, a sixth of what solo adds before its first prompt. On Linux with
    an absolute HOME and no XDG_DATA_HOME its answer is plainly ~/.local/share/solo-horror in every version,
    so that case is answered here (tests/saves/test_location.py holds it to platformdirs' answer); every other
    case is platformdirs' own.
    """
    home = os.environ.get("HOME", "")
    if (
        sys.platform == "linux"
        and os.path.isabs(home)
        and not os.environ.get("XDG_DATA_HOME")
        and not hasattr(sys, "getandroidapilevel")
        and "ANDROID_DATA" not in os.environ
    ):
        return Path(home) / ".local" / "share" / APP_NAME
    import platformdirs

    # appauthor=False: on Windows, no second "solo-horror" folder for the author
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
