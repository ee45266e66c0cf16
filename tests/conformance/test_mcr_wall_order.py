"""The seeded wall order (decision 12), C++ against the pure-Python order_for: the same
SHA-256, the same permutation and the same wall for any seed and hand number, a hand that
skips a word to avoid the modulo bias included."""

from __future__ import annotations

import hashlib
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.mcr.analysis import engine
from mahjongkit.mcr.hand.wall import _DOWN_LIMITS, Wall, order_for

seeds = st.binary(min_size=1, max_size=200)
hand_numbers = st.integers(1, 10**9)
REJECTING = (b"reject", 90845)  # found by search: its first 144 words hold a rejected one


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_same_sha256(data: bytes) -> None:
    assert engine.core().sha256(data) == hashlib.sha256(data).digest()


@settings(max_examples=100, deadline=None)
@given(seeds, hand_numbers)
def test_same_order_and_wall(seed: bytes, hand_no: int) -> None:
    assert engine.core().wall_order(seed, hand_no) == order_for(seed, hand_no)
    cpp = engine.wall_shuffle("cpp")(seed, hand_no)
    assert cpp == engine.wall_shuffle("python")(seed, hand_no)
    assert cpp == list(Wall.from_seed(seed, hand_no).tiles)


def test_a_rejected_word_is_skipped_the_same_way() -> None:
    seed, hand_no = REJECTING
    block = b"".join(
        hashlib.sha256(seed + f"hand:{hand_no}:{c}".encode()).digest() for c in range(18)
    )
    words = struct.unpack(">144I", block)
    assert any(w >= limit for w, limit in zip(words, _DOWN_LIMITS, strict=False))
    assert engine.core().wall_order(seed, hand_no) == order_for(seed, hand_no)


@pytest.mark.parametrize("impl", ["cpp", "python"])
def test_bad_hand_numbers_are_refused(impl: str) -> None:
    with pytest.raises(ValueError, match="hand numbers start at 1, not 0"):
        if impl == "cpp":
            engine.core().wall_order(b"x", 0)
        else:
            order_for(b"x", 0)
