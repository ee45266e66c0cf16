"""The seeded generator, in pure Python, drawing exactly what the C++ core draws.

Decision 5 (docs/decisions.md) asks for a generator written out in both languages (never
:mod:`random`, whose seeding and ``randrange`` are CPython's own). The algorithm, shared with
``cpp/core/solitaire/rng.hpp``:

* **splitmix64** seeds: state ``s``; each output adds ``0x9E3779B97F4A7C15`` to ``s`` and
  returns :func:`mix64` of it (the splitmix64 finaliser).
* ``Rng(seed, stream)`` starts splitmix64 at ``seed XOR mix64(stream)`` and takes its first
  four outputs as the **xoshiro256**** state. ``mix64(0) == 0``, so stream 0 is plain
  splitmix64 seeding; for one seed, different streams give different states. The deal uses
  stream 0; other features derive their own streams from the same seed (the play session
  uses one per shuffle).
* :meth:`Rng.below` is an exactly unbiased draw in ``[0, n)``: Lemire's multiply-shift,
  rejecting while the low 64 bits of ``x * n`` are below ``(2**64 - n) % n``.
* :meth:`Rng.shuffle` is Fisher–Yates from the last index down, ``j = below(i + 1)``.

Every seed and stream from 0 to 2**64 − 1 is accepted.

>>> Rng(0).next()
11091344671253066420
>>> rng = Rng(2026, stream=1); [rng.below(6) for _ in range(8)]
[5, 3, 1, 2, 3, 2, 1, 2]
>>> items = list(range(10)); Rng(1).shuffle(items); items
[3, 6, 1, 5, 0, 9, 2, 8, 4, 7]
"""

from __future__ import annotations

from typing import Final, TypeVar

from mahjongkit.solitaire.seeds import SEED_LIMIT, check_seed

MASK64: Final = (1 << 64) - 1
GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15

T = TypeVar("T")


def mix64(z: int) -> int:
    """The splitmix64 finaliser: a bijection on 64-bit words with full avalanche.

    >>> mix64(0), hex(mix64(1))
    (0, '0x5692161d100b05e5')
    """
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class Rng:
    """xoshiro256** seeded through splitmix64 from ``(seed, stream)``."""

    __slots__ = ("_s0", "_s1", "_s2", "_s3")

    def __init__(self, seed: int, stream: int = 0) -> None:
        state = check_seed(seed) ^ mix64(check_seed(stream, "stream"))
        words = []
        for _ in range(4):
            state = (state + GOLDEN_GAMMA) & MASK64
            words.append(mix64(state))
        self._s0, self._s1, self._s2, self._s3 = words

    def next(self) -> int:
        """The next 64-bit output."""
        s0, s1, s2, s3 = self._s0, self._s1, self._s2, self._s3
        x = (s1 * 5) & MASK64
        result = ((((x << 7) | (x >> 57)) & MASK64) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = ((s3 << 45) | (s3 >> 19)) & MASK64
        self._s0, self._s1, self._s2, self._s3 = s0, s1, s2, s3
        return result

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, exactly unbiased; ``1 <= bound < 2**64``."""
        if not 1 <= bound < SEED_LIMIT:
            raise ValueError(f"bound must be from 1 to 2**64 - 1, got {bound}")
        product = self.next() * bound
        low = product & MASK64
        if low < bound:
            threshold = (SEED_LIMIT - bound) % bound
            while low < threshold:
                product = self.next() * bound
                low = product & MASK64
        return product >> 64

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates, last index down)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


FNV64_OFFSET: Final = 0xCBF29CE484222325
FNV64_PRIME: Final = 0x100000001B3


def fnv1a64(data: bytes) -> int:
    """FNV-1a, 64 bits: ``h = offset; for each byte: h ^= byte; h *= prime (mod 2**64)``.

    >>> hex(fnv1a64(b"")), hex(fnv1a64(b"a")), hex(fnv1a64(b"foobar"))
    ('0xcbf29ce484222325', '0xaf63dc4c8601ec8c', '0x85944171f73967e8')
    """
    h = FNV64_OFFSET
    for byte in data:
        h = ((h ^ byte) * FNV64_PRIME) & MASK64
    return h


def daily_seed(date: object) -> int:
    """The Daily Challenge seed of a date (decision 6): ``mix64(fnv1a64(iso_date_utf8))``.

    ``date`` is a :class:`datetime.date` or an ISO string ``YYYY-MM-DD``. FNV-1a alone would
    give neighbouring dates neighbouring hashes in the high bits; the splitmix64 finaliser
    spreads every input bit over the whole seed.

    >>> daily_seed("2026-06-14")
    4043307910434290627
    >>> import datetime; daily_seed(datetime.date(2026, 6, 14)) == daily_seed("2026-06-14")
    True
    >>> daily_seed("2026-6-14")
    Traceback (most recent call last):
    ValueError: a date is written YYYY-MM-DD, got '2026-6-14'
    >>> daily_seed("2026-02-30")
    Traceback (most recent call last):
    ValueError: '2026-02-30' is written YYYY-MM-DD but is not a date: day is out of range for month
    """
    import datetime as _dt

    if isinstance(date, _dt.datetime):
        date = date.date()
    if isinstance(date, _dt.date):
        text = date.isoformat()
    elif isinstance(date, str):
        if (
            not (len(date) == 10 and date.isascii() and date[4] == date[7] == "-")
            or not (date[:4] + date[5:7] + date[8:]).isdigit()
        ):
            raise ValueError(f"a date is written YYYY-MM-DD, got {date!r}")
        try:
            _dt.date.fromisoformat(date)
        except ValueError as error:
            raise ValueError(f"{date!r} is written YYYY-MM-DD but is not a date: {error}") from None
        text = date
    else:
        raise TypeError(
            f"a date is a datetime.date or a 'YYYY-MM-DD' str, not {type(date).__name__}"
        )
    return mix64(fnv1a64(text.encode("utf-8")))
