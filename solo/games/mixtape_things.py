"""What `examine` tells in Director's Cut: every supply card, Killer Scene type, location, slasher, the Hero
and the Hero Meter, the Bonus Tracks and the dice, in our words, with what is where now. Numbers come from the
engine's data; what the seat cannot see (the order of the decks, a face-down Scene Marker) is said hidden."""

from __future__ import annotations

from collections import Counter

from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.directors_cut.state import SlasherView, View
from engines.mixtape.directors_cut.turns import PASSIVE
from engines.mixtape.supplies import Supply, card_type

B = R.BOARD


def _n(n: int, one: str, many: str = "") -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _knives(n: int) -> str:
    return _n(n, "knife", "knives")


def _span(values: list[int]) -> str:
    return f"{min(values)}" if min(values) == max(values) else f"{min(values)} to {max(values)}"


# -- supplies ----------------------------------------------------------------------------------------------------

COPIES = Counter(card_type(c) for c in R.SUPPLY_CARDS)


def supply_does(kind: Supply, hero: str) -> str:
    """What a supply type does, in a sentence."""
    a = kind.amount
    each = "used" if kind.infinite else "for each token spent"
    return {
        "knife": f"+{_knives(a)} {each} on a roll that counts knives: a kill, a lock, a brawl, a fight with "
        "the Hero.",
        "fist": f"+{_n(a, 'fist')} {each} on a roll that counts fists: a defence, The Survivor, fending off "
        "the Hero.",
        "heal": f"+{a} health, once: at the start of one of your turns, or at once when you find it hurt.",
        "key": "Walk into any locked location: its locks come off as you go in. It is kept beside your "
        "supply, not in its place, for the rest of the game.",
        "revive": f"When you would die it brings you back with {a} health at the nearest starting point, then "
        "it is discarded (by itself).",
        "hero": f"Drawn, it fills the Hero Meter: {hero} comes for you at once. It is discarded, never kept.",
    }.get(kind.kind, "")


def supply_text(kind: Supply, view: View) -> str:
    hero = R.hero_now(view.hero, view.wolf).name
    out = [supply_does(kind, hero)]
    if kind.kind in ("knife", "fist"):
        noise = (
            f"Noisy: each {'use' if kind.infinite else 'token spent'} makes {kind.noise} noise on the Hero Meter "
            "(none in a fight with the Hero)."
            if kind.noise
            else "Silent: spending it makes no noise."
        )
        uses = (
            "No tracker tokens: it lasts the game, one bonus a roll."
            if kind.infinite
            else f"{_n(kind.uses, 'Supply Tracker Token')}; discarded when the last is spent."
        )
        out.append(f"{noise} {uses}")
    held = []
    for s in view.slashers:
        who = "You hold" if s.seat == view.seat else f"{s.name} holds"
        if s.supply and card_type(s.supply) == kind.id:
            left = (
                ""
                if kind.infinite or kind.kind not in ("knife", "fist")
                else f" ({_n(s.trackers, 'token')} left)"
            )
            held.append(f"{who} one{left}.")
        if kind.kind == "key" and s.key:
            held.append(f"{who} one.")
    if view.drawn and card_type(view.drawn) == kind.id:
        held.append("You have just found one.")
    copies = f"{COPIES[kind.id]} of the {len(R.SUPPLY_CARDS)} Supply cards; found by searching."
    out.append(" ".join([copies, *held]) if held else f"{copies} Nobody holds one now.")
    return "\n\n".join(out)


# -- Killer Scenes, Dude ----------------------------------------------------------------------------------------


def _deck(view: View) -> list[R.Scene]:
    return [R.SCENES[c] for c in R.scene_deck(view.hero)]


def scene_texts(view: View) -> dict[str, str]:
    cards = _deck(view)
    attacks = [c for c in cards if c.kind == "attack"]
    defences = [c for c in cards if c.kind == "defense"]
    moons = [c for c in cards if c.kind == "full_moon"]
    by_knives = Counter(c.knives for c in attacks)
    loud = [c for c in cards if c.noise]
    combo = R.COMBO_MULTIPLIER
    out = {
        "Killer Scenes, Dude": "\n\n".join(
            [
                f"The deck of {len(cards)} cards you draw from in a location with a Scene Marker: "
                f"{len(attacks)} victims to kill, {len(defences)} who fight back, The Survivor"
                + (f", and {len(moons)} Full Moons." if moons else "."),
                f"{len(loud)} cards make noise as they are drawn ({_span([c.noise for c in loud])}). The order of "
                "the deck is hidden; 'odds' weighs every card.",
                f"In play now: {R.SCENES[view.card].title}." if view.card else "No card is in play now.",
            ]
        ),
        "Attack card": "\n\n".join(
            [
                "A victim to kill: roll the Action Dice for the knives the card asks ("
                + ", ".join(f"{_knives(k)} on {n}" for k, n in sorted(by_knives.items()))
                + " cards); supply knives add.",
                f"A kill takes {_span([c.souvenirs for c in attacks])} souvenirs (x{combo} on three knives or "
                f"three pentagrams; three pentagrams also cost every other slasher {R.HEX_DAMAGE} health), then a "
                "free search, and your Killing Spree goes on. Three fists bury the card: you may draw another.",
                "A miss: the victim runs to a location next door (the next slasher picks which).",
            ]
        ),
        "Defence card": "\n\n".join(
            [
                "A victim who fights back: roll the fists the card asks "
                f"({_span([c.fists for c in defences if c.fists])}) "
                f"or lose its {_span([c.damage for c in defences])} health as the victim gets away; supply "
                "fists add, three fists always hold (and you may draw again).",
                f"{sum(1 for c in defences if not c.fists)} of these cards allow no defence at all.",
            ]
        ),
    }
    for c in cards:
        if c.kind == "survivor":
            out[c.title] = (
                f"One card in the deck. Roll {_n(c.fists, 'fist')} or: you lose {c.damage} health and your supply, "
                f"every other slasher loses {R.SURVIVOR_SOUVENIR_LOSS} souvenir (or {R.SURVIVOR_HEALTH_LOSS} "
                "health without one), the location's marker is removed, and every slasher goes back to a start."
            )
    wolf = R.WOLF
    out["Full Moon card"] = (
        f"{len(moons)} in the deck, because the Hero is {R.HEROES[R.FULL_MOON_HERO].name}: the moon makes "
        f"{_span([c.noise for c in moons])} noise, she becomes {wolf.name} for her next fight, and you draw "
        "another card."
        if moons
        else f"Only with {R.HEROES[R.FULL_MOON_HERO].name} as the Hero: not in this game's deck."
    )
    if view.card:
        c = R.SCENES[view.card]
        need = f"{_knives(c.knives)} to kill" if c.kind == "attack" else f"{_n(c.fists, 'fist')} to hold"
        out[c.title] = f"The Killer Scenes, Dude card in play: {c.kind}, {need}."
    return out


# -- places, people, the Hero ------------------------------------------------------------------------------------


def location_text(view: View, lid: str) -> str:
    loc = B.locations[lid]
    n = view.markers[lid]
    if len(loc.entrances) == 1 and loc.entrances[0] in B.doubles:
        doors = f"Letter {loc.letter} on the map; one double entrance, two spaces wide: one lock covers both."
    elif len(loc.entrances) == 1:
        doors = f"Letter {loc.letter} on the map; one entrance."
    else:
        doors = (
            f"Letter {loc.letter} on the map; {len(loc.entrances)} entrances: while no victim is inside, a "
            "move may cross it as one step (a shortcut)."
        )
    inside = (
        f"{_n(n, 'Scene Marker')} inside, face down: a victim (a Runner escapes when taken; which it is stays "
        "hidden). Coming in draws a Killer Scenes, Dude card; so may a turn begun here."
        if n
        else "Empty: coming in ends the move; you may search it with the Search Die (not twice running)."
    )
    locks = [
        f"{view.locks[e]} on {B.place(e)} ({_knives(R.UNLOCK_KNIVES[view.locks[e]])})"
        for e in loc.entrances
        if e in view.locks
    ]
    now = [f"Locked: {'; '.join(locks)}." if locks else "No lock on it."]
    who = [s.name for s in view.slashers if s.alive and s.at == lid]
    if who:
        now.append("Inside: " + ", ".join(who) + ".")
    if view.hero_at == lid:
        now.append(f"{R.hero_now(view.hero, view.wolf).name} is here.")
    runs = ", ".join(B.locations[x].name for x in loc.neighbours)
    return "\n\n".join([doors, inside, " ".join(now), f"A victim who gets away runs to: {runs}."])


def slasher_text(view: View, s: SlasherView) -> str:
    you = s.seat == view.seat
    head = "You." if you else "A rival, played by the automa."
    if not s.alive:
        return f"{head} Dead, with {_n(s.souvenirs, 'souvenir')}."
    lines = [
        f"{head} Health {s.health}/{R.HEALTH}; {s.souvenirs} of {view.goal} souvenirs; "
        + (f"at {B.place(s.at)}." if s.at else "not on the board yet.")
    ]
    kit = []
    if s.supply:
        kind = R.supply(s.supply)
        left = (
            ""
            if kind.infinite or kind.kind not in ("knife", "fist")
            else f" ({_n(s.trackers, 'token')} left)"
        )
        kit.append(f"Supply: {kind.name}{left}.")
    else:
        kit.append("No supply.")
    if s.key:
        kit.append("A Skeleton Key.")
    if s.edge:
        kit.append(f"+{_knives(s.edge)} waiting for the next attack roll.")
    if s.skip:
        kit.append("Loses the next turn (a Bonus Tracks card).")
    lines.append(" ".join(kit))
    how = "by itself" if s.ability in PASSIVE else "once a game, at the start of a turn"
    state = "used" if s.used else "ready"
    lines.append(f"Special Ability ({how}; {state}): {R.ABILITY_TEXT[s.ability]}.")
    return "\n\n".join(lines)


def hero_text(view: View) -> str:
    base = R.HEROES[view.hero]
    now = R.hero_now(view.hero, view.wolf)
    loss = [f"{now.health_loss} health"]
    if now.lock:
        loss.append(f"a {now.lock} lock on the nearest location")
    if now.souvenir_loss:
        loss.append(_n(now.souvenir_loss, "souvenir"))
    if now.supply_loss:
        loss.append("their supply")
    where = f"at {B.place(view.hero_at)}" if view.hero_at else "off the board"
    form = f" In {now.name} form now (a Full Moon): for one fight." if view.wolf else ""
    return "\n\n".join(
        [
            f"{base.name}, the Hero: comes for the slasher whose noise fills the Hero Meter ({R.METER}), or "
            "who lands beside them." + form,
            f"A fight: {_knives(now.defeat)} defeat {now.name} (the meter back to 0; three knives or pentagrams "
            f"also draw a Supply card); {_n(now.defend, 'fist')} fend off (the meter down "
            f"{R.FEND_METER_DROP}); otherwise the slasher loses {', '.join(loss)}, and goes back to a start.",
            f"Now {where}. After winning, the Hero stays on the board and walks {R.HERO_ROAM_DICE} movement die "
            "toward the nearest slasher each round; any noise then brings a fight.",
        ]
    )


def meter_text(view: View) -> str:
    hero = R.hero_now(view.hero, view.wolf).name
    bar = "#" * view.meter + "." * (R.METER - view.meter)
    return "\n\n".join(
        [
            f"{bar} {view.meter}/{R.METER}. Noise raises it: a Killer Scenes card's noise, noisy supply tokens, "
            f"the Search Die's noise face ({R.SEARCH_NOISE}), some Bonus Tracks cards. When it is full, {hero} "
            "comes for the slasher who made the noise (no noise counts in a fight with the Hero).",
            f"Defeating the Hero empties it; fending them off lowers it by {R.FEND_METER_DROP}; Here Comes A Hero "
            "fills it at once.",
        ]
    )


_BONUS = {
    "heal": "heal {a}",
    "hurt": "lose {a} health",
    "noise": "make {a} noise",
    "supply": "draw a Supply card",
    "souvenir": "take a souvenir from the bank",
    "lose_souvenir": "lose a souvenir",
    "lock_yellow": "a yellow lock on {loc}",
    "lock_red": "a red lock on {loc}",
    "others_hurt": "every other slasher loses {a} health",
    "again": "roll and move again",
    "edge": "+{a} knife on your next attack roll",
    "skip": "lose your next turn",
    "steal": "take a souvenir from the nearest slasher within {a} steps",
    "drop_supply": "discard your supply",
    "brawl_nearest": "brawl the nearest slasher within {a} steps",
    "move_any": "go to any location you choose",
    "swap": "trade places with a slasher you choose",
}
"""Each Bonus Tracks effect in a few words; the amounts come from the cards."""


def bonus_text() -> str:
    groups: dict[str, list[R.BonusCard]] = {}
    for c in R.BONUS.values():
        groups.setdefault(c.effect, []).append(c)
    parts = []
    for effect, cards in groups.items():
        words = [
            _BONUS.get(effect, effect).format(
                a=c.amount, loc=B.locations[c.location].name if c.location else ""
            )
            for c in cards
        ]
        for w in dict.fromkeys(words):
            parts.append(f"{w} ({words.count(w)})")
    return "\n\n".join(
        [
            f"Landing on a Bonus Tracks space (* on the map) draws one of {len(R.BONUS)} cards, face up, and "
            "does what it says; the order of the deck is hidden.",
            "; ".join(parts) + ".",
        ]
    )


def dice_texts() -> dict[str, str]:
    faces = Counter(R.ACTION_FACES)
    search = Counter(R.SEARCH_FACES)
    return {
        "Action Dice": f"{R.ACTION_DICE} dice, each with "
        + ", ".join(f"{_n(n, 'face')} {f}" for f, n in faces.items())
        + ". Three of a kind: knives or pentagrams always kill (double souvenirs); fists always hold a defence "
        "and bury an attack card (draw again); in a brawl the first triple wins.",
        "Search Die": ", ".join(f"{n} {f}" for f, n in search.items())
        + ": search draws a Supply card, noise makes "
        f"{R.SEARCH_NOISE} noise and lets the turn go on, denied ends it.",
        "Movement dice": f"{R.MOVEMENT_DICE} dice. A move uses the whole roll, stopping early only in a location "
        "or on a locked entrance; a sewer leads free to the other sewer of its colour.",
        "Brawl": f"Landing next to a slasher (not on a starting point) starts a brawl: the mover rolls first, "
        f"most knives win, a first triple wins at once. The loser loses {R.BRAWL_LOSS} health ({R.BRAWL_BIG_LOSS} "
        f"to a triple or {R.BRAWL_BIG_KNIVES}+ knives; a triple also takes {_n(R.BRAWL_SOUVENIRS, 'souvenir')}) "
        "and goes back to a start.",
        "Scene Markers": f"Face-down tokens, one in each location at the start: {len(R.SOUVENIR_TOKENS)} "
        f"souvenirs and {len(R.RUNNER_TOKENS)} Runners, who escape when taken. Which is which stays hidden. "
        "When none is left on the board, every location but the last kill's gets a new one.",
    }


def things(view: View) -> dict[str, str]:
    """Everything the seat can know about, name -> text; more than one name for the Hero (and 'The Hero')."""
    out: dict[str, str] = {}
    for s in view.slashers:
        out[s.name] = slasher_text(view, s)
    hero = hero_text(view)
    out["The Hero"] = hero
    out[R.HEROES[view.hero].name] = hero
    if view.hero == R.FULL_MOON_HERO:
        w = R.WOLF
        out[w.name] = (
            f"{R.HEROES[view.hero].name} after a Full Moon card, for one fight: {_knives(w.defeat)} defeat her, "
            f"{_n(w.defend, 'fist')} fend her off; a slasher she beats loses {w.health_loss} health"
            + (f", and a {w.lock} lock goes on the nearest location." if w.lock else ".")
            + (f" She is {w.name} now." if view.wolf else "")
        )
    out["Hero Meter"] = meter_text(view)
    for kind in R.SUPPLY_TYPES.values():
        out[kind.name] = supply_text(kind, view)
    out.update(scene_texts(view))
    for lid in B.locations:
        out[B.locations[lid].name] = location_text(view, lid)
    out["Bonus Tracks"] = bonus_text()
    out.update(dice_texts())
    return out
