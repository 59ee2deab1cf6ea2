"""What `examine` can tell in Final Girl: every card, Item, place, Victim group, trap, deck and token the Final
Girl can know about, read from her view and the engine's data. A face-down thing says it is face down."""

from __future__ import annotations

from engines.final_girl import data as D
from engines.final_girl.state import View
from solo.games import final_girl_map as M
from solo.games import final_girl_words as W
from solo.summary import plural


def things(view: View) -> dict[str, str]:
    """Name -> text, grouped as the table is: you and your cards, the Tormentor, the warehouse, the rules."""
    out: dict[str, str] = {}
    out[D.GIRLS[view.girl]["name"]] = _girl(view)
    out["Hand"] = f"Your hand: {W.cards_list(view.hand)} ({len(view.hand)} of {D.RULES['hand_limit']} cards)."
    out["Tableau"] = _tableau(view)
    for kind in D.ACTIONS:
        out[D.ACTIONS[kind]["name"]] = W.card_text(kind, view)
    for item in view.hands:
        out[D.ITEMS[item]["name"]] = W.item_text(item, view, "In your hands.")
    for item in view.backpack:
        out[D.ITEMS[item]["name"]] = W.item_text(item, view, "In your backpack.")
    for space, item in view.item_tops.items():
        name = D.ITEMS[item]["name"]
        if name not in out:
            where = f"On top of the Search pile in {W.at(D.SPACES[space]['name'])}, face up: a Search there draws it."
            out[name] = W.item_text(item, view, where)
    out["Final Health tokens"] = _tokens(view)
    out["The Tormentor"] = _killer(view)
    out["Bloodlust"] = (
        f"Her Bloodlust is on row {view.bloodlust + 1} of {len(D.ROWS)}: attack {view.killer_attack}, move "
        f"{view.killer_move} (with her powers).\n\nEvery row, attack/move and what reaching it does: "
        f"{W.bloodlust_rows()}."
    )
    out["Dark Power"] = _dark_power(view)
    out["Finale"] = _finale(view)
    for m in view.minor_powers:
        spec = D.TERROR[D.KIND[m.card]]
        out[spec["name"]] = (
            f"{spec['name']}: a Minor Dark Power above her board, {m.health} health left: {W.minor_text(m.card)}. "
            "Damage to her breaks it first, before her own health."
        )
    out["Terror deck"] = (
        f"{view.terror_left} Terror cards face down. One is drawn in each Killer phase while she is unseen; when "
        "the deck is empty the Finale flips in Upkeep."
    )
    out["Death Trap decks"] = (
        f"Face down: {view.victim_traps_left} Victim Death Trap card{'s' if view.victim_traps_left != 1 else ''} "
        f"left of {len(D.VICTIM_TRAPS)}, and {view.fg_traps_left} of your own left of {len(D.FG_TRAPS)}. A used "
        "card leaves the game: with none left, no trap of that kind can be set."
    )
    for t in view.traps:
        if not t.done:
            out[W.trap_name(t)] = W.trap_text(t)
    out["Setup cards"] = _setups(view)
    for event in [*view.events_done, *view.events_active]:
        out[D.EVENTS[event]["name"]] = _event(event, view)
    for space in D.ORDER:
        out[D.SPACES[space]["name"]] = _space(space, view)
    for space in D.ORDER:
        free = [v for v in view.victims if v.space == space and not v.trapped]
        if free:
            out[f"Victims in {W.at(D.SPACES[space]['name'])}"] = _group(space, free, view)
    out["The Forklift"] = (
        f"The Forklift stands in {W.at(D.SPACES[view.forklift]['name'])}. {D.ITEMS['forklift_keys']['text']}"
    )
    out["Game Ambiguity"] = W.ties_text(view.ties)
    return out


def _girl(view: View) -> str:
    spec = D.GIRLS[view.girl]
    slots = ", ".join(spec["slots"])
    return (
        f"{spec['name']}, the Final Girl: health {view.fg_health} of {view.fg_max}"
        f"{' (on her Final Health)' if view.fg_white else ''}; you are in {W.at(D.SPACES[view.fg_space]['name'])}"
        f"{', Trapped' if view.fg_trapped else ''}.\n\nEach Victim you save fills the next slot and gives its "
        f"reward, in order: {slots}; {view.slots} of {view.slots_total} filled. With every slot filled: "
        f"{spec['ultimate_text']}"
    )


def _tableau(view: View) -> str:
    kinds = sorted({D.card_kind(c) for c in view.tableau}, key=D.ACTION_INDEX.__getitem__)
    lines = [
        f"{D.ACTIONS[k]['name']} x{sum(1 for c in view.tableau if D.card_kind(c) == k)} "
        f"({'never bought' if D.ACTIONS[k].get('special') else str(D.ACTIONS[k]['cost']) + ' Time'})"
        for k in kinds
    ]
    return (
        "The Tableau: the cards you may buy in Planning, with their cost.\n\n"
        + (", ".join(lines) or "empty")
        + f".\n\nUsed this turn (back to the Tableau when Planning ends): {W.cards_list(view.used)}."
    )


def _tokens(view: View) -> str:
    tokens = D.RULES["final_tokens"]
    blank = sum(1 for t in tokens if t == 0)
    numbers = ", ".join(str(t) for t in tokens if t)
    yours = "used: you are on your Final Health" if view.fg_white else "face down, hidden"
    hers = "used" if view.killer_white else "face down, hidden"
    return (
        f"Yours: {yours}. The Tormentor's: {hers}.\n\nEach was drawn unseen from {len(tokens)} tokens ({blank} "
        f"blank, one each of {numbers}). When damage takes one of you below 0 health the token flips: blank, "
        "that one dies; a number, that one goes on with that much health, once."
    )


def _killer(view: View) -> str:
    if view.killer_space:
        far = D.DIST[view.fg_space][view.killer_space]
        away = "with you" if far == 0 else f"{far} space{'s' if far != 1 else ''} from you"
        where = f"She is in {W.at(D.SPACES[view.killer_space]['name'])}, {away}"
    else:
        where = (
            "She is not on the board: she appears at the next Killer phase after the Finale flips, on the "
            "Tormentor's space of another Setup card ('x setup')"
        )
    return (
        f"The Tormentor: health {view.killer_health} of {view.killer_max} and a hidden Final Health token. "
        f"{where}.\n\nEach Killer phase she moves her Movement Value ({view.killer_move}) toward her target "
        f"and attacks for her Attack Value ({view.killer_attack}), as the Finale (or while unseen, its back) "
        "says ('x bloodlust', 'x finale')."
    )


def _dark_power(view: View) -> str:
    if not view.dark_power:
        row = next((i for i, r in enumerate(D.ROWS) if r[2] == "dark_power"), None)
        when = f"on Bloodlust row {row + 1}" if row is not None else "later"
        return f"Face down: it is revealed {when} or with the Finale. Until then nobody knows which it is."
    spec = D.DARK_POWERS[view.dark_power]
    return f"{spec['name']} (revealed): {spec['text']}"


def _finale(view: View) -> str:
    if not view.finale:
        return (
            f"Face down until the Terror deck runs out ({plural(view.terror_left, 'card')} left); it flips in that Upkeep, "
            "with the Dark Power, and she appears at the next Killer phase.\n\nUntil then its back acts each "
            f"Killer phase: {W.ops_text(D.KILLER['initial_action'])}."
        )
    spec = D.FINALES[view.finale]
    text = f"{spec['name']} (revealed). Each Killer phase: {W.ops_text(spec['action'])}."
    if spec.get("upkeep"):
        text += f"\n\nIn each Upkeep after the one that revealed it: {W.ops_text(spec['upkeep'])}."
    return text


def _setups(view: View) -> str:
    spec = D.SETUPS[view.setup_card]
    victims = ", ".join(f"{n} in {D.SPACES[s]['name']}" for s, n in spec["victims"].items())
    others = ", ".join(
        f"{card['name']} ({D.SPACES[card['killer']]['name']})"
        for key, card in D.SETUPS.items()
        if key != view.setup_card
    )
    return (
        f"In play: {spec['name']}. You started in {W.at(D.SPACES[spec['final_girl']]['name'])}; Victims: {victims}; "
        f"her first trap was set in {W.at(D.SPACES[spec['killer']]['name'])}.\n\nThe others, with the space where "
        f"each would put her: {others}. One of them is drawn at random when she appears, and for Victims that "
        "arrive 'at the Tormentor' while she is unseen."
        + _revealed(view)
    )


def _revealed(view: View) -> str:
    """The Setup cards revealed since the first, in order, each with the space it named."""
    if not view.setups_revealed:
        return "\n\nNone has been revealed since the game began."
    shown = ", then ".join(
        f"{D.SETUPS[s]['name']} ({D.SPACES[D.SETUPS[s]['killer']]['name']})" for s in view.setups_revealed
    )
    return f"\n\nRevealed since the game began: {shown}."


def _event(event: str, view: View) -> str:
    spec = D.EVENTS[event]
    parts = []
    if spec.get("effects"):
        parts.append(W.ops_text(spec["effects"], start=True) + ".")
    if spec.get("text"):
        parts.append(spec["text"])
    state = "In play." if event in view.events_active else "Resolved."
    person = next((v for v in view.victims if v.special == event), None)
    if person is not None:
        state += f" Victim {person.id} is in {W.at(D.SPACES[person.space]['name'])}" + (
            ", Trapped." if person.trapped else "."
        )
    return f"{spec['name']} (Event): {' '.join(parts)}\n\n{state}"


def _space(space: str, view: View) -> str:
    spec = D.SPACES[space]
    kinds = []
    if spec.get("exit"):
        kinds.append(
            "An Exit, " + ("Locked: a Click! card, Zipp or an Item opens it." if space in view.locked else "open: lead Victims out here.")
        )
    if spec.get("search"):
        count = view.item_counts.get(space, 0)
        top = view.item_tops.get(space)
        shown = f" (top, face up: {D.ITEMS[top]['name']})" if top else " (top face down)" if count else ""
        kinds.append(f"A Search space: play Search here to draw from its pile of {count} Item{'s' if count != 1 else ''}{shown}.")
    if spec.get("rack"):
        kinds.append("A Rack: you get up only with Climb, and across to another Rack only with Leap; Victims and the Tormentor use every line.")
    here = ", ".join(M.space_words(view, space)) or "nobody"
    return " ".join([f"{spec['name']}.", *kinds]) + f"\n\nLines: {M.ways(space)}. {W.panic_text(space)}\n\nHere now: {here}."


def _group(space: str, free: list, view: View) -> str:
    who = ", ".join(
        f"{D.EVENTS[v.special]['name']} (Victim {v.id})" if v.special else f"Victim {v.id}" for v in free
    )
    with_you = (
        f" They are with you: up to {D.RULES['follow']} follow you each step you take."
        if space == view.fg_space
        else ""
    )
    return (
        f"{len(free)} free Victim{'s' if len(free) != 1 else ''} in {W.at(D.SPACES[space]['name'])}: {who}.{with_you} "
        "Lead them to an open Exit to save them; in the Panic phase they run by the space's panic numbers "
        f"('x {D.SPACES[space]['name'].lower()}')."
    )
