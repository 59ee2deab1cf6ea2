"""Loading a bench script (bench/ is not a package) as a module its tests can call and patch."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).parents[2] / "bench"


@pytest.fixture
def bench_script(monkeypatch):
    """`load(name)`: bench/NAME.py as a module, registered in sys.modules for the test (inspect finds the
    script's classes through it)."""

    def load(name: str) -> ModuleType:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, spec.name, module)
        spec.loader.exec_module(module)
        return module

    return load
