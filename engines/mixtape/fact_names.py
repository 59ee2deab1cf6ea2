"""One name per fact in the events both Mixtape games write (issue 16): the renames each game's rules made.

Both games tell the same facts in their events: where it happened (`place`), which supply card (`card`), how
much health or noise (`amount`), the movement dice (`dice`), how many cards went back (`count`), the seats'
characters (`names`), the scene's kind (`kind`). Before, each game had its own word for some of them. A save
written under the older names is read by comparing its log with the replay's after the renames are undone
(solo.run.facts_renamed), then kept with the replay's log under the current names.

Facts one game has and the other does not (Director's Cut's `total` and `stops` of a movement roll, its
`before` and `full` of the noise meter, Tall Oaks' `called`, a scene's `knives` against `need`) are different
facts and keep their names.
"""

from __future__ import annotations

from collections.abc import Mapping

Renames = Mapping[str, Mapping[str, str]]
"""Event kind -> old fact name -> new fact name."""

_PLACE = {"location": "place"}

DIRECTORS_CUT: Renames = {
    "game_started": {"slashers": "names"},
    "healed": {"gained": "amount"},
    "scene_drawn": {"location": "place", "type": "kind"},
    **{
        kind: _PLACE
        for kind in (
            "ability_used",
            "bonus_drawn",
            "entered",
            "key_used",
            "lock_placed",
            "marker_removed",
            "search_refused",
            "searched",
            "souvenirs_taken",
            "unlock_tried",
        )
    },
}
"""Director's Cut rules 5: the renames from rules 4."""

TALL_OAKS: Renames = {
    "healed": {"item": "card", "n": "amount"},
    "hurt": {"n": "amount"},
    "moved_roll": {"roll": "dice"},
    "noise": {"n": "amount"},
    "restocked": {"n": "count"},
    "supply_spent": {"item": "card"},
    "supply_found": {"item": "card"},
    "supply_dropped": {"item": "card"},
}
"""Tall Oaks rules 6: the renames from rules 5."""
