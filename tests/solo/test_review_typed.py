"""`review` typed at the prompt in every game: at a run's start (no decision of the person's yet), mid-run and
after an undo, it answers without an exception and the run goes on. The typed-input fuzz
(tests/solo/test_fuzz_input.py) types `review` only with arguments, since a bare review plays out every
decision so far; the review's figures are tests/solo/test_review_games.py's."""

from __future__ import annotations

from unittest import mock

import pytest
from repl_harness import Session

from engines.core.contract import resolve_options
from engines.core.race import Race
from engines.registry import get, ids
from solo.run import Run


@pytest.mark.parametrize("game_id", ids())
def test_review_typed_at_the_start_mid_run_and_after_an_undo_answers_and_the_run_goes_on(tmp_path, game_id):
    game = get(game_id)
    run = Run(game, 4404, resolve_options(game, {}), game.person_seats[0])
    with (
        mock.patch("solo.advice.RACE", Race(first=1, most=1)),
        mock.patch("solo.review_search.RACE", Race(first=1, most=1)),
        mock.patch("solo.review_search.jobs_default", lambda: 1),
    ):
        s = Session(tmp_path, run).lines("review", "1", "1", "review", "undo", "review", "quit")
    # in-process, an exception in a review would end the session here and fail the test
    assert s.code == 0 and s.out.count("Result: running.") == 3  # each review whole, to its last line
    assert len(s.run.keys) >= 1
