"""The Key type: every option's key reads back to the very same text, and text no option could have is
refused (so a key is only ever cut in `keys.py`)."""

from __future__ import annotations

import pytest

from engines.core.autoplay import policy_rng
from engines.final_girl import GAME
from engines.final_girl.keys import Key


def test_every_key_offered_in_seeded_games_reads_back_to_its_text():
    verbs: set[str] = set()
    for seed in range(8):
        options = {"girl": "cassie" if seed % 2 else "mandy", "ties": "ask", "bonus_items": "on"}
        state, _ = GAME.setup(seed, options)
        policy = GAME.policies["random" if seed % 4 == 3 else "heuristic"]
        n = 0
        while (decision := GAME.decision(state)) is not None:
            for o in decision.options:
                key = Key.parse(o.key)
                assert str(key) == o.key
                verbs.add(key.verb)
            GAME.apply(state, policy(GAME.view(state), decision, policy_rng(seed, n)), decision)
            n += 1
    assert {"play", "discard", "buy", "to", "accept", "end", "done", "stop", "take"} <= verbs


def test_a_key_names_its_parts():
    assert Key.parse("play:sprint:trap:2") == Key("play", card="sprint", number=2)
    assert Key.parse("play:sprint:trap:2").trap == 2
    assert Key.parse("react:retaliate:with:wrench") == Key("react", card="retaliate", item="wrench")
    assert Key.parse("to:office:2:3.7") == Key("to", space="office", number=2, ids=(3, 7))
    assert (
        Key.parse("hands:-") == Key("hands")
        and str(Key("hands", held=("pipe", "knife"))) == "hands:pipe+knife"
    )
    assert Key.parse("keep:crowbar:bottom").every and not Key.parse("keep:crowbar").every
    assert Key.parse("tie:lobby:fg").every and not Key.parse("tie:lobby:v").every
    assert Key.parse("buy:free") == Key("buy", every=True) and Key.parse("take:both") == Key(
        "take", every=True
    )
    assert Key.parse("closecall:all").every and Key.parse("closecall:1").number == 1
    assert Key.parse("convert") == Key("convert") and Key.parse("convert:walk:focus").other == "focus"


@pytest.mark.parametrize(
    "text",
    ["play", "task", "task:x", "to:office", "closecall:x", "keep:crowbar:top", "tie:lobby", "fly:away", ""],
)
def test_text_no_option_could_have_is_refused(text):
    with pytest.raises(ValueError):
        Key.parse(text)
