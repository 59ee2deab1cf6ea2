"""Final Girl: the choices the rules leave to the player, and the Game Ambiguity rules that settle ties."""

from __future__ import annotations

from fg_positions import add_victim, clear_board, draw_terror, fresh, hand_of, run_ops

from engines.core.autoplay import play
from engines.final_girl import GAME
from engines.final_girl import data as D
from engines.final_girl.board import victims_at
from engines.final_girl.items import deal_damage, gain_item
from engines.final_girl.machine import push, run
from engines.final_girl.rolling import offer_roll, resolve_reaction
from engines.final_girl.tracks import attack_value, hurt_killer, move_value


def legal(s) -> list[str]:
    return [o.key for o in GAME.decision(s).options]


def _tied_target(ties: str, seed: int = 0):
    s = clear_board(fresh(seed, ties=ties))
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "office"
    add_victim(s, "office")
    add_victim(s, "breakroom")
    events = run_ops(s, {"op": "killer_action", "target": "closest", "move": 1, "attack": 0})
    return s, next(e for e in events if e.kind == "killer_targets")


# -- Game Ambiguity: the Tormentor's target ---------------------------------------------------------------


def test_abject_realism_sends_her_after_the_victims_before_you():
    s, targeted = _tied_target("abject-realism")
    assert not targeted["fg"] and s.killer_space == "office"


def test_never_ending_hilarity_lets_a_die_settle_a_tied_target():
    picks = {(_tied_target("never-ending-hilarity", seed)[1]["fg"]) for seed in range(20)}
    assert picks == {True, False}
    a, b = _tied_target("never-ending-hilarity", 7)[1], _tied_target("never-ending-hilarity", 7)[1]
    assert a.facts == b.facts  # the die is the game's own: the same seed settles it the same way


def test_every_game_ambiguity_rule_is_an_option_and_plays_whole_games():
    option = next(o for o in GAME.options if o.name == "ties")
    assert option.choices == ("ask", "infinite-evil", "abject-realism", "never-ending-hilarity")
    heuristic = GAME.policies["heuristic"]
    for ties in option.choices:
        asked: set[str] = set()

        def watching(view, decision, rng, asked=asked):
            asked.add(decision.kind)
            return heuristic(view, decision, rng)

        for seed in range(12):
            assert play(GAME, seed, watching, options={"ties": ties}).state.result
        tie_kinds = asked & {"tie", "trap_tie", "attack_tie"}
        assert tie_kinds if ties == "ask" else not tie_kinds, ties


# -- Game Ambiguity: which Victim a Death Trap takes ------------------------------------------------------


def _trap_tie(ties: str, special: str = ""):
    """Two Victims on Racks equally far from you (Rack A and Rack C from the Main Entrance)."""
    s = clear_board(fresh(ties=ties))
    s.fg_space = "entrance"
    a = add_victim(s, "rack_a", special=special)
    c1 = add_victim(s, "rack_c")
    c2 = add_victim(s, "rack_c")
    return s, a, c1, c2


def test_trap_ties_among_different_victims_are_asked():
    s, a, c1, _ = _trap_tie("ask")
    run_ops(s, {"op": "trap_victim"})
    assert s.ask["kind"] == "trap_tie" and legal(s) == [f"victim:{a.id}", f"victim:{c1.id}"]
    GAME.apply(s, f"victim:{a.id}")
    assert a.trapped and s.traps[-1].subject == str(a.id)


def test_trap_ties_among_alike_victims_are_not_asked():
    s = clear_board(fresh(ties="ask"))
    s.fg_space = "entrance"
    first = add_victim(s, "rack_c")
    add_victim(s, "rack_c")
    run_ops(s, {"op": "trap_victim"})
    assert first.trapped and s.ask.get("kind") != "trap_tie"


def test_infinite_evil_traps_the_special_victim_or_the_one_with_company():
    s, a, c1, _ = _trap_tie("infinite-evil", special="zipp")
    run_ops(s, {"op": "trap_victim"})
    assert a.trapped
    s, a, c1, _ = _trap_tie("infinite-evil")
    run_ops(s, {"op": "trap_victim"})
    assert c1.trapped and not a.trapped


def test_abject_realism_traps_the_victim_standing_alone():
    s, a, c1, _ = _trap_tie("abject-realism")
    run_ops(s, {"op": "trap_victim"})
    assert a.trapped and not c1.trapped


# -- Game Ambiguity: which Victim her attack takes --------------------------------------------------------


def _attack_tie(ties: str):
    s = clear_board(fresh(ties=ties))
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "dock"
    worker = add_victim(s, "lobby")
    friend = add_victim(s, "lobby", special="best_friend")
    return s, worker, friend


def test_which_victim_she_attacks_is_asked_when_a_special_victim_is_among_them():
    s, worker, friend = _attack_tie("ask")
    run_ops(s, {"op": "attack", "fg": False})
    assert s.ask["kind"] == "attack_tie" and set(legal(s)) == {f"victim:{worker.id}", f"victim:{friend.id}"}
    GAME.apply(s, f"victim:{worker.id}")
    assert worker not in s.victims and friend in s.victims and s.dead == 1


def test_infinite_evil_attacks_the_special_victim_and_abject_realism_the_worker():
    s, worker, friend = _attack_tie("infinite-evil")
    run_ops(s, {"op": "attack", "fg": False})
    assert friend not in s.victims and worker in s.victims
    s, worker, friend = _attack_tie("abject-realism")
    run_ops(s, {"op": "attack", "fg": False})
    assert worker not in s.victims and friend in s.victims


def test_the_heuristic_spares_special_victims_in_a_tie():
    s, worker, _friend = _attack_tie("ask")
    run_ops(s, {"op": "attack", "fg": False})
    assert GAME.hint(s).key == f"victim:{worker.id}"
    assert victims_at(s, "lobby")


# -- Search: the unkept card ------------------------------------------------------------------------------


def _search_two(s):
    s.fg_space = D.SEARCH_SPACES[0]
    run_ops(s, {"op": "line", "line": {"search": 2}})
    assert s.ask["kind"] == "keep"
    return s.ask["items"]


def test_the_unkept_search_card_goes_back_on_top_face_up_or_under_face_down():
    s = fresh()
    kept, other = _search_two(s)
    assert {f"keep:{kept}", f"keep:{kept}:bottom", f"keep:{other}", f"keep:{other}:bottom"} == set(legal(s))
    GAME.apply(s, f"keep:{kept}")
    pile = s.item_decks[s.fg_space]
    assert pile[-1] == other and GAME.view(s).item_tops[s.fg_space] == other and not s.items_down

    s = fresh()
    kept, other = _search_two(s)
    GAME.apply(s, f"keep:{kept}:bottom")
    pile = s.item_decks[s.fg_space]
    assert pile[0] == other and s.items_down == [other] and pile[-1] != other


def test_a_face_down_card_on_top_stays_hidden_until_drawn():
    s = fresh()
    kept, other = _search_two(s)
    GAME.apply(s, f"keep:{kept}:bottom")
    space = s.fg_space
    s.items_out.extend(s.item_decks[space][1:])
    del s.item_decks[space][1:]
    view = GAME.view(s)
    assert space not in view.item_tops and view.item_counts[space] == 1
    s.ask = {}
    run_ops(s, {"op": "line", "line": {"search": 1}})
    assert other in s.hands + s.backpack and not s.items_down


# -- hands and backpack -----------------------------------------------------------------------------------


def _carry(s, *items):
    for item in items:
        for pile in [*s.item_decks.values(), s.items_out]:
            if item in pile:
                pile.remove(item)
        s.backpack.append(item)


def test_hands_are_arranged_by_your_choice_in_upkeep():
    s = clear_board(fresh())
    _carry(s, "fire_axe", "wrench", "box_cutter")
    s.ask = {}
    push(s, {"op": "upkeep_phase"})
    run(s, [])
    assert s.ask["kind"] == "arrange"
    assert set(legal(s)) == {"hands:fire_axe", "hands:box_cutter+wrench"}
    GAME.apply(s, "hands:box_cutter+wrench")
    assert sorted(s.hands) == ["box_cutter", "wrench"] and s.backpack == ["fire_axe"]


def test_gaining_a_hand_item_lets_you_rearrange_and_one_way_is_not_asked():
    s = clear_board(fresh())
    _carry(s, "wrench")
    s.hands, s.backpack = ["wrench"], []
    s.ask = {}
    gain_item(s, "box_cutter", [])
    assert sorted(s.hands) == ["box_cutter", "wrench"] and not s.ask  # both fit: nothing to choose
    gain_item(s, "fire_axe", [])
    assert s.ask["kind"] == "arrange" and legal(s)[0] == "hands:box_cutter+wrench"  # as now, first
    assert GAME.hint(s).key == "hands:fire_axe"


# -- which Victims follow ---------------------------------------------------------------------------------


def test_you_choose_which_victims_follow_when_a_special_victim_is_among_them():
    s = clear_board(fresh())
    s.fg_space = "lobby"
    a = add_victim(s, "lobby")
    b = add_victim(s, "lobby")
    zipp = add_victim(s, "lobby", special="zipp")
    s.ask = {"kind": "move", "steps": 1, "mode": "move", "to": ["office"]}
    keys = legal(s)
    assert f"to:office:2:{a.id}.{zipp.id}" in keys and f"to:office:1:{zipp.id}" in keys
    assert "to:office:2" in keys  # the two workers
    GAME.apply(s, f"to:office:1:{zipp.id}")
    assert zipp.space == "office" and a.space == b.space == "lobby"


def test_alike_victims_give_one_option_per_number_that_follows():
    s = clear_board(fresh())
    s.fg_space = "lobby"
    for _ in range(3):
        add_victim(s, "lobby")
    s.ask = {"kind": "move", "steps": 1, "mode": "move", "to": ["office"]}
    assert [k for k in legal(s) if k.startswith("to:")] == ["to:office:2", "to:office:1", "to:office:0"]


# -- the achievement that takes several runs --------------------------------------------------------------


def test_remember_records_where_the_tormentor_fell_and_nothing_for_a_loss():
    from engines.core.events import Event

    won = [
        Event("game_started", 0, "setup", {"extreme": False}),
        Event("game_won", 9, "action", {"saved": 0}),
    ]
    lost = [Event("game_started", 0, "setup", {"extreme": False}), Event("game_lost", 9, "killer", {})]
    assert GAME.remember(won) == {"tormentor_defeated_at": "marrek-warehouse"}
    assert GAME.remember(lost) == {}


def test_defeat_the_tormentor_at_five_different_locations_needs_five_places():
    from engines.final_girl.achievements import TEXT

    marrek = {"tormentor_defeated_at": "marrek-warehouse"}
    assert GAME.earned_across([marrek] * 9 + [{}]) == []
    places = [{"tormentor_defeated_at": p} for p in ("a", "b", "c", "d")]
    assert GAME.earned_across([marrek, *places[:3], {}]) == []
    assert GAME.earned_across([marrek, *places]) == ["tormentor_five_locations"]
    assert "tormentor_five_locations" in TEXT and "tormentor_five_locations" in GAME.achievements
    assert GAME.earned_across([]) == []


def test_one_run_never_earns_the_five_locations_achievement_alone():
    for seed in range(40):
        played = play(GAME, seed, "heuristic")
        if played.state.result == "won":
            assert "tormentor_five_locations" not in GAME.earned(played.events)
            assert GAME.earned_across([GAME.remember(played.events)]) == []
            return
    raise AssertionError("no win in 40 seeds")


# -- Minor Dark Powers ------------------------------------------------------------------------------------


def test_a_minor_dark_power_stays_in_play_and_raises_her_attack():
    s = clear_board(fresh())
    before = attack_value(s)
    draw_terror(s, "sharpened_tools-1")
    assert [m.card for m in s.minor_powers] == ["sharpened_tools-1"] and s.minor_powers[0].health == 2
    assert "sharpened_tools-1" not in s.terror.discard_pile and attack_value(s) == before + 1
    assert not GAME.invariants(s)
    assert GAME.view(s).minor_powers[0].card == "sharpened_tools-1"


def test_every_shortcut_raises_her_movement_value():
    s = clear_board(fresh())
    before = move_value(s)
    draw_terror(s, "every_shortcut-1")
    assert move_value(s) == before + 1


def test_damage_to_her_empties_minor_dark_powers_first_oldest_first():
    s = clear_board(fresh())
    draw_terror(s, "sharpened_tools-1")
    draw_terror(s, "every_shortcut-1")
    s.finale_revealed, s.killer_space = True, s.fg_space
    health = s.killer_health
    hurt_killer(s, 3, [])
    assert [(m.card, m.health) for m in s.minor_powers] == [("every_shortcut-1", 1)]
    assert "sharpened_tools-1" in s.terror.discard_pile and s.killer_health == health
    hurt_killer(s, 2, [])
    assert s.minor_powers == [] and s.killer_health == health - 1
    assert not GAME.invariants(s)


# -- Finales: Upkeep effects, the Epic Finale -------------------------------------------------------------


def test_finale_upkeep_effects_start_at_the_upkeep_after_the_reveal():
    s = fresh(ties="infinite-evil")  # a trap tie is settled, not asked
    s.finale = "game_over"
    s.terror.discard_pile += s.terror.draw_pile
    s.terror.draw_pile = []
    trapped = len(s.traps)
    events = run_ops(s, {"op": "upkeep_phase"})
    assert s.finale_revealed and s.finale_turn == s.turn and len(s.traps) == trapped
    assert "trap_set" not in [e.kind for e in events]
    s.turn += 1
    events = run_ops(s, {"op": "upkeep_phase"})
    assert "trap_set" in [e.kind for e in events] and len(s.traps) == trapped + 1


def test_the_epic_finale_is_an_option_and_never_dealt_otherwise():
    assert {fresh(seed, finale="epic").finale for seed in range(5)} == {"curtain_call"}
    assert "curtain_call" not in {fresh(seed).finale for seed in range(30)}


def test_curtain_call_raises_bloodlust_and_moves_the_traps_each_upkeep():
    s = fresh(finale="epic")
    s.finale_revealed, s.finale_turn, s.turn = True, 1, 2
    bloodlust, step = s.bloodlust, s.traps[0].step
    run_ops(s, {"op": "upkeep_phase"})
    assert s.bloodlust == bloodlust + 1 and s.traps[0].step == step + 1


# -- the Final Girls' bonus items -------------------------------------------------------------------------


def test_bonus_items_are_out_of_the_game_unless_the_option_is_on():
    for seed in range(10):
        s = fresh(seed)
        assert {"cassies_axe", "fight_tape"} <= set(s.items_out)
    dealt = set()
    for seed in range(30):
        s = fresh(seed, girl="cassie", bonus_items="on")
        assert "fight_tape" in s.items_out and not GAME.invariants(s)
        dealt |= {i for pile in s.item_decks.values() for i in pile}
    assert "cassies_axe" in dealt


# -- the view, built positionally for speed ---------------------------------------------------------------


def test_every_view_field_holds_what_its_name_says():
    s = fresh(4, girl="cassie")
    s.turn, s.time, s.horror, s.bloodlust, s.saved, s.dead, s.bonus_dice = 3, 7, 2, 4, 5, 6, 2
    s.fg_health, s.killer_health, s.slots, s.improvise = 4, 8, 1, "next"
    s.finale_revealed, s.killer_space, s.forklift = True, "lobby", "pit"
    v = GAME.view(s)
    same = ["turn", "phase", "girl", "extreme", "time", "horror", "bloodlust", "fg_space", "fg_health"]
    same += ["fg_max", "fg_white", "slots", "killer_space", "killer_health", "killer_max", "killer_white"]
    same += ["finale", "minor_powers", "hands", "backpack", "item_uses", "locked", "forklift", "victims"]
    same += ["traps", "events_active", "saved", "dead", "supply", "ask", "roll", "bonus_dice", "improvise"]
    same += ["result", "tableau", "used"]
    for field in same:
        assert getattr(v, field) == getattr(s, field), field
    assert v.dice == D.RULES["dice_normal"][2] and v.slots_total == 6 and v.terror_left == len(s.terror)
    assert v.hand == sorted(s.hand) and v.dark_power == "" and v.fg_trapped is False
    assert v.item_counts == {sp: len(d) for sp, d in s.item_decks.items()}
    assert v.item_tops == {sp: d[-1] for sp, d in s.item_decks.items()}


# -- shortcuts that change no rule ------------------------------------------------------------------------


def test_every_free_card_is_taken_back_in_one_choice_up_to_the_hand_limit():
    s = fresh()
    hand_of(s, *["sprint"] * 2, "guard", "guard", "search", "search", "distraction")
    s.phase, s.ask = "planning", {"kind": "planning"}
    assert "buy:free" in legal(s)
    GAME.apply(s, "buy:free")
    assert len(s.hand) == 10 and [D.KIND[c] for c in s.hand[7:]] == ["walk", "walk", "focus"]
    assert s.time == 6 and "buy:free" not in legal(s)


def test_a_roll_already_on_its_best_line_resolves_without_asking():
    def rolled(dice):
        s = fresh()
        hand_of(s, "focus", "close_call", "walk", "walk")
        card = s.hand.pop(0)
        s.resolving, s.ask = card, {}
        s.roll = {"card": card, "purpose": "action", "trap": 0, "damage": 0, "dice": dice}
        s.roll.update({"improvised": False, "converted": []})
        offer_roll(s)
        return s

    best = rolled([5, 6, 3])
    assert best.ask == {} and best.stack[-1] == {"op": "resolve_roll"}
    short = rolled([5, 3, 1])
    assert (
        short.ask == {"kind": "roll"}
        and "closecall:2" in legal(short)
        and "convert" in legal(short)  # two pairs to give up: one choice, then which pair
    )


# -- two weapons: you choose one per attack ---------------------------------------------------------------


def _two_weapons(card: str, seed: int = 0):
    """The card in hand, the Nail Gun (3 uses) and the Wrench held, the Tormentor in your space."""
    s = clear_board(fresh(seed))
    hand_of(s, card)
    _carry(s, "nail_gun", "wrench")
    del s.backpack[-2:]  # held in hand instead
    s.hands, s.item_uses["nail_gun"] = ["nail_gun", "wrench"], 3
    s.finale_revealed, s.killer_space = True, s.fg_space
    return s


def test_holding_two_weapons_you_choose_which_one_strikes():
    s = _two_weapons("furious_strike")
    keys = legal(s)
    assert "play:furious_strike" in keys and "play:furious_strike:with:wrench" in keys
    health = s.killer_health
    deal_damage(s, 2, [], "wrench")
    assert s.killer_health == health - 3 and s.item_uses["nail_gun"] == 3  # the wrench has no uses to spend
    deal_damage(s, 1, [])
    assert s.killer_health == health - 5 and s.item_uses["nail_gun"] == 2  # the best in reach by default
    s.killer_space = "lobby" if s.fg_space != "lobby" else "office"
    if D.DIST[s.fg_space][s.killer_space] == 1:
        assert not any(":with:" in k for k in legal(s))  # only the Nail Gun reaches: nothing to choose


def test_the_chosen_weapon_is_the_one_the_card_strikes_with():
    for seed in range(6):
        s = _two_weapons("critical_strike", seed)
        health = s.killer_health
        GAME.apply(s, "play:critical_strike:with:wrench")
        while s.ask.get("kind") == "roll":
            GAME.apply(s, "accept")
        assert s.item_uses["nail_gun"] == 3 and s.killer_health < health  # Critical Strike always hurts


# -- panic order --------------------------------------------------------------------------------------------


def _panicking(other_space: str):
    s = clear_board(fresh())
    boss = add_victim(s, "cage", special="supervisor")
    mate = add_victim(s, "cage")
    other = add_victim(s, other_space)
    return s, boss, mate, other


def test_panic_order_is_yours_when_a_victim_could_run_into_the_supervisors_space():
    s, boss, _mate, other = _panicking("breakroom")  # the Break Room panics into the Supply Cage on 3-4
    run_ops(s, {"op": "panic", "who": "all"})
    assert s.ask["kind"] == "panic_order" and legal(s) == ["panic:group", "panic:others"]
    events = GAME.apply(s, "panic:others")
    rolls = [e for e in events if e.kind in ("victim_panics", "group_panics")]
    assert rolls[0].kind == "victim_panics" and rolls[0]["victim"] == other.id
    assert rolls[-1].kind == "group_panics"
    if rolls[0]["dst"] == "cage":  # it ran into his space first: his group carried it along
        assert other.space == boss.space


def test_panic_order_is_not_asked_when_it_can_change_nothing():
    s, _boss, _mate, other = _panicking("dock")  # the Loading Dock never panics into the Supply Cage
    events = run_ops(s, {"op": "panic", "who": "all"})
    assert s.ask.get("kind") != "panic_order"
    assert any(e.kind == "victim_panics" and e["victim"] == other.id for e in events)


def test_retaliate_strikes_back_with_the_weapon_you_choose():
    s = _two_weapons("retaliate")
    run_ops(s, {"op": "attack_fg", "damage": 2, "first": True})
    assert "react:retaliate:with:wrench" in legal(s) and "react:retaliate" in legal(s)
    GAME.apply(s, "react:retaliate:with:wrench")
    assert s.roll.get("weapon") == "wrench" or s.ask.get("kind") != "roll"
    resolve_reaction(s, {"damage": 2, "hat": False, "weapon": "wrench"}, {"block": "all", "deal": 2}, [])
    assert s.item_uses["nail_gun"] == 3


def test_planning_finishes_without_asking_when_nothing_can_be_bought():
    s = fresh()
    hand_of(s, *["sprint"] * 2, "guard", "guard", "search", "search", "distraction", "walk", "walk", "focus")
    s.ask, s.time = {}, 3
    events = run_ops(s, {"op": "planning_phase"})
    assert "planning_done" in [e.kind for e in events] and s.time == 6  # a full hand: nothing to decide
    s = fresh()
    hand_of(s, "sprint")
    s.ask = {}
    run_ops(s, {"op": "planning_phase"})
    assert s.ask == {"kind": "planning"}


def test_a_lone_special_victim_is_no_tie():
    s = clear_board(fresh(ties="ask"))
    s.finale_revealed, s.killer_space, s.fg_space = True, "lobby", "dock"
    zipp = add_victim(s, "lobby", special="zipp")
    run_ops(s, {"op": "attack", "fg": False})
    assert zipp not in s.victims and s.ask.get("kind") != "attack_tie"


def _decisions(kind: str, seeds: int = 12, limit: int = 400):
    """Every decision of `kind` in seeded games of the default policy, each before it is answered."""
    from engines.core.autoplay import policy_rng

    for seed in range(seeds):
        state, _ = GAME.setup(seed, {})
        for n in range(limit):
            d = GAME.decision(state)
            if d is None:
                break
            if d.kind == kind:
                yield d
            GAME.apply(state, GAME.policies[GAME.default_policy](GAME.view(state, d.seat), d, policy_rng(seed, n)))


def test_the_horror_rolls_question_names_only_the_ways_out_it_offers():
    """'accept it, turn a 3-4 into a success ..., or Close Call' was asked with no Close Call in hand; the
    question now names the discard only when it is offered, and Close Call only with the card."""
    seen = set()
    for d in _decisions("roll"):
        convert = any(o.key.startswith("convert") for o in d.options)
        close = any(o.key.startswith("closecall") for o in d.options)
        assert ("Close Call" in d.prompt) == close and ("discarding" in d.prompt) == convert, d.prompt
        seen.add((convert, close))
    assert (True, False) in seen and len(seen) >= 2


def test_the_action_phases_question_names_only_what_it_offers():
    """'rescue a Victim, work a trap' was asked with no Victim to rescue and no trap in reach; the question now
    names each kind of choice the phase offers and no other."""
    from engines.final_girl.playing import _ACTION_WAYS

    asked = set()
    for d in _decisions("action"):
        verbs = {o.key.split(":")[0] for o in d.options}
        for verb, words in _ACTION_WAYS:
            assert (words in d.prompt) == (verb in verbs), (d.prompt, verbs)
        asked.add(d.prompt)
    assert len(asked) >= 4


def test_a_close_call_on_a_die_made_a_success_says_it_loses_that():
    """'3. Close Call: re-roll die 1 (a 4)' re-rolled a 4 that two Focus had just made a success, and threw the
    conversion away without a word: the label says so for a converted die, and only for one."""
    from engines.core.autoplay import play
    from engines.registry import get

    game = get("final-girl")
    seen = 0
    for seed in range(30):
        state, _ = game.setup(seed, {})
        for key in play(game, seed).keys:
            decision = game.decision(state)
            if decision.kind == "roll":
                converted = state.roll["converted"]
                for o in decision.options:
                    if o.key.startswith("closecall:") and o.key != "closecall:all":
                        die = int(o.label.split("die ")[1].split(" ")[0]) - 1
                        assert ("made a success" in o.label) == (die in converted), o.label
                        seen += die in converted
            game.apply(state, key)
    assert seen
