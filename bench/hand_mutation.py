"""The hand mutation pass of issue 47: rule constants the bench's operators never reach (values in TOML arrays and
inline tables, strings, dict keys), each changed alone, and the game's own tests run on a copy of the tree with
bench/mutation.py's runner. A survivor is a rule no test pins.

Run: .venv/bin/python bench/hand_mutation.py [INDEX ...]   (all by default; results in bench/RESULTS.md)
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("bench_mutation", ROOT / "bench" / "mutation.py")
assert _SPEC is not None and _SPEC.loader is not None
M = importlib.util.module_from_spec(_SPEC)
sys.modules["bench_mutation"] = M
_SPEC.loader.exec_module(M)

HAND: list[tuple[str, str, str, str]] = [
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        "dice_normal = [3, 3, 2, 2, 2, 2, 2, 1]",
        "dice_normal = [3, 3, 2, 2, 2, 2, 2, 2]",
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        "dice_extreme = [3, 2, 2, 2, 2, 1, 1, 1]",
        "dice_extreme = [3, 2, 2, 2, 2, 2, 1, 1]",
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        "final_tokens = [0, 0, 0, 0, 0, 0, 1, 2, 3]",
        "final_tokens = [0, 0, 0, 0, 0, 0, 1, 2, 2]",
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        '[3, 1, "horror"], [3, 2, "dark_power"]',
        '[3, 1, "horror"], [3, 1, "dark_power"]',
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        'action = [{ op = "killer_action", target = "closest", move = 1, attack = 1 }, { op = "bloodlust", n = 1 }, { op = "progress" }]\n',
        'action = [{ op = "killer_action", target = "closest", move = 1, attack = 2 }, { op = "bloodlust", n = 1 }, { op = "progress" }]\n',
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        'target = "fg", move = 2, attack = 1',
        'target = "fg", move = 1, attack = 1',
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        "fail = { choose = [{ move = 1, lose_health = 1, time = -2 }, { time = -2 }] }",
        "fail = { choose = [{ move = 1, lose_health = 1, time = -2 }, { time = -1 }] }",
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        'tasks = ["time:2", "damage:1"]',
        'tasks = ["time:3", "damage:1"]',
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        'track = ["", "horror", "time", "horror", "final"]',
        'track = ["", "time", "time", "horror", "final"]',
    ),
    (
        "final-girl",
        "engines/final_girl/cards.toml",
        'slots = ["heal", "time", "move", "card", "calm"]',
        'slots = ["time", "heal", "move", "card", "calm"]',
    ),
    (
        "mixtape-massacre",
        "engines/mixtape/directors_cut/cards.toml",
        "unlock_knives = { yellow = 1, red = 2 }",
        "unlock_knives = { yellow = 1, red = 3 }",
    ),
    (
        "mixtape-massacre",
        "engines/mixtape/directors_cut/cards.toml",
        "suggested_goal = { 2 = 15, 3 = 12,",
        "suggested_goal = { 2 = 15, 3 = 13,",
    ),
    (
        "mixtape-massacre",
        "engines/mixtape/directors_cut/cards.toml",
        'action = ["knife", "knife", "fist", "fist", "pentagram", "pentagram"]',
        'action = ["knife", "knife", "fist", "fist", "pentagram", "knife"]',
    ),
    (
        "mixtape-massacre",
        "engines/mixtape/directors_cut/cards.toml",
        'search = ["search", "search", "search", "denied", "denied", "noise"]',
        'search = ["search", "search", "denied", "denied", "denied", "noise"]',
    ),
    (
        "mixtape-massacre",
        "engines/mixtape/directors_cut/cards.toml",
        '{ id = "k01", title = "Babysitter on the Phone", kind = "attack", knives = 1,',
        '{ id = "k01", title = "Babysitter on the Phone", kind = "attack", knives = 2,',
    ),
    (
        "escape-from-tall-oaks",
        "engines/mixtape/tall_oaks/cards.toml",
        'rescue = { action = "double", shield = "stay", escape = "flee_draw" }',
        'rescue = { action = "double", shield = "flee_draw", escape = "stay" }',
    ),
    ("escape-from-tall-oaks", "engines/mixtape/tall_oaks/cards.toml", "battles = [2, 4]", "battles = [2, 3]"),
    (
        "escape-from-tall-oaks",
        "engines/mixtape/tall_oaks/cards.toml",
        'locations = ["power", "police", "radio", "gas"]',
        'locations = ["police", "power", "radio", "gas"]',
    ),
    (
        "escape-from-tall-oaks",
        "engines/mixtape/tall_oaks/cards.toml",
        'search = ["search", "search", "search", "denied", "denied", "noise"]',
        'search = ["search", "search", "denied", "denied", "denied", "noise"]',
    ),
    (
        "slaughterhouse",
        "engines/slaughterhouse/cards.toml",
        "faces = [0, 0, 0, 1, 1, 2]",
        "faces = [0, 0, 1, 1, 1, 2]",
    ),
    (
        "slaughterhouse",
        "engines/slaughterhouse/cards.toml",
        'needs = ["battery", "spark_plugs"]',
        'needs = ["battery", "fan_belt"]',
    ),
    (
        "slaughterhouse",
        "engines/slaughterhouse/cards.toml",
        'repair = { blue_truck = ["keys"] }',
        'repair = { blue_truck = ["gas_can"] }',
    ),
]
"""(engine, file, the text as it stands, the text mutated): the first occurrence is changed."""


def main() -> None:
    only = {int(a) for a in sys.argv[1:]}
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "tree"
        shutil.copytree(
            ROOT, copy, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info")
        )
        for i, (engine, path, old, new) in enumerate(HAND):
            if only and i not in only:
                continue
            target = copy / path
            text = target.read_text()
            if old not in text:
                raise SystemExit(f"H{i}: {path} no longer holds {old!r}")
            target.write_text(text.replace(old, new, 1))
            t0 = time.time()
            try:
                survived = M._pytest(copy, M.test_files(M.ENGINES[engine][2]), 900)
            finally:
                target.write_text(text)
            verdict = "SURVIVED" if survived else "killed"
            print(
                f"H{i} {engine} {path}: {old[:50]!r} -> {new[:50]!r}: {verdict} ({time.time() - t0:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
