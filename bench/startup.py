"""Time from launching `solo new escape-of-the-dead` to its first prompt, against a bare import of rich and
prompt_toolkit. Target: at most 1.25x. Run: .venv/bin/python bench/startup.py [runs]"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pexpect

PROMPT = r"\n(\x1b\[[0-9;?]*[a-zA-Z])*>"


FLOOR = """
from rich.console import Console
from rich.panel import Panel
from prompt_toolkit import PromptSession
Console().print(Panel("You wake to the sound of the dead at the door.", title="Escape of the Dead"))
PromptSession(bottom_toolbar="Barricade 10").prompt("> ")
"""
"""The least any program can do that shows one rich panel and then a prompt_toolkit prompt with a toolbar:
what the issue asks for, without the game. Its ratio to the bare import is the floor for ours."""


def until_prompt(program: str, args: list[str], home: str) -> float:
    """Seconds from launching a program in a pseudo-terminal to its first prompt."""
    start = time.perf_counter()
    child = pexpect.spawn(
        program,
        args,
        env={"TERM": "xterm", "PATH": "/usr/bin:/bin", "HOME": home, "PROMPT_TOOLKIT_NO_CPR": "1"},
        dimensions=(40, 120),
        encoding="utf-8",
    )
    child.expect(PROMPT, timeout=20)
    took = time.perf_counter() - start
    child.terminate(force=True)
    return took


WITH_STATE = "import argparse, msgspec.json\n" + FLOOR
"""The floor plus what any such program needs to parse its command line and keep typed state in JSON (the
issue's expected msgspec)."""


def floor(runs: int, program: str = FLOOR) -> list[float]:
    with tempfile.TemporaryDirectory() as home:
        return [until_prompt(sys.executable, ["-c", program], home) for _ in range(runs)]


def bare(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import rich, prompt_toolkit"], check=True)
        times.append(time.perf_counter() - start)
    return times


def solo(runs: int, solo_bin: str) -> list[float]:
    """As a player launches it: no --save-dir, so the save folder is found the default way (under HOME)."""
    with tempfile.TemporaryDirectory() as home:
        return [
            until_prompt(solo_bin, ["new", "escape-of-the-dead", "--seed", str(i), "--slot", f"b{i}"], home)
            for i in range(runs)
        ]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    solo_bin = str(Path(sys.executable).with_name("solo"))
    bare(3), floor(3), solo(3, solo_bin)  # warm the file cache
    b, f, w, s = [], [], [], []
    for _ in range(runs):  # interleaved, so a busy moment weighs on all of them alike
        b += bare(1)
        f += floor(1)
        w += floor(1, WITH_STATE)
        s += solo(1, solo_bin)
    b, f, w, s = (statistics.median(x) for x in (b, f, w, s))
    print(f"bare import rich, prompt_toolkit: {b * 1000:.0f} ms (median of {runs})")
    print(f"one rich panel, then a prompt: {f * 1000:.0f} ms, {f / b:.2f}x (the floor)")
    print(f"the same with argparse and msgspec loaded: {w * 1000:.0f} ms, {w / b:.2f}x")
    print(f"solo new ... to the first prompt: {s * 1000:.0f} ms (median of {runs})")
    print(f"ratio: {s / b:.2f}x (target <= 1.25x)")


if __name__ == "__main__":
    main()
