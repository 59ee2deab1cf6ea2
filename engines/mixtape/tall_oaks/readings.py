"""How a roll of the three Action Dice reads, unique combos first, so the engine and the odds never disagree.

Rulebook, Unique Combos and Dice Reference: triples can only come from the dice, never from supplies, and a
unique combo "leads to other resolutions". Which combo gives which outcome is designed (cards.toml [combos],
RULES.md): the combo's outcome replaces the ordinary reading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.mixtape.dice import triple
from engines.mixtape.tall_oaks import rules_data as R

NEED_ICON = {"rescue": R.ACTION, "invaders": R.ACTION, "defend": R.SHIELD}


def combo(dice: Sequence[str]) -> str:
    """'action', 'shield' or 'escape' for a triple, 'mixed' for one of each face, else ''."""
    face = triple(dice)
    if face:
        return face
    if len(dice) == 3 and len(set(dice)) == 3:
        return R.MIXED
    return ""


def read(
    purpose: str,
    dice: Sequence[str],
    count: Mapping[str, int],
    need: int,
    escape: int = 0,
    armed: bool = True,
) -> tuple[str, int]:
    """(result, extra noise) of a roll. `count` is the dice plus every bonus; `need` the Actions to defeat in
    a fight, else the icons the card asks for; `escape` the Escapes to run (0: only a combo gets you out).

    Results: rescue/invaders/defend 'ok' or 'fail'; fight 'defeat', 'escape' or 'fail'; combos
    'double', 'stay', 'flee_draw' (rescue), 'slay', 'repel', 'flee' (fight), 'nothing', 'redraw',
    'flee_draw' (defend). A mixed roll in defence reads normally and makes 1 noise.
    """
    effect = R.COMBOS.get(purpose, {}).get(combo(dice), "")
    extra = 0
    if effect == "noise":
        effect, extra = "", 1
    if effect == "slay" and not armed:  # no weapon, no fighting (rulebook, Player Set-Up): read normally
        effect = ""
    if effect:
        return effect, 0
    if purpose == "fight":
        if armed and count[R.ACTION] >= need:
            return "defeat", extra
        if escape and count[R.ESCAPE] >= escape:
            return "escape", extra
        return "fail", extra
    return ("ok" if count[NEED_ICON[purpose]] >= need else "fail"), extra
