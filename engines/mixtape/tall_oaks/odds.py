"""Exact chances of action-dice rolls (three dice, each face an Action, a Shield or an Escape), read the way the
engine reads them (readings.read), unique combos included, and of scuffles; and, composed from those and from
the very questions the engine asks (checks, abilities, readings), the chances of what a Killer Scenes card, a
fight, the Search Die and noise do to the seat whose view is read, by outcome class, with the health each costs.

Everything here reads a seat's view (never a hidden card or the deck order); solo/ lays the figures out."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import NamedTuple

from engines.mixtape import dice
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import checks, readings
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import COSTLY, NEEDS_WEAPON, SCENE_ROLL, WON, need, outcome, read
from engines.mixtape.tall_oaks.state import SurvivorView, View

ZERO = Fraction(0)


def dice_count() -> int:
    """How many Action Dice a roll rolls: the engine rolls this many (spending.action_dice), the odds count them."""
    return R.ACTION_DICE


def rolls() -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    """Every sorted roll of the action dice with its chance."""
    return dice.rolls(tuple(R.ACTION_FACES), dice_count())


def roll_sums(name: str, chosen: Mapping[str, int]) -> tuple[dict[str, int], int]:
    """Icon -> what the supplies spent (card -> tokens) and the survivor's ability add to an action roll, and the
    noise the supplies make (before any quieter ability): the sums the engine rolls with (spending.roll_action)."""
    bonus = {R.ACTION: 0, R.SHIELD: 0, R.ESCAPE: 0}
    noise = 0
    for c, n in chosen.items():
        kind = R.supply(c)
        bonus[kind.kind] += kind.amount * n
        noise += kind.noise * n
    icon, gift = A.roll_bonus(name)  # Derrick's Shield, Kimmy's Escape
    if icon:
        bonus[icon] += gift
    return bonus, noise


def roll_bonus(name: str, purpose: str, chosen: Mapping[str, int]) -> tuple[int, int, int, int]:
    """(Actions, Shields, Escapes, noise) an action roll gets from the supplies spent and the survivor's
    ability, the noise as the meter takes it (none in a fight; a quieter ability counted): what a view offers
    its screens, so they never add the bonus up themselves."""
    bonus, noise = roll_sums(name, chosen)
    made = 0 if purpose == "fight" else A.quieter(name, noise)
    return bonus[R.ACTION], bonus[R.SHIELD], bonus[R.ESCAPE], made


def seat_bonus(view: View, purpose: str, tokens: bool) -> tuple[int, int, int]:
    """The seat's (Actions, Shields, Escapes) for a kind of roll: its ability alone, or with every token that
    helps (the view's `most`)."""
    x = next(o for o in view.survivors if o.seat == view.seat)
    a, s, e, _ = view.most.get(purpose, (0, 0, 0, 0)) if tokens else roll_bonus(x.name, purpose, {})
    return a, s, e


class SpendOffer(NamedTuple):
    """One spend the engine offers before a roll: its key, the dice rolled, and (Actions, Shields, Escapes,
    noise) it adds."""

    key: str
    dice: int
    bonus: tuple[int, int, int, int]


def spend_offers(view: View) -> list[SpendOffer]:
    """Every spend of the spender's pending decision, in the view's order (empty for anyone else's view)."""
    n = dice_count()
    return [SpendOffer(key, n, bonus) for key, bonus in view.spends.items()]


@cache
def reach(icon: str, need: int, bonus: int = 0) -> Fraction:
    """The chance of at least `need` of `icon` with `bonus` added (no combos: a plain count)."""
    return sum((p for roll, p in rolls() if roll.count(icon) + bonus >= need), Fraction(0))


@cache
def outcomes(
    purpose: str, need: int, escape: int = 0, armed: bool = True, bonus: tuple[int, int, int] = (0, 0, 0)
) -> dict[str, Fraction]:
    """Result -> chance for one roll; bonus is (Actions, Shields, Escapes) added from supplies and abilities."""
    out: dict[str, Fraction] = {}
    icons = (R.ACTION, R.SHIELD, R.ESCAPE)
    for roll, p in rolls():
        count = {icon: roll.count(icon) + b for icon, b in zip(icons, bonus, strict=True)}
        result = read(purpose, roll, count, need, escape, armed)
        out[result] = out.get(result, Fraction(0)) + p
    return out


@cache
def classes(
    purpose: str, need: int, escape: int = 0, armed: bool = True, bonus: tuple[int, int, int] = (0, 0, 0)
) -> dict[str, Fraction]:
    """Outcome class (readings.OUTCOMES: what the engine then does) -> chance, for one roll."""
    out: dict[str, Fraction] = {}
    for result, p in outcomes(purpose, need, escape, armed, bonus).items():
        c = outcome(purpose, result)
        out[c] = out.get(c, ZERO) + p
    return out


@cache
def fight(
    defeat: int, escape: int, armed: bool, actions: int = 0, escapes: int = 0, shields: int = 0
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(defeat, drive off, escape, fail) chances of a fight with a Slasher; escape 0 means only a combo gets
    you out. Defeat includes the triple-Action slay, escape the triple-Escape flight."""
    o = classes("fight", defeat, escape, armed, (actions, shields, escapes))
    win, repel, run = o.get("defeat", ZERO), o.get("drive off", ZERO), o.get("escape", ZERO)
    return win, repel, run, 1 - win - repel - run


@cache
def scuffle_round() -> tuple[Fraction, Fraction, Fraction, Fraction, Fraction]:
    """One roll of a scuffle from the mover's side: (win by triple, win by Actions, lose by triple, lose by
    Actions, tie), read by the engine's own `readings.scuffle_round`."""
    wt = wa = lt = la = tie = ZERO
    for mine, p in rolls():
        for theirs, q in rolls():
            who, how = readings.scuffle_round(mine, theirs)
            pq = p * q
            if who < 0:
                tie += pq
            elif who == 0 and how == "triple":
                wt += pq
            elif who == 0:
                wa += pq
            elif how == "triple":
                lt += pq
            else:
                la += pq
    return wt, wa, lt, la, tie


@cache
def scuffle() -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """A whole scuffle, ties rolled again until someone wins (rulebook: "Ties are unacceptable"): (win by
    triple, win by Actions, lose by triple, lose by Actions), summing to 1."""
    wt, wa, lt, la, tie = scuffle_round()
    go = 1 / (1 - tie)
    return wt * go, wa * go, lt * go, la * go


# -- what a card, a fight, the Search Die and noise do to the seat ------------------------------------------------


def me(view: View) -> SurvivorView:
    """The seat's own survivor."""
    return next(x for x in view.survivors if x.seat == view.seat)


class Ending(NamedTuple):
    """One way a roll, a fight or a Killer Scenes card ends for the survivor, as the engine then plays it."""

    what: str  # the outcome class (readings.OUTCOMES), or "unarmed" (a card that needs a weapon, with none:
    # no roll) or "too late" (a card with no defence)
    won: bool  # it goes the survivor's way: nothing lost, the card or the Slasher beaten (readings.WON)
    health: int  # the health it costs the survivor


Endings = dict[Ending, Fraction]


class Stakes(NamedTuple):
    """What one action roll needs and what losing it costs: the icons it needs (a fight's Actions to defeat),
    the Escapes that run from a fight (0: only a combo), whether the roller is armed, the health a loss costs."""

    need: int
    escape: int
    armed: bool
    loss: int


def roll_ending(purpose: str, roll: tuple[str, ...], bonus: tuple[int, int, int], stakes: Stakes) -> Ending:
    """How one roll of the Action Dice ends, with this (Actions, Shields, Escapes) bonus: the engine's reading
    (`readings.read`) in its outcome class (`readings.outcome`), and the health that class costs."""
    count = {
        icon: roll.count(icon) + b for icon, b in zip((R.ACTION, R.SHIELD, R.ESCAPE), bonus, strict=True)
    }
    c = outcome(purpose, read(purpose, roll, count, stakes.need, stakes.escape, stakes.armed))
    return Ending(c, c in WON, stakes.loss if c in COSTLY else 0)


@cache
def endings(purpose: str, bonus: tuple[int, int, int], stakes: Stakes) -> Endings:
    """Every way one roll can end, with its chance: `roll_ending` summed over every roll of the dice."""
    out: Endings = {}
    for roll, p in rolls():
        _add(out, roll_ending(purpose, roll, bonus, stakes), p)
    return out


class Roller(NamedTuple):
    """What the chances of the seat's rolls read of its view: the survivor, whether armed, the Slasher, the meter
    as noise would find it, and each kind of roll's bonus (Actions, Shields, Escapes)."""

    name: str
    armed: bool
    slasher: int
    meter: int
    at_once: bool  # any noise brings the Slasher at once (checks.comes_at_once)
    bonus: tuple[tuple[str, tuple[int, int, int]], ...]  # purpose -> bonus

    def bonus_for(self, purpose: str) -> tuple[int, int, int]:
        return next(b for p, b in self.bonus if p == purpose)


PURPOSES = ("rescue", "defend", "invaders", "fight")


def roller(view: View, tokens: bool) -> Roller:
    """The seat as its rolls would find it: bare-handed (its ability alone), or with every token that helps each
    kind of roll spent (`tokens`: the view's `most`, each roll counted as if it had them all)."""
    x = me(view)
    return Roller(
        x.name,
        checks.holds_weapon(x.name, x.supplies),
        view.slasher,
        view.meter,
        checks.comes_at_once(view.slasher, view.slasher_at),
        tuple((p, seat_bonus(view, p, tokens)) for p in PURPOSES),
    )


def _add(out: Endings, e: Ending, p: Fraction) -> None:
    out[e] = out.get(e, ZERO) + p


def fight_stakes(r: Roller, kind: str, final: str = "") -> Stakes:
    """A fight of this kind (normal, task, final: `final` the revealed Final Scenes card): its numbers
    (`checks.fight_numbers`), and the health a loss costs this survivor (`abilities.slasher_loss`)."""
    f = checks.fight_numbers(r.slasher, final, kind)
    return Stakes(f.defeat, f.escape, r.armed, A.slasher_loss(r.name, f.health))


def scene_stakes(card: str, purpose: str) -> Stakes:
    """A Killer Scenes card's roll: its Actions or Shields (`readings.need`); a lost defence costs the card's
    damage, lost Invaders their own, a failed rescue no health (rescues.py)."""
    sc = R.SCENES[card]
    loss = {"defend": sc.damage, "invaders": R.INVADERS_HEALTH}.get(purpose, 0)
    return Stakes(need(sc, purpose), 0, True, loss)


@cache
def fight_endings(r: Roller, kind: str, final: str = "") -> Endings:
    """A fight of this kind with the fight bonus: defeat, drive off, escape (none cost anything) or lose."""
    return endings("fight", r.bonus_for("fight"), fight_stakes(r, kind, final))


def calls_first(card: str, r: Roller) -> bool:
    """The card's noise, made as it is drawn, brings the Slasher before the card resolves (`checks.noise_heard`;
    a They're Here card brings it anyway, and makes no noise first)."""
    sc = R.SCENES[card]
    if sc.kind == "here" or not sc.noise:
        return False
    return checks.noise_heard(r.meter, A.quieter(r.name, sc.noise), r.at_once)[1]


@cache
def card_endings(card: str, r: Roller) -> Endings:
    """How one Killer Scenes card ends as it is drawn: its noise first, which may bring the Slasher to fight
    before the card (`calls_first`; rulebook, Slasher Attacks During Killer Scenes: the card then resolves only
    if the Slasher was beaten or driven off), then the card as `play_card` plays it."""
    own = own_endings(card, r)
    if not calls_first(card, r):
        return own
    out: Endings = {}
    for e, p in fight_endings(r, "normal").items():
        if e.won:
            for c, q in own.items():
                _add(out, c, p * q)
        else:
            _add(out, e, p)
    return out


def own_endings(card: str, r: Roller) -> Endings:
    sc = R.SCENES[card]
    if sc.kind == "here":  # They're Here: the Slasher comes and is fought
        return fight_endings(r, "normal")
    if sc.kind in NEEDS_WEAPON and not r.armed:
        return {Ending("unarmed", False, 0): Fraction(1)}
    purpose = SCENE_ROLL.get(sc.kind)
    if purpose is None:  # too late: the damage, no defence
        return {Ending("too late", False, sc.damage): Fraction(1)}
    return endings(purpose, r.bonus_for(purpose), scene_stakes(card, purpose))


def won_and_hurt(endings: Endings) -> tuple[Fraction, Fraction]:
    """(goes the survivor's way, costs health) of these endings."""
    won = sum((p for e, p in endings.items() if e.won), ZERO)
    hurt = sum((p for e, p in endings.items() if e.health), ZERO)
    return won, hurt


def scene_chances(view: View, tokens: bool) -> tuple[Fraction, Fraction]:
    """(goes your way, costs health) for a Killer Scenes card drawn at random from the whole deck."""
    r = roller(view, tokens)
    won = hurt = ZERO
    for card in R.SCENES:
        w, h = won_and_hurt(card_endings(card, r))
        won, hurt = won + w, hurt + h
    n = len(R.SCENES)
    return won / n, hurt / n


def worst_scene_loss(view: View) -> int:
    """The most health a Killer Scenes card can cost the seat now (any card, any roll, bare-handed)."""
    r = roller(view, False)
    return max(e.health for card in R.SCENES for e, p in card_endings(card, r).items() if p)


def fight_of(x: SurvivorView, kind: str) -> tuple[str, str]:
    """(kind, final card) of a fight the seat's survivor would face: a Final Scene is fought with the survivor's
    own revealed card (it is turned over before the Final Rescue can be tried, so an unrevealed one is never
    fought; the Slasher's numbers stand in for it)."""
    return ("normal", "") if kind == "final" and not x.final else (kind, x.final)


def fight_stats(view: View, kind: str) -> checks.Fight:
    """The numbers of a fight of this kind for the seat, its health loss with the ability counted (Kirk's 1 less)."""
    x = me(view)
    kind, final = fight_of(x, kind)
    f = checks.fight_numbers(view.slasher, final, kind)
    return f._replace(health=A.slasher_loss(x.name, f.health))


def fight_chances(view: View, kind: str, tokens: bool) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """(defeat, drive off, escape, lose) of a fight of this kind, bare-handed or with every token."""
    e = fight_endings(roller(view, tokens), *fight_of(me(view), kind))
    by = {
        c: sum((p for end, p in e.items() if end.what == c), ZERO) for c in ("defeat", "drive off", "escape")
    }
    return by["defeat"], by["drive off"], by["escape"], 1 - sum(by.values(), ZERO)


def search_face(name: str, face: str) -> str:
    """A face of the Search Die as it counts for this survivor, as the engine reads it (`abilities.search_face`:
    Ivy's Denied is a Search)."""
    return A.search_face(name, face)


def search_faces(name: str) -> dict[str, Fraction]:
    """Each face of the Search Die as it counts for this survivor, with its chance."""
    out: dict[str, Fraction] = {}
    for face in R.SEARCH_FACES:
        f = search_face(name, face)
        out[f] = out.get(f, ZERO) + Fraction(1, len(R.SEARCH_FACES))
    return out


class Heard(NamedTuple):
    """What some noise does: the noise made (after a quieter ability), the meter before and after, whether the
    Slasher comes, and whether it comes whatever the meter (under The Legend, or out in the town)."""

    made: int
    before: int
    after: int
    called: bool
    at_once: bool


def heard(view: View, noise: int) -> Heard:
    """What `noise` made by the seat's survivor does to the Slasher Meter (`checks.noise_heard`)."""
    made = A.quieter(me(view).name, noise)
    at_once = checks.comes_at_once(view.slasher, view.slasher_at)
    after, called = checks.noise_heard(view.meter, made, at_once)
    return Heard(made, view.meter, after, called, at_once)


HARMFUL = frozenset({"hurt", "noise", "drop_rescue"})
"""Bonus Tracks effects that cost something (health, noise, a rescue token); the rest help (bonus.bonus)."""


def bonus_helps() -> tuple[int, int]:
    """(Bonus Tracks cards that help, cards in the deck)."""
    cards = list(R.BONUS.values())
    return sum(1 for c in cards if c.effect not in HARMFUL), len(cards)
