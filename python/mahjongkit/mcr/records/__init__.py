"""Game records in Botzone's text format (docs/records.md): :mod:`.format` reads and writes
them, :mod:`.check` replays them through the rules, :mod:`.write` records our own games,
:mod:`.export` turns them into training arrays and :mod:`.stats` sums them up."""
