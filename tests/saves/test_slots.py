"""Slot names: exactly the safe ones pass, and a refusal says what is allowed on one clean line."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from saves import SlotError, validate_slot
from saves.slots import SLOT_PATTERN

ALLOWED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def refusal(name: str) -> str:
    with pytest.raises(SlotError) as caught:
        validate_slot(name)
    return str(caught.value)


def assert_clean_line(message: str) -> None:
    assert len(message.splitlines()) == 1
    assert message.isprintable()
    assert message.startswith("Slot names use letters, digits, '-' and '_' (1 to 64 characters); ")


@given(st.from_regex(SLOT_PATTERN, fullmatch=True))
def test_every_name_matching_the_pattern_is_accepted(name):
    assert validate_slot(name) == name


@given(st.text(min_size=1, max_size=80), st.characters(exclude_characters=ALLOWED), st.data())
def test_any_other_character_is_refused_on_one_line(text, bad, data):
    position = data.draw(st.integers(0, len(text)))
    name = text[:position] + bad + text[position:]
    message = refusal(name)
    assert_clean_line(message)
    assert len(message) < 400


@given(st.text(alphabet=sorted(ALLOWED), min_size=65, max_size=300))
def test_too_long_names_are_refused(name):
    message = refusal(name)
    assert_clean_line(message)
    assert f"{len(name)} characters" in message


def test_message_names_the_bad_characters():
    message = refusal("my save!")
    assert_clean_line(message)
    assert message.endswith("'my save!' has ' ' and '!'.")


def test_control_characters_are_shown_escaped():
    message = refusal("a\nb\x1b[31m\u202e\x00")
    assert_clean_line(message)
    for escaped in ("\\n", "\\x1b", "\\u202e", "\\x00"):
        assert escaped in message
    assert re.search(r"[\x00-\x1f\x7f\u202e]", message) is None


def test_very_long_bad_names_are_cut_short():
    message = refusal("x" * 5000 + "!")
    assert_clean_line(message)
    assert len(message) < 200
    assert "5001 characters" in message


def test_empty_and_path_like_names():
    assert refusal("").endswith("the name is empty.")
    for name in ["../x", "a/b", "a\\b", ".hidden", "C:", "~"]:
        assert_clean_line(refusal(name))


def test_non_ascii_letters_and_digits_are_refused():
    for name in ["café", "ｆｕｌｌ", "٣", "ß"]:
        assert "has" in refusal(name)


def test_not_text_is_refused():
    with pytest.raises(SlotError):
        validate_slot(None)  # type: ignore[arg-type]


def test_slot_error_is_a_value_error():
    assert issubclass(SlotError, ValueError)
    assert validate_slot("a" * 64) == "a" * 64
