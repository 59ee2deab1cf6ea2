"""Director's Cut odds within 80x24: the exact chance of every roll a choice leads to, and beside it what is
at stake (what a kill takes, what a lost brawl or defence costs, what a card's noise does to the Hero Meter).
Every number is read from the engine's data and its odds module."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from engines.mixtape.board import START
from engines.mixtape.directors_cut import keys, spending
from engines.mixtape.directors_cut import odds as O
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.game import GAME
from engines.mixtape.directors_cut.state import SPEND, State
from engines.mixtape.keys import Key
from solo.games import Table, pct
from solo.games.mixtape_map import short_name, short_place
from solo.summary import plural

B = R.BOARD

# -- what is at stake, one sentence a kind of roll ---------------------------------------------------------------


def _cards(hero: str) -> list[R.Scene]:
    return [R.SCENES[c] for c in R.scene_deck(hero)]


def _span(values: list[int]) -> str:
    return f"{min(values)}" if min(values) == max(values) else f"{min(values)}-{max(values)}"


def meter_words(meter: int, noise: int, hero: str) -> str:
    """What `noise` more does to the Hero Meter: 'meter 2/4 -> 3/4', or that the Hero comes."""
    if not noise:
        return f"meter stays {meter}/{R.METER}"
    after = min(R.METER, meter + noise)
    if after >= R.METER:
        return f"meter {meter}/{R.METER} -> full: {hero} comes"
    return f"meter {meter}/{R.METER} -> {after}/{R.METER}"


def scene_noise(state: State) -> str:
    """What drawing a Killer Scenes, Dude card does to the Hero Meter, from the whole deck's noise."""
    cards = _cards(state.hero)
    loud = [c for c in cards if c.noise]
    hero = R.hero_now(state.hero, state.wolf).name
    left = R.METER - state.meter
    when = f"any noise brings {hero}" if left <= 1 else f"{left} more noise bring {hero}"
    return (
        f"Noise: {len(loud)} of {len(cards)} cards make {_span([c.noise for c in loud])} as drawn; "
        f"meter {state.meter}/{R.METER}: {when}."
    )


def scene_stakes(state: State) -> list[str]:
    cards = _cards(state.hero)
    attacks = [c for c in cards if c.kind == "attack"]
    defences = [c for c in cards if c.kind == "defense"]
    survivor = [c for c in cards if c.kind == "survivor"]
    lost = f" ({survivor[0].title}: {survivor[0].damage} and your supply)" if survivor else ""
    return [
        f"Killer Scene: a kill takes {_span([c.souvenirs for c in attacks])} souvenirs "
        f"(x{R.COMBO_MULTIPLIER} on a triple), a miss lets the victim run; a defence lost costs "
        f"{_span([c.damage for c in defences])} health{lost}.",
        scene_noise(state),
    ]


def survivor_stakes(card: R.Scene) -> str:
    return (
        f"{card.title}: {card.fists} fists hold; else you lose {card.damage} health and your supply, the "
        f"others {R.SURVIVOR_SOUVENIR_LOSS} souvenir each (or {R.SURVIVOR_HEALTH_LOSS} health), and everyone "
        "goes back to a start."
    )


def hero_stakes(hero: R.Hero) -> str:
    loss = [f"-{hero.health_loss} health", "back to a start"]
    if hero.lock:
        loss.append(f"a {hero.lock} lock on the nearest location")
    if hero.souvenir_loss:
        loss.append(f"-{hero.souvenir_loss} souvenir")
    if hero.supply_loss:
        loss.append("your supply lost")
    fists = f"{hero.defend} fist{'s' if hero.defend != 1 else ''}"
    return (
        f"{hero.name}: {hero.defeat} knives defeat (meter to 0), {fists} fend off (meter -{R.FEND_METER_DROP}); "
        f"else {', '.join(loss)}."
    )


def brawl_stakes() -> str:
    return (
        f"Brawl lost: -{R.BRAWL_LOSS} health (-{R.BRAWL_BIG_LOSS} to a triple or {R.BRAWL_BIG_KNIVES}+ knives; "
        f"a triple also takes {R.BRAWL_SOUVENIRS} souvenir), back to a start; a tie rolls again."
    )


def lock_stakes() -> str:
    need = ", ".join(f"{colour} {n}" for colour, n in R.UNLOCK_KNIVES.items())
    return f"Lock (knives: {need}): broken, you may go in; a miss ends your turn."


def search_stakes() -> str:
    faces = R.SEARCH_FACES
    return (
        f"Search Die: a supply card on {faces.count('search')} of {len(faces)} faces, {R.SEARCH_NOISE} noise on "
        f"{faces.count('noise')}, nothing on {faces.count('denied')} (the turn ends)."
    )


# -- the rolls ahead of each choice ------------------------------------------------------------------------------


def _tokens(state: State, who: int, purpose: str) -> tuple[int, int]:
    """(knives, fists) from every token this slasher may spend on this kind of roll (the engine's sums)."""
    n = spending.usable(state, who, purpose)
    knives, fists, _ = O.supply_bonus(state.slashers[who].supply, n, purpose)
    return knives, fists


def _search_row() -> list[str]:
    """The Search Die: the chance of a Search face (a supply card); no supply changes it."""
    found = pct(Fraction(R.SEARCH_FACES.count("search"), len(R.SEARCH_FACES)))
    return ["Search Die", found, found]


def _scene_row(state: State, who: int) -> list[str]:
    edge = state.slashers[who].edge
    k, _ = _tokens(state, who, "kill")
    _, f = _tokens(state, who, "defend")
    bare = O.scene_chance(state.hero, edge, 0)
    full = O.scene_chance(state.hero, edge + k, f)
    waiting = f" (+{edge} waiting)" if edge else ""
    return ["Killer Scene" + waiting, pct(bare), pct(full)]


def _lock_row(state: State, who: int, entrance: str) -> list[str]:
    colour = state.locks.get(entrance, "yellow")
    need = R.UNLOCK_KNIVES[colour]
    k, _ = _tokens(state, who, "unlock")
    return [f"{colour} lock", pct(O.unlock_chance(need, 0)), pct(O.unlock_chance(need, k))]


def _brawl_row(state: State, who: int, other: int) -> list[str]:
    k, _ = _tokens(state, who, "brawl")
    name = state.slashers[other].name
    return [f"brawl {name}", pct(O.brawl_chance(0, 0, True)), pct(O.brawl_chance(k, 0, True))]


def _hero_row(state: State, who: int) -> list[str]:
    hero = R.hero_now(state.hero, state.wolf)
    k, f = _tokens(state, who, "hero")

    def both(knives: int, fists: int) -> str:
        win, fend = O.hero_chances(hero.defeat, hero.defend, knives, fists)
        return f"{pct(win)} win, {pct(fend)} fend"

    return [f"fight {hero.name}", both(0, 0), both(k, f)]


def _arriving(state: State, me: int, node: str) -> list[str] | None:
    """The roll that landing on a node leads to first: the Hero nearby, a brawl, then what is there."""
    s = state.slashers[me]
    if state.hero_at and B.touching(node, state.hero_at):
        return _hero_row(state, me)
    if B.kind.get(node) != START:
        near = [
            i
            for i, x in enumerate(state.slashers)
            if i != me and x.alive and x.at and B.kind.get(x.at) != START and B.touching(node, x.at)
        ]
        if near:
            return _brawl_row(state, me, near[0])
    if node in B.locations:
        if state.markers[node]:
            return _scene_row(state, me)
        return _search_row() if s.searched != node else None
    if node in state.locks:
        return _lock_row(state, me, node)
    return None


def ahead(state: State, kind: str, key: str) -> list[str] | None:
    """[what is rolled, bare-handed chance, chance with every usable token] for one choice, or None."""
    me = state.current
    s = state.slashers[me]
    if kind == "turn":
        rows = {"scene": lambda: _scene_row(state, me), "unlock": lambda: _lock_row(state, me, s.at)}
        rows["search"] = _search_row
        return rows[key]() if key in rows else None
    if kind == "at_lock":
        return _lock_row(state, me, s.at) if key == "unlock" else None
    if kind == "redraw":
        return _scene_row(state, me) if key == "redraw" else None
    if kind == "search":
        return _search_row() if key == "search" else None
    if kind == "door":
        return _arriving(state, me, B.entrance_of[s.at]) if key == "enter" else None
    if kind == "target":
        other = next((i for i in state.targets if state.slashers[i].seat == Key.parse(key).arg), -1)
        return _brawl_row(state, me, other) if other >= 0 else None
    choice = Key.parse(key)
    if kind == "move" and choice.verb == "go" and choice.arg:
        return _arriving(state, me, choice.arg)
    if kind in ("bonus_move", "rise") and ":" in key:
        return _arriving(state, me, Key.parse(key).arg)
    return None


_SHORT = {
    "scene": "draw a card here",
    "unlock": "break the lock",
    "search": "search",
    "enter": "go in",
    "redraw": "draw again",
}


def short_choice(number: int, key: str, label: str) -> str:
    """A choice in a few words for a narrow table cell: '3. High School north entrance', '1. go in'."""
    verb, rest = Key.parse(key)
    if verb == "go" and (rest in B.locations or rest in B.kind):
        return f"{number}. {short_place(rest)}"
    if verb in ("to", "rise") and rest in B.locations:
        return f"{number}. {short_name(rest)}"
    if verb == "brawl":
        return f"{number}. {label.partition(' (')[0]}"
    return f"{number}. {_SHORT.get(key, label.partition(' (')[0].partition(':')[0])}"


def _stakes(state: State, rolls: list[str]) -> list[str]:
    """One sentence for each kind of roll in the table, in the order they first appear."""
    out: list[str] = []
    for roll in rolls:
        if roll.startswith("Killer Scene"):
            lines = scene_stakes(state)
        elif roll.startswith("fight"):
            lines = [hero_stakes(R.hero_now(state.hero, state.wolf))]
        elif roll.startswith("brawl"):
            lines = [brawl_stakes()]
        elif roll.endswith("lock"):
            lines = [lock_stakes()]
        else:
            lines = [search_stakes()]
        out += [line for line in lines if line not in out]
    return out


def _grouped(rows: list[tuple[int, str, list[str]]]) -> list[list[str]]:
    """One row per roll: choices that lead to the same roll at the same chances share it ('1, 4, 6'); a
    choice alone keeps its few words ('3. Video')."""
    groups: dict[tuple[str, ...], list[tuple[int, str]]] = {}
    for n, words, cells in rows:
        groups.setdefault(tuple(cells), []).append((n, words))
    out = []
    for shared, members in groups.items():
        choice = members[0][1] if len(members) == 1 else ", ".join(str(n) for n, _ in members)
        out.append([choice, *shared])
    return out


def odds(state: State, key: str | None = None) -> list[Table] | None:
    """At a supply spend, one row per number of tokens; elsewhere one row per roll a choice leads to,
    bare-handed and, where the supply can add, with every usable token. Then what is at stake."""
    if state.phase == SPEND and state.spender >= 0:
        return spend_odds(state, key)
    d = GAME.decision(state)
    if d is None or state.current < 0:
        return None
    found = []
    for i, opt in enumerate(d.options, 1):
        if key is not None and opt.key != key:
            continue
        row = ahead(state, d.kind, opt.key)
        if row:
            found.append((i, short_choice(i, opt.key, opt.label), row))
    if not found:
        return None
    s = state.slashers[state.current]
    adds = bool(s.supply) and R.supply(s.supply).kind in ("knife", "fist")
    rows = _grouped([(n, words, cells if adds else cells[:2]) for n, words, cells in found])
    head = ["Choice", "Roll", "Bare-handed"] + ([f"With {R.supply(s.supply).name}"] if adds else [])
    stakes = _stakes(state, [r[1] for r in rows])
    return [("Odds: the chance each roll goes your way", head, rows, "\n".join(stakes))]


# -- a supply spend --------------------------------------------------------------------------------------------


def spend_rows(state: State) -> list[tuple[int, list[Fraction], int]]:
    """(tokens, chances, noise) for each spend the engine offers, 0 tokens first (the engine's odds.spend_offers)."""
    return [(o.tokens, chances(state, o.knives, o.fists), o.noise) for o in O.spend_offers(state)]


def spend_odds(state: State, key: str | None) -> list[Table] | None:
    rows = spend_rows(state)  # the engine offers no spend that cannot help (RULES.md)
    head, note = heading(state)
    hero = R.hero_now(state.hero, state.wolf).name
    fight = state.purpose == "hero"  # no noise counts in a fight with the Hero: no column for it
    shown = []
    for n, ch, noise in rows:
        if key is not None and key != keys.spend(n):
            continue
        words = [] if fight else [meter_words(state.meter, noise, hero)]
        cells = [*(pct(c) for c in ch), *words]
        shown.append([f"spend {n}", *cells])
    if not shown:
        return None
    head = ["Choice", *head] + ([] if fight else ["Noise"])
    return [("Odds of the roll", head, shown, "\n".join(x for x in [note, *spend_stakes(state)] if x))]


def chances(state: State, knives: int, fists: int) -> list[Fraction]:
    """The exact chances of the pending roll with these knives and fists from supplies."""
    spender = state.slashers[state.spender]
    return roll_chances(
        Pending(
            state.purpose,
            state.card,
            spender.edge,
            state.locks.get(spender.at, "yellow"),
            R.hero_now(state.hero, state.wolf),
            bool(state.brawl) and state.brawl[0] == state.spender,
            state.brawl_knives if state.brawl_roll else -1,
        ),
        knives,
        fists,
    )


class Pending(NamedTuple):
    """What a pending action roll is for, as the engine's state and a seat's view both tell it."""

    purpose: str
    card: str  # the Killer Scenes card in play ("" if none)
    edge: int  # the spender's knives waiting for an attack roll
    lock: str  # the colour of the lock where the spender stands
    hero: R.Hero
    first: bool  # the spender rolls first in a brawl
    against: int  # the knives on the table a brawl's opponent answers (-1: none rolled yet)


def roll_chances(p: Pending, knives: int, fists: int) -> list[Fraction]:
    """The exact chances of a pending roll: one (kill, defend, break, win) or three (defeat, fend, lose)."""
    if p.purpose == "kill":  # knives waiting (The Legend, a Bonus Tracks card) join the roll
        return [O.kill_chance(R.SCENES[p.card].knives, knives + p.edge)]
    if p.purpose == "defend":
        return [O.defend_chance(R.SCENES[p.card].fists, fists)]
    if p.purpose == "survivor":
        return [O.survivor_chance(fists)]
    if p.purpose == "unlock":
        return [O.unlock_chance(R.UNLOCK_KNIVES[p.lock], knives)]
    if p.purpose == "hero":
        win, fend = O.hero_chances(p.hero.defeat, p.hero.defend, knives, fists)
        return [win, fend, 1 - win - fend]
    if not p.first and p.against >= 0:  # answering the mover's roll, which is on the table
        return [O.brawl_answer(p.against, knives)]
    return [O.brawl_chance(knives, 0, p.first)]


def heading(state: State) -> tuple[list[str], str]:
    p = state.purpose
    if p == "hero":
        return ["Defeat", "Fend off", "Lose"], ""  # the numbers needed are in the stakes below
    if p == "brawl":
        if state.spender == state.brawl[1] and state.brawl_roll:
            return (
                ["Win the brawl"],
                f"Against the {state.brawl_knives} knives just rolled: a triple or more knives wins, as many "
                "roll again.",
            )
        return ["Win the brawl"], "Against an opponent who spends nothing; ties roll again."
    if p == "kill":
        card = R.SCENES[state.card]
        edge = state.slashers[state.spender].edge
        waiting = f"; +{edge} waiting from earlier counted" if edge else ""
        return ["Kill"], f"{card.title}: {card.knives} knives{waiting}; three knives or pentagrams kill."
    if p in ("defend", "survivor"):
        scene = R.SCENES[state.card] if state.card else None
        fists = f"{scene.title}: {scene.fists} fist{'s' if scene.fists != 1 else ''}" if scene else "Fists needed"
        return ["Defend"], f"{fists}; three fists always hold."
    colour = state.locks.get(state.slashers[state.spender].at, "yellow")
    need = R.UNLOCK_KNIVES[colour]
    return ["Break it"], f"A {colour} lock: {need} {'knife' if need == 1 else 'knives'} to break it."


def spend_stakes(state: State) -> list[str]:
    p = state.purpose
    card = R.SCENES[state.card] if state.card else None
    if p == "kill" and card:
        return [
            f"A kill takes {plural(card.souvenirs, 'souvenir')} (x{R.COMBO_MULTIPLIER} on a triple; none from a Runner) and "
            "a free search; a miss lets the victim run next door."
        ]
    if p == "defend" and card:
        return [f"Held: nothing lost. Lost: the victim gets away and you lose {card.damage} health."]
    if p == "survivor" and card:
        return [survivor_stakes(card)]
    if p == "hero":
        return [hero_stakes(R.hero_now(state.hero, state.wolf))]
    if p == "brawl":
        return [brawl_stakes()]
    return [lock_stakes()]
