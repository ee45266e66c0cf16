# Typed face of the compiled extension mahjongkit._core (hand-written; checked by stubtest).
from . import mcr as mcr
from . import mcr_rl as mcr_rl
from . import solitaire as solitaire

__version__: str
