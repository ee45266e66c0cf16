"""``mahjongkit mcr play``: a person against three bots, driven through stdin."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import TextIO, cast

from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.mcr.game.rules import Position, Rules
from mahjongkit.mcr.players.bot import hint
from mahjongkit.mcr.players.terminal import HELP, Terminal, parse_tile, rack_order
from mahjongkit.tiles import code, glyph


def play(*args: str, input: str) -> str:
    result = CliRunner().invoke(main, ["mcr", "play", *args], input=input)
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    return result.output


def test_a_session_plays_several_turns_and_quits() -> None:
    out = play("--seed", "session", input="table\nhint\n1\npass\n1\npass\n14\nfans\nquit\n")
    assert "Hand 1 of 16 | prevailing East | you are seat 0 (East)" in out
    assert "Your rack (drew" in out and "would help" in out
    assert out.count("You discard") >= 2  # '1' and '14' always name a tile
    assert "Seat 1 (South) discards" in out  # the bots' moves are narrated
    assert "Hint: " in out
    assert "  1  88  Big Four Winds" in out and " 81   1  Flower Tiles" in out
    assert out.rstrip().endswith("Bye.")


def test_the_rack_numbers_follow_the_displayed_order() -> None:
    game = Rules("rack")
    hand, drawn = game.hand_of(0), game.drawn
    order = rack_order(hand, drawn)
    assert order[-1] == drawn and sorted(order) == hand.concealed_tiles()
    out = play("--seed", "rack", input="14\nquit\n")
    assert f"You discard {code(order[-1])}." in out


def test_garbage_gets_help_never_a_traceback() -> None:
    out = play(
        "--seed",
        "garbage",
        input="xyzzy\nd\nd 0m\n99\nchow\npung\nkong\nwin\nchow 7\n\n  \nquit\n",
    )
    assert "I do not understand 'xyzzy'" in out
    assert HELP.splitlines()[0] in out
    assert "name one tile to discard" in out
    assert "unknown tile '0m'" in out
    assert "numbered 1 to 14, not 99" in out
    assert "you cannot chow now" in out
    assert "Not allowed: no window is open to pung in" in out
    assert "you have no kong to declare now" in out
    assert "Not allowed:" in out  # a win that is not there is refused, with the choices
    assert "Bye." in out


def test_end_of_input_quits_cleanly() -> None:
    out = play("--seed", "eof", input="")
    assert out.rstrip().endswith("Bye.")
    out = play("--seed", "eof", input="1\n")  # no newline after the last command either
    assert "You discard" in out and out.rstrip().endswith("Bye.")


def test_accepting_every_hint_plays_a_whole_hand() -> None:
    """The person types exactly the move the hint suggests (in the move's own words)."""

    class HintReader:
        """Stands in for stdin: each line read is the current hint, until hand 2."""

        def __init__(self) -> None:
            self.terminal: Terminal | None = None
            self.typed = 0

        def readline(self) -> str:
            assert self.terminal is not None
            rules = self.terminal.rules
            if rules.hand_no > 1:
                return "quit\n"
            self.typed += 1
            return f"{hint(rules, self.terminal.seat)}\n"

    reader, out = HintReader(), io.StringIO()
    terminal = Terminal("hints", seat=2, inp=cast(TextIO, reader), out=out)
    reader.terminal = terminal
    assert terminal.run() == 0
    text = out.getvalue()
    assert terminal.rules.hand_no == 2 and len(terminal.rules.history) == 1
    assert reader.typed > 5
    assert "Hand 1:" in text and "Settlement:" in text and "=== Hand 2 of 16" in text
    assert "Not allowed" not in text and "do not understand" not in text


def test_auto_plays_a_whole_game_to_the_standings(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    out = play("--seed", "whole", "--level", "1", "--save", str(save), input="auto\n" * 4000)
    assert "=== The game is over. Standings ===" in out
    assert out.count("Settlement:") == 16
    assert "Game saved to" in out
    game = Rules.from_json(save.read_text())
    assert not game.is_active and len(game.history) == 16


def test_save_on_quit_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    out = play("--seed", "resume", "--save", str(save), input="1\n1\nquit\n")
    assert f"Game saved to {save}" in out
    saved = Rules.from_json(save.read_text())
    assert saved.moves >= 2
    again = play("--resume", str(save), "--seat", "0", input="table\nquit\n")
    assert "Seed 'resume'" in again


def test_claiming_in_a_window() -> None:
    # Seat 0 (a level-1 bot) has one isolated honour, R, and discards it; the person at seat
    # 1 holds a pair of R and is offered the pung.
    position = Position(
        hands=(
            "123m 456p 789s 11s 55m R",
            "RR 234m 678m 234p 9s E",
            "19m 19p 19s ESWN GB 6p",
            "9m 9p 9s ESWN GB 7s 5p 8s 1p",
        ),
        wall=("7p", "3s", "3p"),
        turn=0,
    )
    out = io.StringIO()
    terminal = Terminal(
        inp=io.StringIO("pung\n14\nquit\n"),
        out=out,
        seat=1,
        level=1,
        rules=Rules("window", position=position),
    )
    terminal.run()
    text = out.getvalue()
    assert "Seat 0 (East) discards R." in text
    assert "Claim seat 0 (East)'s discard R? You may: pass, pung." in text
    assert "You pung R from seat 0 (East)." in text
    assert "pung(RRR)" in text


def test_glyphs_and_ascii() -> None:
    out = play("--seed", "faces", "--glyphs", input="quit\n")
    assert any(glyph(k) in out for k in range(1, 35))
    plain = play("--seed", "faces", "--ascii", input="quit\n")
    assert not any(glyph(k) in plain for k in range(1, 43))


def test_bad_options_are_refused() -> None:
    result = CliRunner().invoke(main, ["mcr", "play", "--level", "5"], input="quit\n")
    assert result.exit_code != 0 and "--level" in result.output
    result = CliRunner().invoke(main, ["mcr", "play", "--seat", "4"], input="quit\n")
    assert result.exit_code != 0 and "--seat" in result.output


def test_parse_tile() -> None:
    assert [parse_tile(t) for t in ("5m", "5M", "e", "R", "b")] == [5, 5, 28, 32, 34]


def test_as_a_subprocess() -> None:
    completed = subprocess.run(
        [
            *(sys.executable, "-c", "from mahjongkit.cli import main; main()"),
            *("mcr", "play", "--seed", "subprocess"),
        ],
        input="hint\n1\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "You discard" in completed.stdout and "Bye." in completed.stdout
    assert completed.stderr == ""
