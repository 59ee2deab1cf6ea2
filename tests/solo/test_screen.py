"""How the screen lays out what the games draw."""

from __future__ import annotations

import io

from solo.saved import HEAD
from solo.screen import Screen, make_console, whole_quotes


def boxed(width: int) -> tuple[Screen, io.StringIO]:
    buffer = io.StringIO()
    return Screen(make_console(False, file=buffer, width=width), False), buffer


def test_a_map_wider_than_a_card_is_never_wrapped():
    screen, buffer = boxed(100)
    row = "#" * 41 + " the town, one character a space"
    screen.cards([("Tall Oaks", "\n".join([row] * 3)), ("Standings", "you: 6 health")])
    lines = buffer.getvalue().splitlines()
    assert sum(row in line for line in lines) == 3


def test_small_cards_keep_their_width_and_sit_side_by_side():
    screen, buffer = boxed(100)
    screen.cards([("Lawn", "2 zombies"), ("Barricade", "10"), ("Garage", "0%")])
    lines = [line for line in buffer.getvalue().splitlines() if line.strip()]
    assert len(lines) == 3 and all(title in lines[0] for title in ("Lawn", "Barricade", "Garage"))


def test_a_card_never_grows_past_the_console():
    screen, buffer = boxed(50)
    screen.cards([("Wide", "x" * 80)])
    assert max(len(line) for line in buffer.getvalue().splitlines()) <= 50


def test_a_game_that_wants_its_map_beside_a_choice_gets_it_drawn_first(tmp_path, monkeypatch):
    from repl_harness import Session

    from solo.games import escape_of_the_dead

    s = Session(tmp_path, plain=False).lines("quit")
    assert "─ Lawn ─" not in s.out.split("1.")[0]  # no map by default
    drawn = []
    monkeypatch.setattr(
        escape_of_the_dead.UI, "shows_map", lambda d: drawn.append(d.kind) or True, raising=False
    )
    s = Session(tmp_path / "b", plain=False).lines("quit")
    assert drawn == ["assign"]
    before_choices = s.out.split("1.")[0]
    assert all(f"─ {card} ─" in before_choices for card in ("Lawn", "Barricade", "Garage"))
    plain = Session(tmp_path / "c", plain=True).lines("quit")
    assert drawn == ["assign"] and plain.code == 0  # plain screens list the choices only


def test_a_shorthand_that_names_an_illegal_choice_gets_the_engines_reason(tmp_path, monkeypatch):
    """A game's own words may name a choice the rules refuse now: the person reads the rules' reason."""
    from repl_harness import Session

    from solo.games import escape_of_the_dead

    monkeypatch.setattr(escape_of_the_dead.UI, "parse", lambda text, d: "reward:b" if text == "fix" else None)
    s = Session(tmp_path).lines("fix", "quit")
    assert "'reward:b' is not a legal choice now: the game wants a dice split." in s.out
    assert s.run.keys == []


def test_a_plain_table_reads_as_sentences():
    buffer = io.StringIO()
    screen = Screen(make_console(True, file=buffer, width=100), True)
    screen.table(
        "Achievements", ["Achievement", "First earned"], [["Win at the Warehouse.", "-"], ["Win", "-"]]
    )
    assert "Achievement: Win at the Warehouse. First earned: -" in buffer.getvalue()
    assert "Achievement: Win; First earned: -" in buffer.getvalue()


def _saves(tmp_path, slots: list[str]):
    """A folder with one Escape of the Dead run saved in each slot, and a damaged file."""
    from repl_harness import Session, new_run

    from saves import SaveStore
    from solo import saved

    for slot in slots:
        Session(tmp_path, new_run(seed=3), slot=slot).plain_lines("1", "save")
    (tmp_path / "broken.json").write_bytes(b'{"format": "solo-save", "sch')
    return saved.listing(SaveStore(tmp_path))


def test_the_saves_table_shows_every_slot_name_whole_at_80_columns(tmp_path):
    """The slot is what `load` asks for: two slots cut to the same 'escape-of-the-dead…' could not be told
    apart. A damaged file says "damaged" in its row and why in a line under the table."""
    found = _saves(tmp_path, ["escape-of-the-dead-2", "escape-of-the-dead-3"])
    screen, buffer = boxed(80)
    screen.table("Saves", ["#", *HEAD], [[str(n), *row] for n, row in enumerate(found.rows, 1)], found.note)
    out = buffer.getvalue()
    assert "┃" in out and "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    for slot in ("escape-of-the-dead-2", "escape-of-the-dead-3", "broken"):
        assert f"│ {slot} " in out
    assert "broken is damaged: not valid JSON" in out


def test_a_table_that_would_cut_a_word_reads_as_lines_instead(tmp_path):
    found = _saves(tmp_path, ["escape-of-the-dead-longer-than-most"])
    screen, buffer = boxed(80)
    screen.table("Saves", HEAD, found.rows, found.note)
    out = buffer.getvalue()
    assert "┃" not in out and "…" not in out
    assert "Slot: escape-of-the-dead-longer-than-most; Game: escape-of-the-dead; Turn: 2" in " ".join(out.split())
    assert "Slot: broken; Game: ?; Turn: ?; State: damaged\n" in out  # an empty cell is left out


def test_a_table_whose_unwrapped_columns_leave_no_room_for_the_first_reads_as_lines():
    """Slaughterhouse's odds at 80 columns: nine columns of figures, never wrapped (a head of three words
    neither), left the roll's name one character, cut to '…' on every line. Such a table reads as a line a row."""
    head = ["Roll", "Dice", "0", "1", "2", "3", "4", "5", "6", "at least one"]
    row = ["end of turn: calm 3 Noise", "3", "12.5%", "25.0%", "29.2%", "20.4%", "9.7%", "2.8%", "0.5%", "87.5%"]
    screen, buffer = boxed(80)
    screen.table("Odds", head, [row], "Successes on bone dice.")
    out = buffer.getvalue()
    assert "…" not in out and "┃" not in out
    assert "Roll: end of turn: calm 3 Noise; Dice: 3; 0: 12.5%" in " ".join(out.split())
    screen, buffer = boxed(120)  # where it fits, the table
    screen.table("Odds", head, [row])
    assert "┃" in buffer.getvalue() and "end of turn: calm 3 Noise" in buffer.getvalue()


def test_plain_text_names_a_turn_once_while_it_lasts():
    buffer = io.StringIO()
    screen = Screen(make_console(True, file=buffer, width=100), True)
    screen.story("Turn 1", ["You roll."])
    screen.story("Turn 1", ["The dead come."])
    screen.story("Turn 2", ["Dawn."])
    out = buffer.getvalue()
    assert out.count("-- Turn 1 --") == 1 and out.count("-- Turn 2 --") == 1
    assert out.index("You roll.") < out.index("The dead come.") < out.index("-- Turn 2 --")


def _choices(n: int):
    from engines.core.contract import Decision, Option

    return Decision(
        seat="you",
        kind="pick",
        prompt="Choose.",
        options=tuple(Option(f"k{i}", f"choice {i}") for i in range(1, n + 1)),
    )


def test_many_choices_run_down_then_across_three_columns():
    screen, buffer = boxed(100)
    screen.options(_choices(15))
    lines = buffer.getvalue().splitlines()
    assert lines[1].split() == ["1.", "choice", "1", "6.", "choice", "6", "11.", "choice", "11"]
    assert len(lines) == 6  # the prompt and five rows
    assert lines[1].index("6.") == lines[2].index("7.")  # columns line up


def test_choices_too_wide_for_columns_go_one_a_line():
    screen, buffer = boxed(40)
    screen.options(_choices(15))
    lines = buffer.getvalue().splitlines()
    assert lines[1:] == [f"{i}. choice {i}" for i in range(1, 16)]


def test_a_few_choices_go_one_a_line():
    screen, buffer = boxed(100)
    screen.options(_choices(4))
    assert buffer.getvalue().splitlines()[1:] == [f"{i}. choice {i}" for i in range(1, 5)]


def test_a_card_drawn_as_rich_text_keeps_its_styles_and_reads_plain_without_them():
    from rich.text import Text

    from solo import theme

    body = Text("3/10 strength", theme.DANGER)
    from rich.console import Console

    buffer = io.StringIO()  # as at a terminal: the styles are written
    Screen(Console(file=buffer, width=60, force_terminal=True, color_system="standard"), False).cards(
        [("Barricade", body)]
    )
    assert "\x1b[1;31m3/10 strength" in buffer.getvalue()
    quiet = io.StringIO()
    Screen(make_console(True, file=quiet), True).cards([("Barricade", body)])
    assert quiet.getvalue() == "Barricade: 3/10 strength\n\n"


def test_the_barricade_card_is_danger_when_the_lawn_would_break_it():
    from engines.escape_of_the_dead.game import GAME
    from solo import theme
    from solo.games.escape_of_the_dead import UI

    state, _ = GAME.setup(1, {})
    state.zombies, state.barricade = 4, 3
    card = dict(UI.cards(GAME.view(state, GAME.seats[0]), False))["Barricade"]
    assert [s.style for s in card.spans if "strength" in card.plain[s.start : s.end]] == [theme.DANGER]
    state.zombies = 1
    card = dict(UI.cards(GAME.view(state, GAME.seats[0]), False))["Barricade"]
    assert not [s for s in card.spans if s.style]
    assert isinstance(dict(UI.cards(GAME.view(state, GAME.seats[0]), True))["Barricade"], str)


def test_a_quoted_example_is_never_split_by_a_wrapped_line():
    """'2 1 1' broke into "'2 1" and "1'" at the edge of the screen: what a player would type stays whole."""
    text = "Type a number, or dice on lawn, barricade, garage: '2 1 1', 'lawn 2 garage 2'. You're fine."
    for width in range(30, 81):
        screen, buffer = boxed(width)
        screen.error(text)
        lines = [" ".join(line.split()) for line in buffer.getvalue().splitlines()]
        assert max(len(line) for line in lines) <= width
        assert sum("'2 1 1'" in line for line in lines) == 1 and sum("'lawn 2 garage 2'" in line for line in lines) == 1
        assert "You're fine." in " ".join(lines)
    assert whole_quotes(text, 200) == text and whole_quotes("no quotes at all here", 5) == "no quotes at all here"


def test_a_panel_title_on_a_narrow_terminal_is_shortened_at_a_word_with_a_mark():
    """Issue 49: at 30-40 columns rich cut a panel's title mid-word ('Mixtape Massacre: Directo')."""
    import re

    title = "Mixtape Massacre: Director's Cut, the standings"
    for width in (30, 34, 40):
        out = io.StringIO()
        screen = Screen(make_console(False, file=out, width=width), False)
        screen.story(title, ["x"])
        screen.cards([(title, "abc")])
        screen.framed_pairs(title, [("a", "b")])
        tops = [line for line in out.getvalue().splitlines() if line.startswith("╭")]
        assert len(tops) == 3
        for top in tops:
            shown = re.sub(r"[╭╮─]", " ", top).strip()
            assert len(top) <= width and shown.endswith("...") and title.startswith(shown[:-3].rstrip())
            assert title[len(shown[:-3].rstrip())] in " ,:"  # cut between words, never inside one


def test_the_digest_on_a_narrow_terminal_never_shows_an_item_without_its_numbers():
    """Issue 49: at 30-40 columns the digest read 'Since your last choice: Hero Meter' (its numbers cut). Its
    items are whole sentences now (issue 45); at any width each is shown whole, with its numbers, or left out."""
    from solo.screen import fit_digest

    items = [("the Hero Meter rose to 2 of 4", 1), ("you lost 1 health (5 left)", 0)]
    for width in (30, 35, 40, 80):
        said = fit_digest(items, width)
        assert said and all(len(line) <= width for line in said.splitlines())
        for text, _ in items:
            assert text in said or text.split()[-1] not in said  # a whole item, or none of it
    assert fit_digest(items, 100) == "Since your last choice: the Hero Meter rose to 2 of 4; you lost 1 health (5 left)"
    assert fit_digest(items, 30) == "you lost 1 health (5 left)"  # the weightiest, whole, at 30 columns
