"""The noise meter both Mixtape games keep (Director's Cut's Hero Meter, Tall Oaks' Slasher Meter): noise
raises it to its top and no further, and the meter at its top calls the foe (both rulebooks)."""

from __future__ import annotations


def raised(meter: int, noise: int, full: int) -> tuple[int, bool]:
    """The meter after `noise`, and whether it stands at its top (`full`) now."""
    level = min(full, meter + noise)
    return level, level >= full
