"""Reading a TOML data file, keeping a JSON copy of it beside Python's own bytecode.

tomllib is pure Python: importing it and parsing a game's cards and prose costs a few milliseconds at every
launch, a tenth of the whole budget from `solo` to its first prompt. Decoding the same data from JSON is
about fifty times cheaper. The copy lives in the file's `__pycache__` folder, as a .pyc does, and records a
digest of the TOML text it came from, so an edited file is parsed afresh. A folder that cannot be written,
`PYTHONDONTWRITEBYTECODE` or `PYTHONPYCACHEPREFIX` (bytecode kept elsewhere), a damaged copy, or data JSON
cannot hold exactly (dates) all mean the same thing: the TOML is parsed, as it would be without a copy.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from pathlib import Path
from typing import Any

import msgspec

_COPY = msgspec.json.Decoder()


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML file's tables, from its JSON copy when the copy matches the text; OSError if unreadable."""
    raw = path.read_bytes()
    digest = hashlib.blake2b(raw, digest_size=16).hexdigest()
    copy = path.parent / "__pycache__" / f"{path.name}.json"
    try:
        kept = _COPY.decode(copy.read_bytes())
        if kept.get("digest") == digest:
            data: dict[str, Any] = kept["data"]
            return data
    except (OSError, msgspec.DecodeError, AttributeError, KeyError):
        pass
    import tomllib  # only when there is no good copy: the import alone is a millisecond

    data = tomllib.loads(raw.decode("utf-8"))
    if not sys.dont_write_bytecode and sys.pycache_prefix is None:
        _keep(copy, digest, data)
    return data


def _keep(copy: Path, digest: str, data: dict[str, Any]) -> None:
    """Write the copy atomically, only if it decodes to exactly the same data; never fail the caller."""
    try:
        blob = msgspec.json.encode({"digest": digest, "data": data})
    except (TypeError, msgspec.EncodeError):
        return
    if _COPY.decode(blob)["data"] != data:
        return  # a date or time would come back as a string
    temp = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
    try:
        copy.parent.mkdir(exist_ok=True)
        temp.write_bytes(blob)
        os.replace(temp, copy)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
