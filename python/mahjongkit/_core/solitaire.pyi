# Stubs of mahjongkit._core.solitaire (filled as functions are bound).
