import pytest

from engines import registry
from engines.core.contract import resolve_options


def test_known_game():
    assert registry.get("escape-of-the-dead").title == "Escape of the Dead"


@pytest.mark.parametrize("typo", ["escape-of-dead", "escape", "eotd-dead", "Escape-Of-The-Dead"])
def test_unknown_game_suggests_the_closest(typo):
    with pytest.raises(KeyError) as e:
        registry.get(typo)
    assert "Did you mean 'escape-of-the-dead'" in str(e.value)


def test_resolve_options_fills_defaults_and_checks_choices():
    game = registry.get("escape-of-the-dead")
    assert resolve_options(game, {}) == {"barricade": "10", "roll_order": "card"}
    assert resolve_options(game, {"barricade": "7"})["barricade"] == "7"
    with pytest.raises(ValueError, match="Did you mean 'barricade'"):
        resolve_options(game, {"barricad": "7"})
    with pytest.raises(ValueError, match="takes one of"):
        resolve_options(game, {"barricade": "0"})


def test_every_title_is_known_without_importing_the_engine():
    """`solo stats` names the games of a record without importing their engines (issue 44: a tenth of a second
    a command); the names must be the games' own."""
    for game_id in registry.ids():
        assert registry.title(game_id) == registry.get(game_id).title
        assert registry.no_winner(game_id) == bool(getattr(registry.get(game_id), "no_winner", ""))
