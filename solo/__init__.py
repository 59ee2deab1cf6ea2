"""solo: play horror board games alone at a terminal."""

__version__ = "0.1.0"
