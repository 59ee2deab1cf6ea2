"""Where saves live when the person does not say."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "solo-horror"
ENV_VAR = "SOLO_SAVE_DIR"


def default_save_dir() -> Path:
    """SOLO_SAVE_DIR if set and non-empty, else the platform's user data folder. Not created here."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    import platformdirs  # imported here: most runs that name a folder never need it

    # appauthor=False: on Windows, no second "solo-horror" folder for the author
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"
