"""The golden playthroughs recorded before the redesign of the rules are played identically.

``tests/data/mcr_loop_goldens.txt`` holds 200 seeded sixteen-hand games (a digest of each
game's move log and whole event stream, and its standings) and the full logs of a few
one-hand games, recorded by ``scripts/record_mcr_loop_goldens.py`` from the rules as they
were before issue 12. Every game is replayed with the C++ hand analysis; the pure-Python
twin replays the short games and a few whole ones (all of them with ``-m slow``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcr.golden_games import play

DATA = Path(__file__).resolve().parents[1] / "data" / "mcr_loop_goldens.txt"


def _read() -> tuple[list[tuple[str, str]], list[tuple[str, str, list[str], list[str]]]]:
    games: list[tuple[str, str]] = []
    shorts: list[tuple[str, str, list[str], list[str]]] = []
    for line in DATA.read_text().splitlines():
        if line.startswith("#"):
            continue
        head, _, rest = line.partition(" ")
        if head == "game":
            games.append((rest.split(" | ")[0], rest))
        elif head == "short":
            shorts.append((rest.split(" | ")[0], rest, [], []))
        elif head == "move":
            shorts[-1][2].append(rest)
        elif head == "event":
            shorts[-1][3].append(rest)
        else:
            raise ValueError(f"unreadable golden line {line!r}")
    return games, shorts


GAMES, SHORTS = _read()


def test_the_file_holds_enough_games() -> None:
    assert len(GAMES) >= 200
    assert len(SHORTS) >= 3


@pytest.mark.parametrize("chunk", range(10))
def test_whole_games_replay_identically(chunk: int) -> None:
    for seed, expected in GAMES[chunk::10]:
        assert play(seed).line() == expected, seed


@pytest.mark.parametrize(("seed", "line", "moves", "events"), SHORTS, ids=[s[0] for s in SHORTS])
@pytest.mark.parametrize("impl", ["cpp", "python"])
def test_short_games_replay_move_by_move(
    seed: str,
    line: str,
    moves: list[str],
    events: list[str],
    impl: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", impl)
    played = play(seed, hand_no=16, check=True)
    assert played.moves == moves
    assert played.events == events
    assert played.line() == line


@pytest.mark.parametrize("index", [0, 1, 2])
def test_whole_games_replay_on_the_python_twin_with_invariants(
    index: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    seed, expected = GAMES[index]
    assert play(seed, check=True).line() == expected


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_every_game_replays_on_the_python_twin(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    for seed, expected in GAMES[chunk::10]:
        assert play(seed, check=True).line() == expected, seed
