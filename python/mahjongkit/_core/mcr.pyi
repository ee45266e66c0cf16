# Stubs of mahjongkit._core.mcr (filled as functions are bound).
