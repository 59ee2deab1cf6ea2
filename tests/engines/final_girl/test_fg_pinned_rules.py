"""Rules pinned for the mutation run (bench/mutation.py): each test names the RULES.md row it pins."""

from __future__ import annotations

import pytest
from fg_positions import add_victim, at_the_forklift, clear_board, fresh, hand_of, run_ops

from engines.core.contract import IllegalMove
from engines.final_girl import GAME
from engines.final_girl import ambiguity as amb
from engines.final_girl import data as D
from engines.final_girl.items import deal_damage, gain_item, item_options, use_item
from engines.final_girl.killer import targets
from engines.final_girl.playing import describe_line
from engines.final_girl.rolling import dice_count, resolve_reaction
from engines.final_girl.state import MinorPower
from engines.final_girl.tracks import attack_value, end_phase_now, hurt_fg, move_value, reveal_dark_power
from engines.final_girl.traps import complete_trap, set_trap

# research 2.3, the 23 core cards: cost per card in the Tableau.
TABLEAU_COSTS = {
    "close_call": 1,
    "search": 2,
    "sprint": 2,
    "guard": 2,
    "distraction": 3,
    "improvise": 3,
    "planning": 4,
    "retaliate": 4,
    "furious_strike": 4,
    "long_rest": 5,
    "critical_strike": 6,
}


def legal(s) -> list[str]:
    return [o.key for o in GAME.decision(s).options]


@pytest.mark.parametrize(("kind", "cost"), sorted(TABLEAU_COSTS.items()))
def test_each_tableau_card_costs_its_research_price_in_time(kind, cost):
    """RULES.md M1: a card is bought with exactly its cost in Time, and not with one less."""
    s = fresh()
    hand_of(s, "walk")
    s.ask = {"kind": "planning"}
    s.time = cost - 1
    assert f"buy:{kind}" not in legal(s)
    with pytest.raises(IllegalMove):
        GAME.apply(s, f"buy:{kind}")
    s.ask = {"kind": "planning"}
    s.time = cost
    assert f"buy:{kind}" in legal(s)
    GAME.apply(s, f"buy:{kind}")
    assert s.time == 0 or s.phase != "planning"
    assert any(D.card_kind(c) == kind for c in s.hand)


def test_a_failed_guard_reduces_by_one_but_leaves_at_least_one():
    """RULES.md M2: Guard's failure line "reduce the attack by 1 (minimum 1)"; its middle line reduces by 2, to 0."""
    s = fresh()
    events: list = []
    resolve_reaction(s, {"damage": 1, "hat": False}, {"block": 1}, events)
    assert (events[-1]["blocked"], events[-1]["left"]) == (0, 1)
    events = []
    resolve_reaction(s, {"damage": 3, "hat": False}, {"block": 1}, events)
    assert (events[0]["blocked"], events[0]["left"]) == (1, 2)
    events = []
    resolve_reaction(s, {"damage": 2, "hat": False}, {"block": 2}, events)
    assert (events[0]["blocked"], events[0]["left"]) == (2, 0)


def test_a_special_victim_is_led_out_before_the_workers():
    """RULES.md M4: of the Victims on an open Exit, a special one is saved first (designed: its card then leaves play)."""
    s = clear_board(fresh(girl="mandy"))
    s.fg_space = "entrance"
    s.locked.remove("entrance")
    add_victim(s, "entrance")
    add_victim(s, "entrance", special="best_friend")
    s.ask = {"kind": "action"}
    saved = next(e for e in GAME.apply(s, "save") if e.kind == "victim_saved")
    assert saved["special"] == "best_friend"


def test_brawler_adds_one_damage_unarmed_once_every_slot_is_full():
    """RULES.md M5: Mandy's Ultimate, Brawler: +1 damage on attacks made with no weapon, once all 5 slots are filled."""
    s = fresh(girl="mandy")
    s.finale_revealed, s.killer_space = True, s.fg_space
    s.hands, s.backpack = [], []
    s.slots = len(D.GIRLS["mandy"]["slots"]) - 1
    before = s.killer_health
    deal_damage(s, 1, [])
    assert before - s.killer_health == 1  # a slot still empty: no Ultimate yet
    s.slots = len(D.GIRLS["mandy"]["slots"])
    before = s.killer_health
    deal_damage(s, 2, [])
    assert before - s.killer_health == 3


def test_the_forklift_lifts_with_exactly_one_time_left():
    """RULES.md M6: spending 1 Time to lift a Victim down is open with 1 Time left, and closed at 0."""
    s = at_the_forklift(clear_board(fresh()))
    s.time = 1
    assert "forklift:rack_b" in legal(s)
    s.time = 0
    assert "forklift:rack_b" not in legal(s)


def test_a_minor_dark_power_adds_only_what_it_names():
    """RULES.md M7: Sharpened Tools adds 1 to her Attack Value and nothing to her Movement; the Shortcut the reverse."""
    s = fresh()
    s.bloodlust = 0
    attack, move = attack_value(s), move_value(s)
    s.minor_powers = [MinorPower("sharpened_tools-1", 2)]
    assert (attack_value(s), move_value(s)) == (attack + 1, move)
    s.minor_powers = [MinorPower("every_shortcut-1", 2)]
    assert (attack_value(s), move_value(s)) == (attack, move + 1)


@pytest.mark.parametrize(
    ("card", "horror", "time"), [("conveyor_crusher", 0, -2), ("reverse_bear_trap", 1, 0)]
)
def test_a_trap_that_kills_costs_only_what_its_card_says(card, horror, time):
    """RULES.md M8: a Death Trap that closes on a Victim costs its card's failure: Conveyor Crusher 2 Time and no
    Horror, Reverse Bear Trap 1 Horror and no Time."""
    assert D.TRAPS[card].get("fail") == {k: v for k, v in (("horror", horror), ("time", time)) if v}
    s = clear_board(fresh())
    s.horror, s.time = 2, 4
    v = add_victim(s, "office")
    set_trap(s, card, str(v.id), "office", [])
    v.trapped = True
    complete_trap(s, s.traps[0], [])
    assert (s.horror, s.time) == (2 + horror, 4 + time)


def test_the_two_final_health_tokens_are_two_different_tokens_of_the_nine():
    """RULES.md M9: she and the Tormentor each draw one of the 9 tokens: never the same numbered token twice."""
    pairs = [(t.fg_token, t.killer_token) for t in (fresh(seed) for seed in range(60))]
    assert not [p for p in pairs if p[0] == p[1] != 0]
    assert any(a != b for a, b in pairs)


def test_cassies_axe_fills_both_hands():
    """RULES.md M10: Cassie's Axe is two-handed (designed): it goes to empty hands, and to the backpack beside one item."""
    s = fresh(girl="cassie")
    s.hands, s.backpack = [], []
    gain_item(s, "cassies_axe", [])
    assert s.hands == ["cassies_axe"] and D.ITEMS["cassies_axe"]["hands"] == 2
    s = fresh(girl="cassie")
    one = next(i for i, spec in D.ITEMS.items() if spec["hands"] == 1)
    s.hands, s.backpack = [one], []
    gain_item(s, "cassies_axe", [])
    assert s.hands == [one] and s.backpack == ["cassies_axe"]


def test_two_tied_targets_are_settled_by_game_ambiguity_too():
    """RULES.md M11: a tie of exactly two (you, and the Victim in your space) goes to the Game Ambiguity rule like any
    other: Abject Realism sends her after the Victim."""
    s = clear_board(fresh(0, ties="abject-realism"))
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "office"
    add_victim(s, "office")
    events = run_ops(s, {"op": "killer_action", "target": "closest", "move": 1, "attack": 0})
    targeted = next(e for e in events if e.kind == "killer_targets")
    assert not targeted["fg"] and s.killer_space == "office"


def test_iron_will_heals_her_two_when_revealed_and_no_other_power_heals():
    """RULES.md M12: Iron Will heals the Tormentor 2 when her Dark Power is revealed; the other Dark Powers heal none."""
    for power in D.DARK_POWERS:
        s = fresh()
        s.dark_power, s.dark_power_revealed = power, False
        s.killer_health = s.killer_max - 3
        reveal_dark_power(s, [])
        assert s.killer_health == s.killer_max - (1 if power == "iron_will" else 3), power


def test_tireless_adds_one_to_her_movement_once_revealed_and_no_other_power_moves_her():
    """RULES.md M16: Tireless raises her Movement Value by 1, from its reveal on and not before, at every
    Bloodlust row; her Attack Value stays; no other Dark Power changes either. Her move is that many spaces a
    boot."""
    for power in D.DARK_POWERS:
        for row in range(len(D.ROWS)):
            s = fresh()
            s.bloodlust, s.dark_power, s.dark_power_revealed = row, power, False
            assert (attack_value(s), move_value(s)) == tuple(D.ROWS[row][:2]), (power, row)
            reveal_dark_power(s, [])
            more = 1 if power == "tireless" else 0
            assert (attack_value(s), move_value(s)) == (D.ROWS[row][0], D.ROWS[row][1] + more), (power, row)


def test_tireless_moves_her_one_more_space_a_boot():
    """RULES.md M16, in play: on a one-boot move toward you from four spaces away, she comes one space nearer
    without Tireless, two once it is revealed."""
    here, there = next((a, b) for a in D.SPACES for b in D.SPACES if D.DIST[a][b] == 4)
    came = {}
    for revealed in (False, True):
        s = clear_board(fresh())
        s.bloodlust, s.dark_power, s.dark_power_revealed = 0, "tireless", revealed
        s.fg_space, s.killer_space = here, there
        run_ops(s, {"op": "killer_action", "target": "fg", "move": 1, "attack": 0})
        came[revealed] = 4 - D.DIST[s.killer_space][here]
    assert came == {False: D.ROWS[0][1], True: D.ROWS[0][1] + 1}


def test_an_attack_of_no_damage_asks_for_no_reaction():
    """RULES.md M3: Reactions answer damage; an attack that deals none (all taken off) is not answered."""
    s = fresh()
    hand_of(s, "guard")
    s.finale_revealed, s.killer_space = True, s.fg_space
    s.ask = {}
    run_ops(s, {"op": "attack_fg", "damage": 0, "first": True})
    assert s.ask.get("kind") != "react"
    run_ops(s, {"op": "attack_fg", "damage": 1, "first": True})
    assert s.ask.get("kind") == "react"


def test_a_single_pair_of_two_kinds_is_offered_directly():
    """RULES.md H9: a single pair is offered directly, also when its two cards are of two kinds."""
    s = fresh()
    hand_of(s, "walk", "focus", "weak_attack")
    card = s.hand.pop(0)
    s.resolving = card
    s.roll = {"card": card, "purpose": "action", "trap": 0, "damage": 0, "dice": [3, 1]}
    s.roll.update({"improvised": False, "converted": []})
    s.ask = {"kind": "roll"}
    keys = legal(s)
    assert "convert" not in keys and [k for k in keys if k.startswith("convert:")] == [
        "convert:focus:weak_attack"
    ]


def test_a_terror_card_cut_short_by_a_comeback_still_goes_to_the_discard_pile():
    """RULES.md M13: a Final Health comeback ends the phase at once (research 2.12); the Terror card whose
    effects it cut short is discarded, not lost."""
    s = fresh()
    card = next(c for c in s.terror.draw_pile if "minor" not in D.TERROR[D.KIND[c]])
    s.terror.draw_pile.remove(card)
    s.stack.append({"op": "terror_done", "card": card})
    s.stack.append({"op": "line", "line": {"horror": 1}})
    s.minor_powers = [MinorPower("sharpened_tools-1", 2)]  # another card, in play as a Minor Dark Power
    end_phase_now(s, [])
    assert card in s.terror.discard_pile
    # The Minor Dark Power itself, cut short as it comes into play, stays in play: not discarded.
    s.stack.append({"op": "terror_done", "card": "sharpened_tools-1"})
    end_phase_now(s, [])
    assert "sharpened_tools-1" not in s.terror.discard_pile


def test_cassies_axe_adds_two_damage():
    """RULES.md M10: Cassie's Axe is a weapon of modifier +2 (designed): a card's 1 damage deals 3."""
    s = fresh(girl="cassie")
    s.finale_revealed, s.killer_space = True, s.fg_space
    s.hands, s.backpack = ["cassies_axe"], []
    before = s.killer_health
    deal_damage(s, 1, [])
    assert before - s.killer_health == 3


def test_tied_targets_list_you_first():
    """RULES.md M11: the tied targets are listed you first (the tie question's order, and the order
    Never-ending Hilarity's die counts in), also against the Victims in your own space on the first space."""
    s = clear_board(fresh())
    s.finale_revealed = True
    s.fg_space = D.ORDER[0]
    s.killer_space = next(x for x in D.ORDER if x != s.fg_space)
    add_victim(s, s.fg_space)
    assert targets(s, "closest")[0] == (s.fg_space, True)


def test_the_log_marks_her_last_marker_and_the_white_token():
    """RULES.md M14: the log says when damage leaves her on the Final Health token (`last`), and a white
    token (a comeback already spent) is logged as -1 when it ends her."""
    s = fresh()
    s.fg_health = 3
    events: list = []
    hurt_fg(s, 1, events, "card")
    assert events[-1]["last"] is False
    hurt_fg(s, 2, events, "card")
    assert events[-1]["last"] is True
    s.fg_white = True
    events = []
    hurt_fg(s, 1, events, "card")
    token = next(e for e in events if e.kind == "fg_token")
    assert token["value"] == -1 and s.result == "lost"


def test_the_labels_say_what_a_choice_does():
    """RULES.md M15: a Guard line that blocks everything says so; keeping one of two Items names the other
    going back; a move says how many Victims follow (1 Victim, 2 Victims)."""
    assert "block all the damage" in describe_line({"block": "all"})
    assert "block 2 damage" in describe_line({"block": 2})
    s = fresh()
    a, b = sorted(D.LOCATION_ITEMS)[:2]
    s.ask = {"kind": "keep", "items": [a, b]}
    labels = [o.label for o in GAME.decision(s).options]
    assert f"keep the {D.ITEMS[a]['name']}; the {D.ITEMS[b]['name']} back on top, face up" in labels
    s = clear_board(fresh())
    s.fg_space = D.PIT
    add_victim(s, D.PIT)
    add_victim(s, D.PIT)
    s.ask = {"kind": "move", "steps": 1, "mode": "move", "to": ["packing"]}
    labels = [o.label for o in GAME.decision(s).options]
    assert {"go to Packing with 1 Victim", "go to Packing with 2 Victims"} <= {
        x.replace(D.SPACES["packing"]["name"], "Packing") for x in labels
    }


@pytest.mark.parametrize(
    ("finale", "boots", "raised"), [("final_cut", 1, 1), ("game_over", 2, 0), ("curtain_call", 1, 1)]
)
def test_a_finales_killer_action_moves_her_its_boots_attacks_once_and_raises_bloodlust(finale, boots, raised):
    """RULES.md M17: each revealed Finale's Killer Action, as RULES.md lists it: Final Cut (and the Epic Curtain
    Call) goes for the closest, one boot, one attack, +1 Bloodlust; Game Over goes for the Final Girl, two boots,
    one attack. From four spaces away she comes her boots times her Movement Value nearer and attacks once
    (nobody in her space: an empty attack)."""
    here, there = next((a, b) for a in D.SPACES for b in D.SPACES if D.DIST[a][b] == 4)
    s = clear_board(fresh())
    s.finale, s.finale_revealed, s.bloodlust = finale, True, 0
    s.fg_space, s.killer_space, s.ask = here, there, {}
    step = move_value(s)
    events = run_ops(s, {"op": "killer_phase"})
    assert 4 - D.DIST[s.killer_space][here] == boots * step
    assert sum(e.kind in ("attack_empty", "killer_attacks_fg") for e in events) == 1
    assert s.bloodlust == raised


# research 2.3, the 23 core cards' result lines (2+, 1, failure), in the data's words: "choose" lists the failure's
# two ways for her to pick.
LINES = {
    "walk": (
        {"move": 2, "time": -1},
        {"move": 1, "time": -1},
        [{"move": 1, "lose_health": 1, "time": -2}, {"time": -2}],
    ),
    "focus": ({"horror": -1, "time": 2}, {"horror": -1, "time": -1}, {"time": -2}),
    "weak_attack": ({"damage": 1}, {"damage": 1, "lose_health": 1}, {"lose_health": 1, "end_phase": True}),
    "short_rest": (
        {"heal": 2},
        {"heal": 1, "time": -1},
        {"heal": 1, "horror": 1, "time": -1, "end_phase": True},
    ),
    "search": (
        {"search": 2, "time": -1},
        {"search": 1, "time": -1},
        [{"search": 1, "horror": 2, "time": -2}, {"horror": 1, "time": -2}],
    ),
    "sprint": (
        {"move": 3, "time": -1},
        {"move": 2, "time": -1},
        [{"move": 1, "lose_health": 1, "time": -2, "end_phase": True}, {"lose_health": 1, "time": -2}],
    ),
    "guard": ({"block": "all"}, {"block": 2}, {"block": 1}),
    "distraction": (
        {"horror": -2, "time": 2},
        {"horror": -1, "time": 1},
        [{"horror": -1, "time": -4}, {"horror": 1, "time": -2}],
    ),
    "improvise": ({"improvise": "phase"}, {"improvise": "next"}, {"horror": 1, "time": -1}),
    "planning": (
        {"bonus_dice": 3},
        {"bonus_dice": 2, "time": -1},
        {"bonus_dice": 1, "horror": 1, "time": -2},
    ),
    "retaliate": ({"block": "all", "deal": 2}, {"block": 2, "deal": 1}, {}),
    "furious_strike": (
        {"damage": 2, "horror": -1},
        {"damage": 1, "horror": -1, "end_phase": True},
        {"lose_health": 1, "horror": 1, "end_phase": True},
    ),
    "long_rest": (
        {"heal": 4, "time": -1},
        {"heal": 3, "time": -2},
        {"heal": 2, "horror": 1, "time": -2, "end_phase": True},
    ),
    "critical_strike": (
        {"damage": 3, "horror": -1},
        {"damage": 2, "horror": -1, "end_phase": True},
        {"damage": 2, "lose_health": 2, "horror": 1, "end_phase": True},
    ),
}
TRACKED = {"time", "horror", "heal", "lose_health", "end_phase", "bonus_dice", "improvise"}
"""What a line changes that a state shows at once (damage needs her in range, moves and searches ask next)."""


@pytest.mark.parametrize("card", sorted(LINES))
def test_every_action_cards_result_lines_are_research_23s(card):
    """RULES.md M18: each core Action card's three result lines are research 2.3's (both ways of a failure with a
    choice too), and a line changes Time, Horror and her health by its numbers, ends the phase, adds dice or
    Improvise as it says."""
    two, one, fail = LINES[card]
    spec = D.ACTIONS[card]
    failure = {"choose": fail} if isinstance(fail, list) else fail
    assert (spec.get("two", {}), spec.get("one", {}), spec.get("fail", {})) == (two, one, failure)
    for line in [two, one, *(fail if isinstance(fail, list) else [fail])]:
        if set(line) - TRACKED:
            continue
        s = fresh()
        s.phase, s.time, s.horror, s.fg_health = "action", 5, 3, s.fg_max - 4
        before = (s.time, s.horror, s.fg_health, s.bonus_dice)
        run_ops(s, {"op": "line", "line": line, "trap": 0})
        moved = (s.time - before[0], s.horror - before[1], s.fg_health - before[2], s.bonus_dice - before[3])
        want = (line.get("time", 0), line.get("horror", 0), line.get("heal", 0) - line.get("lose_health", 0))
        assert moved == (*want, line.get("bonus_dice", 0)), (card, line)
        assert s.end_action == bool(line.get("end_phase")) and s.improvise == line.get("improvise", ""), (
            card,
            line,
        )


# The Death Traps' tracks (designed; RULES.md M19): what each step after the first does as the trap progresses.
TRACKS = {
    "reverse_bear_trap": ("horror", "time", "horror", "final"),
    "swinging_blades": ("time", "horror", "final"),
    "drowning_tank": ("", "horror", "time", "final"),
    "conveyor_crusher": ("horror", "", "final"),
    "hanging_chains": ("time", "", "horror", "final"),
    "pressure_plate": ("horror", "time", "final"),
    "electric_cage": ("health", "time", "health", "horror", "final"),
    "sealed_box": ("time", "health", "", "health", "final"),
    "hook_and_pulley": ("health", "horror", "health", "final"),
    "spike_press": ("horror", "health", "time", "health", "final"),
}
STEP = {"": (0, 0, 0), "horror": (0, 1, 0), "time": (-2, 0, 0), "health": (0, 0, -1)}
"""A step's (Time, Horror, her health) change: Horror +1, Time -2, 1 health (her own traps only)."""


@pytest.mark.parametrize("card", sorted(TRACKS))
def test_each_death_trap_progresses_along_its_track(card):
    """RULES.md M19: each Death Trap, progressed step by step, does its track's steps in order (Horror +1, Time
    -2, 1 health for hers) and completes on its last: a Victim's kills the Victim, hers ends the game."""
    s = clear_board(fresh())
    s.time, s.horror = 12, 0
    mine = card in D.FG_TRAPS
    subject = "fg" if mine else str(add_victim(s, "office").id)
    if not mine:
        s.victims[-1].trapped = True
    set_trap(s, card, subject, s.fg_space if mine else "office", [])
    done = []
    for effect in TRACKS[card]:
        before = (s.time, s.horror, s.fg_health)
        run_ops(s, {"op": "progress"})
        if effect == "final":
            assert s.traps[0].done or s.result, card
            break
        done.append(tuple(a - b for a, b in zip((s.time, s.horror, s.fg_health), before, strict=True)))
    assert done == [STEP[e] for e in TRACKS[card][:-1]], card
    assert len(D.TRAPS[card]["track"]) == len(TRACKS[card]) + 1


# -- the mutation run with issue 47's operators (RULES.md M20-M25) ------------------------------------------


def test_adrenaline_counts_the_killer_only_on_her_final_health_token():
    """RULES.md M20 (H6): on the board with health left, the Tormentor gives no Adrenaline die; on her Final
    Health token, one."""
    s = fresh()
    base = dice_count(s, 0)
    s.killer_space, s.finale_revealed = "lobby", True
    s.killer_health = 1
    assert dice_count(s, 0) == base
    s.killer_health = 0
    assert dice_count(s, 0) == base + 1


def test_infinite_evil_sends_her_after_the_first_tied_victims_in_board_order_when_you_are_not_tied():
    """RULES.md M21 (G1): under Infinite Evil, tied Victims and no Final Girl among them: the first space in board
    order, whichever way the tie is listed."""
    s = fresh(0, ties="infinite-evil")
    first, last = D.ORDER[1], D.ORDER[5]
    assert amb.target(s, [(last, False), (first, False)]) == (first, False)
    assert amb.target(s, [(first, False), (last, False)]) == (first, False)


def test_only_an_unlocking_item_is_offered_on_a_locked_exit():
    """RULES.md M22 (I5): on a Locked Exit the Bolt Cutters, the Keycard and the Crowbar (with 1 Time) are offered
    to open it; a weapon with no unlocking (the Wrench) is not, nor the Crowbar with no Time."""
    s = fresh()
    exit_ = D.EXITS[0]
    s.fg_space, s.locked, s.time = exit_, [exit_], 2
    s.hands, s.backpack = ["wrench", "crowbar"], ["bolt_cutters"]
    used = {o.key for o in item_options(s)}
    assert used == {"item:crowbar", "item:bolt_cutters"}
    s.time = 0
    assert {o.key for o in item_options(s)} == {"item:bolt_cutters"}


def test_a_move_card_works_only_a_move_escape_task():
    """RULES.md M23 (D5): a Walk may be played toward a Victim's Death Trap here whose current Escape Task is a
    move, and not toward one whose task is Time."""
    toward = {}
    for card in ("swinging_blades", "reverse_bear_trap"):  # first tasks: move 1; Time 2
        s = clear_board(fresh())
        hand_of(s, "walk")
        v = add_victim(s, s.fg_space)
        v.trapped = True
        set_trap(s, card, str(v.id), s.fg_space, [])
        s.ask = {"kind": "action"}
        toward[card] = any(k.startswith("play:walk:") for k in legal(s))
    assert toward == {"swinging_blades": True, "reverse_bear_trap": False}


def test_an_item_is_discarded_with_its_last_use():
    """RULES.md M24 (I3): an item with limited uses keeps its card while uses are left and is discarded with the
    last one."""
    s = fresh()
    s.hands, s.item_uses = ["nail_gun"], {"nail_gun": 2}
    use_item(s, "nail_gun", [])
    assert s.hands == ["nail_gun"] and s.item_uses["nail_gun"] == 1
    use_item(s, "nail_gun", [])
    assert "nail_gun" not in s.hands + s.backpack and "nail_gun" not in s.item_uses


def test_no_harm_comes_to_her_once_the_game_is_over():
    """RULES.md M25: once the game has ended (won or lost), damage or lost health changes nothing and tells
    nothing."""
    s = fresh()
    s.result = "won"
    health, events = s.fg_health, []
    hurt_fg(s, 2, events, "card")
    assert s.fg_health == health and events == []
