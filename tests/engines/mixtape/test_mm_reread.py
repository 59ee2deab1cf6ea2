"""Director's Cut rules settled by issue 15: the defects independent play found, and the cases a second
line-by-line read of the rulebook found open. Each test names the rule; RULES.md cites it."""

from __future__ import annotations

import pytest
from mm_positions import (
    FIST,
    KNIFE,
    PENT,
    LoadedRng,
    give,
    kinds,
    put_marker,
    ready,
    started,
    top_scene,
    top_supply,
    turn_of,
)

from engines.core.autoplay import play
from engines.mixtape.directors_cut import GAME, odds, turns
from engines.mixtape.directors_cut import hero as heroes
from engines.mixtape.directors_cut import rules_data as R
from tests.tools.breadth import breadth

B = R.BOARD


def _souvenir(state) -> str:
    token = next(t for t in state.bank if not R.is_runner(t))
    state.bank.remove(token)
    return token


def _end_of_round(state) -> None:
    state.current = state.order[-1]
    state.phase = "turn"


# -- a Killing Spree after Here Comes A Hero ---------------------------------------------------------------


def test_fending_off_the_hero_from_a_free_search_ends_the_killing_spree():
    """RB Fighting Heroes: after Here Comes A Hero on a free search, "If the player defeats the Hero ... the
    player can resume their killing spree"; driving the Hero off does not resume it."""
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "well")  # no restock
    top_scene(state, "k01")
    top_supply(state, "hero.1")
    state.rng = LoadedRng([KNIFE, FIST, PENT, 0, FIST, PENT, PENT])  # kill; a bank souvenir; 1 fist, 0 knives
    events = GAME.apply(state, "scene")
    k = kinds(events)
    assert k.index("hero_called") < k.index("hero_fended") < k.index("spree_ended")
    assert "spree" not in k and state.current != 0 and state.meter == R.METER - 1


def test_defeating_the_hero_from_a_free_search_resumes_the_spree():
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "well")
    top_scene(state, "k01")
    top_supply(state, "hero.1")
    state.rng = LoadedRng([KNIFE, FIST, PENT, 0, KNIFE, KNIFE, FIST])
    events = GAME.apply(state, "scene")
    assert "spree" in kinds(events) and "spree_ended" not in kinds(events)
    assert state.current == 0 and state.spree


# -- brawls: the mover rolls first, each spends just before their own roll ---------------------------------


def _brawl(defender_supply: str = "drill.1"):
    """Slasher 0 at 8-0 about to roll 4 onto 4-0, beside slasher 1 (5-0), who holds a noisy Drill."""
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.slashers[1].at = "5-0"
    if defender_supply:
        give(state, 1, defender_supply)
    return state


def test_a_movers_triple_wins_the_brawl_before_the_opponent_rolls_or_spends():
    """RB Engaging in Brawls: "The current player rolls first"; "the first to roll triples, still
    automatically wins": the opponent never rolls, so never spends a token or makes its noise."""
    state = _brawl()
    state.rng = LoadedRng([1, 1, FIST, FIST, FIST])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    won = next(e for e in events if e.kind == "brawl_won")
    assert won["how"] == "triple" and won["winner"] == "slasher1" and "other_dice" not in won.facts
    assert state.slashers[1].trackers == 3 and state.slashers[1].supply == "drill.1" and state.meter == 0
    assert state.slashers[1].health == R.HEALTH - R.BRAWL_BIG_LOSS == 4


def test_the_opponent_chooses_its_spend_after_seeing_the_movers_roll():
    state = _brawl()
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST])  # the mover: 2 knives, no triple
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    rolled = next(e for e in events if e.kind == "brawl_rolled")
    assert rolled["knives"] == 2 and rolled["seat"] == "slasher1" and "brawl_won" not in kinds(events)
    d = GAME.decision(state)
    assert d.kind == "spend" and d.seat == "slasher2" and "rolled fist, knife, knife: 2 knives" in d.prompt
    view = GAME.view(state, "slasher2")
    assert view.brawl_roll == ("fist", "knife", "knife") and view.brawl_knives == 2
    state.rng = LoadedRng([KNIFE, KNIFE, PENT])
    events = GAME.apply(state, "spend:1")  # 2 rolled + 1 from the Drill = 3 against 2
    won = next(e for e in events if e.kind == "brawl_won")
    assert won["winner"] == "slasher2" and won["other_knives"] == 3
    assert state.slashers[0].health == 5 and B.kind[state.slashers[0].at] == "start"
    assert state.meter == 1 and state.current != 0  # the Drill's noise, after the brawl


def test_the_opponents_odds_answer_the_roll_on_the_table():
    assert odds.brawl_answer(0, 1) == 1  # one supply knife beats a roll of no knives, whatever is rolled
    assert odds.brawl_answer(2, 0) < odds.brawl_answer(2, 2) < odds.brawl_answer(2, 3) == 1


def test_the_heuristic_answers_a_brawl_roll_spending_only_when_behind():
    state = _brawl()
    state.rng = LoadedRng([1, 1, FIST, FIST, PENT])  # no knife
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    assert GAME.hint(state).key == "spend:0"
    state = _brawl()
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST])  # two knives
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    assert GAME.hint(state).key != "spend:0"


def test_a_tied_brawl_rolls_again_past_any_number_of_ties():
    """RB Ways to Win a Brawl: "Ties are unacceptable. Players continue to roll ... until someone wins";
    the 30-round break-off of rules version 2 is gone."""
    state = _brawl(defender_supply="")
    tie = [KNIFE, FIST, PENT, KNIFE, FIST, PENT]
    state.rng = LoadedRng([1, 1, *tie * 31, KNIFE, KNIFE, FIST, FIST, FIST, PENT])
    GAME.apply(state, "roll")
    events = GAME.apply(state, "go:4-0")
    assert kinds(events).count("brawl_tied") == 31 and "brawl_won" in kinds(events)
    assert next(e for e in events if e.kind == "brawl_won")["round"] == 32


@pytest.mark.parametrize(("rolled", "loss"), [([KNIFE, KNIFE, FIST], 2), ([KNIFE, FIST, FIST], 1)])
def test_six_knives_exactly_cost_the_loser_two_health_five_cost_one(rolled, loss):
    """RB Ways to Win a Brawl note: "an attack with 6 (six) knives or more ... the opposing player loses 2
    health"."""
    state = _brawl(defender_supply="")
    give(state, 0, "machete.1")  # +2 knives a token, 2 tokens, no noise
    state.rng = LoadedRng([1, 1])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    state.rng = LoadedRng([*rolled, FIST, FIST, PENT])
    events = GAME.apply(state, "spend:2")
    won = next(e for e in events if e.kind == "brawl_won")
    assert won["knives"] == rolled.count(KNIFE) + 4
    assert state.slashers[1].health == R.HEALTH - loss


# -- a broken lock: go in or carry on ----------------------------------------------------------------------


def _locked_farm(state, colour: str = "yellow") -> None:
    state.locks["3-1"] = colour
    state.lock_bank -= 1


def test_a_lock_broken_at_the_start_of_a_turn_lets_the_slasher_carry_on_with_the_turn():
    """RB Unlocking Doors: "If successful in removing the lock, the player can enter the location or continue
    their turn"."""
    state = ready()
    put_marker(state, "farm")
    _locked_farm(state)
    turn_of(state, 0, "3-1")
    state.rng = LoadedRng([KNIFE, FIST, PENT, 0, 1])
    GAME.apply(state, "unlock")
    d = GAME.decision(state)
    assert d.kind == "door" and d.seat == "slasher1" and d.keys() == ["enter", "stay"]
    assert "go on with your turn" in d.options[1].label and "1 marker" in d.options[0].label
    assert d.prompt.endswith("or carry on with your turn?")
    events = GAME.apply(state, "stay")
    assert "entered" not in kinds(events) and "moved_roll" in kinds(events)  # the only choice left: roll
    assert state.current == 0 and state.slashers[0].at == "3-1" and "3-1" not in state.locks
    assert GAME.decision(state).kind == "move"


def test_a_lock_broken_after_a_move_may_be_left_standing_on_the_entrance_and_the_turn_ends():
    state = ready()
    put_marker(state, "farm")
    _locked_farm(state)
    turn_of(state, 0, "5-0")
    state.rng = LoadedRng([0, 2])  # 4: the locked entrance 3-1 stops the move at 3
    GAME.apply(state, "roll")
    GAME.apply(state, "go:3-1")
    assert GAME.decision(state).kind == "at_lock"
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "unlock")
    d = GAME.decision(state)
    assert d.kind == "door" and "your turn ends" in d.options[1].label
    assert d.prompt.endswith("or stay on the entrance and end your turn?")  # never 'carry on' when it ends
    GAME.apply(state, "stay")
    assert state.current != 0 and state.slashers[0].at == "3-1" and len(state.markers["farm"]) == 1


def test_the_heuristic_goes_in_for_a_victim_and_stays_out_of_an_empty_searched_location():
    state = ready()
    put_marker(state, "farm")
    _locked_farm(state)
    turn_of(state, 0, "3-1")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "unlock")
    assert GAME.hint(state).key == "enter"
    state = ready()
    _locked_farm(state)
    turn_of(state, 0, "3-1")
    state.slashers[0].searched = "farm"
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "unlock")
    assert GAME.hint(state).key == "stay"


# -- the nearest starting point, held or not ---------------------------------------------------------------


def test_a_brawl_loser_goes_to_the_nearest_starting_point_even_one_a_rival_holds():
    """RB Ways to Win a Brawl: "returns to the nearest starting point"; the rulebook never limits a starting
    point to one slasher."""
    state = _brawl(defender_supply="")
    state.slashers[2].at = "10-0"  # the starting point nearest 5-0 (5 steps; the next is 9)
    state.rng = LoadedRng([1, 1, KNIFE, KNIFE, FIST, FIST, PENT, FIST])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    assert state.slashers[1].at == state.slashers[2].at == "10-0"


def test_the_survivor_sends_every_slasher_to_their_own_nearest_starting_point():
    state = ready()
    put_marker(state, "farm")
    put_marker(state, "well")
    state.slashers[1].at = "9-0"
    state.slashers[2].at = "11-0"
    top_scene(state, "k50")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    assert [s.at for s in state.slashers] == [B.nearest("farm", B.starts), "10-0", "10-0"]


def test_equally_near_starting_points_go_by_board_order():
    for node in B.kind:
        dist = B.distances(node, through=B.locations)
        near = [p for p in B.starts if p in dist]
        best = min(dist[p] for p in near)
        tied = [p for p in near if dist[p] == best]
        if len(tied) > 1 and node not in B.starts:
            assert B.nearest(node, B.starts) == tied[0]
            return
    raise AssertionError("no space is equally near two starting points")


# -- three fists: the player can draw another card ---------------------------------------------------------


def test_three_fists_in_defence_beat_the_card_and_the_slasher_may_stop():
    """RB Dice Reference, Unique Combos for Defense: "The player defeats the card and can draw another"."""
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k36")  # 1 damage, 1 fist
    state.rng = LoadedRng([FIST, FIST, FIST])
    events = GAME.apply(state, "scene")
    assert "victim_beaten" in kinds(events) and kinds(events).count("scene_drawn") == 1
    d = GAME.decision(state)
    assert d.kind == "redraw" and d.seat == "slasher1" and d.keys() == ["redraw", "stop"]
    GAME.apply(state, "stop")
    assert state.current != 0 and state.slashers[0].health == 6 and len(state.markers["farm"]) == 1


def test_three_fists_in_defence_then_another_card():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k01")
    top_scene(state, "k36")
    state.rng = LoadedRng([FIST, FIST, FIST, KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    events = GAME.apply(state, "redraw")
    assert kinds(events)[0] == "scene_drawn" and "kill_made" in kinds(events)


def test_the_heuristic_draws_again_while_healthy_and_stops_when_hurt():
    for health, key in ((6, "redraw"), (2, "stop")):
        state = ready()
        put_marker(state, "farm")
        state.slashers[0].health = health
        top_scene(state, "k36")
        state.rng = LoadedRng([FIST, FIST, FIST])
        GAME.apply(state, "scene")
        assert GAME.hint(state).key == key


# -- no round cap: the game ends only by the rulebook's two ways --------------------------------------------


def test_there_is_no_round_cap():
    """RB Winning the Game: the first to the souvenir goal, or the last slasher standing; nothing else."""
    state = ready()
    state.round = 10_000
    _end_of_round(state)
    events: list = []
    turns.end_turn(state, events)
    assert state.result == "" and state.round == 10_001 and "game_over" not in kinds(events)


@pytest.mark.parametrize("policy", sorted(GAME.policies))
def test_the_shipped_policies_finish_every_game(policy):
    """10 seeds a rival count under the quick breadth, 20 under the full one."""
    for rivals in ("1", "2", "3", "4", "5"):
        for seed in range(breadth(10, 20)):
            played = play(GAME, seed, policy, {"rivals": rivals})
            assert played.finished and GAME.outcome(played.state) is not None, (policy, rivals, seed)
            assert played.state.reason.endswith(("souvenirs.", "standing.", "dead."))


# -- the second read: empty decks, the bank running out, what happens first --------------------------------


def test_the_killer_scenes_deck_reshuffles_its_discards_when_it_runs_out():
    """RB Defending Yourself note: "Reshuffle the pile when the deck has been exhausted"."""
    state = ready()
    put_marker(state, "farm")
    deck = state.scenes
    deck.discard_pile, deck.draw_pile = deck.draw_pile + deck.discard_pile, []
    total = len(deck.discard_pile)
    events = GAME.apply(state, "scene")
    assert "scene_drawn" in kinds(events)
    drawn = kinds(events).count("scene_drawn")
    assert len(deck.draw_pile) + len(deck.discard_pile) + bool(state.card) == total
    assert len(deck.draw_pile) >= total - drawn - 1 and GAME.invariants(state) == []


def test_a_big_kill_with_no_souvenir_left_in_the_bank_pays_only_what_there_is():
    """RB Attempting a Kill: extra souvenirs come from the bank; with only Runners left there (every souvenir
    on the board or held), the kill pays the marker alone (designed: a Runner is never a souvenir)."""
    state = ready()
    put_marker(state, "farm")
    while any(not R.is_runner(t) for t in state.bank):
        state.markers["power"].append(_souvenir(state))
    top_scene(state, "k01")  # 2 souvenirs
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    assert len(state.slashers[0].souvenirs) == 1 and len(state.bank) == len(R.RUNNER_TOKENS)


def test_a_restock_with_too_few_tokens_fills_the_locations_in_board_order():
    state = ready()
    dead = state.slashers[2]
    dead.alive, dead.health, dead.at = False, 0, ""
    put_marker(state, "farm")
    for _ in range(7):
        state.slashers[0].souvenirs.append(_souvenir(state))
    while any(not R.is_runner(t) for t in state.bank):
        dead.souvenirs.append(_souvenir(state))
    top_scene(state, "k01")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    restocked = next(e for e in events if e.kind == "restocked")
    others = [loc for loc in R.LOCATIONS if loc != "farm"]
    assert restocked["count"] == len(R.RUNNER_TOKENS) == 8
    assert [loc for loc in others if state.markers[loc]] == others[:8] and state.bank == []


def test_a_restock_after_the_survivor_spares_the_last_kills_location_not_the_survivors():
    """RB Restocking: "restock ... in all locations except the one where the last kill took place"; The
    Survivor taking the last marker is no kill."""
    state = ready()
    put_marker(state, "farm")
    state.last_kill = "power"
    top_scene(state, "k50")
    state.rng = LoadedRng([KNIFE, FIST, PENT])  # one fist: The Survivor gets away
    GAME.apply(state, "scene")
    assert state.markers["farm"] and not state.markers["power"]
    assert all(state.markers[loc] for loc in R.LOCATIONS if loc != "power")


def test_the_survivors_effects_come_in_the_printed_order_and_the_game_ends_as_soon_as_one_is_left():
    """The drawer loses health first; if that leaves one slasher, the game is over and the rest of the card
    (the other slasher's souvenir or health) is not played."""
    state = ready(rivals="1")
    put_marker(state, "farm")
    state.slashers[0].health = 2
    state.slashers[1].health = 1  # no souvenir: would lose 1 health and die too
    top_scene(state, "k50")
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    GAME.apply(state, "scene")
    assert GAME.outcome(state).winners == ("slasher2",) and state.slashers[1].health == 1


def test_the_survivor_is_held_off_by_exactly_two_fists_and_takes_one_souvenir_from_each_other_slasher():
    state = ready()
    put_marker(state, "farm")
    top_scene(state, "k50")
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "survivor_stopped" in kinds(events) and state.slashers[0].health == 6
    state = ready()
    put_marker(state, "farm")
    state.slashers[1].souvenirs += [_souvenir(state), _souvenir(state)]
    top_scene(state, "k50")
    state.rng = LoadedRng([FIST, KNIFE, PENT])
    GAME.apply(state, "scene")
    assert len(state.slashers[1].souvenirs) == 2 - R.SURVIVOR_SOUVENIR_LOSS == 1


def test_a_red_lock_on_a_location_locked_yellow_turns_that_lock_red_and_takes_no_token():
    """RB Linda: "a Lock Token (red) is added to the current location"; its only entrance holds a yellow lock
    already (placed while the slasher was inside), so that token turns to its red side (designed)."""
    state = ready()
    put_marker(state, "farm")
    state.locks["3-1"] = "yellow"
    state.lock_bank -= 1
    bank = state.lock_bank
    state.meter = R.METER - 1
    top_scene(state, "k05")  # noise 1
    state.rng = LoadedRng([PENT, PENT, KNIFE])  # Linda wins
    GAME.apply(state, "scene")
    assert state.locks["3-1"] == "red" and state.lock_bank == bank


def test_with_every_lock_token_on_the_board_a_heros_lock_is_not_placed():
    """RB What's in the Box: 14 Lock Tokens, one for each of the 14 entrances; none left means none placed."""
    state = ready(hero="kirk")
    for lid in R.LOCATIONS:
        for e in B.locations[lid].entrances:
            state.locks[e] = "red"
    state.lock_bank = R.LOCK_TOKENS - len(state.locks)
    assert state.lock_bank == 0
    turn_of(state, 0, "10-6")
    state.meter = R.METER
    state.rng = LoadedRng([PENT, PENT, KNIFE])  # Kirk: 3 knives to defeat, 1 fist to fend off
    events: list = []
    heroes.fight(state, 0, "end", events)
    assert "hero_won" in kinds(events) and "lock_placed" not in kinds(events)
    assert GAME.invariants(state) == []


def test_the_hero_comes_at_the_fourth_spot_not_the_third_and_noise_past_it_is_lost():
    """RB Heroes / Hero Meter: "When the meter reaches the fourth spot, the Hero is called onto the board"."""
    state = ready()
    put_marker(state, "farm")
    state.meter = 2
    top_scene(state, "k05")  # noise 1: the third spot
    state.rng = LoadedRng([KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert state.meter == 3 and "hero_arrives" not in kinds(events)
    state = ready()
    put_marker(state, "farm")
    state.meter = 3
    top_scene(state, "k21")  # noise 2 from the third spot
    state.rng = LoadedRng([KNIFE, KNIFE, FIST, KNIFE, KNIFE, PENT])
    events = GAME.apply(state, "scene")
    noise = next(e for e in events if e.kind == "noise")
    assert noise["meter"] == R.METER == 4 and "hero_arrives" in kinds(events)


def test_the_opening_roll_rerolls_a_tie_for_the_highest():
    """RB Beginning the Game: "The player who rolls the highest number starts first"; a tie at the top rolls
    again (designed), between the tied players only."""
    state, _ = GAME.setup(3, {})
    for _ in range(2):
        GAME.apply(state, GAME.decision(state).options[0].key)
    state.rng = LoadedRng([5, 5, 5, 5, 0, 0, 0, 0, 5, 5, 0])  # 12, 12, 2; then 2 and 12; one lock
    events = GAME.apply(state, GAME.decision(state).options[0].key)
    roll = next(e for e in events if e.kind == "opening_roll")
    assert roll["rolls"] == {"slasher1": [12, 2], "slasher2": [12, 12], "slasher3": [2]}
    assert roll["first"] == "slasher2" and roll["locks"] == 1 and state.order[0] == 1


# -- numbers pinned: supplies, the Hero, Bonus Tracks within six steps --------------------------------------


def test_the_chainsaw_adds_exactly_three_knives_a_token_and_has_two_tokens():
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "chainsaw.1")
    top_scene(state, "k28")
    assert state.slashers[0].trackers == 2
    GAME.apply(state, "scene")
    # the second token cannot help a 3-knife kill that one token makes sure of (RULES.md "Spends that cannot help")
    assert GAME.decision(state).keys() == ["spend:0", "spend:1"]
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "spend:1")
    assert next(e for e in events if e.kind == "kill_made")["knives"] == 3 and state.slashers[0].trackers == 1


def test_the_drill_adds_exactly_one_knife_a_token():
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "drill.1")
    top_scene(state, "k11")
    GAME.apply(state, "scene")
    state.rng = LoadedRng([FIST, FIST, PENT])
    events = GAME.apply(state, "spend:2")
    assert next(e for e in events if e.kind == "kill_made")["knives"] == 2


def test_one_fist_fends_linda_off():
    state = ready()
    put_marker(state, "farm")
    state.meter = R.METER - 1
    top_scene(state, "k05")
    state.rng = LoadedRng([FIST, PENT, PENT, KNIFE, FIST, PENT])
    events = GAME.apply(state, "scene")
    assert "hero_fended" in kinds(events) and R.HEROES["linda"].defend == 1


def _on_bonus(card: str, rival_at: str):
    state = ready()
    put_marker(state, "well")
    turn_of(state, 0, "8-0")
    state.bonus.draw_pile.remove(card)
    state.bonus.draw_pile.append(card)
    rival = state.slashers[2]
    rival.at = rival_at
    rival.souvenirs.append(_souvenir(state))
    state.rng = LoadedRng([1, 2, KNIFE, KNIFE, FIST, FIST, PENT, FIST])  # 5 onto 13-0; then a brawl won
    GAME.apply(state, "roll")
    return state, GAME.apply(state, "go:13-0")


@pytest.mark.parametrize(("rival_at", "reached"), [("19-0", True), ("6-0", False)])
def test_the_bonus_steal_reaches_exactly_six_steps(rival_at, reached):
    assert B.distances("13-0", through=B.locations)[rival_at] == (6 if reached else 7)
    state, _ = _on_bonus("b13", rival_at)
    assert len(state.slashers[0].souvenirs) == (1 if reached else 0)


@pytest.mark.parametrize(("rival_at", "reached"), [("19-0", True), ("6-0", False)])
def test_the_bonus_brawl_reaches_exactly_six_steps(rival_at, reached):
    _, events = _on_bonus("b29", rival_at)
    assert ("brawl_started" in kinds(events)) is reached


def test_the_movement_roll_is_two_dice():
    state = ready()
    turn_of(state, 0, "10-6")
    GAME.apply(state, "roll")
    assert len(state.roll) == R.MOVEMENT_DICE == 2


# Every Hero profile's numbers, written out here so that a change to one in cards.toml fails a test:
# (hero, wolf, knives to defeat, fists to fend off, health lost, souvenirs lost, supply lost, lock colour).
PROFILES = [
    ("linda", False, 2, 1, 2, 0, False, "red"),  # rulebook consequences; defeat and defend designed
    ("linda", True, 3, 2, 2, 0, False, "red"),  # The Wolf (designed)
    ("kirk", False, 3, 1, 1, 1, False, "yellow"),  # designed
    ("sheriff", False, 2, 1, 1, 0, True, ""),  # designed
]


def _hero_fight(hero: str, wolf: bool, dice: list[int], tokens: int = 0):
    """Slasher 0 on the road holding 2 souvenirs and a Kitchen Knife (+1 knife a token, no noise) fights the
    Hero, spending `tokens`."""
    state = ready(hero=hero)
    state.wolf = wolf
    turn_of(state, 0, "10-6")
    state.slashers[0].souvenirs += [_souvenir(state), _souvenir(state)]
    give(state, 0, "kitchen_knife.1")
    state.meter = R.METER
    state.rng = LoadedRng(dice)
    events: list = []
    heroes.fight(state, 0, "end", events)
    events += GAME.apply(state, f"spend:{tokens}")
    return state, events


@pytest.mark.parametrize(
    ("hero", "wolf", "defeat", "defend", "health", "souvenirs", "supply", "lock"), PROFILES
)
def test_each_heros_numbers(hero, wolf, defeat, defend, health, souvenirs, supply, lock):
    """RB Fighting Heroes: the profile's knives defeat, its fists fend off, else its consequences."""
    no_fist = [KNIFE, KNIFE, PENT]  # two knives, no fist, no triple
    _, events = _hero_fight(hero, wolf, no_fist, tokens=defeat - 2)
    assert "hero_defeated" in kinds(events)
    if defeat > 2:
        _, events = _hero_fight(hero, wolf, no_fist, tokens=defeat - 3)
        assert "hero_won" in kinds(events)
    else:
        _, events = _hero_fight(hero, wolf, [KNIFE, PENT, PENT])
        assert "hero_won" in kinds(events)
    fists = [FIST] * defend + [PENT] * (3 - defend)
    _, events = _hero_fight(hero, wolf, fists)
    assert "hero_fended" in kinds(events)
    state, events = _hero_fight(hero, wolf, [FIST] * (defend - 1) + [KNIFE] + [PENT] * (3 - defend))
    assert "hero_won" in kinds(events)
    s = state.slashers[0]
    assert s.health == R.HEALTH - health and len(s.souvenirs) == 2 - souvenirs
    assert (s.supply == "") is supply
    placed = [e["colour"] for e in events if e.kind == "lock_placed"]
    assert placed == ([lock] if lock else [])


def test_a_brawl_triple_takes_exactly_one_souvenir():
    state = _brawl(defender_supply="")
    state.slashers[1].souvenirs += [_souvenir(state), _souvenir(state)]
    state.rng = LoadedRng([1, 1, FIST, FIST, FIST])
    GAME.apply(state, "roll")
    GAME.apply(state, "go:4-0")
    assert len(state.slashers[0].souvenirs) == 1 and len(state.slashers[1].souvenirs) == 1


def test_the_decks_hold_the_boxes_counts():
    """RB What's in the Box: 50 Killer Scenes, Dude cards, 40 Supply Cards, 30 Bonus Tracks cards, 66 tokens."""
    box = GAME.content(1)  # the box's own cards (the first content edition): a card added later is not counted
    assert len(box["scenes"]) == 50 and len(box["supplies"]) == 40 and len(box["bonus"]) == 30
    assert len(R.ALL_TOKENS) == 66


def test_the_brawl_roll_on_the_table_says_what_the_movers_supplies_added():
    """'Jingles rolled fist, pentagram, pentagram: 2 knives' read as a miscount: the two knives were the
    mover's spend. The prompt says so: '2 knives (2 from supplies)'; a bare roll says nothing more."""
    import re

    from engines.core.autoplay import policy_rng

    told = {"bare": 0, "added": 0}
    for seed in range(40):
        state, _ = GAME.setup(seed, {})
        for n in range(4000):
            d = GAME.decision(state)
            if d is None:
                break
            m = re.match(r".* rolled ([a-z, ]+): (\d+) knives?( \((\d+) from supplies\))?\. Before you roll", d.prompt)
            if m:
                rolled = m.group(1).split(", ").count("knife")
                extra = int(m.group(4) or 0)
                assert int(m.group(2)) == rolled + extra, d.prompt
                told["added" if extra else "bare"] += 1
            GAME.apply(state, GAME.policies["heuristic"](GAME.view(state, d.seat), d, policy_rng(seed, n)))
    assert told["bare"] and told["added"], told


# -- the Supply Tracker Tokens are a pool of 16 (issue 49, rules version 9) ---------------------------------


def _six_holding(state, tokens: int) -> None:
    """Slashers 1-5 hold three-token cards with `tokens` on them in all; slasher 0 holds nothing."""
    for s in state.slashers:  # every hand emptied into the discard pile first
        if s.supply:
            state.supplies.discard(s.supply)
        s.supply, s.trackers = "", 0
    three = [c for c in state.supplies.draw_pile if R.supply(c).uses == 3]
    left = tokens
    for i in range(1, 6):
        give(state, i, three[i])
        state.slashers[i].trackers = min(3, left)
        left -= state.slashers[i].trackers
    assert left == 0


def _drawn(state, kind: str) -> str:
    """A card of a kind taken off the Supply deck, as a search draws it."""
    card = next(c for c in state.supplies.draw_pile if c.startswith(kind + "."))
    state.supplies.draw_pile.remove(card)
    return card


def test_a_supply_taken_takes_its_tokens_from_the_box_s_sixteen_and_what_is_left_when_fewer():
    """RB What's in the Box: 16 Supply Tracker Tokens; Supply Tracker Tokens: "take Supply Tracker Tokens in the
    amount noted on the card". With 15 on held cards, a Chainsaw (2) takes the 1 left; with 16, none."""
    from engines.mixtape.directors_cut import searching

    state = started(rivals="5")
    _six_holding(state, 15)
    searching.hold(state, 0, _drawn(state, "chainsaw"), "end", [])
    assert state.slashers[0].trackers == 1 and sum(s.trackers for s in state.slashers) == R.TRACKER_TOKENS == 16
    assert GAME.invariants(state) == []
    state = started(rivals="5")
    _six_holding(state, 15)
    state.slashers[1].trackers += 1  # all 16 on held cards
    searching.hold(state, 0, _drawn(state, "kitchen_knife"), "end", [])
    assert state.slashers[0].trackers == 0 and GAME.invariants(state) == []
    state = started()
    state.slashers[0].supply, state.slashers[0].trackers = "", 0
    searching.hold(state, 0, "drill.1", "end", [])
    assert state.slashers[0].trackers == 3  # plenty in the bank: the amount noted


def test_a_card_replaced_gives_its_tokens_back_before_the_new_one_takes_its_own():
    from engines.mixtape.directors_cut import searching

    state = started(rivals="5")
    _six_holding(state, 13)
    give(state, 0, next(c for c in state.supplies.draw_pile if R.supply(c).uses == 3))  # 3 more: 16 held
    state.slashers[0].trackers = 3
    state.drawn, state.keeper, state.todo = _drawn(state, "chainsaw"), 0, ["end"]
    searching.keep(state, True, [])
    assert R.supply(state.slashers[0].supply).name == "Chainsaw" and state.slashers[0].trackers == 2  # the Drill's 3 came back
    assert GAME.invariants(state) == []


def test_a_first_aid_kit_with_no_token_is_not_offered_at_the_start_of_a_turn():
    state = started()
    give(state, 0, "first_aid.1")
    s = state.slashers[0]
    s.health = 3
    turn_of(state, 0, s.at or B.starts[0])
    assert "heal" in [o.key for o in GAME.decision(state).options]
    s.trackers = 0
    assert "heal" not in [o.key for o in GAME.decision(state).options]
