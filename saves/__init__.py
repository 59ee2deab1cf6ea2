"""Persistence of a run's record: careful files in a folder of slots. Knows no game's rules."""

from saves.atomic import atomic_write
from saves.location import default_save_dir
from saves.migrations import SCHEMA
from saves.record import FORMAT, Record
from saves.slots import SlotError, validate_slot
from saves.store import Listing, SaveError, SaveStore

__all__ = [
    "FORMAT",
    "SCHEMA",
    "Listing",
    "Record",
    "SaveError",
    "SaveStore",
    "SlotError",
    "atomic_write",
    "default_save_dir",
    "validate_slot",
]
