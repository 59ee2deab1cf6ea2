"""Escape of the Dead's lesson facts: what the coach's words may say, from the survivor's view and the decision.

The rule numbers are the engine's (rules_data); the chances are the exact solver's, as `hint` gives them.
Nothing in this game is hidden but the dice to come, so the view is the whole table.
"""

from __future__ import annotations

from typing import Any

from engines.core.contract import Decision
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.state import View

PER_REPAIR = 100 // R.REPAIRS_TO_WIN
CLOSE = 0.005
"""Chances of winning closer than half a point are 'about as good': the coach asks for the best, and says so."""


def facts(view: View, decision: Decision | None) -> dict[str, Any]:
    """The table in named numbers, the rules' numbers beside them, and at a choice the solver's two best."""
    out: dict[str, Any] = {
        "barricade": view.barricade,
        "max_barricade": view.max_barricade,
        "zombies": view.zombies,
        "pool": view.pool,
        "repairs": view.repairs,
        "repair_pct": view.repairs * PER_REPAIR,
        "kills": view.kills,
        "kills_needed": view.kills_needed,
        "heads_left": max(0, view.kills_needed - view.kills),
        "spawn_level": 0 if view.skip_spawn else view.spawn_level,
        "skip_spawn": view.skip_spawn,
        "total_kills": view.total_kills,
        "breaks": view.zombies > 0 and view.barricade <= view.zombies,
        "dice_count": R.DICE,
        "lawn_hit": R.LAWN_HIT,
        "barricade_hit": R.BARRICADE_HIT,
        "garage_hit": R.GARAGE_HIT,
        "per_repair": PER_REPAIR,
        "win_pct": R.REPAIRS_TO_WIN * PER_REPAIR,
        "tokens": R.ZOMBIE_TOKENS,
        "reward_boards": R.REWARD_BARRICADES,
        "per_level": R.REPAIRS_PER_LEVEL,
        "rewards_taken": len(view.rewards),
        "cards": len(R.SECTIONS),
    }
    if decision is not None and decision.kind in ("assign", "reward"):
        out.update(_best_two(view, decision))
    return out


def _best_two(view: View, decision: Decision) -> dict[str, Any]:
    """The solver's best choice and the runner-up, each with its exact chance of winning from here."""
    from engines.escape_of_the_dead import solver

    table = solver.load_table()
    if decision.kind == "assign":
        values = table.split_values(view.zombies, view.barricade, view.repairs, view.kills)
        best = table.best_split(view.zombies, view.barricade, view.repairs, view.kills)
    else:
        values = table.reward_values(view.barricade, view.zombies, view.repairs, view.kills)
        best = table.best_reward_key(view.barricade, view.zombies, view.repairs, view.kills)
    second = min((k for k in values if k != best), key=lambda k: (-values[k], k))
    close = values[best] - values[second] < CLOSE
    best_pct, second_pct = (_whole(values[best]), "") if close else _percents(values[best], values[second])
    labels = {o.key: o.label for o in decision.options}
    return {
        "best_label": labels.get(best, best),
        "best_pct": best_pct,
        "second_label": labels.get(second, second),
        "second_pct": second_pct,
        "close": close,
        "chances": {k: _percents(v, values[best])[0] for k, v in values.items()},
    }


def _whole(x: float) -> str:
    return f"{100 * x:.0f}%"


def _percents(x: float, other: float) -> tuple[str, str]:
    """Both chances as whole percentages, or with the decimals it takes to tell them apart (a tie stays one)."""
    for places in range(0, 3):
        a, b = f"{100 * x:.{places}f}%", f"{100 * other:.{places}f}%"
        if a != b:
            return a, b
    return a, a
