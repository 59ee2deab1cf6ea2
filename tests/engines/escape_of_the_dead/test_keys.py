"""Escape of the Dead's keys are built and read in one place, and read back what was built: the strings saves
hold ('alloc:2-1-1', 'roll:lawn', 'roll:all', 'reward:b') never change."""

from __future__ import annotations

import pytest

from engines.escape_of_the_dead import GAME
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.game import REWARDS, placed
from engines.escape_of_the_dead.keys import (
    ROLL_ALL,
    letter_of,
    reward_key,
    roll_key,
    section_of,
    split_key,
    split_of,
)


def test_the_saved_spellings():
    assert split_key((2, 1, 1)) == "alloc:2-1-1"
    assert roll_key("lawn") == "roll:lawn" and ROLL_ALL == "roll:all"
    assert reward_key("b") == "reward:b"


def test_every_key_reads_back_what_built_it():
    for split in R.splits():
        assert split_of(split_key(split)) == split == placed(split_key(split))
    for section in R.SECTIONS:
        assert section_of(roll_key(section)) == section
    for letter in REWARDS:
        assert letter_of(reward_key(letter)) == letter


def test_the_decisions_offer_exactly_these_keys():
    state, _ = GAME.setup(1, {"roll_order": "choose"})
    assert [o.key for o in GAME.decision(state).options] == [split_key(s) for s in R.splits()]
    GAME.apply(state, split_key((2, 1, 1)))
    assert [o.key for o in GAME.decision(state).options] == [*map(roll_key, R.SECTIONS), ROLL_ALL]


@pytest.mark.parametrize(
    "key", ["", "alloc:", "alloc:2-1", "alloc:2-1-x", "alloc:-1-1-1", "roll:all", "reward:b", "lawn"]
)
def test_other_keys_are_none_of_a_kind(key):
    assert split_of(key) is None
    assert section_of(key) is None or key.startswith("roll:")
    assert letter_of(key) is None or key.startswith("reward:")
    assert section_of(ROLL_ALL) is None and letter_of("alloc:2-1-1") is None
