"""The Key type: every key the engine offers, and every key an old save holds, reads back to its very text
with each argument in its named field; a Key of any verb's shape writes text that reads back to it; text no
option could have is refused (so a key is only ever cut in `keys.py`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.autoplay import policy_rng
from engines.slaughterhouse import GAME
from engines.slaughterhouse import data as D
from engines.slaughterhouse.keys import _READERS, BARE, Key

SAVES = Path(__file__).parents[2] / "saves" / "data"


def _shape(k: Key) -> tuple[str, ...]:
    """The verb and the names of the fields a key sets."""
    unset = Key(k.verb)
    return (k.verb, *(f for f in Key._fields[1:] if getattr(k, f) != getattr(unset, f)))


def test_every_key_offered_in_seeded_games_reads_back_to_its_text():
    shapes: set[tuple[str, ...]] = set()
    for seed in range(10):  # every scenario, one to four Trespassers, both policies
        options = {"scenario": "abcde"[seed % 5], "trespassers": str(1 + seed % 4)}
        state, _ = GAME.setup(seed, options)
        policy = GAME.policies["random" if seed % 2 else "heuristic"]
        n = 0
        while (decision := GAME.decision(state)) is not None:
            for o in decision.options:
                key = Key.parse(o.key)
                assert str(key) == o.key
                shapes.add(_shape(key))
            GAME.apply(
                state, policy(GAME.view(state, decision.seat), decision, policy_rng(seed, n)), decision
            )
            n += 1
    assert {s[0] for s in shapes} == set(_READERS) | BARE  # every verb the type reads was met
    assert {  # and every shape of the verbs that have several
        ("move", "space"),
        ("move", "space", "who"),
        ("move", "space", "grandpa"),
        ("free", "card"),
        ("free", "card", "space"),
        ("free", "card", "who"),
        ("use", "card", "sawyer"),
        ("use", "card", "injury"),
        ("desp", "card"),
        ("desp", "card", "sawyer"),
        ("desp", "card", "injury"),
        ("desp", "card", "space"),
        ("desp", "card", "via", "space"),
        ("swap", "who"),
        ("swap", "way", "card"),
        ("swap", "way", "card", "other"),
        ("photo",),
        ("photo", "sawyer"),
    } <= shapes


def _saved_keys() -> list[str]:
    """Every key the Slaughterhouse saves kept from older rules hold, in their snapshots and journals."""
    keys: list[str] = []
    for path in sorted(SAVES.rglob("*.json")):
        record = json.loads(path.read_text())
        if record.get("game") != "slaughterhouse":
            continue
        keys += record["keys"]
        journal = path.with_suffix(".journal")
        if journal.exists():
            lines = [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]
            keys += [line["key"] for line in lines if "key" in line]
    return keys


def test_every_key_an_old_save_holds_reads_back_to_its_text():
    keys = _saved_keys()
    assert len(keys) > 300
    assert [k for k in keys if str(Key.parse(k)) != k] == []


def test_a_key_names_its_parts():
    assert Key.parse("run:HALL:KIT1") == Key("run", via="HALL", space="KIT1")
    assert Key.parse("run:HALL:KIT1").path == ("HALL", "KIT1") and Key.parse("move:KIT1").path == ("KIT1",)
    assert Key.parse("move:KIT1:0") == Key("move", space="KIT1", who=0)
    assert Key.parse("move:KIT1:grandpa") == Key("move", space="KIT1", grandpa=True)
    assert Key.parse("attack:2").trespasser == 2 and Key.parse("carry:0").trespasser == 0
    assert Key.parse("swap:trade:item/a:item/b") == Key("swap", way="trade", card="item/a", other="item/b")
    assert Key.parse("swap:give:personal/x") == Key("swap", way="give", card="personal/x")
    assert Key.parse("swap:1") == Key("swap", who=1)
    assert Key.parse("use:item/bat:leatherface") == Key("use", card="item/bat", sawyer="leatherface")
    assert Key.parse("use:item/bandages:foot") == Key("use", card="item/bandages", injury="foot")
    assert Key.parse("desp:desp/x:YW2") == Key("desp", card="desp/x", space="YW2")
    assert Key.parse("desp:desp/x:A:B") == Key("desp", card="desp/x", via="A", space="B")
    assert Key.parse("free:sawyer/x:3") == Key("free", card="sawyer/x", who=3)
    assert Key.parse("free:sawyer/x:KIT1") == Key("free", card="sawyer/x", space="KIT1")
    assert Key.parse("dice:0,2") == Key("dice", dice=(0, 2)) and str(Key("dice", dice=(1,))) == "dice:1"
    assert Key.parse("horror:Back Bedroom").room == "Back Bedroom" and Key.parse("turn:blue").tid == "blue"
    assert Key.parse("photo") == Key("photo") and Key.parse("photo:grandpa").sawyer == "grandpa"
    with pytest.raises(ValueError):
        _ = Key.parse("free:sawyer/x").trespasser  # names none


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly:away",
        "move",
        "take",
        "attack:x",
        "attack:01",
        "carry:1:2",
        "run:HALL",
        "use:item/bat",
        "use:item/bat:KIT1",
        "swap:lend:item/a",
        "swap:trade:item/a",
        "dice:",
        "dice:0,x",
        "move:KIT1:1:2",
        "search:KIT1",
    ],
)
def test_text_no_option_could_have_is_refused(text):
    with pytest.raises(ValueError):
        Key.parse(text)


_card = st.sampled_from(sorted({*D.ALL_ITEMS, *D.ALL_INJURIES, *D.ALL_DESPERATION, *D.ALL_SAWYER_CARDS}))
_space = st.sampled_from(sorted(D.SPACES))
_sawyer = st.sampled_from(D.SAWYER_ORDER)
_who = st.integers(0, 3)


def _verbs(names: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.sampled_from(names)


_KEYS = st.one_of(
    st.sampled_from(sorted(BARE)).map(Key),
    st.builds(
        lambda v, c: Key(v, card=c),
        _verbs(("take", "bury", "next", "give", "panic", "play", "reroll", "pick", "document")),
        _card,
    ),
    st.builds(lambda v, s: Key(v, space=s), _verbs(("space", "from", "creep")), _space),
    st.builds(lambda v, s: Key(v, sawyer=s), _verbs(("brutal", "sawyer", "photo")), _sawyer),
    st.builds(lambda v, i: Key(v, who=i), _verbs(("attack", "hunt", "carry", "swap")), _who),
    st.builds(lambda v, a, b: Key(v, via=a, space=b), _verbs(("run", "move2")), _space, _space),
    st.builds(lambda r: Key("horror", room=r), st.sampled_from(sorted(D.ROOMS))),
    st.builds(lambda t: Key("turn", tid=t), st.sampled_from([t["id"] for t in D.TRESPASSERS])),
    st.builds(
        lambda s, i, g: Key("move", space=s, who=None if g else i, grandpa=g),
        _space,
        st.none() | _who,
        st.booleans(),
    ),
    st.builds(lambda c, s: Key("free", card=c, space=s), _card, _space),
    st.builds(lambda c, i: Key("free", card=c, who=i), _card, st.none() | _who),
    st.builds(lambda v, c, s: Key(v, card=c, sawyer=s), _verbs(("use", "desp")), _card, _sawyer),
    st.builds(
        lambda v, c, k: Key(v, card=c, injury=k),
        _verbs(("use", "desp")),
        _card,
        st.sampled_from(D.INJURY_TYPES),
    ),
    st.builds(lambda c, a, b: Key("desp", card=c, via=a or "", space=b), _card, st.none() | _space, _space),
    st.builds(lambda w, c: Key("swap", way=w, card=c), st.sampled_from(("give", "take")), _card),
    st.builds(lambda c, x: Key("swap", way="trade", card=c, other=x), _card, _card),
    st.builds(
        lambda d: Key("dice", dice=tuple(sorted(d))), st.sets(st.integers(0, 5), min_size=1, max_size=6)
    ),
)


@settings(max_examples=300, deadline=None)
@given(_KEYS)
def test_the_text_of_any_key_of_a_verbs_shape_reads_back_to_it(key):
    assert Key.parse(str(key)) == key
