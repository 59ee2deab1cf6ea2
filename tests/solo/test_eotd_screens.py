"""Escape of the Dead's screens within 80x24 (issue 14): `odds` one line per split with its number (grouped
best first where that is too tall), the reward's odds, `examine` of every card, reward and track with the
engine's numbers, a coach line per kind of decision, colour that means something, a toolbar of whole fields,
and `look`, `map` and the choices within the screen."""

from __future__ import annotations

import io
import re

import pytest
from repl_harness import GAME, Session, new_run, run_at_reward
from rich.text import Text

from engines.core.autoplay import policy_rng
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.solver import load_table
from engines.escape_of_the_dead.state import REWARD
from saves import SaveStore
from solo import theme
from solo.games import escape_of_the_dead as eotd
from solo.games.escape_of_the_dead import UI
from solo.reader import PlainReader
from solo.repl import Repl
from solo.run import Run
from solo.screen import Screen, fit_fields, make_console

ROWS, COLUMNS = 24, 80
ANSWER = ROWS - 2  # an answer leaves the prompt line and the toolbar on an 80x24 screen
SPLIT_ROW = re.compile(
    r"#: (\d+) \((\d) (\d) (\d)\); Win: \d+\.\d\d%; Holds: \S+; Kills: \S+; Boards: \S+; Repairs: "
)


def at(zombies: int, barricade: int, repairs: int = 0, kills: int = 0, phase: str = "assign") -> Run:
    """A run whose game waits in the given position (the dice are the seed's; nothing here rolls them)."""
    run = new_run(seed=3)
    state = run.state
    state.zombies, state.barricade, state.repairs, state.kills, state.phase = (
        zombies,
        barricade,
        repairs,
        kills,
        phase,
    )
    return run


def answer(tmp_path, run: Run, line: str, plain: bool, width: int = COLUMNS) -> list[str]:
    """What the REPL prints for one typed line on a screen `width` columns wide (plain text wrapped between
    words, as at a terminal)."""
    buffer = io.StringIO()
    screen = Screen(make_console(plain, file=buffer, width=width, wrap=True), plain)
    repl = Repl(run, SaveStore(tmp_path), "t", screen, PlainReader(io.StringIO(""), screen.echo))
    repl.handle(line)
    return buffer.getvalue().splitlines()


def assert_fits(lines: list[str], what: str) -> None:
    assert lines, what
    assert len(lines) <= ANSWER, f"{what}: {len(lines)} lines\n" + "\n".join(lines)
    assert max(len(line.rstrip()) for line in lines) <= COLUMNS, what
    assert not any("…" in line for line in lines), f"{what}: a cell cut short"


def sample():
    """Positions across the game: lawn empty to full, barricade low to full, repairs early to one short."""
    for zombies in (0, 2, 4, 6):
        for barricade in (1, 3, 6, 10):
            for repairs in (0, 5, 6, 9):
                yield zombies, barricade, repairs, 9 if (zombies + barricade) % 2 else 0


# -- odds -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("plain", [True, False])
def test_odds_is_one_line_per_split_with_its_choice_number_within_80x24(tmp_path, plain):
    lines = answer(tmp_path, new_run(seed=1), "odds", plain)
    assert_fits(lines, "odds")
    splits = [f"{n} ({'{} {} {}'.format(*split)})" for n, split in enumerate(R.splits(), 1)]
    if plain:
        rows = [m.groups() for line in lines if (m := SPLIT_ROW.match(line))]
        assert [f"{n} ({lawn} {b} {g})" for n, lawn, b, g in rows] == splits  # every split, in order
    else:
        found = [next(i for i, line in enumerate(lines) if f"│ {split} " in line) for split in splits]
        assert found == sorted(found) and len(set(found)) == len(splits)  # one line each, in order
    assert (
        sum(line.startswith("Best: 1 (4 0 0). 'odds 1': in full.") for line in lines) == 1
    )  # the best opening


def test_the_odds_table_marks_the_solvers_best_split_and_its_exact_chances(tmp_path):
    run = new_run(seed=1)
    lines = answer(tmp_path, run, "odds", plain=True)
    view = run.view()
    values = load_table().split_values(view.zombies, view.barricade, view.repairs, view.kills)
    best = load_table().best_split(view.zombies, view.barricade, view.repairs, view.kills)
    for n, split in enumerate(R.splits(), 1):
        key = "alloc:{}-{}-{}".format(*split)
        row = next(line for line in lines if line.startswith(f"#: {n} ("))
        assert f"Win: {100 * values[key]:.2f}%" in row
    _title, head, rows, note = UI.odds(run.state)[0]
    win = head.index("Win")
    assert [theme.HEADING in _styles(row[win]) for row in rows] == [k == best for k in _split_keys()]
    assert note.startswith(f"Best: {_split_keys().index(best) + 1} (")  # the words say it in plain text


def _split_keys() -> list[str]:
    return ["alloc:{}-{}-{}".format(*split) for split in R.splits()]


def _choices(table) -> list[int]:
    """The choice numbers a table names: one a row, or several in the last column once grouped."""
    _title, head, rows, _note = table
    cells = [str(row[0]) for row in rows] if head[0] == "#" else [str(row[-1]) for row in rows]
    return sorted(int(c.removeprefix("the rest: ").split()[0]) for cell in cells for c in cell.split(", "))


def test_odds_fit_80x24_all_through_the_game_and_name_every_split_once(tmp_path):
    for position in sample():
        run = at(*position)
        assert _choices(UI.odds(run.state)[0]) == list(range(1, len(R.splits()) + 1)), position
        for plain in (True, False):
            assert_fits(answer(tmp_path, run, "odds", plain), f"odds at {position}")


def test_where_a_line_per_split_is_too_tall_the_splits_group_best_first(tmp_path):
    run = at(6, 3, 9)  # one repair short: 'Fixed now' joins the columns, and plain lines would wrap
    tables = UI.odds(run.state)
    _title, head, rows, note = tables[0]
    assert head[0] == "Win" and "Fixed now" in head and "Best first" in note
    wins = [float(str(row[0]).split("%")[0]) for row in rows]
    assert wins == sorted(wins, reverse=True) and str(rows[0][0]).endswith("best")
    assert _choices(tables[0]) == list(range(1, 16))  # each split once
    assert eotd.fits(tables[0])
    for plain in (True, False):
        assert_fits(answer(tmp_path, run, "odds", plain), "grouped odds")


def test_when_even_the_groups_are_too_tall_the_tail_shares_one_line(monkeypatch):
    monkeypatch.setattr(eotd, "ANSWER_ROWS", 12)  # a smaller screen
    table = UI.odds(at(6, 3, 9).state)[0]
    last = str(table[2][-1][-1])
    assert last.startswith("the rest: ") and eotd.fits(table)
    shown = [c.split()[0] for row in table[2][:-1] for c in str(row[-1]).split(", ")]
    rest = last.removeprefix("the rest: ").split(", ")
    assert sorted(map(int, shown + rest)) == list(range(1, 16))


@pytest.mark.parametrize("plain", [True, False])
def test_odds_n_shows_one_split_in_full(tmp_path, plain):
    lines = answer(tmp_path, new_run(seed=1), "odds 15", plain)
    assert_fits(lines, "odds 15")
    text = "\n".join(lines)
    assert "Odds: garage 4" in text and "Choice 15, dice 0 0 4." in text
    if plain:  # four garage dice at 5+: none 16/81, four 1/81
        assert "Outcome: Repairs; 0: 19.8%; 1: 39.5%; 2: 29.6%; 3: 9.9%; 4: 1.2%; average: 1.33" in text


def test_odds_while_rolling_are_the_dice_still_to_roll(tmp_path):
    run = new_run(seed=1, roll_order="choose")
    run.choose("alloc:2-1-1")
    run.choose("roll:garage")
    lines = answer(tmp_path, run, "odds", plain=True)
    assert_fits(lines, "odds while rolling")
    assert any(line.startswith("#: to roll (2 1 0); Holds: ") for line in lines)


@pytest.mark.parametrize("plain", [True, False])
def test_the_reward_choice_has_each_rewards_exact_win_chance(tmp_path, plain):
    run = run_at_reward()
    view = run.view()
    values = load_table().reward_values(view.barricade, view.zombies, view.repairs, view.kills)
    best = load_table().best_reward_key(view.barricade, view.zombies, view.repairs, view.kills)
    lines = answer(tmp_path, run, "odds", plain)
    assert_fits(lines, "reward odds")
    text = " ".join(" ".join(line.replace("│", " ").split()) for line in lines)
    assert "Odds of each reward" in text and "No roll is pending" not in text
    tables = UI.odds(run.state)
    rows = tables[0][2]
    assert [str(row[1])[0] for row in rows] == ["A", "B", "C", "D"]
    for row, key in zip(rows, ("reward:a", "reward:b", "reward:c", "reward:d"), strict=True):
        shown = float(str(row[2]).split("%")[0])
        places = len(str(row[2]).split("%")[0].split(".")[1])
        assert shown == round(100 * values[key], places)
        assert str(row[2]).endswith("best") == (key == best)
    assert len({str(row[2]).removesuffix(" best") for row in rows}) > 1  # enough decimals to tell them apart


def test_odds_of_one_reward_says_what_it_does(tmp_path):
    lines = answer(tmp_path, run_at_reward(), "odds d", plain=True)
    assert_fits(lines, "odds d")
    text = "\n".join(lines)
    assert "#: 4; Reward: D: create 3 barricades" in text
    assert f"never above {R.MAX_BARRICADE}" in text and "Reward: A:" not in text


# -- examine ----------------------------------------------------------------------------------------------------


def test_examine_knows_the_cards_the_pool_the_spawn_the_rewards_and_the_repair_track():
    names = set(UI.things(new_run().view()))
    assert {"Lawn", "Barricade", "Garage", "Zombie pool", "Spawn", "Car repair track"} <= names
    assert {"Reward A", "Reward B", "Reward C", "Reward D", "Zombie heads", "Odds table"} <= names


@pytest.mark.parametrize(
    ("typed", "name"),
    [("lawn", "Lawn"), ("car", "Car repair track"), ("repair", "Car repair track"), ("spawn", "Spawn")],
)
def test_examine_finds_things_by_a_word(tmp_path, typed, name):
    lines = answer(tmp_path, new_run(), f"x {typed}", plain=True)
    assert lines[0] == f"-- {name} --"


def test_every_examine_answer_fits_80x24(tmp_path):
    run = at(4, 3, 7, 5)
    for name in UI.things(run.view()):
        for plain in (True, False):
            assert_fits(answer(tmp_path, run, f"examine {name}", plain), name)


def test_examine_reads_each_sections_success_number_from_the_engine(monkeypatch):
    monkeypatch.setattr(R, "LAWN_HIT", 4)
    monkeypatch.setattr(R, "GARAGE_HIT", 6)
    known = UI.things(new_run().view())
    assert "kills on 4 or more, 3 in 6 (50%) a die" in known["Lawn"]
    assert "repairs on 6 or more, 1 in 6 (17%) a die" in known["Garage"]
    assert "builds on 3 or more, 4 in 6 (67%) a die" in known["Barricade"]


def test_examine_says_what_each_section_does_and_where_it_stands():
    known = UI.things(at(4, 3, 3, 7).view())
    assert (
        "each hit destroys one zombie" in known["Lawn"]
        and "Now: 4 zombies on the lawn, 2 in the pool" in known["Lawn"]
    )
    assert "would bring it down in the attack" in known["Barricade"]
    assert "Now: repaired 30%." in known["Garage"] and "win at once" in known["Garage"]
    assert "1 a turn from 0%, 2 from 30%, 3 from 60%, 4 from 90%" in known["Spawn"]
    assert "Now: 2 zombies a turn. The next rise, to 3, comes at 60%." in known["Spawn"]
    assert "+++ ... ... ." in known["Car repair track"] and "7 to go" in known["Car repair track"]
    assert "Now: 7 of 10." in known["Zombie heads"]
    assert known["Reward D"].startswith("Create 3 barricades.") and "Not taken yet." in known["Reward D"]
    safe = UI.things(at(2, 9).view())["Barricade"]
    assert "would leave it at 7 if none die" in safe


# -- coach, colour, toolbar --------------------------------------------------------------------------------------


def test_a_coach_line_for_each_kind_of_decision_under_80_columns():
    for kind in ("assign", "roll", "reward"):
        line = UI.coach(next(d for d in _decisions() if d.kind == kind))
        assert line and len(line) < COLUMNS, kind
    assert f"garage repairs on {R.GARAGE_HIT}+" in UI.coach(GAME.decision(new_run().state))


def _decisions():
    run = new_run(seed=1, roll_order="choose")
    yield run.decision()
    run.choose("alloc:2-1-1")
    yield run.decision()
    yield run_at_reward().decision()


def test_the_coach_speaks_once_per_kind_in_a_run(tmp_path):
    s = Session(tmp_path, run=new_run(seed=1, roll_order="choose")).lines(
        "2 1 1", "lawn", "all", "2 1 1", "all"
    )
    assert s.out.count(UI.coach(GAME.decision(new_run().state))) == 1
    assert s.out.count("the order you roll them in changes nothing") == 1
    s = Session(tmp_path / "r", run=run_at_reward()).lines()
    assert s.out.count("heads earn a reward, played at once") == 1


def _styles(value: Text) -> set[str]:
    return {str(span.style) for span in value.spans} | ({str(value.style)} if value.style else set())


def test_the_barricade_at_or_below_the_zombies_is_in_danger_and_repairs_are_gain():
    for zombies, barricade, danger in ((3, 3, True), (4, 2, True), (2, 3, False), (0, 1, False)):
        rows = dict(UI.status(at(zombies, barricade, 4).view()))
        assert (theme.DANGER in _styles(rows["Barricade"])) == danger, (zombies, barricade)
        assert ("can fall now" in str(rows["Barricade"])) == danger  # the words say it in plain text
        assert theme.GAIN in _styles(rows["Car"])
    _title, head, rows, _note = UI.odds(at(4, 3).state)[0]
    holds, repairs = head.index("Holds"), head.index("Repairs")
    assert all((theme.DANGER in _styles(row[holds])) == (str(row[holds]) != "100%") for row in rows)
    assert all((theme.GAIN in _styles(row[repairs])) == (str(row[repairs]) != "0.0") for row in rows)


def _toolbars(seeds=range(8)):
    policy = GAME.policies["heuristic"]
    for seed in seeds:
        run = new_run(seed=seed, roll_order="choose" if seed % 2 else "card")
        while (d := run.decision()) is not None:
            yield UI.toolbar(run.view())
            run.choose(policy(run.view(), d, policy_rng(seed, len(run.keys))))
        yield UI.toolbar(run.view())


def test_the_toolbar_is_whole_at_80_and_110_columns_most_important_first():
    fields = ["Barricade", "Zombies", "Repair", "Kills", "Spawn", "Turn"]
    for bar in _toolbars():
        assert fit_fields(bar, COLUMNS - 1) == bar and fit_fields(bar, 110 - 1) == bar, bar
        parts = bar.split(" · ")
        assert [p.split()[0] for p in parts] == fields, bar
        assert all(re.fullmatch(r"[A-Z][a-z]+ \d+(/\d+|%)?", p) for p in parts), bar


def test_the_digest_tells_the_hour_in_words_with_its_numbers():
    from narratives import digest, for_game

    run = new_run(seed=1)
    shown = len(run.log)
    run.choose("alloc:2-1-1")
    items = digest.items(for_game(run.game.id, 1, run.seat), run.log[shown:])
    assert [i.text for i in items] == [
        "you shot one zombie (kills 1)", "one board torn down (barricade 9)", "one zombie came (lawn 2)"
    ]


# -- look, map and the choices ------------------------------------------------------------------------------------


@pytest.mark.parametrize("plain", [True, False])
def test_look_and_map_fit_80x24_at_every_kind_of_decision(tmp_path, plain):
    rolling = new_run(seed=1, roll_order="choose")
    rolling.choose("alloc:2-1-1")
    runs = [new_run(seed=1), at(6, 6, 6, 5), at(4, 3, 9, 9), rolling, run_at_reward()]
    for run in runs:
        for line in ("look", "map"):
            lines = answer(tmp_path, run, line, plain)
            assert_fits(lines, f"{line} at {run.decision().kind}")
    look = answer(tmp_path, at(6, 6, 6, 5), "look", plain)
    assert "6 of 10 Strength Points against 6 zombies on the lawn: can fall now" in " ".join(
        " ".join(look).split()
    )


def test_the_splits_sit_in_columns_that_fit_the_screen():
    d = GAME.decision(new_run().state)
    view = new_run().view()
    lines = UI.choice_lines(d, view, COLUMNS)
    assert len(lines) == 8 and max(len(line) for line in lines) <= COLUMNS  # two columns at 80
    numbers = re.findall(r"(?:^|\s)(\d+)\. ", "\n".join(lines))
    assert sorted(map(int, numbers)) == list(range(1, 16))
    assert lines[0].startswith(" 1. lawn 4") and " 9. lawn 1, barricade 1, garage 2" in lines[0]
    assert len(UI.choice_lines(d, view, 110)) == 5  # three at 110
    assert UI.choice_lines(d, view, COLUMNS, plain=True) is None  # plain text: one a line, in order
    reward = run_at_reward()
    assert reward.state.phase == REWARD and UI.choice_lines(reward.decision(), reward.view(), COLUMNS) is None


def test_the_example_line_fits_80_columns():
    for d in _decisions():
        assert len(UI.example(d)) < COLUMNS
