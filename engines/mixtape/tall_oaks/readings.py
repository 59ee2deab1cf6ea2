"""How a roll of the three Action Dice reads, unique combos first, so the engine and the odds never disagree.

Rulebook, Unique Combos and Dice Reference: triples can only come from the dice, never from supplies, and a
unique combo "leads to other resolutions". The combos are the three triples and nothing else: the sentence
printed under "Unique Combos For Defense" ("The player makes a noise raising the Slasher Meter by 1") is the
Search Die's Noise outcome, printed under the heading before its own like every outcome block in that part
of the transcription (the rescue outcomes sit under "Special Abilities"). Which triple gives which outcome
is designed (cards.toml [combos], RULES.md): the combo's outcome replaces the ordinary reading.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engines.mixtape.dice import triple
from engines.mixtape.tall_oaks import rules_data as R

NEED_ICON = {"rescue": R.ACTION, "invaders": R.ACTION, "defend": R.SHIELD}


def combo(dice: Sequence[str]) -> str:
    """'action', 'shield' or 'escape' for a triple rolled on the dice, else ''."""
    return triple(dice) or ""


def read(
    purpose: str,
    dice: Sequence[str],
    count: Mapping[str, int],
    need: int,
    escape: int = 0,
    armed: bool = True,
) -> str:
    """The result of a roll. `count` is the dice plus every bonus; `need` the Actions to defeat in a fight,
    else the icons the card asks for; `escape` the Escapes to run (0: only a combo gets you out).

    Results: rescue/invaders/defend 'ok' or 'fail'; fight 'defeat', 'escape' or 'fail' (a roll that makes
    both the Actions and the Escapes defeats: the rulebook lists the defeat first, and it is never worse);
    combos 'double', 'stay', 'flee_draw' (rescue), 'slay', 'repel', 'flee' (fight), 'nothing', 'redraw',
    'flee_draw' (defend).
    """
    effect = R.COMBOS.get(purpose, {}).get(combo(dice), "")
    if effect == "slay" and not armed:  # no weapon, no fighting (rulebook, Player Set-Up): read normally
        effect = ""
    if effect:
        return effect
    if purpose == "fight":
        if armed and count[R.ACTION] >= need:
            return "defeat"
        if escape and count[R.ESCAPE] >= escape:
            return "escape"
        return "fail"
    return "ok" if count[NEED_ICON[purpose]] >= need else "fail"
