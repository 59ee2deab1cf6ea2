"""Final Girl's cards, items, places and tracks in words, read from the engine's data: what `examine` says,
what a choice does in a few words, and what a failed roll costs. No rule number is written here."""

from __future__ import annotations

from typing import Any

from engines.final_girl import data as D
from engines.final_girl.rolling import PARTIAL, SUCCESS
from engines.final_girl.state import Trap, View

# -- result lines in a few words -------------------------------------------------------------------------


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else ''}{n} {what}"


SUCCEEDS = f"{SUCCESS}-6"
"""The faces that succeed, '5-6' (the engine's numbers; a die has six faces)."""
IMPROVISED = f"{PARTIAL}-6"
"""The faces that succeed with Improvise."""
PARTIALS = f"{PARTIAL}-{SUCCESS - 1}"
"""The faces of a partial success, '3-4'."""

SHORT: dict[str, Any] = {  # a result line key -> its value in a few words
    "move": lambda n: f"move {n}",
    "time": lambda n: _signed(n, "Time"),
    "horror": lambda n: _signed(n, "Horror"),
    "heal": lambda n: f"heal {n}",
    "lose_health": lambda n: f"-{n} health",
    "damage": lambda n: f"{n} damage",
    "deal": lambda n: f"{n} damage back",
    "block": lambda n: "block all" if n == "all" else f"block {n}",
    "bonus_dice": lambda n: f"+{n} {'die' if n == 1 else 'dice'} next roll",
    "end_phase": lambda n: "ends the phase",
    "search": lambda n: f"draw {n} Item{'s' if n != 1 else ''}",
    "climb": lambda n: "up a Rack",
    "leap": lambda n: "fall to the ground" if n == "fall" else "leap across",
    "improvise": lambda n: f"{PARTIALS}s count " + ("all phase" if n == "phase" else "next roll"),
}


def short_line(line: dict[str, Any]) -> str:
    """A result line in a few words: 'move 1, -1 health, -2 Time, ends the phase'; a choice as 'a, or b'."""
    if "choose" in line:
        return ", or ".join(short_line(alt) for alt in line["choose"])
    parts = [SHORT[k](v) if k in SHORT else k.replace("_", " ") for k, v in line.items()]
    return ", ".join(parts) or "nothing"


def card_note(kind: str) -> str:
    """What an Action card is for, in a few words (a Planning purchase, a card examined)."""
    spec = D.ACTIONS[kind]
    if spec.get("text"):
        return spec["text"]
    head = "attack; " if spec.get("attack") else "reaction; " if spec.get("reaction") else ""
    head += "on a Search space; " if spec.get("needs_search") else ""
    return f"{head}2+: {short_line(spec.get('two', {}))}"


def card_text(kind: str, view: View | None = None) -> str:
    """An Action card: cost, when it is played, each result line, and where its copies are."""
    spec = D.ACTIONS[kind]
    name = spec["name"]
    if spec.get("special"):
        cost = "Never bought: in the Action phase discard a Walk to take it (a Sprint takes Climb and Leap)."
    else:
        cost = f"Costs {spec['cost']} Time in Planning ({spec['copies']} in the box)."
    when = []
    if spec.get("attack"):
        when.append("An attack: played on the Tormentor in your space, or in a weapon's reach.")
    if spec.get("reaction"):
        when.append("A Reaction: played when the Tormentor attacks you, against her damage.")
    if spec.get("needs_search"):
        when.append("Played only on a Search space.")
    paragraphs = [f"{name}. {cost}", *when]
    if spec.get("text"):
        paragraphs.append(spec["text"])
    else:
        paragraphs.append(
            "Horror Roll: "
            + "; ".join(
                f"{label}: {short_line(spec.get(line, {}))}"
                for label, line in (("2+ successes", "two"), ("1 success", "one"), ("none", "fail"))
            )
            + "."
        )
    if view is not None:
        paragraphs.append(_where_cards(kind, view))
    return "\n\n".join(paragraphs)


def _where_cards(kind: str, view: View) -> str:
    places = []
    for label, pile in (("in your hand", view.hand), ("in the Tableau", view.tableau), ("used this turn", view.used)):
        n = sum(1 for c in pile if D.card_kind(c) == kind)
        if n:
            places.append(f"{n} {label}")
    return "Now: " + (", ".join(places) or "out of play") + "."


def cards_list(cards: list[str]) -> str:
    """'Walk x2, Focus' in card order, or 'none'."""
    counts: dict[str, int] = {}
    for c in cards:
        k = D.card_kind(c)
        counts[k] = counts.get(k, 0) + 1
    kinds = sorted(counts, key=D.ACTION_INDEX.__getitem__)
    return ", ".join(f"{D.ACTIONS[k]['name']}{' x' + str(counts[k]) if counts[k] > 1 else ''}" for k in kinds) or "none"


# -- items ---------------------------------------------------------------------------------------------


def _reach(rng: list[int]) -> str:
    low, high = rng
    if high == 0:
        return "in your space only"
    if low == 0 and high == 1:
        return "in your space or one next door"
    return f"{low} to {high} spaces away"


def item_note(item: str) -> str:
    """What an Item does, in one sentence (uses in the box, not uses left)."""
    spec = D.ITEMS[item]
    kind = spec["kind"]
    if kind == "weapon":
        hands = spec["hands"]
        text = (
            f"Weapon, {hands} hand{'s' if hands != 1 else ''}: +{spec['mod']} damage when an attack you play deals "
            f"damage; reaches the Tormentor {_reach(spec['range'])}."
        )
        if spec.get("unlock_time"):
            text += f" On a Locked Exit: spend {spec['unlock_time']} Time to pry it open (kept)."
        return text
    if kind == "use":
        effect = dict(spec["effect"])
        call = effect.pop("call", 0)
        words = [short_line(effect)] if effect else []
        if call:
            words.insert(0, f"up to {call} free Victims next door come to you")
        return "Use it from the backpack: " + ", ".join(words) + "."
    return spec.get("text", kind)


def item_few_words(item: str) -> str:
    """What an Item is for in a few words ('2-hand weapon, +1 damage', '+3 Time')."""
    spec = D.ITEMS[item]
    kind = spec["kind"]
    if kind == "weapon":
        reach = ", reach 1" if spec["range"][1] else ""
        return f"{spec['hands']}-hand weapon, +{spec['mod']} damage{reach}"
    if kind == "use":
        effect = dict(spec["effect"])
        call = effect.pop("call", 0)
        words = [f"calls {call} Victims"] if call else []
        return ", ".join(words + ([short_line(effect)] if effect else []))
    if kind == "unlock":
        return "opens a Locked Exit"
    if kind == "keys":
        return "drives the Forklift"
    return "softens her blows" if kind == "armour" else kind


def item_text(item: str, view: View, where: str) -> str:
    spec = D.ITEMS[item]
    uses = spec.get("uses")
    left = view.item_uses.get(item)
    if uses:
        count = f"{left if left is not None else uses} of {uses} uses left."
    else:
        count = "No uses to run out." if spec["kind"] == "weapon" else "Spent when used."
    return f"{spec['name']}: {item_note(item)}\n\n{count} {where}"


# -- the Tormentor, her powers, the Finale ------------------------------------------------------------------


_TARGETS = {
    "closest": "the closest of you and the Victims",
    "fg": "you",
    "closest_victim": "the closest Victim",
}


def op_text(op: dict[str, Any]) -> str:
    """One effect of a Finale, Event or Terror card in words."""
    kind = op["op"]
    if kind == "killer_action":
        boots, blows = op.get("move", 0), op.get("attack", 0)
        return (
            f"she goes for {_TARGETS.get(op['target'], op['target'])}, moving {boots} time{'s' if boots != 1 else ''} "
            f"her Movement Value and attacking {blows} time{'s' if blows != 1 else ''}"
        )
    if kind == "progress":
        return "every Death Trap moves on a step"
    if kind == "lock_run":
        return "she runs to the nearest open Exit and locks it (with every Exit locked, she hunts the closest)"
    if kind == "bloodlust":
        return f"+{op['n']} Bloodlust"
    if kind == "horror":
        return _signed(op["n"], "Horror")
    if kind == "time":
        return _signed(op["n"], "Time")
    if kind == "trap_victim":
        return "a Death Trap takes a Victim"
    if kind == "trap_fg":
        return "a Death Trap takes you"
    if kind == "victims":
        place = op["at"]
        where = {"killer": "the Tormentor's space", "fg": "where you started"}.get(place) or at(D.SPACES[place]["name"])
        return f"{op['n']} Victim{'s' if op['n'] != 1 else ''} arrive at {where}"
    if kind == "panic":
        return "every Victim panics" if op["who"] == "all" else "every Victim not with you panics"
    if kind == "event":
        return "an Event is drawn"
    if kind == "supervisor":
        return "the Supervisor arrives in the Supply Cage"
    if kind == "lock_all":
        return "every Exit is Locked"
    if kind == "to_racks":
        return "Victims next to a Rack climb onto it"
    return kind.replace("_", " ")


def ops_text(ops: list[dict[str, Any]], start: bool = False) -> str:
    """Effects in words, joined; `start` capitalises them to open a sentence."""
    text = "; ".join(op_text(op) for op in ops)
    return text[:1].upper() + text[1:] if start else text


def bloodlust_rows() -> str:
    """Every Bloodlust row as 'row: attack/move', with what reaching it does."""
    marks = {"horror": " +1 Horror", "dark_power": " Dark Power"}
    return ", ".join(f"{i + 1}: {a}/{m}{marks.get(e, '')}" for i, (a, m, e) in enumerate(D.ROWS))


def minor_text(card: str) -> str:
    spec = D.TERROR[D.KIND[card]]
    adds = []
    for what, n in spec["minor"].items():
        adds.append(f"her attacks deal {n} more damage" if what == "attack" else f"she moves {n} further per boot")
    return ", ".join(adds)


# -- places and traps -----------------------------------------------------------------------------------


def at(name: str) -> str:
    """'the Lobby', but 'The Pit' and 'Rack B' as they are (as the narration writes them)."""
    return name if name.startswith(("The ", "Rack ")) else f"the {name}"


def panic_text(space: str) -> str:
    """Where panicking Victims run from here: 'on a die, 1-2 Lobby, 3 Service Corridor, 4-6 they stay'."""
    spec = D.SPACES[space]
    two = "panic2" in spec
    table = spec["panic2" if two else "panic"]
    first = 2 if two else 1
    runs: list[tuple[int, int, str]] = []
    for i, to in enumerate(table):
        face = first + i
        if runs and runs[-1][2] == to and runs[-1][1] == face - 1:
            runs[-1] = (runs[-1][0], face, to)
        else:
            runs.append((face, face, to))
    parts = [
        f"{lo if lo == hi else f'{lo}-{hi}'} {D.SPACES[to]['name'] if to else 'stay'}" for lo, hi, to in runs
    ]
    return ("Panic here rolls two dice (the sum): " if two else "Panic here rolls a die: ") + ", ".join(parts) + "."


def trap_text(t: Trap) -> str:
    """A Death Trap in words, as the narration puts it: where it stands, what comes next, what frees."""
    from narratives.templates import load

    phrases = load("final-girl").phrases
    spec = D.TRAPS[t.card]
    who = "you" if t.subject == "fg" else f"Victim {t.subject}"
    head = f"{spec['name']} ({who}, {at(D.SPACES[t.space]['name'])})"
    if t.done:
        return f"{head}: completed."
    ahead = [phrases[f"track_{step or 'none'}"] for step in spec["track"][t.step + 1 :]]
    steps = len(spec["track"]) - 1
    track = f"step {t.step} of {steps}; next: " + ", then ".join(ahead)
    tasks = []
    for i, task in enumerate(spec["tasks"]):
        kind, n = task.split(":")
        text = phrases[f"task_{kind}"].format(n=n)
        if i < t.task:
            text += " (done)"
        elif i == t.task and t.progress:
            text += f" ({t.progress} of {n} so far)"
        tasks.append(text)
    return f"{head}\n  track: {track}\n  to escape: " + ", then ".join(tasks)


def trap_name(t: Trap) -> str:
    """The name `examine` knows a Death Trap by: 'Swinging Blades (Victim 9)', 'Electric Cage (yours)'."""
    return f"{D.TRAPS[t.card]['name']} ({'yours' if t.subject == 'fg' else f'Victim {t.subject}'})"


def ties_text(mode: str) -> str:
    """The Game Ambiguity rule in force, in the words of the game's own option."""
    from engines.final_girl.game import GAME

    help_text = next(o.help for o in GAME.options if o.name == "ties")
    start = help_text.find(mode + " (")
    meaning = help_text[start + len(mode) + 2 : help_text.index(")", start)] if start >= 0 else mode
    return (
        f"In force: {mode.replace('-', ' ').title()} ({meaning}). It settles what the rules leave open: a tied "
        "target, which Victim a trap or a blow takes, which Minor Dark Power breaks first, the Supervisor's dice "
        "in The Pit.\n\n'rules ties' tells what each rule picks; the option 'ties' of 'solo new' changes it."
    )


def setups_line(view: View) -> str:
    """'Daily Huddle · revealed since: Shift Change': the Setup card in use and each revealed later (where she
    appeared, or stood in for her while unseen), as the table keeps them in sight."""
    line = D.SETUPS[view.setup_card]["name"]
    if view.setups_revealed:
        line += " · revealed since: " + ", ".join(D.SETUPS[s]["name"] for s in view.setups_revealed)
    return line
