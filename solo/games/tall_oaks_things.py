"""What `examine` can tell in Escape From Tall Oaks: every supply, Task, location, survivor, Slasher, the meter,
the decks and the Final Scenes, each with its rules in our words, where it is and what is left of it. A face-
down Final Scenes card is listed as hidden (nobody looks, not even its holder). Numbers come from the data."""

from __future__ import annotations

from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.state import SurvivorView, View
from solo.games.tall_oaks_odds import meter_words, slasher_loss
from solo.games.tall_oaks_words import me, supply_effect, supply_left

B = R.BOARD


def _n(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _span(values: list[int]) -> str:
    return f"{min(values)}" if min(values) == max(values) else f"{min(values)}-{max(values)}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ability_note(view: View, kind: str, words: str) -> str:
    """'; Kirk loses 1 health less': the survivors in this game whose ability changes a rule (the data's)."""
    here = {x.name for x in view.survivors}
    names = [f"{a.name}{words.format(n=a.amount)}" for a in R.ABILITIES.values() if a.kind == kind and a.name in here]
    return "; " + ", ".join(names) if names else ""


def _who(view: View, x: SurvivorView) -> str:
    return "you" if x.seat == view.seat else x.name


def things(view: View) -> dict[str, str]:
    """Name -> text for everything the seat can know about."""
    out: dict[str, str] = {}
    out.update(_survivors(view))
    out.update(_slashers(view))
    out["Slasher Meter"] = _meter(view)
    out.update(_final_scenes(view))
    out.update(_tasks(view))
    out.update(_supplies(view))
    out.update(_locations(view))
    out.update(_decks(view))
    return out


# -- people ---------------------------------------------------------------------------------------------------------


def _holding(view: View, x: SurvivorView) -> str:
    parts = [f"{R.supply(c).name} ({supply_left(c, x)})" for c in x.supplies]
    parts += [f"the Task {t} card" for t in x.tasks]
    if x.traitors:
        parts.append(_n(x.traitors, "Traitor card"))
    slots = A.slots(x.name)
    held = ", ".join(parts) or "nothing"
    return f"{held}; {len(x.supplies) + len(x.tasks)} of {slots} inventory slots used"


def _final_words(view: View, x: SurvivorView) -> str:
    if x.final_token:
        return "Final Rescue token won: the first to the Helipad with it escapes."
    if not x.final:
        return "Final Scene face down (hidden)."
    fs = R.FINAL_SCENES[x.final]
    return f"Final Scene {fs.title} at {B.locations[fs.location].name}."


def _survivors(view: View) -> dict[str, str]:
    out = {}
    for x in view.survivors:
        ability = A.text(x.name)
        if not x.alive:
            out[x.name] = f"{'You' if x.seat == view.seat else x.name}: dead. Ability was: {ability}"
            continue
        head = "You." if x.seat == view.seat else "A rival survivor, played by the automa; everything here is public."
        facts = (
            f"Health {x.health} of {R.HEALTH}; {_n(x.rescues, 'rescue token')} of the {R.RESCUES_NEEDED} the "
            f"Final Rescue needs; at {place(x.at) if x.at else 'no place yet'}. Holds {_holding(view, x)}. "
            f"{_final_words(view, x)}"
        )
        hurt = (
            f"At {R.INJURED} health or less {_who(view, x)} roll{'' if x.seat == view.seat else 's'} one movement "
            f"die instead of {R.MOVEMENT_DICE}."
        )
        out[x.name] = "\n\n".join([f"{head} Special ability: {ability}", facts, hurt])
    return out


def _slashers(view: View) -> dict[str, str]:
    out = {}
    woods = f"the woods behind {B.locations[R.FARM].name}"
    moves = (
        f"How it moves: it waits in {woods} until the Slasher Meter fills, then comes to whoever made the "
        "noise and fights them there. Then it stays out where it fought: ending a move on or next to it "
        "outside a location starts a fight, and any noise brings it straight to you. Beaten, it goes back "
        "to the woods and the meter to 0; driven off (Triple Shields), to the woods with the meter down "
        f"{R.REPEL_DROP}."
    )
    for i, sl in enumerate(R.SLASHERS):
        runs = f"{_n(sl.escape, 'Escape')} to run from" if sl.escape else "no Escape: only Triple Escapes get you away"
        loss = [f"{sl.health_loss} health"]
        if sl.supply_loss:
            loss.append("a supply (the one gained last)" if sl.supply_loss == 1 else f"{sl.supply_loss} supplies")
        if sl.rescue_loss:
            loss.append(_n(sl.rescue_loss, "rescue token"))
        stats = (
            f"{_n(sl.defeat, 'Action')} to defeat, {runs}. A lost fight costs {', '.join(loss)}, and you go "
            f"to the nearest starting point{_ability_note(view, 'tough', ' loses {n} health less')}."
        )
        if i < view.slasher:
            now = "Gone: beaten in a Task's final battle."
        elif i > view.slasher:
            now = "Not in town yet."
        else:
            now = f"The Slasher now: {place(view.slasher_at) if view.slasher_at else 'in ' + woods}."
        battles = sorted(R.TASK_BATTLES)
        if i < len(battles):
            era = (
                f"The Slasher until Task {battles[i]} is done: that Task is a final battle with "
                f"{sl.name}, the meter full, and winning it brings {R.SLASHERS[i + 1].name}."
            )
            text = [stats, now, era, moves]
        else:
            era = (
                "Comes when the last Task is done, with the meter full for good: any noise brings him, and "
                "he is the Slasher of every Final Scene."
            )
            text = [stats, now, era]
        if i == view.slasher and i < len(battles) and view.slasher_at:
            text.insert(2, f"If it caught you now you would lose {slasher_loss(view, 'normal')} and go back to a start.")
        out[sl.name] = "\n\n".join(text)
    return out


def _meter(view: View) -> str:
    name = R.SLASHERS[view.slasher].name
    if view.slasher == R.LEGEND:
        now = "Full for good: The Legend is out, and any noise brings him to you."
    elif view.slasher_at:
        now = f"{view.meter} of {R.METER}; {name} is out ({place(view.slasher_at)}), so any noise brings {name} to you."
    else:
        now = f"{view.meter} of {R.METER}; 1 noise now: {meter_words(view, 1)}."
    return "\n\n".join(
        [
            now,
            f"Noise raises it: supplies spent on a rescue or a defence (never in a fight), Killer Scenes cards as "
            f"they are drawn, the Search Die's Noise face, Bonus Tracks cards. At {R.METER} the Slasher comes to "
            f"whoever made the noise{_ability_note(view, 'quiet', ' makes {n} less each time')}.",
            f"It drops to 0 when the Slasher is beaten, by {R.REPEL_DROP} when Triple Shields drive it off, and "
            "with a Lullaby Bonus Tracks card.",
        ]
    )


def _final_scenes(view: View) -> dict[str, str]:
    cards = list(R.FINAL_SCENES.values())
    span = (
        f"The {len(cards)} Final Scenes cards each name a location and ask {_span([c.actions for c in cards])} "
        f"Actions against The Legend, costing {_span([c.damage for c in cards])} health if you fail."
    )
    rule = (
        f"A Final Scenes card turns over by itself once all {len(R.TASK_LOCATIONS)} Tasks are done and its holder has "
        f"{R.RESCUES_NEEDED} rescue tokens. Its Final Rescue token then replaces the Scene Marker at its "
        f"location; walking in with {R.RESCUES_NEEDED} tokens brings The Legend. Win, and the first to the Helipad in the Rec "
        "Center with the token escapes."
    )
    out = {}
    for x in view.survivors:
        name = "Your Final Scene" if x.seat == view.seat else f"{x.name}'s Final Scene"
        if not x.final:
            hidden = "Face down: hidden from everyone, even its holder." if not x.final_token else ""
            out[name] = "\n\n".join(p for p in (hidden or _final_words(view, x), span, rule) if p)
            continue
        fs = R.FINAL_SCENES[x.final]
        where = B.locations[fs.location].name
        loss = A.slasher_loss(x.name, fs.damage)
        deadly = " (all the health left)" if loss >= x.health and x.alive else ""
        token = (
            "The Final Rescue token is won." if x.final_token
            else f"The Final Rescue token waits at {where}."
            if fs.location in view.final_tokens
            else "The Final Rescue token is gone."
        )
        face = (
            f"Face up: {fs.title}, at {where}. The Legend: {_n(fs.actions, 'Action')} to win, no Escape but "
            f"Triple Escapes; losing costs {loss} health{deadly} and sends {_who(view, x)} to a start."
        )
        wait = (
            f" {x.name if x.seat != view.seat else 'You'} must hold {R.RESCUES_NEEDED} rescue tokens to attempt it "
            f"(now {x.rescues})." if x.rescues < R.RESCUES_NEEDED and not x.final_token else ""
        )
        out[name] = "\n\n".join([face, token + wait, rule])
    return out


def _tasks(view: View) -> dict[str, str]:
    out = {}
    battles = sorted(R.TASK_BATTLES)
    holders = {t: x for x in view.survivors for t in x.tasks}
    for i, lid in enumerate(R.TASK_LOCATIONS):
        k = i + 1
        where = B.locations[lid].name
        if k in R.TASK_BATTLES:
            sl = R.SLASHERS[battles.index(k)]
            after = R.SLASHERS[battles.index(k) + 1].name
            how = (
                f"A final battle with {sl.name} there (the meter fills): {_n(sl.defeat, 'Action')} to win, and "
                f"{after} takes over. Lost or escaped, the Task waits and the card stays in hand."
            )
        else:
            how = "No roll: standing there with the card, the Task is done."
        if view.done[i]:
            status = "Done: its token is green."
        elif k in holders:
            status = f"Not done; {'you hold' if holders[k].seat == view.seat else holders[k].name + ' holds'} its card."
        elif k in view.center:
            pos = list(reversed(view.center)).index(k)
            status = f"Not done; its card is in the Rec Center pile ({'on top' if pos == 0 else _n(pos, 'card') + ' above it'})."
        else:
            status = "Not done."
        before = f" Task {k - 1} must be done first." if k > 1 and not view.done[i - 1] else ""
        rule = (
            f"Done at {where}, once its Scene Marker is cleared, by whoever holds the card (picked up in the Rec "
            f"Center; it takes an inventory slot); a free supply follows.{before}"
        )
        out[f"Task {k}"] = "\n\n".join([status, rule, how])
    return out


def _supplies(view: View) -> dict[str, str]:
    holders: dict[str, list[str]] = {}
    for x in view.survivors:
        for c in x.supplies:
            holders.setdefault(R.supply(c).id, []).append(f"{_who(view, x)} ({supply_left(c, x)})")
    out = {}
    for kind in R.SUPPLY_TYPES.values():
        if kind.kind == R.TRAITOR:
            continue
        card = next(c for c in R.SUPPLY_CARDS if R.supply(c).id == kind.id)
        uses = "unlimited uses" if kind.infinite else f"{_n(kind.uses, 'Supply Tracker token')}; used up, it is discarded"
        copies = sum(1 for c in R.SUPPLY_CARDS if R.supply(c).id == kind.id)
        use = {
            "health": "Used at the start of your turn, never at full health.",
            R.ACTION: "A weapon: with one you may attempt rescues and defeat Slashers.",
            R.SHIELD: "For defences against Killer Scenes.",
            R.ESCAPE: "For getting away from a Slasher.",
        }.get(kind.kind, "")
        held = holders.get(kind.id)
        where = f"Held by {', '.join(held)}." if held else "In the Supply deck or its discards; nobody holds one."
        noise = " Its noise counts only in rescues and defences, never in fights." if kind.noise else ""
        out[kind.name] = "\n\n".join(
            [f"{_capital(supply_effect(card))}; {uses}. {use}{noise}", where, f"{_n(copies, 'card')} in the deck."]
        )
    x = me(view)
    traitor = (
        f"You hold {_n(x.traitors, 'Traitor card')}: it must be used at the start of your next turn."
        if x.traitors
        else "Rivals' Traitor cards are hidden (a pocketed card is all the log says)."
    )
    out["Traitor card"] = "\n\n".join(
        [
            "Found in the Supply deck, held outside the inventory. At the start of the holder's next turn it is "
            "used against any rival anywhere: steal a supply, a Task or a rescue token, or send them to the "
            "nearest starting point. Using it ends the turn.",
            traitor,
        ]
    )
    return out


def _locations(view: View) -> dict[str, str]:
    from solo.games.tall_oaks_map import location_line

    out = {}
    for lid, loc in B.locations.items():
        now = location_line(view, lid, 300, signs=False).split(": ", 1)[1].replace("; inside:", "; inside now:")
        now = now.replace("marker", "a Scene Marker (someone to rescue)").replace("empty", "no Scene Marker")
        ways = len(loc.entrances)
        entrance = f"On the map: {loc.letter}{', at both ways in' if ways > 1 else ''}" + (
            "." if lid == R.REC else "; capital while a Scene Marker is inside."
        )
        if lid == R.REC:
            what = (
                "The middle of town: Task cards are picked up here; closed to rescues and searches; the Helipad "
                "lands here when the last Task is done. Empty, it is a shortcut (one step across)."
            )
        else:
            parts = ["Walking in with a Scene Marker here draws a Killer Scenes card; an empty one is searched."]
            if lid in R.TASK_LOCATIONS:
                parts.append(f"Task {R.TASK_LOCATIONS.index(lid) + 1} is done here.")
            if any(fs.location == lid for fs in R.FINAL_SCENES.values()):
                parts.append("One of the Final Scenes cards is faced here.")
            if ways > 1:
                parts.append("Empty (no marker, token or Slasher), it is a shortcut: one step across.")
            what = " ".join(parts)
        out[loc.name] = "\n\n".join([f"Now: {now}.", what, entrance])
    return out


def _decks(view: View) -> dict[str, str]:
    from solo.games.tall_oaks_odds import scene_lines

    bonus = list(R.BONUS.values())
    count: dict[str, int] = {}
    amounts: dict[str, list[int]] = {}
    for c in bonus:
        count[c.effect] = count.get(c.effect, 0) + 1
        amounts.setdefault(c.effect, []).append(c.amount)

    def n(effect: str) -> str:
        return _span(amounts.get(effect, [0]))

    words = {
        "heal": f"heal {n('heal')}",
        "hurt": f"lose {n('hurt')} health",
        "noise": f"make {n('noise')} noise",
        "rescue": f"{n('rescue')} rescue token from the bank",
        "supply": "a supply",
        "drop_rescue": f"lose {n('drop_rescue')} rescue token",
        "hush": f"the meter drops {n('hush')}",
    }
    faces = R.SEARCH_FACES
    out = {
        "Killer Scenes deck": "\n\n".join(scene_lines(view)),
        "Bonus Tracks deck": (
            f"Ending a move on a Bonus Tracks space (* on the map) draws one of {len(bonus)} cards: "
            + ", ".join(f"{count[e]} {words[e]}" for e in words if e in count)
            + "."
        ),
        "Search Die": (
            f"Walking into an empty location rolls it: {faces.count('search')} of {len(faces)} faces find a "
            f"supply, {faces.count('denied')} find nothing (the turn ends), {faces.count('noise')} makes "
            f"{R.SEARCH_NOISE} noise. Never the same location twice in a row"
            f"{_ability_note(view, 'search_denied', ': a Denied counts as a Search')}."
        ),
    }
    if view.card:
        sc = R.SCENES[view.card]
        need = f"{_n(sc.actions, 'Action')} for {_n(sc.rescues, 'rescue token')}" if sc.kind == "rescue" else (
            f"{_n(sc.shields, 'Shield')} or lose {sc.damage} health" if sc.kind == "defend" else f"{_n(sc.actions, 'Action')}"
        )
        out[sc.title] = f"The Killer Scenes card in play: {need}; {_n(sc.noise, 'noise')} as it was drawn."
    return out
