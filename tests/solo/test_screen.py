"""How the screen lays out what the games draw."""

from __future__ import annotations

import io

from solo.screen import Screen, make_console


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
