from solo.cli import main

raise SystemExit(main())
