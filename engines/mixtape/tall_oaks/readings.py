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


def need(card: R.Scene, purpose: str) -> int:
    """What a Killer Scenes card's roll for `purpose` needs: its Shields for a defence, else its Actions."""
    return card.shields if NEED_ICON[purpose] == R.SHIELD else card.actions


SCENE_ROLL = {"rescue": "rescue", "defend": "defend", "invaders": "invaders"}
"""A Killer Scenes card's kind -> the action roll it asks for (`play_card`). A They're Here card brings a fight
instead, and a too-late card costs its damage with no roll."""
NEEDS_WEAPON = frozenset({"rescue"})
"""The kinds of Killer Scenes card an unarmed survivor cannot attempt: the card fails with no roll (RULES.md)."""

OUTCOMES: dict[str, dict[str, str]] = {
    "rescue": {"ok": "rescue", "double": "double", "stay": "bury", "flee_draw": "bury", "fail": "fail"},
    "defend": {"ok": "held", "redraw": "held", "flee_draw": "run", "nothing": "hurt", "fail": "hurt"},
    "invaders": {"ok": "success", "fail": "fail"},
    "fight": {
        "defeat": "defeat",
        "slay": "defeat",
        "repel": "drive off",
        "escape": "escape",
        "flee": "escape",
        "fail": "lose",
    },
}
"""What each result of a roll (`read`) comes to, by what the roll was for: the classes the engine resolves the
roll by (rescues.py, slasher.py) and the odds count. A rescue makes its tokens (twice on a double) or is buried
or fails; a defence holds (no damage), runs to the nearest location, or is hurt; The Invaders are beaten or
not; a fight beats the Slasher, drives it off, gets away, or is lost."""
WON = frozenset({"rescue", "double", "held", "run", "success", "defeat", "drive off"})
"""The classes in which the roll goes the survivor's way: nothing lost, and the card (or the Slasher) beaten."""
COSTLY = frozenset({"fail", "hurt", "lose"})
"""The classes that cost what a lost roll costs (a failed rescue costs no health; the others do)."""


def outcome(purpose: str, result: str) -> str:
    """The class of a roll's result (OUTCOMES)."""
    return OUTCOMES[purpose][result]


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


def scuffle_round(mine: Sequence[str], theirs: Sequence[str]) -> tuple[int, str]:
    """One roll of a scuffle: (0 the mover wins, 1 the other wins, -1 tie) and how.

    Rulebook, Scuffles: the first triple wins outright; otherwise the most Actions; ties roll again
    (two triples at once are a tie: designed)."""
    ta, tb = bool(triple(mine)), bool(triple(theirs))
    if ta != tb:
        return (0 if ta else 1), "triple"
    if ta and tb:
        return -1, ""
    a, b = mine.count(R.ACTION), theirs.count(R.ACTION)
    if a == b:
        return -1, ""
    return (0 if a > b else 1), "actions"
