"""Combat in Slaughterhouse: the family's attacks and the Injuries they give (the family picks which, never a
type the Trespasser has), death, the Trespassers' blows against a Sawyer, healing, and the Desperation cards."""

from __future__ import annotations

import functools

from engines.core.contract import Option
from engines.core.events import Event
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import Key
from engines.slaughterhouse.odds import dice_for
from engines.slaughterhouse.panic import raise_panic
from engines.slaughterhouse.rules import (
    active,
    attacker,
    dice_words,
    first_of_each,
    itype,
    limit,
    max_actions,
    move_steps,
    roll,
    sawyer_of,
    successes,
)
from engines.slaughterhouse.state import Sawyer, State, Step, Trespasser
from engines.slaughterhouse.tables import ANSWERS, EFFECTS, QUESTIONS, TODO


def valid_injuries(t: Trespasser, cards: list[str], flag: str) -> list[str]:
    """Injuries the Trespasser can take: never a type they have; Wallop never gives the fourth. Two copies of
    one card are one choice (rules version 6)."""
    have = {itype(t, c) for c in t.injuries}
    if flag.startswith("wallop") and len(have) == len(D.INJURY_TYPES) - 1:
        return []
    return [
        c
        for c in first_of_each(cards, D.ALL_INJURIES)
        if D.ALL_INJURIES[c]["type"] not in have or D.ALL_INJURIES[c]["type"] == "wild"
    ]


def attack_step(state: State, sid: str, who: int) -> Step:
    info = D.SAWYERS[sid]
    return Step(
        "attack",
        who=who,
        sawyer=sid,
        dice=roll(state, dice_for(state, "attack", source=sid)),
        flag=info["attack"],
    )


@EFFECTS.step("attack")
def attack(state: State, step: Step, events: list[Event]) -> None:
    """Roll already made (step.dice); offer a reroll on the Sawyer turn, then reveal Injuries."""
    if step.n == 0 and state.phase == "sawyer" and state.hand:
        TODO.push(
            state.todo,
            Step("reroll", dice=step.dice),
            Step("attack", who=step.who, sawyer=step.sawyer, dice=step.dice, flag=step.flag, n=1),
        )
        return
    t = state.trespassers[step.who]
    hits = successes(step.dice)
    who = attacker(step.sawyer)
    events.append(
        Event(
            "attack",
            state.round,
            state.phase,
            {"attacker": who, "trespasser": t.id, "dice": step.dice, "hits": hits, "space": D.name(t.space)},
        )
    )
    if not active(t) or t.hidden:
        return
    cards = [state.injury_deck.pop() for _ in range(min(hits, len(state.injury_deck)))]
    if not cards:
        return
    gives = D.SAWYERS["leatherface"]["injuries_given"] if step.flag == "chainsaw" else 1
    if not valid_injuries(t, cards, step.flag):
        bury_injuries(state, cards)
        events.append(
            Event("injury_wasted", state.round, state.phase, {"trespasser": t.id, "revealed": len(cards)})
        )
        return
    give = Step("give", who=step.who, sawyer=step.sawyer, cards=cards, n=gives, flag=step.flag)
    TODO.push(state.todo, give)


@EFFECTS.step("grandpa_attack")
def grandpa_attack(state: State, step: Step, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    t.stopped = True
    TODO.push(
        state.todo,
        Step(
            "attack",
            who=step.who,
            sawyer="grandpa",
            dice=roll(state, dice_for(state, "grandpa")),
            flag="plain",
        ),
    )


@QUESTIONS.step("give")
def ask_give(state: State, step: Step) -> tuple[list[Option], str]:
    t = state.trespassers[step.who]
    opts = [
        Option(str(Key("give", card=c)), f"{D.name(c)} ({D.ALL_INJURIES[c]['type']})")
        for c in valid_injuries(t, step.cards, step.flag)
    ]
    if step.flag.endswith("+"):
        opts.append(Option("none", "give no second Injury"))
    return opts, f"Choose the Injury to give {t.id.capitalize()}."


@ANSWERS.step("give")
def answer_give(state: State, step: Step, key: str, events: list[Event]) -> None:
    t = state.trespassers[step.who]
    if key == "none":
        bury_injuries(state, step.cards)
        return
    card = Key.parse(key).card
    cards = [c for c in step.cards if c != card]
    info = D.ALL_INJURIES[card]
    if info["type"] == "wild":
        have = {itype(t, c) for c in t.injuries}
        t.wild_as[card] = next(k for k in D.INJURY_TYPES if k not in have)
    t.injuries.append(card)
    events.append(
        Event(
            "injured",
            state.round,
            state.phase,
            {
                "trespasser": t.id,
                "injury": info["name"],
                "type": itype(t, card),
                "count": len(t.injuries),
            },
        )
    )
    if len(t.injuries) == len(D.INJURY_TYPES):
        bury_injuries(state, cards)
        kill(state, step.who, step.sawyer, events)
        return
    if info["effect"] == "limit3" and len(t.items) > limit(t):
        TODO.push(state.todo, Step("bury", who=step.who))
    if info["effect"] == "action_minus" and t.actions > max_actions(t):
        t.actions = max_actions(t)
    if step.n > 1 and valid_injuries(t, cards, step.flag):
        TODO.push(
            state.todo,
            Step("give", who=step.who, sawyer=step.sawyer, cards=cards, n=step.n - 1, flag=step.flag + "+"),
        )
    else:
        bury_injuries(state, cards)


@QUESTIONS.step("bury_injuries")
def ask_bury_injuries(state: State, step: Step) -> tuple[list[Option], str]:
    opts = [
        Option(
            str(Key("next", card=c)), f"bury {D.name(c)} ({D.ALL_INJURIES[c]['type']}) now (the rest go beneath it)"
        )
        for c in first_of_each(step.cards, D.ALL_INJURIES)
    ]
    return opts, f"The family buries {len(step.cards)} Injuries: which goes first?"


@ANSWERS.step("bury_injuries")
def answer_bury_injuries(state: State, step: Step, key: str, events: list[Event]) -> None:
    card = Key.parse(key).card
    state.injury_deck.insert(0, card)
    bury_injuries(state, [c for c in step.cards if c != card])


def bury_injuries(state: State, cards: list[str]) -> None:
    """Bury revealed Injuries; with two different cards the family chooses the order (rulebook)."""
    if len({D.ALL_INJURIES[c]["id"] for c in cards}) > 1:
        TODO.push(state.todo, Step("bury_injuries", cards=list(cards)))
        return
    for c in cards:
        state.injury_deck.insert(0, c)


def kill(state: State, who: int, by: str, events: list[Event]) -> None:
    t = state.trespassers[who]
    t.dead = True
    t.hidden = False
    t.noise = 0
    dropped = t.carrying  # the Loot they carried stays where they fell: told with the death
    if t.carrying:
        t.carrying = False
        state.tokens.append(t.space)
    events.append(
        Event(
            "killed",
            state.round,
            state.phase,
            {
                **({"loot": True} if dropped else {}),
                "trespasser": t.id,
                "by": attacker(by),
                "space": D.name(t.space),
                "room": D.room_of(t.space),
                "documented_room": D.room_of(t.space) in {D.ALL_ITEMS[c]["room"] for c in state.documented},
            },
        )
    )
    TODO.drop(state.todo, lambda s: s.who == who)
    if state.current == who:
        TODO.later(state.todo, Step("turn_done", who=who))
    raise_panic(state, events)
    if by == "leatherface":
        drawn = min(D.SAWYERS["leatherface"]["relentless_draw"], len(state.sawyer_deck))
        drew = [state.sawyer_deck.pop() for _ in range(drawn)]
        state.hand.extend(drew)
        facts = {"drawn": drawn, "drew": [D.name(c) for c in drew], "hand": len(state.hand)}
        events.append(Event("relentless", state.round, state.phase, facts))


def hit_sawyer(
    state: State, who: int, sid: str, n: int, weapon: str, events: list[Event], armed: bool = True
) -> None:
    t = state.trespassers[who]
    s = sawyer_of(state, sid)
    dice = roll(state, n)
    lost = min(successes(dice), s.actions)
    s.actions -= lost
    events.append(
        Event(
            "sawyer_hit",
            state.round,
            "trespassers",
            {
                "trespasser": t.id,
                "sawyer": D.name(sid),
                "weapon": weapon,
                "armed": armed,
                "dice": dice,
                "lost": lost,
                "actions": s.actions,
            },
        )
    )


def heal(state: State, who: int, kind: str, events: list[Event], item: str = "") -> None:
    """`item`: the healing Item used up on it (named in the event), if it was one."""
    t = state.trespassers[who]
    card = next(c for c in t.injuries if itype(t, c) == kind)
    t.injuries.remove(card)
    t.wild_as.pop(card, None)
    state.injury_deck.insert(0, card)
    events.append(
        Event(
            "healed",
            state.round,
            "trespassers",
            {"trespasser": t.id, "injury": D.ALL_INJURIES[card]["name"], "type": kind}
            | ({"item": D.name(item)} if item else {}),
        )
    )


def desperation(state: State, who: int, choice: Key, events: list[Event]) -> None:
    t = state.trespassers[who]
    card = choice.card
    info = D.ALL_DESPERATION[card]
    t.desperation.remove(card)
    state.desperation_deck.insert(0, card)
    played = {"trespasser": t.id, "card": info["name"]}
    events.append(Event("desperation_played", state.round, "trespassers", played))
    effect = info["effect"]
    if effect == "dig_deep" and t.noise:
        played["hushed"] = t.noise  # the Noise the card clears, told with it
    if effect == "free_run":
        TODO.later(state.todo, *move_steps(who, list(choice.path), [choice.space], "quiet", "run"))
    elif effect == "attack2":
        hit_sawyer(
            state,
            who,
            choice.sawyer,
            dice_for(state, "desperation", source=card),
            info["name"],
            events,
            armed=False,
        )
    elif effect == "hush":
        events.append(
            Event("noise_hushed", state.round, "trespassers", {"trespasser": t.id, "noise": t.noise})
        )
        t.noise = 0
    elif effect == "extra_action":
        t.actions += info["actions"]
    elif effect == "dig_deep":
        t.actions = min(D.ACTIONS, t.actions + info["actions"])
        t.noise = 0
    elif effect == "heal":
        heal(state, who, choice.injury, events)
    elif effect == "play_dead":
        t.play_dead = True
    elif effect == "window":
        TODO.later(state.todo, *move_steps(who, [choice.space], [choice.space], "window"))


def desperation_options(
    state: State, t: Trespasser, here: list[Sawyer], runs: list[tuple[str, str]]
) -> list[Option]:
    """The Desperation cards a Trespasser can play now (one option per design; `runs`: the run paths open).
    Each option's key and label follow from the card and its arguments alone, so each is built once a
    process (the cached builders below): this is asked at every Trespasser action."""
    opts: list[Option] = []
    for c in first_of_each(t.desperation, D.ALL_DESPERATION):
        e = D.ALL_DESPERATION[c]["effect"]
        if e == "free_run":
            opts += [_free_run_option(c, a, b) for a, b in runs]
        elif e == "attack2":
            n = dice_for(state, "desperation", source=c)
            opts += [_attack_option(c, s.id, n) for s in here]
        elif e == "heal":
            opts += [_heal_option(c, kind) for kind in sorted({itype(t, x) for x in t.injuries})]
        elif e == "window":
            opts += [_window_option(c, b) for b in D.window_exits(t.space)]
        elif _DESPERATION_NOW.get(e, lambda t: False)(t):
            opts.append(_plain_option(c))
    return opts


@functools.cache
def _free_run_option(card: str, a: str, b: str) -> Option:
    name = D.ALL_DESPERATION[card]["name"]
    return Option(str(Key("desp", card=card, via=a, space=b)), f"{name}: run to {D.name(b)} via {D.name(a)}, no Noise")


@functools.cache
def _attack_option(card: str, sid: str, n: int) -> Option:
    name = D.ALL_DESPERATION[card]["name"]
    return Option(str(Key("desp", card=card, sawyer=sid)), f"{name}: attack {D.name(sid)} ({dice_words(n)})")


@functools.cache
def _heal_option(card: str, kind: str) -> Option:
    name = D.ALL_DESPERATION[card]["name"]
    return Option(str(Key("desp", card=card, injury=kind)), f"{name}: bury your {kind} Injury")


@functools.cache
def _window_option(card: str, b: str) -> Option:
    name = D.ALL_DESPERATION[card]["name"]
    return Option(str(Key("desp", card=card, space=b)), f"{name}: through the window to {D.name(b)} (Noise)")


@functools.cache
def _plain_option(card: str) -> Option:
    info = D.ALL_DESPERATION[card]
    return Option(str(Key("desp", card=card)), f"{info['name']}: {_DESPERATION_SAYS[info['effect']]}")


_DESPERATION_NOW = {
    "hush": lambda t: bool(t.noise),
    "extra_action": lambda t: t.actions < D.ACTIONS,
    "dig_deep": lambda t: t.actions < D.ACTIONS,
    "play_dead": lambda t: not t.play_dead,
}
"""The cards with no target: when each may be played."""
_DESPERATION_SAYS = {
    "hush": "lose all your Noise",
    "extra_action": "one more action",
    "dig_deep": "one more action",
    "play_dead": "hide here at the end of your turn",
}
