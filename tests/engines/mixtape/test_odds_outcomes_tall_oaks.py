"""Escape From Tall Oaks: the odds' outcome classes are what the engine then does (the dice counts are checked in
test_odds_dice_tall_oaks.py).

Seeded games are played by the shipped policies, with survivors whose abilities change a roll. Probes on the
engine's own entry points (a Killer Scenes card drawn and played, an action roll, a search, noise) read the
roller's view at that very moment, ask the odds what it leads to, and compare with the events the engine then
makes:

- what a choice leads to first (`ahead.choice`: a fight, the Helipad, a scuffle, a Bonus Tracks card, the Task
  pile, the Final Scene, a Killer Scene, a Task, a search, or nothing), and after a scuffle declined or won, the
  place's business the move foretold;
- each action roll ends in the class the odds read for that very roll (`odds.roll_ending`, with the stakes the
  odds read from the view: a fight's numbers, a card's need and damage), going the survivor's way or not, and
  costing the health the odds say;
- a card's noise brings the Slasher before the card exactly when `odds.calls_first` says, and a card played does
  first what `odds.own_endings` says (no roll unarmed, the damage of a card too late, else its roll);
- the Search Die's face as the odds count it (`odds.search_faces`, Ivy's Denied a Search), and noise as
  `odds.heard` says (the noise made, the meter after, the Slasher called).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engines.core.autoplay import policy_rng
from engines.core.events import Event
from engines.mixtape.tall_oaks import GAME, ahead, odds, scenes, searching, slasher, spending
from engines.mixtape.tall_oaks import abilities as A
from engines.mixtape.tall_oaks import rules_data as R
from engines.mixtape.tall_oaks.readings import SCENE_ROLL
from engines.mixtape.tall_oaks.state import SCUFFLE, SPEND, TASK, State

SURVIVORS = ("ivy", "star", "kirk", "christine", "derrick", "kimmy", "random")
FIGHT_RESULT = {
    "defeat": "defeat",
    "slay": "defeat",
    "repel": "drive off",
    "escape": "escape",
    "flee": "escape",
    "fail": "lose",
}
"""The `fight` event's result in the test's own words: the class the engine played."""
HARM = ("slasher", "scene", "invaders")
"""What a roll's loss is told `by` in a `hurt` event."""


@dataclass
class Seen:
    classes: dict[str, set[str]] = field(default_factory=dict)
    checks: dict[str, int] = field(default_factory=dict)

    def count(self, what: str, cls: str = "") -> None:
        self.checks[what] = self.checks.get(what, 0) + 1
        if cls:
            self.classes.setdefault(what, set()).add(cls)


def _view(state: State, who: int):
    return GAME.view(state, state.survivors[who].seat)


def _segment(events: list[Event], start: int) -> list[Event]:
    """The action roll made from `start` on (after the tokens it spent), to the next one: its consequences."""
    first = next(i for i in range(start, len(events)) if events[i].kind == "action_roll")
    end = next((i for i in range(first + 1, len(events)) if events[i].kind == "action_roll"), len(events))
    return events[first:end]


def _lost(events: list[Event], seat: str) -> int:
    return sum(
        e.facts["amount"]
        for e in events
        if e.kind == "hurt" and e.facts["seat"] == seat and e.facts["by"] in HARM
    )


def _played(purpose: str, seg: list[Event]) -> str:
    """The class the engine played, read from its events."""
    kinds = {e.kind: e for e in seg}
    combo = kinds["combo"].facts["effect"] if "combo" in kinds else ""
    if purpose == "fight":
        return FIGHT_RESULT[kinds["fight"].facts["result"]]
    if purpose == "rescue":
        if combo in ("stay", "flee_draw"):
            assert "rescue" not in kinds
            return "bury"
        ok = kinds["rescue"].facts["ok"]
        return ("double" if combo == "double" else "rescue") if ok else "fail"
    if purpose == "defend":
        if combo == "flee_draw":
            assert "fled" in kinds and "defended" not in kinds
            return "run"
        return "held" if kinds["defended"].facts["ok"] else "hurt"
    return "success" if kinds["invaders"].facts["ok"] else "fail"


def _probe(monkeypatch: pytest.MonkeyPatch, seen: Seen) -> None:
    """Wrap the engine's entry points so each checks the odds against what it then does."""
    real_roll, real_scene, real_play = spending.roll_action, scenes.scene, scenes.play_card
    real_search, real_noise = searching.search, slasher.noise

    def roll_action(state: State, chosen: dict[str, int], events: list[Event]) -> None:
        view, purpose = _view(state, state.spender), state.purpose
        start = len(events)
        real_roll(state, chosen, events)
        seg = _segment(events, start)
        roll = seg[0]
        assert roll.kind == "action_roll" and roll.facts["purpose"] == purpose
        if purpose == "fight":
            stakes = odds.fight_stakes(odds.roller(view, False), *odds.fight_of(odds.me(view), view.fight))
        else:
            stakes = odds.scene_stakes(view.card, purpose)
        foretold = odds.roll_ending(purpose, tuple(roll.facts["dice"]), tuple(roll.facts["bonus"]), stakes)
        played = _played(purpose, seg)
        assert (played, _lost(seg, roll.facts["seat"])) == (foretold.what, foretold.health), (
            purpose,
            roll.facts,
            stakes,
        )
        assert foretold.won == (
            played in ("rescue", "double", "held", "run", "success", "defeat", "drive off")
        )
        assert odds.endings(purpose, tuple(roll.facts["bonus"]), stakes).get(foretold, 0) > 0
        seen.count(purpose, played)

    def scene(state: State, events: list[Event]) -> None:
        view, start = _view(state, state.current), len(events)
        real_scene(state, events)
        drawn = events[start]
        assert drawn.kind == "scene_drawn"
        first = next(
            (
                e
                for e in events[start + 1 :]
                if e.kind in ("slasher_attacks", "action_roll", "unarmed", "hurt")
            ),
            None,
        )
        fought = drawn.facts["kind"] != "here" and first is not None and first.kind == "slasher_attacks"
        assert fought == odds.calls_first(drawn.facts["card"], odds.roller(view, False)), drawn.facts
        seen.count("card", "fight first" if fought else "card first")

    def play_card(state: State, events: list[Event]) -> None:
        view, card, start = _view(state, state.current), state.card, len(events)
        seat = state.survivors[state.current].seat
        real_play(state, events)
        own = odds.own_endings(card, odds.roller(view, False))
        first = next((e for e in events[start:] if e.kind in ("action_roll", "unarmed", "hurt")), None)
        only = next(iter(own)) if len(own) == 1 else None
        if only is not None and only.what == "unarmed":
            assert first is not None and first.kind == "unarmed", card
        elif only is not None and only.what == "too late":
            assert first is not None and first.kind == "hurt" and first.facts["amount"] == only.health, card
            assert first.facts["seat"] == seat
        elif first is not None and first.kind == "action_roll":
            assert first.facts["purpose"] == SCENE_ROLL[R.SCENES[card].kind], card
        else:  # the roll waits for the spend
            assert state.phase == SPEND and state.purpose == SCENE_ROLL[R.SCENES[card].kind], card
        seen.count("play", R.SCENES[card].kind)

    def search(state: State, events: list[Event]) -> None:
        view, start = _view(state, state.current), len(events)
        real_search(state, events)
        rolled = events[start]
        assert rolled.kind == "searched"
        counted = odds.search_face(odds.me(view).name, rolled.facts["face"])
        assert odds.search_faces(odds.me(view).name).get(counted, 0) > 0
        after = [e.kind for e in events[start + 1 :] if e.kind != "ability"][:1]
        played = {"supply_found": "search", "card_pocketed": "search", "noise": "noise"}.get(
            next(iter(after), ""), "denied"
        )
        if counted == "noise" and not A.quieter(odds.me(view).name, R.SEARCH_NOISE):
            played = "noise"  # Star's: a noise too quiet to be made, so nothing is told
        assert played == counted, (rolled.facts, after)
        seen.count("search", counted + (" (Ivy)" if counted != rolled.facts["face"] else ""))

    def noise(state: State, n: int, who: int, events: list[Event], by: str) -> bool:
        view, start = _view(state, who), len(events)
        called = real_noise(state, n, who, events, by)
        foretold = odds.heard(view, n) if n > 0 else None
        told = [e for e in events[start:] if e.kind == "noise"]
        if foretold is None or not foretold.made:
            assert not told and not called
            return called
        assert len(told) == 1 and called == foretold.called
        assert (told[0].facts["amount"], told[0].facts["meter"]) == (foretold.made, foretold.after)
        seen.count("noise", "called" if called else "raised")
        return called

    monkeypatch.setattr(spending, "roll_action", roll_action)
    monkeypatch.setattr(scenes, "scene", scene)
    monkeypatch.setattr(scenes, "play_card", play_card)
    monkeypatch.setattr(searching, "search", search)
    monkeypatch.setattr(slasher, "noise", noise)


def _business(events: list[Event], state: State) -> ahead.Ahead | None:
    """What the engine did first after a choice, as an Ahead (None: nothing)."""
    for e in events:
        if e.kind == "slasher_attacks":
            kind = e.facts["kind"]
            return (
                ahead.Ahead("fight")
                if kind == "normal"
                else ahead.Ahead("final")
                if kind == "final"
                else ahead.Ahead("task", battle=True)
            )
        if e.kind == "game_over" and e.facts["why"] == "escape":
            return ahead.Ahead("escape")
        if e.kind in ("scene_drawn", "bonus"):
            return ahead.Ahead("scene" if e.kind == "scene_drawn" else "bonus")
        if e.kind == "searched":
            return ahead.Ahead("search")
        if e.kind == "task_done":
            return ahead.Ahead("task", task=e.facts["task"])
        if e.kind == "scuffle":
            return ahead.Ahead("scuffle")
    if state.phase == SCUFFLE:
        return ahead.Ahead("scuffle")
    if state.phase == TASK:
        return ahead.Ahead("tasks")
    return None


def _same(foretold: ahead.Ahead | None, did: ahead.Ahead | None, state: State) -> bool:
    if foretold is None or did is None:
        return foretold is did
    if foretold.kind != did.kind:
        return False
    if foretold.kind == "task":
        return foretold.battle == did.battle and (foretold.battle or foretold.task == did.task)
    if foretold.kind == "tasks":
        return state.center[-1] == foretold.task
    if foretold.kind == "scuffle" and state.phase == SCUFFLE:
        d = GAME.decision(state)
        return {o.key.partition(":")[2] for o in d.options} - {"no"} == set(foretold.rivals)
    return True


@pytest.mark.parametrize("policy", ["heuristic", "random"])
def test_the_odds_outcome_classes_are_what_the_engine_then_does(policy, monkeypatch):
    seen = Seen()
    _probe(monkeypatch, seen)
    for seed in range(10 if policy == "heuristic" else 5):
        state, _ = GAME.setup(
            seed, {"rivals": str(1 + seed % 5), "survivor": SURVIVORS[seed % len(SURVIVORS)]}
        )
        pick = GAME.policies[policy]
        waiting: list[ahead.Ahead] = []  # the place's business a move foretold, behind a scuffle on offer
        for index in range(1500):
            d = GAME.decision(state)
            if d is None:
                break
            view = GAME.view(state, d.seat)
            key = pick(view, d, policy_rng(seed, index))
            foretold = ahead.choice(view, d.kind, key)
            mover = state.survivors[state.current].seat if state.current >= 0 else ""
            events = GAME.apply(state, key, d)
            if d.kind == "scuffle":
                won = next((e.facts["winner"] == mover for e in events if e.kind == "scuffle"), True)
                if won and waiting:
                    rest = [e for e in events if e.kind != "scuffle"]
                    assert _same(waiting[0], _business(rest, state), state), (
                        seed,
                        index,
                        waiting,
                        [e.kind for e in events],
                    )
                    seen.count("after scuffle")
                waiting = []
                if key.endswith(":no"):
                    continue
            if d.kind not in ("move", "turn", "redraw", "scuffle"):
                continue  # a spend, a keep, a Task taken, a Traitor card: the odds foretell no place's business
            did = _business(events, state)
            first = foretold[0] if foretold else None
            assert _same(first, did, state), (
                seed,
                index,
                d.kind,
                key,
                foretold,
                did,
                [e.kind for e in events],
            )
            seen.count("choice", first.kind if first else "nothing")
            waiting = (
                foretold[1:] if first is not None and first.kind == "scuffle" and d.kind == "move" else []
            )
    assert seen.classes["fight"] >= {"defeat", "escape", "lose"}, seen.classes
    assert seen.classes["rescue"] >= {"rescue", "fail"} and seen.classes["defend"] >= {"held", "hurt"}, (
        seen.classes
    )
    assert seen.classes["choice"] >= {"scene", "search", "bonus", "scuffle", "nothing"}, seen.classes
    assert seen.classes["search"] >= {"search", "denied", "noise"} and seen.checks["noise"] > 10, seen.checks
