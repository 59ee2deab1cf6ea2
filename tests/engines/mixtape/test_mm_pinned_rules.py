"""Director's Cut rules pinned for the mutation run (bench/mutation.py): each test names its RULES.md row."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from mm_positions import (
    KNIFE,
    PENT,
    LoadedRng,
    clear_board,
    give,
    kinds,
    park,
    put_marker,
    ready,
    started,
    top_scene,
)

from engines.mixtape.directors_cut import (
    GAME,
    bonus,
    health,
    hero,
    locks,
    movement,
    odds,
    scenes,
    searching,
    spending,
    winning,
)
from engines.mixtape.directors_cut import rules_data as R
from engines.mixtape.supplies import card_type

B = R.BOARD


def test_a_kitchen_knife_is_held_with_two_uses():
    """RULES.md (Supplies): a Kitchen Knife drawn into an empty hand comes with 2 uses."""
    state = started()
    s = state.slashers[0]
    s.supply, s.trackers = "", 0
    searching.hold(state, 0, "kitchen_knife.1", "end", [])
    assert s.supply == "kitchen_knife.1" and s.trackers == 2 == R.supply("kitchen_knife.1").uses


def test_pickpocket_rewind_steals_from_the_person_in_seat_one_too():
    """RULES.md (Bonus Tracks): Pickpocket Rewind takes a souvenir from the nearest rival holding one, and
    the person's slasher (the first seat, index 0) is a rival like any other."""
    state = started()
    me, rival = state.slashers[0], state.slashers[1]
    rival.at = me.at
    me.souvenirs, rival.souvenirs = ["victim.1"], []
    card = next(c for c in R.BONUS.values() if c.effect == "steal")
    bonus._steal(state, rival, card, [])
    assert (me.souvenirs, rival.souvenirs) == ([], ["victim.1"])


# -- the mutation run of issue 15 at 60 mutants (seed 2026) ---------------------------------------------------

SUPPLIES = {
    # id: (kind, amount per token, noise per token, tracker tokens (0: infinite), copies): RULES.md, Supplies
    "chainsaw": ("knife", 3, 2, 2, 2),
    "drill": ("knife", 1, 1, 3, 4),
    "first_aid": ("heal", 2, 0, 1, 4),
    "skeleton_key": ("key", 0, 0, 0, 2),
    "machete": ("knife", 2, 0, 2, 3),
    "kitchen_knife": ("knife", 1, 0, 2, 5),
    "cleaver": ("knife", 2, 1, 3, 3),
    "nail_gun": ("knife", 1, 1, 0, 2),
    "brass_knuckles": ("fist", 1, 0, 3, 4),
    "hockey_mask": ("fist", 1, 0, 0, 2),
    "bandages": ("heal", 1, 0, 1, 3),
    "voodoo_doll": ("revive", 3, 0, 1, 2),
    "hero": ("hero", 0, 0, 0, 4),
}


def test_each_supply_has_the_numbers_rules_md_lists():
    """RULES.md (Supplies, the table of the 40 Supply cards): each supply's kind, icons and noise per token,
    tracker tokens and copies, as written there (a changed number must fail here)."""
    box = GAME.content(1)  # the box's own cards (the first content edition): a card added later is not counted
    copies = Counter(card_type(c) for c in box["supplies"])
    got = {s.id: (s.kind, s.amount, s.noise, s.uses, copies[s.id]) for s in R.SUPPLY_TYPES.values() if s.id in copies}
    assert got == SUPPLIES and sum(copies.values()) == 40


SCENE_COUNTS = {
    # (kind, knives, souvenirs, noise, damage, fists): cards. RULES.md, Killer Scenes (the 50 cards)
    ("attack", 1, 2, 0, 0, 0): 7,
    ("attack", 1, 2, 1, 0, 0): 2,
    ("attack", 2, 2, 0, 0, 0): 8,
    ("attack", 2, 2, 1, 0, 0): 3,
    ("attack", 2, 2, 2, 0, 0): 1,
    ("attack", 2, 3, 0, 0, 0): 1,
    ("attack", 2, 3, 1, 0, 0): 2,
    ("attack", 3, 3, 0, 0, 0): 3,
    ("attack", 3, 3, 1, 0, 0): 2,
    ("attack", 3, 3, 2, 0, 0): 1,
    ("attack", 3, 4, 1, 0, 0): 1,
    ("attack", 3, 4, 2, 0, 0): 1,
    ("defense", 0, 0, 0, 1, 0): 1,
    ("defense", 0, 0, 0, 1, 1): 5,
    ("defense", 0, 0, 0, 1, 2): 3,
    ("defense", 0, 0, 1, 1, 0): 1,
    ("defense", 0, 0, 1, 1, 1): 2,
    ("defense", 0, 0, 1, 1, 2): 1,
    ("defense", 0, 0, 2, 1, 2): 1,
    ("full_moon", 0, 0, 1, 0, 0): 3,
    ("survivor", 0, 0, 0, 2, 2): 1,
}


def test_the_killer_scenes_carry_the_numbers_rules_md_lists_and_a_number_not_printed_is_none():
    """RULES.md (Killer Scenes, the 50 cards): how many cards carry each set of numbers; a card without a
    number has none (a defence card needs no knives, an attack card costs no health)."""
    box = GAME.content(1)  # the box's own cards (the first content edition): a card added later is not counted
    scenes = [R.SCENES[c] for c in box["scenes"]]
    got = Counter((c.kind, c.knives, c.souvenirs, c.noise, c.damage, c.fists) for c in scenes)
    assert got == SCENE_COUNTS and sum(got.values()) == 50


def test_the_first_turn_is_the_opening_winners_after_the_locks():
    """RULES.md (Setup and turn order): the player who rolls highest starts first; placing the opening locks
    does not pass the turn (the first turn is theirs)."""
    for seed in range(4):
        state, events = GAME.setup(seed, {})
        while state.phase == "start_point":
            events += GAME.apply(state, GAME.decision(state).options[0].key)
        first = next(e for e in events if e.kind == "opening_roll")["first"]
        while state.phase == "lock":
            GAME.apply(state, GAME.decision(state).options[0].key)
        assert state.slashers[state.current].seat == first == GAME.decision(state).seat, seed


def test_the_setups_events_are_stamped_turn_zero():
    """RULES.md (Setup and turn order): the setup's events (the starting points, the opening roll) come
    before the first turn and carry turn 0; the first turn is turn 1."""
    state, events = GAME.setup(0, {})
    while state.phase in ("start_point", "lock"):
        events += GAME.apply(state, GAME.decision(state).options[0].key)
    setup = [e for e in events if e.kind in ("start_chosen", "opening_roll")]
    assert {e.kind for e in setup} == {"start_chosen", "opening_roll"}
    assert {e.turn for e in setup} == {0} and state.turn_no == 1


def test_an_infinite_supply_adds_its_bonus_once_a_roll():
    """RULES.md (Supplies): an infinite card (no tracker tokens) gives its bonus once per roll."""
    state = ready()
    give(state, 0, "hockey_mask.1")
    assert spending.usable(state, 0, "defend") == 1
    give(state, 0, "nail_gun.1")
    assert spending.usable(state, 0, "kill") == 1
    give(state, 0, "drill.1")
    assert spending.usable(state, 0, "kill") == 3  # a tracked card: as many as its tokens


def test_a_healing_supply_spends_one_tracker_token_a_use():
    """RULES.md (Supplies): each use of a supply spends one of its tracker tokens (a healing card given two
    tokens keeps one after healing)."""
    state = ready()
    give(state, 0, "bandages.1")
    s = state.slashers[0]
    s.health, s.trackers = 3, 2
    GAME.apply(state, "heal")
    assert (s.health, s.supply, s.trackers) == (4, "bandages.1", 1)


def test_supply_fists_count_against_the_survivor():
    """RULES.md (Killer Scenes, The Survivor): the 2 fists may come from a fist supply's tokens."""
    state = ready()
    put_marker(state, "farm")
    give(state, 0, "brass_knuckles.1")
    top_scene(state, "k50")
    state.rng = LoadedRng([KNIFE, KNIFE, PENT])
    GAME.apply(state, "scene")
    events = GAME.apply(state, "spend:2")
    assert "survivor_stopped" in kinds(events) and state.slashers[0].health == R.HEALTH


def test_turf_war_and_pickpocket_reach_every_rival_in_turn_order():
    """RULES.md (Bonus Tracks): the nearest rival within reach is found among every other living slasher, the
    next in turn order first on a tie (none within reach: -1); Turf War may pick the person's slasher (seat
    one, index 0)."""
    state = ready()
    me, a, b = state.slashers
    state.order, state.current = [0, 1, 2], 1  # after the drawer (index 1): index 2, then index 0
    a.at = "4-0"
    b.at, me.at = "5-0", "3-0"  # both one step from the drawer: the next in turn order (index 2) wins
    assert bonus.nearest_rival(state, 6, lambda o: True) == 2
    park(state, 2)
    assert bonus.nearest_rival(state, 6, lambda o: True) == 0
    assert bonus.nearest_rival(state, 0, lambda o: True) == -1  # nobody within reach: -1, as documented
    card = next(c for c in R.BONUS.values() if c.effect == "brawl_nearest")
    events: list = []
    assert bonus._brawl_nearest(state, a, card, events)
    brawl = next(e for e in events if e.kind == "brawl_started")
    assert (brawl["seat"], brawl["other"]) == (a.seat, me.seat)


def test_the_action_die_and_the_search_die_have_the_faces_rules_md_lists():
    """RULES.md (Other designed values): each Action Die face is a knife, a fist or a pentagram, two of each; the
    Search Die three Search, two Denied, one Noise. Every chance the odds give is read over these faces, and a
    pentagram triple is 1 roll in 27 (issue 47's hand mutations: a face changed was unpinned)."""
    assert Counter(R.ACTION_FACES) == {R.KNIFE: 2, R.FIST: 2, R.PENTAGRAM: 2}
    assert Counter(R.SEARCH_FACES) == {"search": 3, "denied": 2, "noise": 1}
    pentagrams = sum(p for roll, p in odds._rolls() if roll == (R.PENTAGRAM,) * 3)
    assert pentagrams == Fraction(1, 27)


# -- the mutation run with issue 47's operators ---------------------------------------------------------------


def test_a_lock_tried_with_a_noisy_supply_raises_the_meter_and_a_quiet_try_makes_no_noise():
    """RULES.md (Locks): the noise of the supply spent on a lock raises the Hero Meter and brings the Hero only
    when it fills; a try with no noise tells no noise at all."""
    for noise in (1, 0):
        state = ready()
        s = state.slashers[0]
        entrance = B.locations["farm"].entrances[0]
        s.at, state.meter, state.current = entrance, 0, 0
        state.locks[entrance] = "yellow"
        events: list = []
        locks.resolve_unlock(state, ["knife", "fist", "fist"], 0, noise, events)
        assert state.meter == noise and state.fighter == -1 and not state.hero_at, noise
        assert ("noise" in kinds(events)) == bool(noise)


def test_a_defence_card_with_no_fists_costs_its_health_with_no_roll():
    """RULES.md (Killer Scenes): a defence card that prints no fists (Slammed Car Door) cannot be defended: the
    victim gets away and the slasher loses the card's health, with no roll and no spend asked."""
    state = ready()
    s = state.slashers[0]
    s.health = 3
    top_scene(state, "k47")
    events: list = []
    scenes.scene(state, events)
    escaped = next(e for e in events if e.kind == "victim_escaped")
    assert escaped["dice"] == [] and not escaped["defended"] and s.health == 3 - R.SCENES["k47"].damage
    assert state.phase != "spend"


def test_only_an_empty_location_with_two_entrances_is_a_shortcut():
    """RULES.md (Movement, RB Empty Locations): a move may cross an empty location from one entrance to another;
    a location with a single entrance is never crossed, empty or not."""
    state = ready()
    clear_board(state)
    crossed = set(movement.through(state))
    assert crossed == {lid for lid, loc in B.locations.items() if len(loc.entrances) > 1}
    assert any(len(loc.entrances) == 1 for loc in B.locations.values())


def test_a_slasher_sent_back_goes_to_the_nearest_starting_point():
    """RULES.md (Brawls, health): "return to the nearest starting point", never simply the first of the board."""
    state = ready()
    s = state.slashers[0]
    far = next(p for p in B.kind if p not in B.locations and B.nearest(p, B.starts) != B.starts[0])
    s.at = far
    health.to_start(state, 0, [])
    assert s.at == B.nearest(far, B.starts) != B.starts[0]


def test_no_lock_is_placed_or_turned_red_with_the_lock_bank_empty():
    """RULES.md (Locks): a lock comes from the bank; with none left no lock is placed, and a Hero who wins puts no
    red lock either, not even over a yellow one."""
    state = ready()
    clear_board(state)
    entrance = B.locations["farm"].entrances[0]
    state.lock_bank = 0
    assert not locks.place_lock(state, entrance, "yellow", []) and entrance not in state.locks
    state = ready(hero="linda")
    s = state.slashers[0]
    loc = next(lid for lid, place in B.locations.items() if len(place.entrances) == 1)
    e = B.locations[loc].entrances[0]
    clear_board(state)
    state.locks[e], state.lock_bank = "yellow", 0
    s.at, state.fighter, state.todo = loc, 0, ["end"]
    hero.resolve_hero(state, ["knife", "pentagram", "pentagram"], 0, 0, [])  # short of 2 knives and 1 fist
    assert state.locks[e] == "yellow" and state.lock_bank == 0


def test_the_move_choices_list_locations_first_then_by_distance():
    """RULES.md (Movement): the stops are listed locations first, then by distance, then by space."""
    loc = next(iter(B.locations))
    road = next(n for n in B.kind if n not in B.locations)
    assert movement.stops_in_order({road: 1, loc: 5}) == [(loc, 5), (road, 1)]


def test_the_ending_names_only_the_winner_at_the_goal():
    """RULES.md (the end): the ending counts the winner's own souvenirs; a rival who holds as many (say, one who
    died holding them) is not named."""
    state = ready()
    a, b = state.slashers[0], state.slashers[1]
    a.souvenirs = [f"victim.{i}" for i in range(state.goal)]
    b.souvenirs = list(a.souvenirs)
    state.winners, state.reason = [a.seat], "x"
    assert winning.ending(state) == f"{a.name} collected {state.goal} souvenirs ({state.goal} to win)."
