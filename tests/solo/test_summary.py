"""The end of a run (issue 14): one panel of turns, what was saved, lost and spent, the closest call, the
decisive roll and the run's standing, for all five games, made from the log and agreeing with it."""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from repl_harness import Session
from rich.cells import cell_len

from engines.core.autoplay import play
from engines.core.contract import resolve_options
from engines.core.events import Event
from engines.registry import get
from narratives import for_game
from solo import narration, summary
from solo.run import Run
from solo.screen import Screen, make_console

CASES = [
    # (game, seat, seed, the person's result): a win and a loss of every game
    ("escape-of-the-dead", "survivor", 2, "won"),
    ("escape-of-the-dead", "survivor", 0, "lost"),
    ("final-girl", "final_girl", 0, "won"),
    ("final-girl", "final_girl", 4, "lost"),
    ("slaughterhouse", "trespassers", 0, "won"),
    ("slaughterhouse", "trespassers", 1, "lost"),
    ("slaughterhouse", "sawyer", 1, "won"),
    ("mixtape-massacre", "slasher1", 0, "won"),
    ("mixtape-massacre", "slasher1", 5, "lost"),
    ("escape-from-tall-oaks", "survivor1", 1, "won"),
    ("escape-from-tall-oaks", "survivor1", 0, "lost"),
]
IDS = [f"{g}-{seat}-{seed}" for g, seat, seed, _ in CASES]


@cache
def finished(game_id: str, seat: str, seed: int) -> Run:
    """A run played to its end by the automa's policies (every seat), as the REPL would hold it."""
    game = get(game_id)
    run = Run(game, seed, resolve_options(game, {}), seat)
    for key in play(game, seed).keys:
        run.choose(key)
    assert run.outcome() is not None
    return run


def rows(s: summary.Summary) -> dict[str, str]:
    return dict(s.lines())


def number(text: str, before: str) -> int:
    """The number just before a word in a row: number('4 Victims', 'Victim') == 4."""
    found = re.search(rf"(\d+) {before}", text)
    assert found, f"no number before {before!r} in {text!r}"
    return int(found.group(1))


def end(run: Run, kind: str):
    return next(e for e in run.log if e.kind == kind)


@pytest.mark.parametrize(("game_id", "seat", "seed", "result"), CASES, ids=IDS)
def test_every_game_summarizes_a_win_and_a_loss_with_its_turns(game_id, seat, seed, result):
    run = finished(game_id, seat, seed)
    assert run.status() == result
    s = summary.summarize(run, "Your first win.")
    verdict = "The night is over" if game_id == "slaughterhouse" else "You won" if result == "won" else "You lost"
    assert s.title.startswith(verdict) and run.game.title in s.title  # Slaughterhouse names no winner
    found = rows(s)
    assert found["Ending"] == run.outcome().reason
    turns = found.get("Turns") or found["Rounds"]
    assert int(turns.split()[0]) == run.game.turn(run.state)
    assert found["Record"] == "Your first win."
    assert "Spent" in found and ("Lost" in found or "Got away" in found)  # what the person's side lost


def test_escape_of_the_dead_counts_repairs_kills_and_the_barricade_from_its_events():
    for seed in (0, 2, 11):  # seed 11 is lost to two zombies against the last board
        run = finished("escape-of-the-dead", "survivor", seed)
        last = next(e for e in run.log if e.kind in ("game_won", "game_lost"))
        found = rows(summary.summarize(run))
        assert f"({last['repairs']} of 10)" in found["Saved"] and f"{last['repairs'] * 10}% repaired" in found["Saved"]
        assert number(found["Saved"], "zombie") == last["total_kills"]
        built = sum(e.facts.get("built", 0) for e in run.log if e.kind in ("barricade_rolled", "reward_taken"))
        # the barricade's books balance: it starts at 10, and loses what the attacks took off it, never more
        assert number(found["Lost"], "Barricade point") == 10 + built - last["barricade"]
        assert f"({built} rebuilt; {last['barricade']} left)" in found["Lost"]
        placed = sum(e["lawn"] + e["barricade"] + e["garage"] for e in run.log if e.kind == "dice_assigned")
        assert number(found["Spent"], "dice") == placed


def test_escape_of_the_dead_names_the_closest_call_and_the_reviews_decisive_roll():
    from solo import review

    run = finished("escape-of-the-dead", "survivor", 0)
    s = summary.summarize(run)
    held = [e for e in run.log if e.kind == "zombies_attack" and 0 < e["barricade"] <= 2]
    low = min(e["barricade"] for e in held)
    assert f"down to {low} Barricade point" in s.closest
    assert any(f"turn {e.turn}" in s.closest for e in held if e["barricade"] == low)
    top = review.decisive_roll(review.review(run))  # the review's first decisive roll: the two agree
    assert top is not None
    assert f"turn {top.turn}, {top.dice}:" in s.decisive and f"{top.expected.win:.0%}" in s.decisive


def test_a_night_that_never_came_close_has_no_closest_call():
    run = finished("escape-of-the-dead", "survivor", 2)
    assert all(e["barricade"] > 2 for e in run.log if e.kind == "zombies_attack")
    assert summary.summarize(run).closest == ""
    assert "Closest call" not in rows(summary.summarize(run))


@pytest.mark.parametrize("seed", [0, 4])
def test_final_girl_counts_victims_health_and_time_as_the_ending_does(seed):
    run = finished("final-girl", "final_girl", seed)
    last = next(e for e in run.log if e.kind in ("game_won", "game_lost"))
    found = rows(summary.summarize(run))
    assert number(found["Saved"], "Victim") == last["saved"]
    assert number(found["Lost"], "Victim") == last["dead"]
    bought = [e for e in run.log if e.kind == "card_bought"]
    assert found["Spent"].startswith(f"{sum(e['cost'] for e in bought)} Time on {len(bought)} cards")
    dealt = sum(e["amount"] for e in run.log if e.kind in ("killer_hurt", "minor_power_hurt"))
    assert number(found["Fought"], "damage dealt") == dealt


def test_the_summary_says_decisive_roll_only_where_it_is_the_reviews(tmp_path, monkeypatch):
    """Issue 44: the summary and the review agree. A searched game's summary names its own pick as the "Biggest
    roll"; once the run's review is kept beside the save, the "Decisive roll", the review's first."""
    from engines.core import levels, search
    from engines.core.race import Race
    from solo import review, review_cache, review_search

    # a review at a test's pace: what is weighed does not matter here, only that the summary reads it
    monkeypatch.setattr(review_search, "RACE", Race(first=1, most=2, margin=0.10, finalists=2))
    monkeypatch.setitem(levels.REVIEW_STEPS, "final-girl", 400)
    monkeypatch.setattr(search, "ROLLOUT_CAP", 40)  # playouts cut short (a loss), yet enough end for the chances to move
    run = finished("final-girl", "final_girl", 0)
    own = summary.summarize(run)
    assert own.decisive_label == "Biggest roll" and "Biggest roll" in rows(own)
    cache = review_cache.for_slot(tmp_path, "r")
    assert review_search.kept(run, cache) is None  # nothing kept yet: nothing weighed for the summary
    reviewed = review.review(run, cache=cache)
    kept = review_search.kept(run, review_cache.for_slot(tmp_path, "r"))
    assert kept == reviewed
    told = summary.summarize(run, reviewed=kept)
    roll = review.decisive_roll(reviewed)
    assert told.decisive_label == "Decisive roll"
    assert roll is not None
    assert told.decisive.startswith(f"turn {roll.turn}, {roll.dice}: the chance of winning ")
    assert f"from {roll.expected.win:.0%} to {roll.after.win:.0%}" in told.decisive
    eotd = summary.summarize(finished("escape-of-the-dead", "survivor", 0))
    assert eotd.decisive_label == "Decisive roll"  # its exact review's, always


def test_final_girl_names_the_roll_that_killed_the_killer_and_the_lowest_health():
    run = finished("final-girl", "final_girl", 0)
    s = summary.summarize(run)
    won_at = next(i for i, e in enumerate(run.log) if e.kind == "game_won")
    roll = next(e for e in reversed(run.log[:won_at]) if e.kind == "horror_roll")
    faces = " ".join(str(d) for d in roll["dice"])
    assert s.decisive.startswith(f"{roll['title']} on turn {roll.turn} ({faces})")
    assert "the Killer's last wound" in s.decisive
    lows = [e["health"] for e in run.log if e.kind == "fg_hurt" and e["health"] <= 2]
    assert lows and f"{min(lows)} health left" in s.closest


@pytest.mark.parametrize(("seat", "seed"), [("trespassers", 0), ("trespassers", 1), ("sawyer", 1)])
def test_slaughterhouse_counts_escapes_kills_and_noise_from_its_events(seat, seed):
    run = finished("slaughterhouse", seat, seed)
    over = end(run, "game_over")
    found = rows(summary.summarize(run))
    escaped, killed = ("Got away", "Killed") if seat == "sawyer" else ("Escaped", "Lost")  # the seat's side
    assert found[escaped].startswith(f"{len(over['escaped'])} of {end(run, 'game_started')['count']}")
    assert number(found[killed], "Trespasser") == len(over["killed"])
    assert number(found[killed], "Injur") == sum(1 for e in run.log if e.kind == "injured")
    assert number(found["Spent"], "Noise") == sum(e["made"] for e in run.log if e.kind == "noise")
    assert number(found["Spent"], "Fear") == sum(e["fear"] for e in run.log if e.kind == "cards_bought")
    assert found["Rounds"] == str(over["round"])


def test_slaughterhouse_the_decisive_roll_is_the_attack_that_killed():
    run = finished("slaughterhouse", "trespassers", 1)
    s = summary.summarize(run)
    assert "; it killed " in s.decisive
    killing = [
        (i, e)
        for i, e in enumerate(run.log)
        if e.kind == "attack" and any(x.kind == "killed" for x in run.log[i + 1 : i + 4])
    ]
    assert any(
        f"{e['attacker']}'s attack on {e['trespasser'].title()} in round {e.turn} "
        f"({' '.join(str(d) for d in e['dice'])}): {e['hits']} hits" in s.decisive
        for _, e in killing
    )


@pytest.mark.parametrize("seed", [0, 5])
def test_mixtape_every_slashers_souvenirs_agree_with_the_persons_view(seed):
    run = finished("mixtape-massacre", "slasher1", seed)
    found = rows(summary.summarize(run))
    view = run.view()
    shown = " · ".join(f"{s.name} {s.souvenirs}" for s in view.slashers)
    assert found["Souvenirs"] == shown
    me = next(s for s in view.slashers if s.seat == "slasher1")
    assert found["Collected"].startswith(f"{me.souvenirs} souvenir")
    rounds = max(e["round"] for e in run.log if e.kind == "turn_started")
    assert f"({rounds} rounds)" in found["Turns"]
    kills = sum(1 for e in run.log if e.kind == "kill_made" and e["seat"] == "slasher1")
    assert number(found["Collected"], "kill") == kills


@pytest.mark.parametrize("seed", [0, 1])
def test_tall_oaks_every_survivors_end_and_tokens_agree_with_the_persons_view(seed):
    run = finished("escape-from-tall-oaks", "survivor1", seed)
    found = rows(summary.summarize(run))
    view = run.view()
    winners = end(run, "game_over")["winners"]
    for s in view.survivors:
        fate = "escaped" if s.seat in winners else "died" if not s.alive else "in town"
        assert f"{s.name} {fate} ({s.rescues})" in found["Survivors"]
    mine = [e for e in run.log if e.kind == "hurt" and e["seat"] == "survivor1"]
    assert found["Lost"].startswith(f"{sum(e['amount'] for e in mine)} health")


def test_a_summary_is_made_from_the_log_alone():
    """The same log, seat and turn give the same summary whatever else the run holds: nothing is read from
    the state, where the hidden things are (Escape of the Dead's exact review replays the keys, not the state)."""
    for game_id, seat, seed, _ in CASES[2:]:
        run = finished(game_id, seat, seed)
        original = summary.summarize(run)
        state = run.state
        try:
            run.state = _Hollow(run.game.turn(state), run.game.outcome(state))
            run.game = _Game(run.game)
            assert summary.summarize(run) == original, game_id
        finally:
            run.state, run.game = state, run.game.inner


class _Hollow:
    """A state with nothing in it but its turn and outcome."""

    def __init__(self, turn, outcome):
        self.turn, self.outcome = turn, outcome


class _Game:
    def __init__(self, inner):
        self.inner, self.id, self.title = inner, inner.id, inner.title
        self.no_winner = getattr(inner, "no_winner", "")

    def turn(self, state):
        return state.turn

    def outcome(self, state):
        return state.outcome


WORDS = re.compile(r"[A-Z][\w'.-]*")


@pytest.mark.parametrize(("game_id", "seat", "seed", "result"), CASES, ids=IDS)
def test_it_never_names_what_the_seats_view_hides(game_id, seat, seed, result):
    """Every name in the summary was told to the seat (its narrated log) or is in its view or the game's title."""
    import msgspec

    run = finished(game_id, seat, seed)
    s = summary.summarize(run)
    told = " ".join(p for _, paragraphs, _ in narration.groups(run.log, for_game(game_id, seed)) for p in paragraphs)
    told += " " + str(msgspec.to_builtins(run.view())) + " " + run.game.title + " " + run.outcome().reason
    labels = " ".join(label for label, _ in s.lines())
    common = {"You", "Killer", "Victims", "Victim", "Time", "Noise", "Fear", "Injuries", "Injury", "Barricade",
              "Trespassers", "Trespasser", "Final", "Killer's", "Scene's", "Health", "Your", "The", "Record"}
    for label, text in s.lines():
        for word in WORDS.findall(text):
            assert word in common or word in labels or word.rstrip(".'s") in told, (label, word, text)


def test_final_girl_never_names_a_finale_or_dark_power_still_face_down():
    from engines.final_girl import data as D

    for seed in range(12):
        run = finished("final-girl", "final_girl", seed)
        text = " ".join(t for _, t in summary.summarize(run).lines())
        st = run.state
        if not st.finale_revealed:
            assert D.FINALES[st.finale]["name"] not in text
        if not st.dark_power_revealed:
            assert D.DARK_POWERS[st.dark_power]["name"] not in text


def _panel(s: summary.Summary, plain: bool = False, width: int = 80) -> str:
    out = io.StringIO()
    Screen(make_console(plain, file=out, width=width), plain).framed_pairs(s.title, s.lines(), "green")
    return out.getvalue()


def _flat(text: str) -> str:
    for frame in "│╭╮╰╯─":
        text = text.replace(frame, " ")
    return " ".join(text.split())


@pytest.mark.parametrize(("game_id", "seat", "seed", "result"), CASES, ids=IDS)
def test_the_panel_fits_80_columns_and_a_screen_with_no_word_cut(game_id, seat, seed, result):
    s = summary.summarize(finished(game_id, seat, seed), "Your third win as Cassie; 2 wins in a row.")
    shown = _panel(s)
    lines = shown.splitlines()
    assert all(cell_len(line) <= 80 for line in lines)
    assert len(lines) <= 18  # with the achievements, the closing line and the prompt, 80x24 holds it
    flat = _flat(shown)
    for label, text in s.lines():
        assert f"{label} {' '.join(text.split())}" in flat, (label, text)
    plain = _panel(s, plain=True).splitlines()
    assert plain[0] == f"-- {s.title} --"
    assert plain[1 : 1 + len(s.lines())] == [f"{label}: {text}" for label, text in s.lines()]


@pytest.mark.parametrize(("game_id", "seat", "seed", "result"), CASES[::2], ids=IDS[::2])
def test_the_repl_shows_the_summary_at_the_end_with_the_closing_line(tmp_path, game_id, seat, seed, result):
    run = finished(game_id, seat, seed)
    s = Session(tmp_path, run=run).lines()
    expected = summary.summarize(run, "Your first win." if result == "won" else "")
    assert f"-- {expected.title} --" in s.out
    for label, text in expected.rows:
        assert f"{label}: {text}" in s.out
    assert s.out.index(expected.title) < s.out.index("The run is over. Type 'log'")
    assert "You won: " + run.outcome().reason not in s.out  # the old separate line is gone


def test_the_repl_panel_is_framed_at_a_terminal(tmp_path):
    run = finished("final-girl", "final_girl", 0)
    s = Session(tmp_path, run=run, plain=False).lines()
    assert "╭─ You won: Final Girl" in s.out and "│ Biggest roll" in s.out
    assert "Record Your first win as Mandy." in _flat(s.out)


def test_a_win_ranks_among_the_players_wins(tmp_path):
    from saves.keep import Finished
    from solo import stats

    def win(turns: int, ended: str) -> Finished:
        return Finished(slot="s", result="won", turns=turns, seat="survivor", options={}, seed=1,
                        ironman=False, started=ended, ended=ended)

    runs = [win(20, "1"), win(14, "2"), win(30, "3"), win(25, "4")]
    said = stats.standing("escape-of-the-dead", runs[-1], runs)
    assert said.endswith("The 3rd-fastest of 4 wins (25 turns).")
    best = win(10, "5")
    assert "a new best of 10 turns" in stats.standing("escape-of-the-dead", best, [*runs, best])
    assert "fastest of" not in stats.standing("escape-of-the-dead", best, [*runs, best])


def test_at_80x24_the_panel_achievements_and_closing_line_sit_whole_above_the_prompt(tmp_path):
    """A finished Final Girl run (four achievements: the most crowded end) loaded in a real 80x24 terminal."""
    from pty_harness import Pty, spawn

    from saves import SaveStore

    run = finished("final-girl", "final_girl", 0)
    SaveStore(tmp_path).write("pty", run.to_record())
    pty = Pty(spawn(tmp_path, "load", "pty"))  # this checkout's code, whatever is installed
    try:
        lines = pty.prompt()
        top = next(i for i, line in enumerate(lines) if line.startswith("╭─ You won: Final Girl"))
        closing = next(i for i, line in enumerate(lines) if line.startswith("The run is over."))
        assert top < closing and lines[top + 1].startswith("│ Ending ")
        assert any(line.startswith("│ Biggest roll") for line in lines[top:closing])
        assert sum(1 for line in lines[top:closing] if line.startswith("Achievement")) == 4
        assert any(line.startswith(">") for line in lines[closing:])
    finally:
        pty.quit()


def test_the_counts_followed_through_the_events_end_where_the_view_does():
    """Souvenirs (Director's Cut) and rescue tokens (Tall Oaks) counted from the events alone, seat by seat,
    over many nights and table sizes, end at what every seat's counter shows."""
    from solo.games import mixtape_massacre_summary as mm
    from solo.games import tall_oaks_summary as to

    for seed in range(16):
        rivals = str(1 + seed % 5)
        for game_id, count, field in (("mixtape-massacre", mm.souvenirs, "slashers"),
                                      ("escape-from-tall-oaks", to.tokens, "survivors")):
            game = get(game_id)
            played = play(game, seed, options=resolve_options(game, {"rivals": rivals}))
            view = game.view(played.state, game.person_seats[0])
            shown = {p.seat: p.souvenirs if field == "slashers" else p.rescues for p in getattr(view, field)}
            assert count(played.events)[0] == shown, (game_id, seed)


def test_a_log_without_a_single_roll_of_the_seat_has_no_decisive_roll():
    """A run can end before the person's seat ever rolls (the fuzz test found one in Director's Cut)."""
    from engines.core.events import Event
    from solo.summary import rolls

    log = [Event("game_started", 0, "setup", {}), Event("game_over", 1, "end", {})]
    assert list(rolls(log, lambda e: e.kind == "rolled")) == []
    assert [i for i, _, _ in rolls([*log, Event("rolled", 1, "turn", {})], lambda e: e.kind == "rolled")] == [2]


def test_tall_oaks_decisive_roll_counts_only_what_its_own_turn_did():
    """A fight on turn 488 (2 health) was told as '3 health lost': a scuffle's point thirty turns on, with no
    action roll between, was counted as the fight's."""
    from solo.games.tall_oaks_summary import _decisive

    def ev(kind, turn, **facts):
        return Event(kind, turn, "", facts)

    log = [
        ev("action_roll", 488, seat="survivor1", purpose="fight", dice=["action", "shield", "shield"]),
        ev("hurt", 488, seat="survivor1", amount=2, health=3, by="slasher"),
        ev("hurt", 518, seat="survivor1", amount=1, health=2, by="scuffle"),
    ]
    said = _decisive(log, "survivor1", [{}] * (len(log) + 1))
    assert said.endswith("2 health lost") and "turn 488" in said


def test_the_decisive_roll_of_escape_of_the_dead_says_why_it_moved_the_chance():
    """Issue 49: a lawn roll of three successes was named the decisive roll of a loss with no why: the zombie it
    left broke through. The why names the section that rolled furthest from likely, and the ending it brought."""
    from engines.core.events import Event
    from solo.games.escape_of_the_dead_summary import _why

    log = [
        Event("lawn_rolled", 7, "dice", {"dice": [6, 5, 4, 1], "killed": 3}),
        Event("zombies_attack", 7, "attack", {"zombies": 1, "damage": 1, "lost": 1, "barricade": 0}),
        Event("game_lost", 7, "end", {}),
    ]
    assert _why(log, 7, rose=False) == "as 1 zombie left on the lawn broke through the Barricade"
    log[0] = Event("garage_rolled", 7, "dice", {"dice": [3, 3, 4], "repaired": 0})
    assert _why(log, 7, rose=False).startswith("as the garage's 3 dice hit 0 times (5+ to hit), where 1.0 were likely, and")
    run = finished("escape-of-the-dead", "survivor", 0)
    assert ", as " in summary.summarize(run).decisive
