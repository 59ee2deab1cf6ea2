from solo.cli import entry

raise SystemExit(entry())
