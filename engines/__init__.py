"""Rules engines: pure, deterministic, no I/O. See engines/core/contract.py for the shape every game has."""
