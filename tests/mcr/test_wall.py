"""The seeded wall of decision 12 (docs/decisions.md): its construction, the deal, both ends."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from mahjongkit.mcr.hand import wall as wall_module
from mahjongkit.mcr.hand.wall import DEAL_COUNT, Wall, deal_positions, order_for, seed_bytes
from mahjongkit.tiles import code, full_set


def _first_words(key: bytes, count: int) -> list[int]:
    """The documented word stream, written out independently of the module."""
    words: list[int] = []
    counter = 0
    while len(words) < count:
        digest = hashlib.sha256(key + b"hand:" + str(1).encode() + b":" + str(counter).encode())
        raw = digest.digest()
        words += [int.from_bytes(raw[i : i + 4], "big") for i in range(0, 32, 4)]
        counter += 1
    return words


@pytest.mark.parametrize("seed", [b"demo", b"\x00" * 32, "peer2peer"])
def test_first_swaps_follow_the_documented_key(seed: str | bytes) -> None:
    key = seed if isinstance(seed, bytes) else seed.encode()
    words = iter(_first_words(key, 64))
    # The last index is chosen first (n = 144), then the one before it (n = 143); both
    # positions are final after their swap, so the order must end with them.
    expected_tail = []
    remaining = list(range(1, 145))
    for index in (143, 142):
        n = index + 1
        word = next(words)
        while word >= (2**32 // n) * n:
            word = next(words)
        j = word % n
        remaining[index], remaining[j] = remaining[j], remaining[index]
        expected_tail.append(remaining[index])
    order = order_for(seed, 1)
    assert [order[143], order[142]] == expected_tail
    wall = Wall.from_seed(seed, 1)
    assert wall.tiles[143] == full_set()[order[143] - 1]


def test_a_known_first_swap_by_hand() -> None:
    # SHA-256(b"demohand:1:0"), first big-endian word, modulo 144 (never rejected here).
    word = int.from_bytes(hashlib.sha256(b"demohand:1:0").digest()[:4], "big")
    assert word < (2**32 // 144) * 144
    assert order_for("demo", 1)[143] == word % 144 + 1


def test_rejection_sampling_skips_biased_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # A biased word turns up about once in 10^8 draws, so feed the shuffle a stream whose
    # first word is at the top of the range (rejected for n = 144) and check it moved on.
    limit = (2**32 // 144) * 144
    stream = [2**32 - 1, limit, 1000] + [7] * 400
    assert stream[0] >= limit and stream[1] >= limit
    monkeypatch.setattr(wall_module, "_words", lambda key, hand_no: iter(stream))
    # The fast path reads the first 144 words itself: make it meet a rejection at once so
    # the shuffle goes word by word through the stream above.
    monkeypatch.setattr(wall_module, "_DOWN_LIMITS", (0,) * 143)
    assert order_for("any", 1)[143] == 1000 % 144 + 1


def test_the_fast_shuffle_is_the_word_by_word_shuffle() -> None:
    for index in range(50):
        for hand_no in (1, 2, 16):
            key = seed_bytes(f"fast-{index}")
            assert order_for(key, hand_no) == wall_module._order_by_stream(key, hand_no)


def test_the_wall_is_a_permutation_of_the_set() -> None:
    for hand_no in (1, 2, 16):
        assert sorted(Wall.from_seed("x", hand_no).tiles) == full_set()
        assert sorted(order_for("x", hand_no)) == list(range(1, 145))


def test_different_per_hand_number_and_per_seed() -> None:
    walls = {Wall.from_seed(seed, n).tiles for seed in ("a", "b", b"a\x00") for n in range(1, 17)}
    assert len(walls) == 48
    assert Wall.from_seed("a", 3).tiles == Wall.from_seed(b"a", 3).tiles  # str is its UTF-8


def test_positional_deal_seat_by_seat() -> None:
    wall = Wall.from_seed("positions", 1)
    t = wall.tiles
    hands = wall.deal(dealer=1)
    # Three rounds of four from the dealer (1, 2, 3, 0), then one each, then the 14th.
    assert hands[1] == [*t[0:4], *t[16:20], *t[32:36], t[48], t[52]]
    assert hands[2] == [*t[4:8], *t[20:24], *t[36:40], t[49]]
    assert hands[3] == [*t[8:12], *t[24:28], *t[40:44], t[50]]
    assert hands[0] == [*t[12:16], *t[28:32], *t[44:48], t[51]]
    assert wall.tiles == t[53:]
    assert deal_positions(0).count(0) == 14 and len(deal_positions(3)) == DEAL_COUNT


def test_deal_of_a_seeded_wall_takes_the_front_53() -> None:
    wall = Wall.from_seed("deal", 5)
    before = wall.tiles
    hands = wall.deal(dealer=0)
    assert sorted(t for hand in hands for t in hand) == sorted(before[:DEAL_COUNT])
    assert wall.tiles == before[DEAL_COUNT:]
    with pytest.raises(ValueError, match="already been dealt"):
        wall.deal(dealer=0)


def test_front_draw_back_replacement_and_the_last_tile() -> None:
    wall = Wall([1, 2, 3])
    assert wall.draw() == 1
    assert wall.replace() == 3
    assert len(wall) == 1 and not wall.is_empty
    assert wall.draw() == 2  # the last tile is drawable: no dead wall
    assert wall.is_empty
    with pytest.raises(ValueError, match="empty"):
        wall.draw()
    with pytest.raises(ValueError, match="empty"):
        wall.replace()


def test_written_wall_is_checked_against_the_set() -> None:
    assert Wall([35, 36, 1, 1, 1, 1]).tiles == (35, 36, 1, 1, 1, 1)
    with pytest.raises(ValueError, match="2 of F1, the set only 1"):
        Wall([35, 35])
    with pytest.raises(ValueError, match="not a tile kind: 43"):
        Wall([43])
    with pytest.raises(ValueError, match="needs 53"):
        Wall([1]).deal(0)


def test_bad_seeds_and_hand_numbers() -> None:
    with pytest.raises(ValueError, match="empty"):
        order_for("", 1)
    with pytest.raises(ValueError, match="start at 1"):
        order_for("s", 0)
    with pytest.raises(TypeError):
        seed_bytes(5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a seat"):
        deal_positions(4)


GOLDEN = Path(__file__).resolve().parents[1] / "data" / "mcr_walls.txt"


def test_golden_walls() -> None:
    """Walls written out once (scripts/gen_mcr_goldens.py): the same on every platform."""
    lines = [line for line in GOLDEN.read_text().splitlines() if not line.startswith("#")]
    assert len(lines) == 12
    for line in lines:
        seed_hex, hand_no, tiles = (part.strip() for part in line.split("|"))
        wall = Wall.from_seed(bytes.fromhex(seed_hex), int(hand_no))
        assert " ".join(code(t) for t in wall.tiles) == tiles
