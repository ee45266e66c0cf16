# Typed face of the compiled extension mahjongkit._core (hand-written; checked by stubtest).
from . import mcr as mcr
from . import solitaire as solitaire

__version__: str
