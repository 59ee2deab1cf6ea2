"""The exact optimal play of Escape of the Dead: the highest chance of winning from every position.

The game as `game.py` and `phases.py` implement it is a Markov decision process with two kinds of decision:

* **Phase 2** (`assign`), in the state (zombies on the lawn after the spawn 0..6, barricade 1..10,
  repairs 0..9, kills toward the next reward 0..9): choose one of the 15 splits of the 4 dice.
* **Phase 5** (`reward`), after the Phase 4 attack, in the state (barricade after the attack, zombies on
  the lawn, repairs, kills 10..13): choose reward a, b, c or d.

Between them the dice do the rest: lawn hits (3+) kill min(hits, zombies), barricade hits (3+) add boards up
to the card's maximum, garage hits (5+) add repairs and 10 repairs win at once; the zombies left attack;
then a reward if the kills reached 10, else the next turn spawns 1 + repairs // 3 zombies (at most 6 on
the lawn). Reward c skips that spawn, so a Phase 2 state needs no skip flag: the skip is spent by then.

`V(state)` is the largest probability of winning from a Phase 2 state, `W(state)` from a reward state:

    V(z, b, r, k) = max over splits of  sum over dice results  p * (1 if repaired, 0 if the barricade
                    falls, W(...) if the kills reach 10, else V(after the next spawn))
    W(b, z, r, k) = max over rewards a..d of V(the next turn's Phase 2 state), or 1 if b repairs the car.

**Method.** Repairs never go down, so the repair levels are solved one at a time from 9 down to 0; every
value at a higher level is final by then and enters the level below as a constant. Within one level the
only cycles pass through the reward states: without a kill the kill count stays and the zombies on the
lawn strictly grow (each spawn adds at least one), or, with the lawn full, the barricade strictly falls
(6 attackers against at most 4 new boards). So the Phase 2 states of a level are swept in the order
kills 9 -> 0, then lawn full with the barricade 1 -> 10, then zombies 5 -> 0, which is a topological order
of everything but the reward states; each sweep first recomputes the level's reward states from the
current Phase 2 values (kills 0..3), then updates every Phase 2 state in place (Gauss-Seidel value
iteration). Starting from 0, the values rise monotonically to the least fixed point, which is the only
one: under every policy the game ends with probability 1 (enough missed rolls always bring the barricade
down). Sweeps stop when the largest change in a sweep is at most `tol` (1e-15 by default); the full game
takes 2 to 66 sweeps per level. Small steps alone do not prove a small error, so the answer was bracketed
from above once: with `start=1.0` the values fall to within 2.5e-15 of those that rise from 0 (that takes
minutes, not seconds: a player who stalls at a low spawn level loses only slowly, so the upper iterates
decay slowly), the tests repeat the bracket on a small variant, and one backup from the shipped table
reproduces it to within 1e-15.

Each state's transitions for each split are compiled once per level: results that leave the level (a
repair) or end the game fold into a constant, and the rest into a short list of (successor, chance). The
dice chances are the exact binomial products of `outcomes.joint_float`.

Found on the way: the value is monotone in the barricade, and in the repairs within one spawn level, but a
repair that raises the spawn level (the 3rd and the 6th) can lower it: best play at 2 repairs farms kills
and rebuilds the barricade while one zombie a turn spawns, and only then takes the 3rd repair.

Ties: among splits (or rewards) within 1e-12 of the best, the lexicographically smallest key is chosen.

The full game solves in about 1.2 s of pure Python on one core. `scripts/solve_escape_of_the_dead.py`
writes the result to `optimal_table.json` beside this module, which `load_table()` reads once, so play
and hints never solve at run time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engines.core.contract import Decision, Hint
from engines.core.rng import Rng
from engines.escape_of_the_dead import rules_data as R
from engines.escape_of_the_dead.game import REWARDS, split_label
from engines.escape_of_the_dead.keys import ROLL_ALL, letter_of, reward_key, split_key, split_of
from engines.escape_of_the_dead.outcomes import joint_float
from engines.escape_of_the_dead.state import View

TABLE_FILE = "optimal_table.json"
TABLE_FORMAT = 1
TIE = 1e-12
SPLITS: tuple[tuple[int, int, int], ...] = tuple(R.splits())
SPLIT_KEYS: tuple[str, ...] = tuple(split_key(s) for s in SPLITS)


def rules(max_barricade: int = R.MAX_BARRICADE, repairs_to_win: int = R.REPAIRS_TO_WIN) -> dict[str, int]:
    """The numbers a solution depends on (stored in the table, checked when it is loaded)."""
    return {
        "dice": R.DICE,
        "lawn_hit": R.LAWN_HIT,
        "barricade_hit": R.BARRICADE_HIT,
        "garage_hit": R.GARAGE_HIT,
        "zombie_tokens": R.ZOMBIE_TOKENS,
        "initial_zombies": R.INITIAL_ZOMBIES,
        "max_barricade": max_barricade,
        "repairs_to_win": repairs_to_win,
        "repairs_per_spawn_level": R.REPAIRS_PER_LEVEL,
        "kills_per_reward": R.KILLS_PER_REWARD,
        "reward_barricades": R.REWARD_BARRICADES,
        "reward_repairs": R.REWARD_REPAIRS,
    }


def _best(values: dict[str, float]) -> str:
    """The best key; among keys within TIE of the best value, the lexicographically smallest."""
    top = max(values.values())
    return min(k for k, v in values.items() if v >= top - TIE)


@dataclass
class Solution:
    """Win probabilities and best choices for every decision of one variant of the game.

    `values[r][k][b - 1][z]` is V at the Phase 2 decision (zombies z, barricade b, repairs r, kills k);
    `best[r][k][b - 1][z]` the index in SPLITS of the best split there; `best_reward[r][k - 10][b - 1][z]`
    the best reward letter with the barricade b after the attack.
    """

    max_barricade: int
    repairs_to_win: int
    values: list[list[list[list[float]]]]
    best: list[list[list[list[int]]]]
    best_reward: list[list[list[list[str]]]]
    sweeps: list[int] = field(default_factory=list)  # Gauss-Seidel sweeps per repair level, 0 first
    _split_cache: dict = field(default_factory=dict, repr=False, compare=False)

    # -- lookups ------------------------------------------------------------------------------------

    def _v(self, zombies: int, barricade: int, repairs: int, kills: int) -> float:
        return self.values[repairs][kills][barricade - 1][zombies]

    def _check(self, zombies: int, barricade: int, repairs: int, kills: int, reward: bool = False) -> None:
        low, high = (
            (R.KILLS_PER_REWARD, R.KILLS_PER_REWARD + R.DICE - 1) if reward else (0, R.KILLS_PER_REWARD - 1)
        )
        if not (
            0 <= zombies <= R.ZOMBIE_TOKENS
            and 1 <= barricade <= self.max_barricade
            and 0 <= repairs < self.repairs_to_win
            and low <= kills <= high
        ):
            what = "reward" if reward else "Phase 2"
            raise ValueError(
                f"no {what} state with {zombies} zombies, barricade {barricade}, "
                f"repairs {repairs}, kills {kills}"
            )

    def value(self, zombies: int, barricade: int, repairs: int, kills: int) -> float:
        """The chance of winning with best play from a Phase 2 decision (after the spawn)."""
        self._check(zombies, barricade, repairs, kills)
        return self._v(zombies, barricade, repairs, kills)

    def best_split(self, zombies: int, barricade: int, repairs: int, kills: int) -> str:
        self._check(zombies, barricade, repairs, kills)
        return SPLIT_KEYS[self.best[repairs][kills][barricade - 1][zombies]]

    def reward_values(self, barricade: int, zombies: int, repairs: int, kills: int) -> dict[str, float]:
        """The chance of winning after each reward, from the reward decision (barricade after the attack)."""
        self._check(zombies, barricade, repairs, kills, reward=True)
        return self._reward_values(barricade, zombies, repairs, kills)

    def best_reward_key(self, barricade: int, zombies: int, repairs: int, kills: int) -> str:
        self._check(zombies, barricade, repairs, kills, reward=True)
        return reward_key(self.best_reward[repairs][kills - R.KILLS_PER_REWARD][barricade - 1][zombies])

    def split_values(self, zombies: int, barricade: int, repairs: int, kills: int) -> dict[str, float]:
        """The chance of winning with each of the 15 splits (then best play), by one backup of the values."""
        self._check(zombies, barricade, repairs, kills)
        state = (zombies, barricade, repairs, kills)
        found = self._split_cache.get(state)
        if found is None:
            found = {
                key: self._split_value(split, *state) for key, split in zip(SPLIT_KEYS, SPLITS, strict=True)
            }
            self._split_cache[state] = found
        return dict(found)

    def start_value(self, start_barricade: int | None = None) -> float:
        """The chance of winning a new game: turn 1's Phase 2 with the first spawn on the lawn."""
        start = self.max_barricade if start_barricade is None else start_barricade
        zombies = min(R.ZOMBIE_TOKENS, R.INITIAL_ZOMBIES + R.spawn_level(0))
        return self.value(zombies, start, 0, 0)

    # -- one Bellman backup from the stored values --------------------------------------------------------

    def _reward_values(self, barricade: int, zombies: int, repairs: int, kills: int) -> dict[str, float]:
        left = kills - R.KILLS_PER_REWARD
        spawn = R.spawn_level(repairs)
        cap = R.ZOMBIE_TOKENS
        fixed = min(self.repairs_to_win, repairs + R.REWARD_REPAIRS)
        if fixed >= self.repairs_to_win:
            b = 1.0
        else:
            b = self._v(min(cap, zombies + R.spawn_level(fixed)), barricade, fixed, left)
        return {
            reward_key("a"): self._v(min(cap, spawn), barricade, repairs, left),
            reward_key("b"): b,
            reward_key("c"): self._v(zombies, barricade, repairs, left),
            reward_key("d"): self._v(
                min(cap, zombies + spawn),
                min(self.max_barricade, barricade + R.REWARD_BARRICADES),
                repairs,
                left,
            ),
        }

    def _after_roll(self, barricade: int, zombies: int, repairs: int, kills: int) -> float:
        """The value once the dice are applied (barricade before the attack)."""
        if repairs >= self.repairs_to_win:
            return 1.0
        barricade -= zombies
        if barricade <= 0:
            return 0.0
        if kills >= R.KILLS_PER_REWARD:
            return max(self._reward_values(barricade, zombies, repairs, kills).values())
        return self._v(min(R.ZOMBIE_TOKENS, zombies + R.spawn_level(repairs)), barricade, repairs, kills)

    def _split_value(
        self, split: tuple[int, int, int], zombies: int, barricade: int, repairs: int, kills: int
    ) -> float:
        total = 0.0
        for hl, hb, hg, p in joint_float(split):
            killed = min(hl, zombies)
            total += p * self._after_roll(
                min(self.max_barricade, barricade + hb),
                zombies - killed,
                min(self.repairs_to_win, repairs + hg),
                kills + killed,
            )
        return total

    def phase2_states(self) -> Iterator[tuple[int, int, int, int]]:
        """Every Phase 2 state as (zombies, barricade, repairs, kills)."""
        for r in range(self.repairs_to_win):
            for k in range(R.KILLS_PER_REWARD):
                for b in range(1, self.max_barricade + 1):
                    for z in range(R.ZOMBIE_TOKENS + 1):
                        yield z, b, r, k

    def reward_states(self) -> Iterator[tuple[int, int, int, int]]:
        """Every reward state as (barricade after the attack, zombies, repairs, kills)."""
        for r in range(self.repairs_to_win):
            for k in range(R.KILLS_PER_REWARD, R.KILLS_PER_REWARD + R.DICE):
                for b in range(1, self.max_barricade + 1):
                    for z in range(R.ZOMBIE_TOKENS + 1):
                        yield b, z, r, k

    # -- the table ----------------------------------------------------------------------------------------

    def to_json(self) -> str:
        """The table as deterministic JSON text: one line per (repairs, kills) layer, floats exact."""

        def dump(x: Any) -> str:
            return json.dumps(x, separators=(",", ":"))

        head = {
            "game": "escape-of-the-dead",
            "format": TABLE_FORMAT,
            "rules": rules(self.max_barricade, self.repairs_to_win),
            "method": "Gauss-Seidel value iteration per repair level, 9 down to 0; see solver.py",
            "sweeps": self.sweeps,
            "splits": list(SPLIT_KEYS),
            "layout": {
                "value": "value[repairs][kills][barricade-1][zombies], Phase 2 win chance with best play",
                "best": "best[repairs][kills][barricade-1][zombies], index into splits",
                "best_reward": "best_reward[repairs][kills-10][barricade-1], a string: a letter per zombies",
            },
        }
        lines = ["{"]
        for key, val in head.items():
            lines.append(f"{dump(key)}:{dump(val)},")
        for name, table in (("value", self.values), ("best", self.best)):
            lines.append(f"{dump(name)}:[")
            rows = [dump(layer) for level in table for layer in level]
            per = R.KILLS_PER_REWARD
            for r in range(self.repairs_to_win):
                block = ",\n".join(rows[r * per : (r + 1) * per])
                lines.append("[" + block + ("]," if r < self.repairs_to_win - 1 else "]"))
            lines.append("],")
        rewards = [["".join(row) for row in layer] for level in self.best_reward for layer in level]
        lines.append(f"{dump('best_reward')}:[")
        per = R.DICE
        for r in range(self.repairs_to_win):
            block = ",".join(dump(row) for row in rewards[r * per : (r + 1) * per])
            lines.append("[" + block + ("]," if r < self.repairs_to_win - 1 else "]"))
        lines.append("]")
        lines.append("}")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Solution:
        data = json.loads(text)
        if data.get("format") != TABLE_FORMAT or data.get("splits") != list(SPLIT_KEYS):
            raise ValueError(
                "the optimal table has an unknown format; run scripts/solve_escape_of_the_dead.py"
            )
        got = data["rules"]
        want = rules(got["max_barricade"], got["repairs_to_win"])
        if got != want:
            raise ValueError(
                "the optimal table was solved for other rules; run scripts/solve_escape_of_the_dead.py"
            )
        best_reward = [[[list(row) for row in layer] for layer in level] for level in data["best_reward"]]
        return cls(
            max_barricade=got["max_barricade"],
            repairs_to_win=got["repairs_to_win"],
            values=data["value"],
            best=data["best"],
            best_reward=best_reward,
            sweeps=data["sweeps"],
        )


# -- the solver ----------------------------------------------------------------------------------------------


Compiled = list[tuple[float, tuple[tuple[int, float], ...]]]
"""One Phase 2 state's splits: (the chance that leaves the level, ((successor, chance), ...)) per split."""
RewardPlan = list[tuple[int, int, float | None, int, int, int]]
"""A level's reward states: (index, a's successor, b's final value or None, b's successor, c's, d's)."""


@dataclass(frozen=True)
class _Layout:
    """Where each state of one repair level sits in its flat list of values: Phase 2 states, then rewards."""

    B: int  # barricade 1..B
    Z: int  # zombies 0..Z-1
    K: int  # kills per reward
    n_phase2: int

    def p2(self, k: int, b: int, z: int) -> int:
        return (k * self.B + (b - 1)) * self.Z + z

    def rw(self, k: int, b: int, z: int) -> int:
        return self.n_phase2 + ((k - self.K) * self.B + (b - 1)) * self.Z + z


def solve(
    max_barricade: int = R.MAX_BARRICADE,
    repairs_to_win: int = R.REPAIRS_TO_WIN,
    tol: float = 1e-15,
    max_sweeps: int = 100_000,
    start: float = 0.0,
) -> Solution:
    """Solve the game (or a smaller variant: a lower barricade card, fewer repairs to win) exactly.

    `start` is the first guess of every value: 0 (the default) makes the sweeps rise to the answer from
    below, 1 makes them fall to it from above; the two bracket the exact values (see the tests).
    """
    if not max_barricade >= 1 or not repairs_to_win >= 1:
        raise ValueError("max_barricade and repairs_to_win must be at least 1")
    B, Z, K, D = max_barricade, R.ZOMBIE_TOKENS + 1, R.KILLS_PER_REWARD, R.DICE
    at = _Layout(B, Z, K, K * B * Z)
    order = _sweep_order(at)
    values: list[list[list[list[float]]]] = [[] for _ in range(repairs_to_win)]
    best: list[list[list[list[int]]]] = [[] for _ in range(repairs_to_win)]
    best_reward: list[list[list[list[str]]]] = [[] for _ in range(repairs_to_win)]
    sweeps: list[int] = [0] * repairs_to_win
    solved: dict[int, list[float]] = {}  # final values of the levels already solved, flat as `_Layout`
    for r in range(repairs_to_win - 1, -1, -1):
        compiled = _compile_level(at, order, r, repairs_to_win, solved)
        reward_plan = _reward_plan(at, r, repairs_to_win, solved)
        val = [float(start)] * (at.n_phase2 + D * B * Z)
        plan = [(at.p2(k, b, z), compiled[at.p2(k, b, z)]) for k, b, z in order]
        sweeps[r] = _sweep(val, plan, reward_plan, tol, max_sweeps, r)
        solved[r] = val
        values[r], best[r] = _split_choices(at, order, compiled, val)
        best_reward[r] = _reward_choices(at, reward_plan, val, D)
    return Solution(
        max_barricade=max_barricade,
        repairs_to_win=repairs_to_win,
        values=values,
        best=best,
        best_reward=best_reward,
        sweeps=sweeps,
    )


def _sweep_order(at: _Layout) -> list[tuple[int, int, int]]:
    """Phase 2 states as (kills, barricade, zombies) in sweep order: kills 9 -> 0; within each, the lawn full
    with the barricade rising, then zombies 5 -> 0."""
    full = at.Z - 1
    order: list[tuple[int, int, int]] = []
    for k in range(at.K - 1, -1, -1):
        for b in range(1, at.B + 1):
            order.append((k, b, full))
        for z in range(full - 1, -1, -1):
            for b in range(1, at.B + 1):
                order.append((k, b, z))
    return order


def _compile_level(
    at: _Layout,
    order: list[tuple[int, int, int]],
    r: int,
    repairs_to_win: int,
    solved: dict[int, list[float]],
) -> dict[int, Compiled]:
    """Each Phase 2 state's splits at repair level r: what leaves the level or ends the game folds into a
    constant, the rest into (successor, chance) pairs."""
    T, K = at.Z - 1, at.K
    spawn = R.spawn_level(r)

    def outside(r1: int, k1: int, b2: int, z1: int) -> float:
        """The final value after the attack at a higher repair level r1 (barricade b2 > 0 standing)."""
        lvl = solved[r1]
        if k1 >= K:
            return lvl[at.rw(k1, b2, z1)]
        return lvl[at.p2(k1, b2, min(T, z1 + R.spawn_level(r1)))]

    outcomes = [joint_float(s) for s in SPLITS]
    compiled: dict[int, Compiled] = {}
    for k, b, z in order:
        per_split: Compiled = []
        for joint in outcomes:
            const = 0.0
            terms: dict[int, float] = {}
            for hl, hb, hg, p in joint:
                killed = min(hl, z)
                z1 = z - killed
                k1 = k + killed
                r1 = min(repairs_to_win, r + hg)
                if r1 >= repairs_to_win:
                    const += p
                    continue
                b2 = min(at.B, b + hb) - z1
                if b2 <= 0:
                    continue
                if r1 > r:
                    const += p * outside(r1, k1, b2, z1)
                    continue
                j = at.rw(k1, b2, z1) if k1 >= K else at.p2(k1, b2, min(T, z1 + spawn))
                terms[j] = terms.get(j, 0.0) + p
            per_split.append((const, tuple(terms.items())))
        compiled[at.p2(k, b, z)] = per_split
    return compiled


def _reward_plan(at: _Layout, r: int, repairs_to_win: int, solved: dict[int, list[float]]) -> RewardPlan:
    """The reward states of level r, each with the states its four rewards lead to."""
    T, K = at.Z - 1, at.K
    spawn = R.spawn_level(r)
    up = min(repairs_to_win, r + R.REWARD_REPAIRS)
    plan: RewardPlan = []
    for k in range(K, K + R.DICE):
        left = k - K
        for b in range(1, at.B + 1):
            for z in range(at.Z):
                b_value: float | None
                if up >= repairs_to_win:
                    b_value = 1.0
                elif up > r:
                    b_value = solved[up][at.p2(left, b, min(T, z + R.spawn_level(up)))]
                else:  # a reward that repairs nothing would stay on this level
                    b_value = None
                plan.append(
                    (
                        at.rw(k, b, z),
                        at.p2(left, b, min(T, spawn)),
                        b_value,
                        at.p2(left, b, min(T, z + spawn)) if b_value is None else -1,
                        at.p2(left, b, z),
                        at.p2(left, min(at.B, b + R.REWARD_BARRICADES), min(T, z + spawn)),
                    )
                )
    return plan


def _sweep(
    val: list[float],
    plan: list[tuple[int, Compiled]],
    reward_plan: RewardPlan,
    tol: float,
    max_sweeps: int,
    r: int,
) -> int:
    """Gauss-Seidel sweeps over one level until the largest change is at most tol; the number of sweeps."""
    done = 0
    while True:
        if done == max_sweeps:
            raise RuntimeError(f"repair level {r} did not converge in {max_sweeps} sweeps")
        done += 1
        _update_rewards(val, reward_plan)
        delta = 0.0
        for i, per_split in plan:
            top = 0.0
            for const, terms in per_split:
                v = const
                for j, p in terms:
                    v += p * val[j]
                if v > top:
                    top = v
            change = abs(top - val[i])
            if change > delta:
                delta = change
            val[i] = top
        if delta <= tol:
            break
    _update_rewards(val, reward_plan)
    return done


def _split_choices(
    at: _Layout, order: list[tuple[int, int, int]], compiled: dict[int, Compiled], val: list[float]
) -> tuple[list[list[list[float]]], list[list[list[int]]]]:
    """One level's Phase 2 values and best splits, with ties to the smallest key."""
    level_values = [[[0.0] * at.Z for _ in range(at.B)] for _ in range(at.K)]
    level_best = [[[0] * at.Z for _ in range(at.B)] for _ in range(at.K)]
    for k, b, z in order:
        i = at.p2(k, b, z)
        per = [c + sum(p * val[j] for j, p in terms) for c, terms in compiled[i]]
        choice = _best(dict(zip(SPLIT_KEYS, per, strict=True)))
        level_values[k][b - 1][z] = val[i]
        level_best[k][b - 1][z] = SPLIT_KEYS.index(choice)
    return level_values, level_best


def _reward_choices(
    at: _Layout, reward_plan: RewardPlan, val: list[float], dice: int
) -> list[list[list[str]]]:
    """One level's best reward letters, with ties to the smallest letter."""
    level_rewards = [[[""] * at.Z for _ in range(at.B)] for _ in range(dice)]
    for i, ia, b_value, ib, ic, id_ in reward_plan:
        vb = val[ib] if b_value is None else b_value
        choice = _best({"a": val[ia], "b": vb, "c": val[ic], "d": val[id_]})
        k, rest = divmod(i - at.n_phase2, at.B * at.Z)
        b0, z = divmod(rest, at.Z)
        level_rewards[k][b0][z] = choice
    return level_rewards


def _update_rewards(val: list[float], reward_plan: RewardPlan) -> None:
    """Each reward state of a level: the best of a, b, c and d from the current Phase 2 values."""
    for i, ia, b_value, ib, ic, id_ in reward_plan:
        vb = val[ib] if b_value is None else b_value
        val[i] = max(val[ia], vb, val[ic], val[id_])


@lru_cache(maxsize=1)
def load_table() -> Solution:
    """The shipped solution of the real game, read once."""
    text = Path(__file__).with_name(TABLE_FILE).read_text(encoding="utf-8")
    solution = Solution.from_json(text)
    if (solution.max_barricade, solution.repairs_to_win) != (R.MAX_BARRICADE, R.REPAIRS_TO_WIN):
        raise ValueError(
            "the shipped optimal table is not for the real game; run scripts/solve_escape_of_the_dead.py"
        )
    return solution


# -- the policy and the hint ---------------------------------------------------------------------------------


def optimal_policy(view: View, decision: Decision, rng: Rng) -> str:
    """Best play from the shipped table: the split or reward with the highest chance of winning.

    It indexes the table directly: the view comes from the engine, so the bounds checks of `best_split` would
    only cost time (simulations call this for every decision)."""
    table = load_table()
    if decision.kind == "assign":
        return SPLIT_KEYS[table.best[view.repairs][view.kills][view.barricade - 1][view.zombies]]
    if decision.kind == "reward":
        kills = view.kills - R.KILLS_PER_REWARD
        return reward_key(table.best_reward[view.repairs][kills][view.barricade - 1][view.zombies])
    return ROLL_ALL


def _percent(x: float, other: float) -> tuple[str, str]:
    """Both chances as percentages, with enough decimals to tell them apart (up to 6)."""
    for places in range(1, 7):
        a, b = f"{100 * x:.{places}f}%", f"{100 * other:.{places}f}%"
        if a != b:
            return a, b
    return a, b


def _describe(key: str) -> str:
    split = split_of(key)
    if split is not None:
        return split_label(split)
    letter = letter_of(key) or ""
    return f"{letter.upper()}: {REWARDS[letter]}"


def option_values(view: View, kind: str) -> dict[str, float] | None:
    """Each option's exact chance of winning at a decision of `kind` (best play from there on); None for the
    order of the rolls, which changes nothing."""
    table = load_table()
    if kind == "assign":
        return table.split_values(view.zombies, view.barricade, view.repairs, view.kills)
    if kind == "reward":
        return table.reward_values(view.barricade, view.zombies, view.repairs, view.kills)
    return None


def advise_optimal(view: View, decision: Decision) -> Hint:
    """The optimal choice, with its exact chance of winning and that of the runner-up."""
    table = load_table()
    if decision.kind == "assign":
        values = table.split_values(view.zombies, view.barricade, view.repairs, view.kills)
        key = table.best_split(view.zombies, view.barricade, view.repairs, view.kills)
    elif decision.kind == "reward":
        values = table.reward_values(view.barricade, view.zombies, view.repairs, view.kills)
        key = table.best_reward_key(view.barricade, view.zombies, view.repairs, view.kills)
    else:
        return Hint(ROLL_ALL, "the order of the rolls does not change what they do.")
    ranked = sorted((k for k in values if k != key), key=lambda k: (-values[k], k))
    second = ranked[0]
    best, runner = values[key], values[second]
    if best >= 1.0:
        return Hint(
            key, f"wins at once; the next best ({_describe(second)}) wins {_percent(runner, best)[0]}."
        )
    if best - runner <= TIE:
        return Hint(
            key, f"wins {100 * best:.1f}% of the time from here; {_describe(second)} does exactly as well."
        )
    mine, theirs = _percent(best, runner)
    return Hint(key, f"wins {mine} of the time from here; the next best ({_describe(second)}) wins {theirs}.")
