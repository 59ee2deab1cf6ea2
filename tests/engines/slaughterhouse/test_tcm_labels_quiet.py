"""Choice labels say what a choice costs: a run in footwear that runs quiet (`run_quiet`) says Noise only for
the doors and stairs on its way, and a move to a door space does not say 'door' twice."""

from __future__ import annotations

from engines.core.autoplay import decide, policy_rng
from engines.registry import get
from engines.slaughterhouse import data as D
from engines.slaughterhouse.rules import has

GAME = get("slaughterhouse")


def _decisions(seeds: range):
    """Each decision of the seeded games `play` plays (the default automa at both seats), with its state, as
    the game is played: one pass a game (playing it whole, then replaying its keys, was twice the work)."""
    automa = GAME.policies[GAME.default_policy]
    for seed in seeds:
        state, _ = GAME.setup(seed, {})
        n = 0
        while (decision := GAME.decision(state)) is not None:
            yield state, decision
            GAME.apply(state, decide(GAME, automa, state, decision, policy_rng(seed, n)), decision)
            n += 1


def test_a_quiet_runner_is_never_told_a_run_is_loud_unless_a_door_or_stairs_are_on_the_way():
    quiet = loud = 0
    for state, decision in _decisions(range(40)):
        if decision.kind != "action" or decision.seat != "trespassers":
            continue
        t = state.trespassers[state.current]
        for o in decision.options:
            if not o.key.startswith("run"):
                continue
            a, b = o.key.split(":")[1:3]
            if has(t, "run_quiet"):
                quiet += 1
                kinds = {D.LINKS[x][y] for x, y in ((t.space, a), (a, b))} & {"door", "stairs"}
                assert ("Noise" in o.label) == bool(kinds), o.label
            else:
                loud += 1
                assert o.label.endswith("(Noise)"), o.label
    assert quiet and loud


def test_a_move_to_a_door_space_names_the_door_once():
    from engines.slaughterhouse.trespassers import _MOVE_OPTIONS

    labels = [o.label for opts in _MOVE_OPTIONS.values() for o in opts]
    assert labels and not any("(door) (door" in label for label in labels)
    assert any(label.endswith("(door) (Noise)") for label in labels)


def test_the_reroll_question_shows_the_dice_and_a_reroll_of_nothing_says_so():
    """RULES.md F10: the family's reroll question shows the faces ('The dice show 3 successes' did not), and
    'reroll the blanks' with no blank says it changes nothing (the choices stay as they are)."""
    from engines.slaughterhouse.odds import reroll_which

    asked = 0
    for state, decision in _decisions(range(40)):
        if decision.kind != "reroll" and not decision.prompt.endswith("Reroll?"):
            continue
        asked += 1
        nxt = state.todo[1]
        faces = ", ".join({0: "blank", 1: "slash", 2: "skull"}[d] for d in nxt.dice)
        assert decision.prompt.startswith(f"The dice show {faces}: ")
        idle = not reroll_which(nxt.dice, nxt.kind == "fire_burns")
        for o in decision.options:
            if o.key.startswith("reroll"):
                assert ("changes nothing" in o.label) == idle, o.label
    assert asked


def test_a_door_card_offer_says_which_door():
    """'Green is about to go through a door', on a landing with two: the offer names the space beyond it."""
    from engines.slaughterhouse.rules import the

    offers = 0
    for state, decision in _decisions(range(20)):
        if decision.kind == "offer" and "door" in decision.prompt:
            offers += 1
            beyond = the(D.name(state.todo[0].path[0]))
            assert f"through the door to {beyond}. Play a card?" in decision.prompt, decision.prompt
    assert offers
