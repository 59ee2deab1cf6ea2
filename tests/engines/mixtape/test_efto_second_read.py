"""Escape From Tall Oaks, issue 15: the Final Scene that turns over by itself, a Task that says why it waits,
the cases the rulebook leaves open (settled in RULES.md), no round limit, and the second line-by-line read.
Each test is named in engines/mixtape/tall_oaks/RULES.md."""

from __future__ import annotations

from collections import Counter

import pytest
from efto_positions import ENDING_SEEDS, GAME, clear, drop_all, ending, fresh, give, put, scene

from engines.core.contract import IllegalMove
from engines.mixtape.tall_oaks import (
    bonus,
    checks,
    finals,
    health,
    movement,
    rescues,
    scenes,
    searching,
    slasher,
    turns,
)
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks import spending as spending_module
from engines.mixtape.tall_oaks.places import place
from engines.mixtape.tall_oaks.readings import read

B = R.BOARD
A, S, E = "action", "shield", "escape"
BONUS_SPACE = next(n for n, k in B.kind.items() if k == "bonus")


def count(a: int = 0, s: int = 0, e: int = 0) -> dict[str, int]:
    return {A: a, S: s, E: e}


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def on_top(deck, card: str) -> None:
    deck.draw_pile.remove(card)
    deck.put_on_top(card)


def tokens(state, who: int, n: int) -> None:
    """Give a survivor n rescue tokens from the bank."""
    state.survivors[who].rescues += [state.bank.pop() for _ in range(n)]


def all_done(state) -> None:
    state.done, state.center, state.helipad = [True] * 4, [], True
    state.slasher, state.meter = R.LEGEND, R.METER


def finds(events) -> int:
    return sum(e.kind in ("supply_found", "card_pocketed") for e in events)


def dice(monkeypatch, *rolls: list[str]) -> None:
    """The Action Dice roll these, in order (a scuffle rolls the mover's dice, then the other's), then as
    the game's RNG has them."""
    it = iter(rolls)
    real = spending_module.action_dice
    monkeypatch.setattr(spending_module, "action_dice", lambda rng: next(it, None) or real(rng))


# -- 2. the Final Scene turns over by itself ---------------------------------------------------------------


def test_everyone_holding_five_turns_over_the_moment_the_fourth_task_is_done():
    state = fresh(201, rivals="3")
    state.done, state.slasher, state.center = [True, True, True, False], 1, []
    state.order, state.current = [2, 3, 0, 1], 2
    for who, n in ((0, 5), (1, 4), (2, 5), (3, 6)):
        tokens(state, who, n)
    state.survivors[2].tasks = [4]
    put(state, 2, "gas")
    clear(state, "gas")
    ev = GAME.apply(state, "task")  # the final battle with Sarah
    slasher.resolve_fight(state, [A, A, S], count(a=3), True, ev)
    flips = [e["seat"] for e in ev if e.kind == "final_revealed"]
    assert flips == ["survivor3", "survivor4", "survivor1"]  # the current survivor, then in turn order
    assert kinds(ev).index("helipad") < kinds(ev).index("final_revealed")
    assert not state.survivors[1].revealed and GAME.invariants(state) == []


def test_a_fifth_token_from_a_bonus_track_or_a_traitor_turns_the_card_over_at_once():
    state = fresh(202)
    all_done(state)
    tokens(state, 0, 4)
    put(state, 0, BONUS_SPACE)
    on_top(state.bonus, "bt19")  # a rescue token
    ev: list = []
    bonus.bonus(state, ev)
    assert state.survivors[0].revealed and kinds(ev)[:2] == ["bonus", "final_revealed"]
    state = fresh(203)
    all_done(state)
    tokens(state, 0, 4)
    tokens(state, 1, 1)
    state.supplies.draw_pile.remove("traitor.1")
    state.survivors[0].traitors.append("traitor.1")
    state.current = 2
    turns.end_turn(state, [])
    ev = GAME.apply(state, "traitor:survivor2:rescue")
    assert kinds(ev)[:2] == ["traitor", "final_revealed"] and state.survivors[0].revealed


def test_a_fifth_token_won_in_a_scuffle_turns_the_winners_card_over(monkeypatch):
    state = fresh(204)
    all_done(state)
    tokens(state, 0, 1)
    tokens(state, 1, 5)
    finals.flip_ready(state, [])
    state.current = 0
    tokens(state, 0, 3)  # four in hand
    put(state, 1, "school")
    put(state, 0, "school")
    movement.arrive(state, [])
    dice(monkeypatch, [E, E, E], [A, A, S])  # survivor1 rolls a triple: wins and takes a token
    ev = GAME.apply(state, "scuffle:survivor2")
    assert len(state.survivors[0].rescues) == 5 and state.survivors[0].revealed
    assert kinds(ev).index("scuffle") < kinds(ev).index("final_revealed")


# -- 4. a Task that does not advance says why ----------------------------------------------------------------


def test_entering_a_task_location_out_of_order_says_why_before_the_search():
    state = fresh(205)
    state.center.remove(3)
    state.survivors[0].tasks = [3]
    put(state, 0, "radio")
    clear(state, "radio")
    ev: list = []
    movement.arrive(state, ev)
    wait = next(e for e in ev if e.kind == "task_waits")
    assert (wait["task"], wait["first"], wait["why"]) == (3, 1, "order")
    assert wait["place"] == place("radio")
    assert kinds(ev).index("task_waits") < kinds(ev).index("searched")
    assert not any(state.done)


def test_entering_an_uncleared_task_location_says_the_scene_comes_first():
    state = fresh(206)
    state.done[0] = state.done[1] = True
    state.center = [4]
    state.survivors[0].tasks = [3]
    put(state, 0, "radio")
    ev: list = []
    movement.arrive(state, ev)
    wait = next(e for e in ev if e.kind == "task_waits")
    assert (wait["task"], wait["first"], wait["why"]) == (3, 3, "marker")
    assert kinds(ev).index("task_waits") < kinds(ev).index("scene_drawn")


def test_no_word_when_the_task_can_be_done_or_is_not_held():
    state = fresh(207)
    put(state, 0, "radio")
    clear(state, "radio")
    ev: list = []
    movement.arrive(state, ev)  # no Task card held
    assert "task_waits" not in kinds(ev)


# -- 5. the cases the rulebook left undocumented ---------------------------------------------------------------


def test_noise_past_the_fourth_spot_is_lost_and_calls_the_slasher_once():
    state = fresh(208)
    state.meter = 3
    ev: list = []
    assert slasher.noise(state, 3, 0, ev, "scene") is True
    assert state.meter == 4 and [(e["amount"], e["called"]) for e in ev] == [(3, True)]
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    slasher.resolve_fight(state, [A, A, S], count(a=2, s=1), True, [])
    assert state.meter == 0  # reset to zero: nothing carried over


def test_a_roll_that_makes_both_the_actions_and_the_escapes_defeats_the_slasher():
    assert read("fight", [A, A, E], count(a=2, e=2), 2, 2) == "defeat"
    state = fresh(209)
    give(state, 0, "keys.1")  # +2 Escapes
    put(state, 0, "school")
    slasher.start_fight(state, 0, "normal", "end", [])
    ev: list = []
    slasher.resolve_fight(state, [A, A, E], count(a=2, e=3), True, ev)
    assert next(e for e in ev if e.kind == "fight")["result"] == "defeat"
    assert not state.slasher_at and state.meter == 0 and state.survivors[0].at == "school"


def _empty_bank(state, leave: int = 0) -> None:
    """Every bank token but `leave` goes to survivor3 (tokens stay in exactly one place)."""
    keep = len(state.bank) - leave
    state.survivors[2].rescues += state.bank[:keep]
    state.bank = state.bank[keep:]


def test_a_rescue_takes_only_the_tokens_the_bank_still_holds_and_says_so():
    state = fresh(210)
    assert len(state.bank) == 42 - 10  # the box's tokens, less the ten Scene Markers on the board
    put(state, 0, "school")
    scene(state, "ks15")  # three rescue tokens
    _empty_bank(state, leave=1)
    ev: list = []
    rescues.resolve_rescue(state, "ok", ev)
    rescue = next(e for e in ev if e.kind == "rescue")
    assert len(state.survivors[0].rescues) == 2 and not state.bank
    assert (rescue["n"], rescue["short"]) == (2, 1)


def test_a_bonus_track_rescue_with_an_empty_bank_gives_nothing_and_says_so():
    state = fresh(211)
    _empty_bank(state)
    put(state, 0, BONUS_SPACE)
    on_top(state.bonus, "bt19")
    ev: list = []
    bonus.bonus(state, ev)
    assert ev[0]["got"] == 0 and not state.survivors[0].rescues and GAME.invariants(state) == []


def test_restocking_with_too_few_tokens_fills_the_locations_in_board_order():
    state = fresh(212)
    for loc in R.MARKER_LOCATIONS:
        if loc != "school":
            clear(state, loc)
    _empty_bank(state, leave=3)
    put(state, 0, "school")
    scene(state, "ks01")
    ev: list = []
    rescues.resolve_rescue(state, "ok", ev)
    filled = [loc for loc in R.MARKER_LOCATIONS if state.markers[loc]]
    assert filled == [loc for loc in R.MARKER_LOCATIONS if loc != "school"][:3]
    assert next(e for e in ev if e.kind == "restocked")["count"] == 3 and not state.bank


def _task_battle(seed: int):
    state = fresh(seed)
    state.done[0] = True
    state.center.remove(1)
    state.center.remove(2)
    state.survivors[0].tasks = [2]
    put(state, 0, "police")
    clear(state, "police")
    GAME.apply(state, "task")
    return state


def test_the_loser_of_a_task_battle_keeps_the_task_card():
    state = _task_battle(213)
    x = state.survivors[0]
    ev: list = []
    slasher.resolve_fight(state, [S, S, E], count(s=2, e=1), True, ev)  # Smiley: 2 Actions or 2 Escapes
    assert (
        x.tasks == [2]
        and x.supplies == []
        and next(e for e in ev if e.kind == "lost")["items"] == ["Baseball Bat"]
    )
    assert x.health == R.HEALTH - 1 and B.kind[x.at] == "start" and not state.done[1]
    state = _task_battle(214)
    drop_all(state, 0)  # nothing but the Task card: the supply loss takes nothing
    ev = []
    slasher.resolve_fight(state, [S, S, E], count(s=2, e=1), False, ev)
    assert state.survivors[0].tasks == [2] and "lost" not in kinds(ev)


def _flipped(seed: int):
    state = fresh(seed)
    all_done(state)
    tokens(state, 0, 5)
    finals.flip_ready(state, [])
    x = state.survivors[0]
    return state, x, R.FINAL_SCENES[x.final].location


def test_a_flipped_survivor_below_five_keeps_the_card_up_but_cannot_attempt_the_final_rescue():
    state, x, loc = _flipped(215)
    rescues.lose_rescues(state, 0, 1)
    assert x.revealed and state.final_tokens[loc] == x.seat and GAME.invariants(state) == []
    put(state, 0, loc)
    ev: list = []
    movement.arrive(state, ev)
    assert "slasher_attacks" not in kinds(ev) and "searched" not in kinds(ev) and state.current != 0
    state.current, state.phase = 0, "turn"
    assert GAME.decision(state).option("final") is None
    with pytest.raises(IllegalMove, match="the Final Rescue needs 5"):
        GAME.apply(state, "final")
    tokens(state, 0, 1)  # back at five
    assert GAME.decision(state).option("final") is not None


def test_the_final_rescue_token_in_hand_escapes_even_below_five():
    state, x, loc = _flipped(216)
    x.final_token = True
    del state.final_tokens[loc]
    rescues.lose_rescues(state, 0, 3)
    put(state, 0, "rec")
    movement.arrive(state, [])
    assert GAME.outcome(state).winners == ("survivor1",)


def test_failing_the_invaders_leaves_an_undone_task_one_where_it_is():
    state = fresh(217)
    put(state, 0, "school")
    scene(state, "ks40")
    ev: list = []
    rescues.resolve_invaders(state, "fail", ev)  # Task #1 still in the Rec Center pile
    assert state.center == [4, 3, 2, 1] and "power_out" not in kinds(ev)
    state = fresh(218)
    state.center.remove(1)
    state.survivors[1].tasks = [1]
    put(state, 0, "school")
    scene(state, "ks40")
    ev = []
    rescues.resolve_invaders(state, "fail", ev)  # Task #1 held, never done: the power was never back on
    assert state.survivors[1].tasks == [1] and state.center == [4, 3, 2] and "power_out" not in kinds(ev)


def test_failing_the_invaders_resets_only_task_one_and_later_tasks_stay_done():
    state = fresh(219)
    state.done[0] = state.done[1] = True
    state.slasher, state.center = 1, [4, 3]
    put(state, 0, "school")
    scene(state, "ks40")
    ev: list = []
    rescues.resolve_invaders(state, "fail", ev)
    assert state.done == [False, True, False, False] and state.center == [4, 3, 1] and state.slasher == 1
    assert checks.next_task(state) == 1 and "power_out" in kinds(ev)
    state.done[0] = True
    assert checks.next_task(state) == 3


# -- 6. no round limit ---------------------------------------------------------------------------------------


def test_there_is_no_round_limit():
    state = fresh(220)
    state.round = 10**6
    state.current = state.order[-1]
    ev: list = []
    turns.end_turn(state, ev)
    assert state.round == 10**6 + 1 and not state.result and "game_over" not in kinds(ev)


def test_the_shipped_policies_finish_every_game_the_tests_play():
    """ENDING_SEEDS games a policy (30 quick, 60 full); they end both ways, so both reasons are read."""
    told = Counter()
    for policy in GAME.policies:
        for seed in range(ENDING_SEEDS):
            end = ending(policy, seed)  # test_efto_games reads the first two thirds too: played once
            assert end.finished, (policy, seed)
            nobody = end.outcome.reason == "Nobody made it out of Tall Oaks alive."
            assert nobody or end.outcome.reason == (
                f"{' and '.join(end.last['names'])} reached the helicopter and escaped Tall Oaks."
            )
            told[nobody] += 1
    assert told[True] and told[False], f"the {ENDING_SEEDS} seeds a policy end only one way: {told}"


# -- 7. the second line-by-line read -------------------------------------------------------------------------


def test_the_invaders_take_only_health_from_a_current_player_with_no_token():
    state = fresh(221)
    put(state, 0, "school")
    scene(state, "ks40")
    rescues.resolve_invaders(state, "fail", [])
    assert [x.health for x in state.survivors] == [4, 5, 5]  # 2 for the drawer; 1 each for the tokenless


def test_the_invaders_need_no_weapon():
    state = fresh(222)
    drop_all(state, 0)
    put(state, 0, "school")
    scene(state, "ks40")
    ev: list = []
    scenes.play_card(state, ev)
    roll = next(e for e in ev if e.kind == "action_roll")
    assert roll["purpose"] == "invaders" and "unarmed" not in kinds(ev)


def test_a_task_battle_can_be_escaped_and_the_task_stays_undone():
    state = _task_battle(223)
    x = state.survivors[0]
    slasher.resolve_fight(state, [E, E, S], count(e=2, s=1), True, [])
    assert x.health == R.HEALTH and x.tasks == [2] and B.kind[x.at] == "start" and not state.done[1]
    assert state.slasher_at == "police" and state.slasher == 0


def test_triple_shields_in_a_task_battle_drive_the_slasher_off_and_the_task_waits():
    state = _task_battle(224)
    x = state.survivors[0]
    slasher.resolve_fight(state, [S, S, S], count(s=3), True, [])
    assert not state.slasher_at and state.meter == 3 and x.at == "police" and not state.done[1]
    state.current, state.phase = 0, "turn"
    ev = GAME.apply(state, "task")  # the next attempt brings Smiley back, the meter full again
    attack = next(e for e in ev if e.kind == "slasher_attacks")
    assert attack["kind"] == "task" and state.meter == R.METER


def test_a_task_battle_won_by_triple_actions_gives_both_free_supplies():
    state = _task_battle(225)
    ev: list = []
    slasher.resolve_fight(state, [A, A, A], count(a=3), True, ev)
    while state.phase == "keep":  # full hands: leave each new find
        ev += GAME.apply(state, GAME.decision(state).options[-1].key)
    assert state.done[1] and finds(ev) == 2  # the combo's free supply and the Task's free search


def test_nobody_searches_where_a_final_rescue_token_lies_and_it_blocks_the_farm_shortcut():
    state = fresh(226)
    all_done(state)
    o = state.survivors[1]
    farm_card = next(f for f, fs in R.FINAL_SCENES.items() if fs.location == "farm")
    holder = next((x for x in state.survivors if x.final == farm_card), None)
    if holder is not None:
        holder.final, o.final = o.final, farm_card
    else:
        state.finals.remove(farm_card)
        state.finals.append(o.final)
        o.final = farm_card
    tokens(state, 1, 5)
    finals.flip_ready(state, [])
    assert state.final_tokens == {"farm": "survivor2"} and not state.markers["farm"]
    assert "farm" not in movement.shortcuts_open(state)
    put(state, 0, "farm")
    ev: list = []
    movement.arrive(state, ev)
    assert "searched" not in kinds(ev) and "slasher_attacks" not in kinds(ev)


def test_walking_into_a_location_where_an_active_slasher_waits_starts_no_fight():
    state = fresh(227)
    state.slasher_at, state.meter = "police", R.METER
    on_top(state.scenes, "ks01")  # no noise on the card
    put(state, 0, "police")
    ev: list = []
    movement.arrive(state, ev)
    assert "slasher_attacks" not in kinds(ev) and kinds(ev)[0] == "scene_drawn"


def test_on_landing_a_slasher_alongside_is_fought_before_any_scuffle():
    state = fresh(228)
    state.slasher_at, state.meter = "5-0", R.METER
    put(state, 1, "4-0")
    put(state, 0, "4-0")
    movement.arrive(state, [])
    assert state.phase != "scuffle" and state.purpose == "fight"
    ev: list = []
    slasher.resolve_fight(state, [A, A, S], count(a=2, s=1), True, ev)
    assert "scuffle" not in kinds(ev) and state.phase != "scuffle" and state.current != 0


def test_a_failed_rescue_goes_to_a_starting_point_before_the_spent_noise_calls_the_slasher():
    state = fresh(229)
    put(state, 0, "school")
    scene(state, "ks10")
    state.meter, state.pending_noise = 2, 2  # a Chainsaw token spent on the roll
    ev: list = []
    rescues.resolve_rescue(state, "fail", ev)
    x = state.survivors[0]
    order = kinds(ev)
    assert order.index("rescue") < order.index("sent_to_start") < order.index("slasher_attacks")
    assert B.kind[x.at] == "start" and state.slasher_at == x.at
    assert next(e for e in ev if e.kind == "slasher_attacks")["place"] == place(x.at)


def test_health_never_goes_above_six():
    state = fresh(230)
    x = state.survivors[0]
    x.health = 5
    put(state, 0, BONUS_SPACE)
    on_top(state.bonus, "bt06")  # heal 2
    bonus.bonus(state, [])
    assert x.health == 6
    state = fresh(231)
    x = state.survivors[0]
    give(state, 0, "firstaid.1")  # +2 health
    x.health = 5
    ev = GAME.apply(state, "heal:firstaid.1")
    assert x.health == 6 and ev[0]["amount"] == 1


def test_the_decks_never_run_dry():
    # At most: six survivors' hands (one of them Mario's three slots), both Traitor cards, and a find waiting.
    supplies = GAME.content(1)["supplies"]  # the box's own cards (the first content edition)
    traitors = sum(1 for c in supplies if R.supply(c).kind == R.TRAITOR)
    most_out = 5 * R.SLOTS + (R.SLOTS + 1) + traitors + 1
    assert most_out == 16 and len(supplies) == 56
    state = fresh(232)
    state.supplies.discard_pile += state.supplies.draw_pile  # an exhausted draw pile
    state.supplies.draw_pile = []
    ev: list = []
    searching.give_supply(state, 0, "end", ev)
    assert finds(ev) == 1 and GAME.invariants(state) == []  # the discards were shuffled into a new deck


def test_one_scuffle_per_arrival(monkeypatch):
    state = fresh(233)
    put(state, 1, "school")
    put(state, 2, "school")
    put(state, 0, "school")
    movement.arrive(state, [])
    assert set(GAME.decision(state).keys()) == {"scuffle:survivor2", "scuffle:survivor3", "scuffle:no"}
    dice(monkeypatch, [A, A, S], [E, S, S])  # survivor1 wins on Actions
    on_top(state.scenes, "ks01")
    ev = GAME.apply(state, "scuffle:survivor2")
    assert kinds(ev).count("scuffle") == 1 and "scene_drawn" in kinds(ev) and state.phase != "scuffle"


def test_the_nearest_starting_point_goes_to_board_order_on_a_tie():
    # From the WKIL Radio Station the starting points north of town lie 7 steps away each way.
    d = B.distances("radio", through=B.locations)
    assert d["10-0"] == d["20-0"] == 7 and B.starts.index("10-0") < B.starts.index("20-0")
    state = fresh(234)
    put(state, 1, "0-12")
    put(state, 2, "10-12")
    put(state, 0, "radio")
    health.to_start(state, 0, [])
    assert state.survivors[0].at == "10-0"


def test_a_scuffle_lost_to_triples_costs_one_health_and_one_rescue_token(monkeypatch):
    state = fresh(235)
    put(state, 1, "school")
    put(state, 0, "school")
    tokens(state, 1, 2)
    movement.arrive(state, [])
    dice(monkeypatch, [S, S, S], [A, A, E])  # survivor1's triple wins outright
    GAME.apply(state, "scuffle:survivor2")
    loser = state.survivors[1]
    assert len(state.survivors[0].rescues) == 1 and len(loser.rescues) == 1
    assert loser.health == 5 and B.kind[loser.at] == "start"


# -- 8. every number RULES.md gives is pinned --------------------------------------------------------------------


def test_the_designed_values_are_the_ones_rules_md_lists():
    """RULES.md, "Designed values": each number there, as written (a changed number must fail here)."""
    assert sorted(R.ACTION_FACES) == [A, A, E, E, S, S]
    assert Counter(R.SEARCH_FACES) == {"search": 3, "denied": 2, "noise": 1}
    stats = {s.id: (s.defeat, s.escape, s.health_loss, s.supply_loss, s.rescue_loss) for s in R.SLASHERS}
    assert stats == {"smiley": (2, 2, 1, 1, 0), "sarah": (2, 2, 2, 0, 1), "legend": (3, 0, 2, 1, 0)}
    bat, knife = R.SUPPLY_TYPES["bat"], R.SUPPLY_TYPES["knife"]
    assert (bat.kind, bat.amount, bat.noise) == (A, 1, 0)
    box = GAME.content(1)  # the box's own cards (the first content edition): a card added later is not counted
    assert sum(1 for c in box["supplies"] if R.supply(c).id == "bat") == 8
    assert (knife.kind, knife.amount, knife.noise, knife.infinite) == (A, 1, 0, True)
    assert sum(1 for c in box["supplies"] if R.supply(c).kind == R.TRAITOR) == 2
    by_kind = Counter(R.SCENES[sc].kind for sc in box["scenes"])
    assert by_kind == {"rescue": 24, "defend": 8, "late": 3, "here": 4, "invaders": 1}
    rescues = [sc for sc in R.SCENES.values() if sc.kind == "rescue"]
    assert {sc.actions for sc in rescues} == {1, 2, 3} and {sc.rescues for sc in rescues} == {1, 2, 3}
    assert {sc.noise for sc in rescues} == {0, 1, 2}
    defends = [sc for sc in R.SCENES.values() if sc.kind == "defend"]
    assert {sc.shields for sc in defends} == {1, 2} and {sc.damage for sc in defends} == {1}
    assert {sc.damage for sc in R.SCENES.values() if sc.kind == "late"} == {1}
    assert R.SCENES["ks40"].actions == 3
    bonus = Counter((R.BONUS[b].effect, R.BONUS[b].amount) for b in box["bonus"])
    assert bonus == {
        ("heal", 1): 5,
        ("heal", 2): 2,
        ("hurt", 1): 5,
        ("noise", 1): 4,
        ("noise", 2): 2,
        ("rescue", 1): 4,
        ("supply", 1): 4,
        ("drop_rescue", 1): 2,
        ("hush", 1): 2,
    }
    finals = [R.FINAL_SCENES[f] for f in box["finals"]]
    assert {f.actions for f in finals} == {2, 3, 4} and {f.damage for f in finals} == {1, 2, 3}
    assert sorted(f.location for f in finals) == sorted(
        ["asylum", "church", "hospital", "school", "farm", "radio", "square", "power"]
    )
    amounts = {name: R.ABILITIES[name].amount for name in box["survivors"]}
    assert amounts == {
        "Derrick": 1,
        "Kimmy": 1,
        "Ivy": 0,
        "Star": 1,
        "Mario": 1,
        "Christine": 0,
        "Specs": 1,
        "Johnny": 1,
        "Kirk": 1,
        "Linda": 1,
    }


def test_the_rulebook_numbers_of_the_rules_table_are_as_printed():
    """cards.toml [rules]: the rulebook's numbers (each is also pinned by the behaviour test its row names)."""
    assert (R.HEALTH, R.INJURED, R.METER, R.MOVEMENT_DICE, R.ACTION_DICE, R.SLOTS) == (6, 2, 4, 2, 3, 2)
    assert (R.RESCUES_NEEDED, len(R.TOKENS)) == (5, 42)
    assert (R.INVADERS_HEALTH, R.INVADERS_TOKENS, R.INVADERS_OTHERS) == (2, 1, 1)
    assert (R.SEARCH_NOISE, R.SCUFFLE_HEALTH, R.SCUFFLE_TOKENS, R.REPEL_DROP) == (1, 1, 1, 1)
    assert R.TASK_LOCATIONS == ["power", "police", "radio", "gas"] and sorted(R.TASK_BATTLES) == [2, 4]


def test_the_invaders_need_three_actions(monkeypatch):
    for roll, ok in (([A, A, S], False), ([A, A, A], True)):  # two Actions fail; three (no combo here) win
        state = fresh(236)
        drop_all(state, 0)
        put(state, 0, "school")
        scene(state, "ks40")
        dice(monkeypatch, roll)
        ev: list = []
        scenes.play_card(state, ev)
        assert next(e for e in ev if e.kind == "invaders")["ok"] is ok
