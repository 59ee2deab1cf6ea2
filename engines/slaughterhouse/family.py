"""The Sawyer family's turn: drawing cards, each Sawyer's actions (moves, Hogtie, Vagabond, creeping, hunts,
attacks, Sweet Talk), the cards' free effects and interrupts (I Got Ya and the rest), buying cards with Fear."""

from __future__ import annotations

import functools
from collections.abc import Callable

from engines.core.contract import Option
from engines.core.decks import pick
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.combat import attack_step
from engines.slaughterhouse.dealing import since_of
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import dice_for
from engines.slaughterhouse.panic import raise_panic
from engines.slaughterhouse.rules import (
    WORDS,
    actions_left,
    active,
    dice_words,
    first_of_each,
    max_actions,
    noise,
    plural,
    roll,
    sawyer_of,
    successes,
    supply,
    the,
)
from engines.slaughterhouse.scenarios import burn_sawyer, spread_fire
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser
from engines.slaughterhouse.tables import ANSWERS, EFFECTS, QUESTIONS, TODO
from engines.slaughterhouse.trespassers import reveal_horror

_TALK = Option("talk", f"Sweet Talk ({dice_words(D.SAWYERS['old_man']['talk_dice'])}, Fear for successes)")


_PANIC_OPTION = {
    c: Option(str(Key("panic", card=c)), f"spend {info['name']} and six Fear to raise the Panic Meter")
    for c, info in D.ALL_SAWYER_CARDS.items()
}


_FREE_MOVES: dict[tuple[str, str], list[Option]] = {}


def _free_moves(card: str, space: str) -> list[Option]:
    """A move card's free-move options from a space, built once per process."""
    got = _FREE_MOVES.get((card, space))
    if got is None:
        name = D.ALL_SAWYER_CARDS[card]["name"]
        got = _FREE_MOVES[card, space] = [
            Option(str(Key("free", card=card, space=b)), f"play {name} for a free move to {D.name(b)}")
            for b in D.steps(space)
        ]
    return got


_END_SAWYER = {sid: Option("end", f"end {D.name(sid)}'s turn", ("done", "pass")) for sid in D.SAWYER_ORDER}


_OPTIONS: dict[tuple[str, ...], Option] = {}


def _cached(ident: tuple[str, ...], key: Key, label: Callable[..., str]) -> Option:
    """Options whose label follows from the key alone are built once per process (apply is called a lot)."""
    found = _OPTIONS.get(ident)
    if found is None:
        found = _OPTIONS[ident] = Option(str(key), label())
    return found


_SAWYER_MOVE = {
    (sid, b): Option(str(Key("move", space=b)), f"{D.name(sid)} moves to {D.name(b)}")
    for sid in D.SAWYER_ORDER
    for b in D.SPACES
}


_SAWYER_MOVES = {
    (sid, a): [_SAWYER_MOVE[sid, b] for b in D.steps(a)] for sid in D.SAWYER_ORDER for a in D.SPACES
}


_CARRY_GRANDPA = {b: Option(str(Key("move", space=b, grandpa=True)), f"move to {D.name(b)} carrying Grandpa") for b in D.SPACES}
_CREEP = {b: Option(str(Key("creep", space=b)), f"creep through the window to {D.name(b)}") for b in D.SPACES}
_FREE_FEAR = {
    c: Option(str(Key("free", card=c)), f"play {info['name']}: take {WORDS[info['fear']]} Fear")
    for c, info in D.ALL_SAWYER_CARDS.items()
    if info["free"] == "fear2"
}
"""Options that depend on a space or a card alone, built once."""


def sawyer_options(state: State) -> list[Option]:
    """A Sawyer's turn: moves and attacks (while an action is left), the cards in hand, the end of the turn."""
    s = sawyer_of(state, state.cur_sawyer)
    tres = [
        (i, t) for i, t in enumerate(state.trespassers) if t.space == s.space and not t.dead and not t.escaped
    ]
    opts: list[Option] = []
    if s.actions > 0:
        opts += _sawyer_moves(state, s, tres)
        opts += _sawyer_attacks(state, s, tres)
    opts += _card_options(state, s, tres)
    opts.append(_END_SAWYER[s.id])
    return opts


def _sawyer_moves(state: State, s: Sawyer, tres: list[tuple[int, Trespasser]]) -> list[Option]:
    """Moves (carrying a Trespasser by Hogtie, or Grandpa), the Hitchhiker's two steps and window creep."""
    opts: list[Option] = []
    company = bool(tres) or state.grandpa == s.space
    if not company:
        opts += _SAWYER_MOVES[s.id, s.space]
    for b in D.steps(s.space) if company else ():
        opts.append(_SAWYER_MOVE[s.id, b])
        if s.id == "old_man":
            for i, t in tres:
                if not t.hidden:
                    opts.append(
                        _cached(
                            ("hog", b, t.id),
                            Key("move", space=b, who=i),
                            lambda b=b, t=t: f"move to {D.name(b)} carrying {t.id.capitalize()} (Hogtie)",
                        )
                    )
        if state.grandpa == s.space:
            opts.append(_CARRY_GRANDPA[b])
    if s.id == "hitchhiker":
        opts += _hitchhiker_moves(s.space)
    return opts


def _hitchhiker_moves(space: str) -> list[Option]:
    """Vagabond (two steps outdoors) and creeping through a downstairs window."""
    opts: list[Option] = []
    if D.SPACES[space]["region"] == "outdoors":
        for a in D.steps(space):
            for b in D.steps(a):
                if b != space:
                    opts.append(
                        _cached(
                            ("m2", a, b),
                            Key("move2", via=a, space=b),
                            lambda a=a, b=b: f"move to {D.name(b)} via {D.name(a)} (Vagabond)",
                        )
                    )
    for b, kind in D.LINKS[space].items():
        if kind == "window" and D.SPACES[b]["board"] == "down":
            opts.append(_CREEP[b])
    return opts


def _sawyer_attacks(state: State, s: Sawyer, tres: list[tuple[int, Trespasser]]) -> list[Option]:
    """Hunt the hidden, attack the rest; the Old Man may Sweet Talk anyone here."""
    opts: list[Option] = []
    for i, t in tres:
        if t.hidden:
            opts.append(_hunt_option(i, t.id, dice_for(state, "hunt")))
        else:
            opts.append(_attack_option(i, t.id, dice_for(state, "attack", source=s.id)))
    if s.id == "old_man" and tres:
        opts.append(_TALK)
    return opts


@functools.cache
def _hunt_option(i: int, tid: str, n: int) -> Option:
    """Hunting Trespasser i (named tid) with n dice: the key and label follow from these alone, so each is
    built once a process (a Sawyer's options are asked at every step of his turn)."""
    return Option(str(Key("hunt", who=i)), f"hunt for {tid.capitalize()} ({dice_words(n)})")


@functools.cache
def _attack_option(i: int, tid: str, n: int) -> Option:
    """Attacking Trespasser i (named tid) with n dice (built once a process, as `_hunt_option`)."""
    return Option(str(Key("attack", who=i)), f"attack {tid.capitalize()} ({plural(n, 'die', 'dice')})")


def _card_options(state: State, s: Sawyer, tres: list[tuple[int, Trespasser]]) -> list[Option]:
    """The cards in hand played for their free effect, or spent with six Fear to raise the Panic Meter."""
    opts: list[Option] = []
    panic = state.fear >= D.RULES["fear_for_panic"] and state.panic < len(D.PANIC) - 1
    for c in first_of_each(state.hand, D.ALL_SAWYER_CARDS):
        info = D.ALL_SAWYER_CARDS[c]
        free = info["free"]
        name = info["name"]
        if free == "move":
            opts += _free_moves(c, s.space)
        elif free == "hunt2" or free.startswith("attack"):
            n = dice_for(state, "card", source=c)
            hidden = free == "hunt2"
            opts += [_free_blow(c, i, t.id, n) for i, t in tres if t.hidden == hidden]
        elif free == "fear2" and supply(state) > 0:
            opts.append(_FREE_FEAR[c])
        elif free == "horror" and state.horror_box:
            opts += _horror_card(state, c, name)
        if panic:
            opts.append(_PANIC_OPTION[c])
    return opts


@functools.cache
def _free_blow(card: str, i: int, tid: str, n: int) -> Option:
    """A card's free hunt or attack on Trespasser i (named tid) with n dice: built once a process."""
    info = D.ALL_SAWYER_CARDS[card]
    verb = "hunt" if info["free"] == "hunt2" else "attack"
    return Option(str(Key("free", card=card, who=i)), f"play {info['name']}: {verb} {tid.capitalize()} with {dice_words(n)}")


def _horror_card(state: State, card: str, name: str) -> list[Option]:
    """A Horror tile from the box onto a Trespasser's room that has none (never the Foyer)."""
    opts: list[Option] = []
    for i, t in enumerate(state.trespassers):
        room = D.room_of(t.space)
        if (
            active(t)
            and room
            and room not in state.horror
            and room not in state.horror_up
            and room != "Foyer"
        ):
            opts.append(_horror_option(card, name, i, t.id, room))
    return opts


@functools.cache
def _horror_option(card: str, name: str, i: int, tid: str, room: str) -> Option:
    """A Horror card on Trespasser i (named tid) in `room`: built once a process."""
    return Option(str(Key("free", card=card, who=i)), f"play {name} on {tid.capitalize()} in the {room}")


def sawyer_prompt(state: State) -> str:
    s = sawyer_of(state, state.cur_sawyer)
    return actions_left(D.name(s.id), s.space, s.actions, f"; Fear {state.fear}.")


def start_sawyer_turn(state: State, events: list[Event]) -> None:
    state.phase = "sawyer"
    state.cur_sawyer = ""
    for t in state.trespassers:  # "they all reset their cubes to 4 on their boards" (rulebook)
        if active(t):
            t.actions = max_actions(t)
    free = min(D.PANIC[state.panic]["cards"], len(state.sawyer_deck))
    drew = [state.sawyer_deck.pop() for _ in range(free)]
    state.hand.extend(drew)
    for s in state.sawyers:
        s.acted = False
    events.append(
        Event(
            "sawyer_turn",
            state.round,
            "sawyer",
            {"drawn": free, "hand": len(state.hand), "fear": state.fear, "drew": [D.name(c) for c in drew]},
        )
    )
    TODO.later(state.todo, Step("buy"))


def start_sawyer(state: State, sid: str, events: list[Event]) -> None:
    state.cur_sawyer = sid
    s = sawyer_of(state, sid)
    events.append(
        Event(
            "sawyer_acts",
            state.round,
            "sawyer",
            {"sawyer": D.name(sid), "space": D.name(s.space), "actions": s.actions},
        )
    )
    if s.space in state.fire:
        burn_sawyer(state, s)


def end_sawyer(state: State) -> None:
    s = sawyer_of(state, state.cur_sawyer)
    s.acted = True
    state.cur_sawyer = ""


def end_round(state: State, events: list[Event]) -> None:
    for s in state.sawyers:
        if s.space:
            s.actions = s.most
    if state.fire:
        spread_fire(state, events)
    TODO.later(state.todo, Step("begin_round"))  # no dawn: the game ends only when every Trespasser is out


def sawyer_act(state: State, key: str, events: list[Event]) -> None:
    s = sawyer_of(state, state.cur_sawyer)
    choice = Key.parse(key)
    head = choice.verb
    if head == "end":
        end_sawyer(state)
        return
    if head == "panic":
        card = choice.card
        state.hand.remove(card)
        state.sawyer_deck.insert(0, card)
        state.fear -= D.RULES["fear_for_panic"]
        facts = {"card": D.name(card), "fear": D.RULES["fear_for_panic"], "total": state.fear, "hand": len(state.hand)}
        events.append(Event("panic_bought", state.round, "sawyer", facts))
        raise_panic(state, events)
        return
    if head == "free":
        free(state, s, choice, events)
        return
    s.actions -= 1
    if head in ("move", "creep", "move2"):
        for d in choice.path:
            s.space = d
        if choice.grandpa:
            state.grandpa = s.space
        elif choice.who is not None:
            state.trespassers[choice.who].space = s.space
        events.append(
            Event(
                "sawyer_moves",
                state.round,
                "sawyer",
                {
                    "sawyer": D.name(s.id),
                    "space": D.name(s.space),
                    "why": head,
                    "carried": "Grandpa"
                    if choice.grandpa
                    else ("" if choice.who is None else state.trespassers[choice.who].id),
                },
            )
        )
        if s.space in state.fire:
            burn_sawyer(state, s)
    elif head == "hunt":
        TODO.later(
            state.todo,
            Step("hunt", who=choice.trespasser, sawyer=s.id, dice=roll(state, dice_for(state, "hunt")))
        )
    elif head == "attack":
        TODO.later(state.todo, attack_step(state, s.id, choice.trespasser))
    elif head == "talk":
        TODO.later(state.todo, Step("talk", dice=roll(state, dice_for(state, "talk"))))


def free(state: State, s: Sawyer, choice: Key, events: list[Event]) -> None:
    card = choice.card
    info = D.ALL_SAWYER_CARDS[card]
    state.hand.remove(card)
    state.sawyer_deck.insert(0, card)
    facts = {"card": info["name"], "sawyer": D.name(s.id), "free": info["free"], "hand": len(state.hand)}
    if info["free"] == "fear2":
        facts["fear"] = min(info["fear"], supply(state))  # what the card gives, said in the narration
        facts["total"] = state.fear + facts["fear"]
    events.append(Event("card_free", state.round, "sawyer", facts))
    kind = info["free"]
    if kind == "move":
        s.space = choice.space
        events.append(
            Event(
                "sawyer_moves",
                state.round,
                "sawyer",
                {"sawyer": D.name(s.id), "space": D.name(s.space), "why": "free", "carried": ""},
            )
        )
        if s.space in state.fire:
            burn_sawyer(state, s)
    elif kind == "hunt2":
        TODO.later(
            state.todo,
            Step(
                "hunt",
                who=choice.trespasser,
                sawyer=s.id,
                dice=roll(state, dice_for(state, "card", source=card)),
            )
        )
    elif kind == "fear2":
        state.fear += facts["fear"]
    elif kind.startswith("attack"):
        # The card sets the dice; the attack ability on the Sawyer's board still applies (FAQ): the Old
        # Man never gives the fourth Injury, Leatherface may give two.
        flag = D.SAWYERS[s.id]["attack"]
        TODO.later(
            state.todo,
            Step(
                "attack",
                who=choice.trespasser,
                sawyer=s.id,
                dice=roll(state, dice_for(state, "card", source=card)),
                flag=flag,
            )
        )
    elif kind == "horror":
        who = choice.trespasser
        tile = state.horror_box.pop(pick(state.rng, state.horror_box, since_of))
        reveal_horror(state, who, D.room_of(state.trespassers[who].space), tile, "sawyer", events)


@QUESTIONS.step("offer")
def ask_offer(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    cards = [
        c
        for c in first_of_each(state.hand, D.ALL_SAWYER_CARDS)
        if D.ALL_SAWYER_CARDS[c]["trigger"] == step.flag and state.fear >= D.ALL_SAWYER_CARDS[c]["cost"]
    ]
    opts = [_PLAY[c] for c in cards]
    opts.append(_PASS)
    door = f"is about to go through the door to {the(D.name(step.path[0]))}" if step.flag == "door" and step.path else ""
    what = {
        "enter": "enters a Sawyer's space",
        "door": door or "is about to go through a door",  # which door: a space may have two
        "noise": "made Noise",
        "search": "is searching",
        "hide": "is about to hide",
    }[step.flag]
    return opts, f"{t.id.capitalize()} {what}. Play a card?"


_PLAY = {
    c: Option(str(Key("play", card=c)), f"play {D.name(c)} for {info['cost']} Fear") for c, info in D.ALL_SAWYER_CARDS.items()
}
_PASS = Option("pass", "let it go", ("no",))


@ANSWERS.step("offer")
def answer_offer(state: State, step: Step, key: str, events: list[Event]) -> None:
    if key == "pass":
        if step.flag == "door":
            TODO.push(state.todo, Step("walk", who=step.who, path=step.path, flag=step.sawyer, n=1))
        elif step.flag == "hide":
            TODO.push(state.todo, Step("hide", who=step.who))
        return
    card = Key.parse(key).card
    info = D.ALL_SAWYER_CARDS[card]
    state.hand.remove(card)
    state.sawyer_deck.insert(0, card)
    state.fear -= info["cost"]
    t = state.trespassers[step.who]
    events.append(
        Event(
            "card_interrupt",
            state.round,
            state.phase,
            {
                "card": info["name"],
                "trespasser": t.id,
                "fear": info["cost"],
                "trigger": step.flag,
                "space": D.name(t.space),
                "total": state.fear,  # the family's Fear left, and its cards: the story counts both
                "hand": len(state.hand),
            },
        )
    )
    if step.flag == "enter":
        t.stopped = True
        if step.sawyer == "grandpa":  # FAQ: a card that lets Grandpa attack rolls one die
            dice = roll(state, dice_for(state, "grandpa"))
            TODO.push(state.todo, Step("attack", who=step.who, sawyer="grandpa", dice=dice, flag="plain"))
        else:
            TODO.push(state.todo, attack_step(state, step.sawyer, step.who))
    elif step.flag == "door":
        t.stopped = True
    elif step.flag == "noise":
        approach(state, step.who, events)
    elif step.flag == "search":
        noise(state, step.who, info["noise"], events, cause="search")
    elif step.flag == "hide":
        events.append(Event("hide_denied", state.round, state.phase, {"trespasser": t.id}))


def approach(state: State, who: int, events: list[Event]) -> None:
    """Heard That: the nearest Sawyer on the board takes one step toward the noise."""
    t = state.trespassers[who]
    near = [s for s in state.sawyers if s.space]
    s = min(near, key=lambda s: (D.DIST[s.space][t.space], D.SAWYER_ORDER.index(s.id)))
    if s.space == t.space:
        return
    nxt = min(D.steps(s.space), key=lambda x: (D.DIST[x][t.space], x))
    s.space = nxt
    events.append(
        Event(
            "sawyer_moves",
            state.round,
            state.phase,
            {"sawyer": D.name(s.id), "space": D.name(nxt), "why": "noise"},
        )
    )


@QUESTIONS.step("buy")
def ask_buy(state: State, step: Step) -> tuple[list[Option], str]:
    return (
        list(_BUY),
        f"Fear {state.fear}, {plural(len(state.hand), 'card', 'cards')} in hand.",
    )


_BUY = (Option("buy", f"draw a card for {WORDS[D.RULES['fear_per_card']]} Fear"), Option("done", "done drawing"))


@ANSWERS.step("buy")
def answer_buy(state: State, step: Step, key: str, events: list[Event]) -> None:
    if key == "done":
        return
    state.fear -= D.RULES["fear_per_card"]
    card = state.sawyer_deck.pop()
    state.hand.append(card)
    events.append(
        Event(
            "cards_bought",
            state.round,
            state.phase,
            {"fear": D.RULES["fear_per_card"], "hand": len(state.hand), "drew": [D.name(card)], "total": state.fear},
        )
    )
    TODO.push(state.todo, Step("buy"))


@EFFECTS.step("hunt")
def hunt(state: State, step: Step, events: list[Event]) -> None:
    if step.n == 0 and state.phase == "sawyer" and state.hand:
        TODO.push(
            state.todo,
            Step("reroll", dice=step.dice),
            Step("hunt", who=step.who, sawyer=step.sawyer, dice=step.dice, n=1),
        )
        return
    t = state.trespassers[step.who]
    found = successes(step.dice) > 0
    if found:
        t.hidden = False
    events.append(
        Event(
            "hunted",
            state.round,
            state.phase,
            {"sawyer": D.name(step.sawyer), "trespasser": t.id, "dice": step.dice, "found": found},
        )
    )


@EFFECTS.step("talk")
def talk(state: State, step: Step, events: list[Event]) -> None:
    if step.n == 0 and state.hand:
        TODO.push(state.todo, Step("reroll", dice=step.dice), Step("talk", dice=step.dice, n=1))
        return
    got = min(successes(step.dice), supply(state))
    state.fear += got
    events.append(
        Event("sweet_talk", state.round, state.phase, {"dice": step.dice, "fear": got, "total": state.fear})
    )


def why_not_sawyer(state: State, verb: str) -> str | None:
    """Why a Sawyer's action is refused (None: no reason of this mechanic's)."""
    if verb not in ("move", "hunt", "attack", "talk", "creep"):
        return None
    s = sawyer_of(state, state.cur_sawyer)
    who = D.name(s.id)
    if s.actions < 1:
        return f"{who[:1].upper()}{who[1:]} has no action left this turn."
    reasons = {
        "move": f"{who[:1].upper()}{who[1:]} can only move to an adjacent space (never through a window).",
        "hunt": f"Nobody is hiding in {who}'s space.",
        "attack": f"There is no Trespasser in the open in {who}'s space.",
        "talk": "Only the Old Man can Sweet Talk, and only with a Trespasser in his space.",
        "creep": "Only the Hitchhiker creeps, through a downstairs window next to him.",
    }
    return reasons[verb]
