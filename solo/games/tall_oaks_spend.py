"""Escape From Tall Oaks: the pending roll's spends and a scuffle on offer, with their exact chances and what
a loss costs (the engine offers no spend that cannot help). The bonus of each spend is the engine's (`View.spends`): nothing here
adds it up."""

from __future__ import annotations

from fractions import Fraction

from engines.core.contract import Decision
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import keys
from engines.mixtape.tall_oaks import odds as O
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.policies import armed
from engines.mixtape.tall_oaks.state import View
from solo.games import Table, pct
from solo.games.tall_oaks_odds import FACES, ZERO, deadly, fight_stats, meter_words, plural, slasher_loss
from solo.games.tall_oaks_words import last_word, me, ranges


def spend_parts(key: str) -> dict[str, int]:
    """A spend choice's key read back as card -> tokens ('spend:bat.2x1,knife.1x1'; 'spend:none' is {})."""
    body = key.removeprefix("spend:")
    if body == "none":
        return {}
    return {c: int(n) for c, n in (part.rsplit("x", 1) for part in body.split(","))}


def spend_label(parts: dict[str, int]) -> str:
    """'Baseball Bat x1, Knife': a spend by the supplies' names (an unlimited one needs no count)."""
    names = [R.supply(c).name if R.supply(c).infinite else f"{R.supply(c).name} x{n}" for c, n in parts.items()]
    return ", ".join(names) or "nothing"


def short_spend(parts: dict[str, int]) -> str:
    """'Drill x1, Skateboard x1': a spend by the supplies' last words, for a narrow line."""
    names = [last_word(c) if R.supply(c).infinite else f"{last_word(c)} x{n}" for c, n in parts.items()]
    return ", ".join(names) or "nothing"


SPEND_CLASSES = {
    "fight": ("defeat", "drive off", "escape", "lose"),
    "rescue": ("rescue", "double", "bury", "fail"),
    "defend": ("held", "run", "hurt"),
    "invaders": ("success", "fail"),
}
"""The engine's outcome classes (readings.OUTCOMES) in the order of the spend table's columns."""


def spend_outcomes(view: View, key: str) -> tuple[Fraction, ...]:
    """The chances of the pending roll with this spend, by the engine's outcome classes (`odds.endings` with the
    odds' stakes): fight (defeat, drive off, escape, lose); rescue (rescue, double, bury, fail); defence (held,
    run, hurt); The Invaders (success, fail)."""
    a, s, e, _ = view.spends[key]
    if view.purpose == "fight":
        stakes = O.fight_stakes(O.roller(view, False), *O.fight_of(me(view), view.fight))
    else:
        stakes = O.scene_stakes(view.card, view.purpose)
    ends = O.endings(view.purpose, (a, s, e), stakes)
    return tuple(
        sum((p for end, p in ends.items() if end.what == c), ZERO) for c in SPEND_CLASSES[view.purpose]
    )


SPEND_HEAD = {
    "fight": ["Defeat", "Drive off", "Escape", "Lose"],
    "defend": ["Defend", "Run (combo)", "Hurt"],
    "rescue": ["Rescue", "Double (combo)", "Bury (combo)", "Fail"],
    "invaders": ["Success", "Fail"],
}


SPEND_ROWS = 6
"""A spend table longer than this shows one row for each bonus the spends add."""


def spend_table(view: View, decision: Decision, key: str | None) -> list[Table] | None:
    """Exact chances of the pending roll, one row per way to spend (the ability included), then what a
    loss costs and what the noise does. A long list (three supplies with their tokens make many ways) shows
    one row per bonus, numbered."""
    if not view.spends:
        return None
    numbers = {o.key: i for i, o in enumerate(decision.options, 1)}
    keys = [o.key for o in decision.options if o.key in view.spends and (key is None or o.key == key)]
    if not keys:
        return None

    def row(k: str, label: str) -> list[str]:
        return [label, *map(pct, spend_outcomes(view, k)), str(view.spends[k][3])]

    if key is None and len(keys) > SPEND_ROWS:
        groups: dict[tuple[int, int, int, int], list[str]] = {}
        for k in keys:
            groups.setdefault(view.spends[k], []).append(k)
        rows = []
        for same in groups.values():
            others = f" (or {ranges([numbers[k] for k in same[1:]])})" if len(same) > 1 else ""
            rows.append(row(same[0], f"{numbers[same[0]]}. {short_spend(spend_parts(same[0]))}{others}"))
    else:
        rows = [row(k, spend_label(spend_parts(k))) for k in keys]
    note = spend_note(view)
    return [("Odds", ["Spend", *SPEND_HEAD[view.purpose], "Noise"], rows, note)]


def spend_note(view: View) -> str:
    """What the pending roll is, what losing it costs, and the ability counted."""
    x = me(view)
    icon, gift = A.roll_bonus(x.name)
    ability = f" {x.name}'s +{gift} {icon.title()} is counted." if icon else ""
    if view.purpose == "fight":
        defeat, escape, _ = fight_stats(view, view.fight)
        name = slasher_name(view)
        runs = f"{plural(escape, 'Escape')} run" if escape else "only Triple Escapes get you away"
        prize = {"task": " (the Task is done)", "final": " (your Final Rescue token)"}.get(view.fight, "")
        weapon = "" if armed(x) else " NO WEAPON: you cannot defeat it, only escape."
        return (
            f"{name}: {plural(defeat, 'Action')} defeat{prize}, {runs}; lose: {slasher_loss(view, view.fight)}, back to a start."
            f"{weapon} Triple Actions defeat it, Triple Shields drive it off, Triple Escapes run; {FACES}.{ability}"
        )
    sc = R.SCENES[view.card]
    noisy = any(n for *_, n in view.spends.values())
    noise = f" 1 noise now: {meter_words(view, 1)}." if noisy else ""
    if view.purpose == "defend":
        return (
            f"{sc.title}: {plural(sc.shields, 'Shield')} or lose {sc.damage} health{deadly(view, sc.damage)}. Triple "
            f"Actions: no defence; Triple Shields: beaten, and you may draw again; Triple Escapes: run to the "
            f"nearest location; {FACES}.{noise}{ability}"
        )
    if view.purpose == "rescue":
        return (
            f"{sc.title}: {plural(sc.actions, 'Action')} for {plural(sc.rescues, 'rescue token')} and a free supply; "
            f"fail: back to the nearest start. Triple Actions double the tokens; Triple Shields or Escapes bury "
            f"the card, no trip back; {FACES}.{noise}{ability}"
        )
    return (
        f"{sc.title}: {plural(sc.actions, 'Action')}, no combos; fail: you lose {R.INVADERS_HEALTH} health and "
        f"{plural(R.INVADERS_TOKENS, 'rescue token')}, every rival {plural(R.INVADERS_OTHERS, 'token')} (or health); "
        f"{FACES}.{ability}"
    )


def slasher_name(view: View) -> str:
    return R.SLASHERS[view.slasher].name


def scuffle_table(view: View, decision: Decision, key: str | None) -> list[Table] | None:
    """One row per rival on offer: the whole scuffle, ties rolled again until someone wins."""
    wt, wa, lt, la = O.scuffle()
    rows = []
    for o in decision.options:
        if o.key == "scuffle:no" or (key is not None and o.key != key):
            continue
        rival = next((s for s in view.survivors if s.seat == keys.Key.parse(o.key).arg), None)
        if rival is not None:
            rows.append([rival.name, pct(wt + wa), pct(wt), pct(lt + la), pct(lt)])
    if not rows:
        return None
    x = me(view)
    note = (
        f"Both roll {R.ACTION_DICE} Action Dice, no weapons or abilities; the first triple wins and takes a "
        "rescue token "
        f"(if the loser has one), else the most Actions; ties roll again. The loser loses {R.SCUFFLE_HEALTH} "
        f"health{deadly(view, R.SCUFFLE_HEALTH)} and goes to a start; a lost scuffle ends your turn."
        + (f" You hold {plural(x.rescues, 'rescue token')}." if x.rescues else "")
    )
    return [("Scuffle odds", ["Rival", "You win", "by triple", "You lose", "by triple"], rows, note)]
