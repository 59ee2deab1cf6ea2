"""Game Ambiguity: who settles a tie the rules leave open, and how each of the three rules settles it.

The core rules name three ways to settle what the rules do not (research 2.14): Infinite Evil (the worst
outcome for you), Abject Realism (the most realistic one) and Never-ending Hilarity (the funniest one). The
option `ties` fixes one of them for the whole run, or `ask` lets the person choose each time. What each rule
picks in each situation is designed (RULES.md, "Game Ambiguity"); Never-ending Hilarity leaves it to a die,
since nothing is funnier than a coin toss deciding who gets the chainsaw.
"""

from __future__ import annotations

from engines.final_girl import data as D
from engines.final_girl.state import MinorPower, State, Victim

MODES = ("ask", "infinite-evil", "abject-realism", "never-ending-hilarity")


def asks(state: State) -> bool:
    return state.ties == "ask"


def target(state: State, tied: list[tuple[str, bool]]) -> tuple[str, bool]:
    """The Killer's target among tied ones (same distance, same number of Victims); each is (space, you?)."""
    if state.ties == "never-ending-hilarity":
        return tied[state.rng.below(len(tied))]
    ordered = sorted(tied, key=lambda t: (t[1], D.ORDER.index(t[0])))  # Victims first, board order
    if state.ties == "abject-realism":
        return ordered[0]  # she takes the easier prey: Victims before the one who fights back
    return next((t for t in tied if t[1]), ordered[0])  # Infinite Evil: you


def trap_victim(state: State, tied: list[Victim]) -> Victim:
    """Which Victim a Death Trap takes among equals (same condition; for Let's Play a Game's 1st and 4th
    conditions and Endless Traps, also the same distance from you)."""
    if state.ties == "never-ending-hilarity":
        return tied[state.rng.below(len(tied))]
    if state.ties == "abject-realism":
        # the one standing most alone: the easiest to take unseen
        return min(tied, key=lambda v: (_company(state, v), D.ORDER.index(v.space), v.id))
    # Infinite Evil: a special Victim (you lose what they do for you), else the one with the most company
    # (when the trap completes, they all panic)
    return min(tied, key=lambda v: (v.special == "", -_company(state, v), D.ORDER.index(v.space), v.id))


def attacked_victim(state: State, tied: list[Victim]) -> Victim:
    """Which Victim in her space takes the Tormentor's attack, when they are not all alike."""
    if state.ties == "never-ending-hilarity":
        return tied[state.rng.below(len(tied))]
    if state.ties == "abject-realism":
        return min(tied, key=lambda v: (v.special != "", v.id))  # the nameless worker is nearest the blade
    return min(tied, key=lambda v: (v.special == "", v.id))  # Infinite Evil: the one you needed


def shield(state: State, powers: list[MinorPower]) -> MinorPower:
    """Which Minor Dark Power takes damage first. Infinite Evil keeps the most dangerous longest (her extra
    damage outlasts her extra speed); Abject Realism breaks the oldest first, as it was laid down first."""
    if state.ties == "never-ending-hilarity":
        return powers[state.rng.below(len(powers))]
    if state.ties == "abject-realism":
        return powers[0]
    return min(powers, key=lambda m: danger(m.card))


def pit_dice(state: State) -> tuple[int, list[int]]:
    """How many dice the Supervisor's group rolls to panic from The Pit, and the die that decided it (if any).

    His card says one die for his space, The Pit says two instead of one for anyone there. Infinite Evil takes
    The Pit's two: one roll in six leaves the group where the panic found it and one in nine sends it up a
    Rack, which only Climb reaches; The Pit's one-die numbers always land it on open ground (an aisle or the
    Packing Line). Abject Realism takes his card's one: a supervisor calls one way and his crew runs with
    him. Never-ending Hilarity rolls a die: 1-3 one die, 4-6 two."""
    one, two = D.RULES["panic_dice"], D.RULES["panic_dice_pit"]
    if state.ties == "never-ending-hilarity":
        roll = state.rng.d6s(1)
        return (one if roll[0] <= 3 else two), roll
    if state.ties == "abject-realism":
        return one, []
    return two, []


def danger(card: str) -> int:
    """How much a Minor Dark Power's bonus hurts you: extra damage counts double extra movement."""
    adds = D.TERROR[D.KIND[card]]["minor"]
    return 2 * adds.get("attack", 0) + adds.get("move", 0)


def alike(victims: list[Victim]) -> bool:
    """True when a choice among these Victims changes nothing: one space, and all plain workers (or one
    special Victim alone)."""
    return len(distinct(victims)) <= 1


def distinct(victims: list[Victim]) -> list[Victim]:
    """One Victim for each (space, special) kind among these: the choices that change something."""
    seen: set[tuple[str, str]] = set()
    out = []
    for v in victims:
        if (v.space, v.special) not in seen:
            seen.add((v.space, v.special))
            out.append(v)
    return out


def _company(state: State, v: Victim) -> int:
    return sum(1 for o in state.victims if o.space == v.space and not o.trapped and o is not v)
