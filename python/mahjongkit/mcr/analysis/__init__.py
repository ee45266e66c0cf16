"""Analysis of a hand: sets-and-pair divisions, waits and shanten.

:mod:`.engine` is the dispatcher between the C++ core and the pure-Python twins
(:mod:`.decompose`, :mod:`.shanten`). Imports only :mod:`mahjongkit.mcr.hand`.
"""
