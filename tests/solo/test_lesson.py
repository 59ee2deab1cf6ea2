"""The lessons (`solo learn GAME`): each played to its end through the REPL as the coach asks and again choosing
otherwise, every word checked against its fields; saved and resumed as a lesson, never counted in the record."""

from __future__ import annotations

import io
import re

import pytest
from lesson_harness import Kept, Person, following, number, otherwise, play, untrue

from engines.core.race import Race
from engines.registry import get
from narratives.templates import load
from saves import SaveStore
from saves.keep import Keepsakes
from solo import lesson
from solo.cli import main
from solo.run import Run
from solo.screen import Screen, make_console

GAMES = [g for g in lesson.FACTS if lesson.offered(g)]


@pytest.fixture(autouse=True)
def _quick_hints(monkeypatch):
    """The lessons ask for 'hint': a search of a couple of samples here, at a test's pace (the words are the
    same whatever it finds)."""
    monkeypatch.setattr("solo.advice.RACE", Race(first=1, most=2))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lesson_played_as_the_coach_asks_shows_all_it_teaches_and_ends(tmp_path, game_id):
    """At an 80x24 terminal, where the coach says a second step only where it fits beside the story: an optional
    step kept due through `auto` once crowded out Slaughterhouse's repair, drive and fight there, and Final
    Girl's "She is here" (plain text, which measures nothing, said them; its path is the headless walk's, which
    test_the_seed_in_the_file_shows_what_the_lesson_wants checks, and the lesson played otherwise is read in
    plain text below)."""
    repl, person, out = play(tmp_path, game_id, following, terminal=True)
    coach = repl.lesson
    assert coach is not None and repl.run.decision() is None, "the lesson stalled before the game's end"
    found = lesson.Walk(repl.told, len(person.typed), repl.run, coach.missing())
    wanted = coach.lesson.want
    assert lesson.verdict(coach.lesson, found) in ([], [f"{found.decisions} decisions, outside {coach.lesson.length[0]}-{coach.lesson.length[1]}"])
    assert {w for w in wanted} <= {s.step for s in repl.told}
    assert untrue(game_id, repl.told) == []
    assert any(q.startswith("Start a real game") for q in person.questions)
    assert "The lesson is over" in out


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lesson_played_otherwise_never_stalls_nor_lies(tmp_path, game_id):
    repl, _person, _out = play(tmp_path, game_id, otherwise)
    assert repl.run.decision() is None, "the lesson stalled before the game's end"
    assert untrue(game_id, repl.told) == []
    asked = [s for s in repl.told if "chosen_label" in s.fields]
    assert asked, "choosing otherwise where the coach asked brought no word on what the asked choice was for"
    assert any(s.fields["chosen_label"] in s.text for s in asked)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_seed_in_the_file_shows_what_the_lesson_wants(game_id):
    """scripts/lesson_seed.py's check: re-choose the seed with it when the dealing changes."""
    game = get(game_id)
    found = lesson.walk(game)
    assert lesson.verdict(lesson.lesson_of(game_id), found) == []
    assert untrue(game_id, found.said) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_decision_the_game_asks_has_a_step_and_the_words_hold_no_numbers(game_id):
    taught = {k for s in lesson.lesson_of(game_id).steps for k in s.decision}
    assert KINDS[game_id] <= taught
    from tests.tools import truth

    assert [p for p in truth.literal_numbers(load(game_id)) if p.where.startswith("lesson")] == []


KINDS = {
    "escape-of-the-dead": {"assign", "reward"},
    "final-girl": {
        "action", "roll", "convert", "planning", "move", "choose", "keep", "arrange", "react", "take_card",
        "tie", "trap_tie", "attack_tie", "shield", "pit_dice", "panic_order",
    },
    "slaughterhouse": {"personal", "order", "action", "take", "bury_order", "bury", "swap"},
    "mixtape-massacre": {
        "start", "lock", "turn", "move", "spend", "keep", "run", "search", "bonus_move", "bonus_swap", "target",
        "aid", "rise", "door", "redraw", "at_lock",
    },
    "escape-from-tall-oaks": {"start", "turn", "move", "spend", "keep", "task", "scuffle", "redraw", "traitor"},
}
"""The kinds of decision each game's default setup asks the person (the `roll` order is an option's)."""


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_is_saved_marked_resumed_where_it_was_and_never_counted(tmp_path, game_id):
    game = get(game_id)
    first, _person, _ = play_some(tmp_path, 6, game_id)
    said = set(first.lesson.fired)
    record = SaveStore(tmp_path).read(f"learn-{game_id}")
    assert record.lesson == game_id
    resumed = Run.from_record(record)
    assert resumed.lesson == game_id and resumed.keys == first.run.keys
    coach = lesson.Coach(resumed, first.narrator)
    # the save keeps what the coach said: all of it taken as said, the start too, and the prompt the person
    # left taken up as they left it (what `coach` says again there, where it said anything: the words of an
    # earlier prompt are not taken up again)
    assert coach.fired == said and coach.opening(resumed) == []
    spoke_there = any(at == len(resumed.keys) for _, at in resumed.coached or [])
    again = [s.step for s in first.lesson.last if not s.note] if spoke_there else []
    assert [s.step for s in coach.last if not s.note] == again
    from solo.saved import listing

    assert listing(SaveStore(tmp_path)).rows[0][1] == f"{game_id} (lesson)"
    repl, _, out = play(tmp_path, game.id, following, run=resumed)
    assert repl.run.decision() is None and "This lesson is a real game" not in out
    assert Keepsakes(tmp_path).read(game.id).finished == {}


def play_some(root, lines: int, game_id: str = "escape-of-the-dead") -> tuple[Kept, Person, str]:
    game = get(game_id)
    buffer = io.StringIO()
    person = Person(lambda run, coach, d: number(d, coach.suggested(run, d)), limit=lines)
    repl = Kept(lesson.new_run(game), SaveStore(root), f"learn-{game_id}", Screen(make_console(True, file=buffer, width=100), True), person)
    person.repl = repl
    repl.play()
    return repl, person, buffer.getvalue()


def test_yes_to_the_offer_starts_a_real_game_with_the_defaults_in_a_slot_of_its_own(tmp_path):
    repl, _person, out = play(tmp_path, "escape-of-the-dead", following, real="y")
    assert repl.run.lesson == "" and repl.run.keys == [] and repl.slot == "escape-of-the-dead"
    assert repl.run.options == lesson.real_options(repl.run.game)
    assert "A real game of Escape of the Dead begins" in out
    assert SaveStore(tmp_path).read("learn-escape-of-the-dead").lesson == "escape-of-the-dead"


def test_solo_learn_starts_a_lesson_and_resumes_the_unfinished_one(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    assert main(["--save-dir", str(tmp_path), "learn", "escape-of-the-dead"]) == 0
    out = capsys.readouterr().out
    assert "Coach, A night in the house (rulebook: Objective)" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["--save-dir", str(tmp_path), "learn", "escape-of-the-dead"]) == 0
    out = capsys.readouterr().out
    assert "Resuming your lesson in slot 'learn-escape-of-the-dead'" in out
    assert len(SaveStore(tmp_path).read("learn-escape-of-the-dead").keys) == 3
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["--save-dir", str(tmp_path), "learn", "escape-of-the-dead", "--again"]) == 0
    assert SaveStore(tmp_path).read("learn-escape-of-the-dead-2").keys == []


def test_the_menu_offers_learn_to_play(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n1\n"))
    assert main(["--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Learn to play" in out and "Coach, A night in the house" in out


def test_coach_repeats_its_last_words_and_auto_plays_on_until_something_new(tmp_path):
    lines = iter(["coach"])
    _, _, out = play(tmp_path, "escape-of-the-dead", lambda run, coach, d: next(lines, "quit"))
    assert out.count("Coach, Your dice") == 2
    _repl, person, out = play(tmp_path / "b", "escape-of-the-dead", following)
    made = [int(n) for n in re.findall(r"\(The coach made (\d+) choices? for you", out)]
    assert person.typed.count("auto") == len(made) and max(made) > 1
    before = out.index("(The coach made")
    assert out.rfind("Coach, Play on", 0, before) != -1  # taught before it is used


def test_every_game_has_a_lesson_and_its_readme_section_starts_with_solo_learn():
    from pathlib import Path

    from engines import registry

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    for game_id in registry.ids():
        game = get(game_id)
        assert lesson.offered(game_id), f"{game.title} has no lesson"
        section = readme.split(f"\n## {game.title}\n", 1)[1]
        assert section.lstrip("\n").startswith(f"    solo learn {game_id}\n"), game.title


@pytest.mark.parametrize("game_id", GAMES)
def test_after_an_undo_the_coach_never_says_its_ask_was_about_the_earlier_decision(game_id):
    """The coach asked at a decision; the person undid their choice before it and chose otherwise there: no
    note names the asked choice against a choice at another decision, and `auto` plays no stale key."""
    from narratives import for_game

    game = get(game_id)
    run = lesson.new_run(game)
    coach = lesson.Coach(run, for_game(game_id, run.seed, run.seat))
    run.step_automa()
    coach.opening(run)
    for _ in range(lesson.AUTO_LIMIT):
        run.step_automa()
        coach.speak(run)
        d = run.decision()
        assert d is not None, "the coach never asked after the person's first choice"
        if coach.asked_key(run) is not None and any(s == run.seat for s in run.seats):
            break
        key = coach.suggested(run, d)
        run.choose(key, d)
        coach.chose(run, key, d)
    asked = coach.asked_key(run)
    assert asked is not None and run.undo()
    assert coach.asked_key(run) is None  # back at an earlier decision: not the one it asked at
    d = run.decision()
    assert d is not None and d.seat == run.seat
    other = next((o.key for o in d.options if o.key != asked), d.options[0].key)
    run.choose(other, d)
    coach.chose(run, other, d)
    assert coach.notes == []



def test_an_events_step_crowded_out_of_a_full_prompt_is_said_at_the_next_prompt():
    """Two steps due at one prompt that holds one: the second is said at the person's next prompt, not held
    back until its kind of event happens again (a rescue in Tall Oaks: many turns later, or never)."""
    import msgspec

    from narratives import for_game

    game = get("escape-from-tall-oaks")
    run = lesson.new_run(game)
    coach = lesson.Coach(run, for_game(game.id, run.seed, run.seat))
    first = msgspec.structs.replace(coach.lesson.step("rescue"), after=())
    second = msgspec.structs.replace(first, name="rescue_again")
    coach.lesson = msgspec.structs.replace(coach.lesson, steps=(first, second), per_prompt=1)
    prompts: list[list[lesson.Said]] = []
    while len(prompts) < 200 and not any(s.step == "rescue_again" for spoken in prompts for s in spoken):
        run.step_automa()
        prompts.append(coach.speak(run))
        d = run.decision()
        if d is None:
            break
        run.choose(coach.suggested(run, d), d)
    said = [(n, s.step) for n, spoken in enumerate(prompts) for s in spoken]
    assert [step for _, step in said] == ["rescue", "rescue_again"]
    assert said[1][0] == said[0][0] + 1  # the very next prompt


def _two_due_at_once(game_id: str, first: str, second: str, **change):
    """The lesson's coach with only the steps `first` and `second`, both due at the person's first decision."""
    import msgspec

    from narratives import for_game

    game = get(game_id)
    run = lesson.new_run(game)
    coach = lesson.Coach(run, for_game(game.id, run.seed, run.seat))
    kind = (run.step_automa(), run.decision())[1].kind  # type: ignore[union-attr]
    steps = [
        msgspec.structs.replace(coach.lesson.step(n), after=(), decision=(kind,), tells=(), **change) for n in (first, second)
    ]
    coach.lesson = msgspec.structs.replace(coach.lesson, steps=tuple(steps), per_prompt=2)
    return run, coach


def test_two_steps_due_at_one_prompt_are_said_together_where_they_fit_else_one_a_prompt():
    run, coach = _two_due_at_once("slaughterhouse", "order", "bury_order")
    assert [s.step for s in coach.speak(run)] == ["order", "bury_order"]
    run, coach = _two_due_at_once("slaughterhouse", "order", "bury_order")
    coach.fits = lambda said: len(said) < 2  # the REPL measured: a second box would push the story off the screen
    assert [s.step for s in coach.speak(run)] == ["order"]
    assert [s.step for s in coach.speak(run)] == ["bury_order"]  # at the next prompt (here, the same decision)


def test_the_coach_never_asks_for_two_commands_at_one_prompt():
    """Asked to try 'examine' and 'undo' at once, the person types one, and the other was never tried."""
    run, coach = _two_due_at_once("slaughterhouse", "order", "undo")
    assert [s.step for s in coach.speak(run)] == ["order"]
    assert coach.awaiting is not None and coach.awaiting[0].command == "examine"


def test_auto_stops_for_the_steps_the_lesson_counts_on_not_for_an_optional_one():
    """`auto` plays on past a step marked optional and not among those the lesson wants (said only where it
    comes at a stop itself), and stops for one that is not optional or is wanted."""
    import msgspec

    from narratives import for_game

    game = get("escape-of-the-dead")
    run = lesson.new_run(game)
    coach = lesson.Coach(run, for_game(game.id, run.seed, run.seat))
    lawn = coach.lesson.step("lawn")
    while not any(e.kind == "lawn_rolled" for e in run.log):
        run.step_automa()
        d = run.decision()
        run.choose(coach.suggested(run, d), d)
    run.step_automa()
    for optional, want, stops in ((True, (), False), (False, (), True), (True, ("lawn",), True)):
        step = msgspec.structs.replace(lawn, optional=optional)
        coach.lesson = msgspec.structs.replace(coach.lesson, steps=(step,), want=want)
        assert coach.would_speak(run) is stops, (optional, want)


@pytest.mark.parametrize("game_id", ["escape-of-the-dead", "escape-from-tall-oaks"])
def test_after_auto_the_coach_looks_only_at_what_came_of_the_last_choice_it_played(tmp_path, monkeypatch, game_id):
    """An optional step does not stop `auto`, and its moment passes with each decision `auto` plays: the coach
    never says it at a later stop about an event long off the screen (Tall Oaks' lesson said "You held it off"
    29 choices after, its window of events growing through every choice `auto` made)."""
    looked: list[tuple[int, int]] = []
    real = lesson.auto

    def auto(run: Run, coach: lesson.Coach) -> int:
        played = real(run, coach)
        mine = [i for i, seat in enumerate(run.seats) if seat == run.seat]
        if played > 1:
            looked.append((coach.seen, run.marks[mine[-1]]))  # where the last choice auto made began
        return played

    monkeypatch.setattr(lesson, "auto", auto)
    play(tmp_path, game_id, following)
    assert looked and all(seen == last for seen, last in looked), looked


@pytest.mark.parametrize("game_id", GAMES)
def test_a_lesson_saved_before_its_progress_was_kept_never_takes_as_said_a_step_held_back_for_room(game_id):
    """The REPL holds a second step back where the screen has no room for it; a lesson reloaded from a save
    that does not keep what its coach said cannot measure the screens it missed, so it counts one step a
    prompt: every step it takes as said was said."""
    from narratives import for_game

    game = get(game_id)
    run = lesson.new_run(game)
    live = lesson.Coach(run, for_game(game.id, run.seed, run.seat))
    live.fits = lambda said: False  # a screen with room for one box a prompt
    run.step_automa()
    live.opening(run)
    for _ in range(25):
        run.step_automa()
        live.speak(run)
        d = run.decision()
        if d is None:
            break
        key = live.asked_key(run) or live.suggested(run, d)
        run.choose(key, d)
        live.chose(run, key, d)
        kept, run.coached = run.coached, None  # the save reloaded here, as one from before it kept them
        reloaded = lesson.Coach(run, for_game(game.id, run.seed, run.seat))
        assert reloaded.fired <= live.fired and reloaded.fits is None, len(run.keys)
        assert run.coached is not None and {name for name, _ in run.coached} == reloaded.fired  # kept from now
        run.coached = kept


def _steps_spoken(told: list[lesson.Said]) -> list[str]:
    """The steps the coach said, each time it said one (not its notes on them, nor `coach` saying them again)."""
    return [s.step for s in told if not s.note]


LEAVINGS = {
    "quit": ["quit"],
    "ctrl-d": [],  # the end of input at the prompt; the question 'Save and quit?' meets it too
    "save-load": ["save", "load learn-{game}"],
    "undo": ["undo", "quit"],
}
"""The ways a lesson is left and taken up again, as the person types them at the prompt where the coach said
two steps (after which the reader ends the input)."""


@pytest.mark.parametrize(
    ("game_id", "leaving"), [(g, list(LEAVINGS)[n % len(LEAVINGS)]) for n, g in enumerate(GAMES)]
)  # each way out once at least, each game once: the cause is the same in all of them
def test_a_lesson_left_and_resumed_never_says_a_step_twice(tmp_path, game_id, leaving, monkeypatch):
    """The coach said two steps at one prompt (piped, there is always room); the person leaves there (quit,
    Ctrl-D, save then load, undo then quit) and resumes: no step of the whole lesson is said twice, and the
    lesson still reaches its end with every step on the coach's path said."""
    spoken_at: list[list[str]] = []
    speak = lesson.Coach.speak

    def speaking(self, run):
        before = len(self.notes)
        out = speak(self, run)
        if out[before:]:
            spoken_at.append([s.step for s in out[before:]])
        return out

    monkeypatch.setattr(lesson.Coach, "speak", speaking)
    typed = iter(line.format(game=game_id) for line in LEAVINGS[leaving])

    def answer(run, coach, d) -> str:
        if not any(len(group) > 1 for group in spoken_at):
            return following(run, coach, d)
        line = next(typed, None)
        if line is None:
            raise EOFError  # Ctrl-D at the prompt
        return line

    first, _person, _ = play(tmp_path, game_id, answer)
    assert any(len(group) > 1 for group in spoken_at), "the coach never said two steps at one prompt"
    record = SaveStore(tmp_path).read(f"learn-{game_id}")
    second, _person, _ = play(tmp_path, game_id, following, run=Run.from_record(record))
    told = _steps_spoken(first.told) + _steps_spoken(second.told)
    assert [s for s in told if told.count(s) > 1] == []
    assert second.run.decision() is None and second.lesson is not None and second.lesson.missing() == []


def test_what_a_lesson_s_coach_said_is_sealed_in_its_save(tmp_path):
    """A hand edit of the lesson's progress (a step taken out, to hear it again) is caught like any other."""
    import json

    from saves import SaveError

    play_some(tmp_path, 3)
    store = SaveStore(tmp_path)
    path = store.path("learn-escape-of-the-dead")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["coached"] and doc["coached"][0][0] == "welcome"
    doc["coached"] = doc["coached"][1:]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match="seal"):
        store.read("learn-escape-of-the-dead")
