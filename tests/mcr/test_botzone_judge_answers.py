"""The judge reads an answer as Botzone's does (docs/botzone.md, "Checking the answers").

Botzone's judge (``judge/main.cpp``) compares ``PASS`` and ``HU`` as whole strings and
splits the other answers on single spaces (``boost::split`` on ``" "``), so a space too
many or too few, a tab or a carriage return is a wrong answer (``WA``) there; the platform
gives it the first line of a simple-mode program's output exactly as printed, and a
JSON-mode program's whole output parsed as one JSON value (botzone-local's ``Bot.step``).
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.mcr.arena import arena
from mahjongkit.mcr.botzone.agents import PlayerAgent, ProgramAgent, Reply
from mahjongkit.mcr.botzone.judge import WA, judge
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from mahjongkit.mcr.players.bot import Bot
from mahjongkit.mcr.players.spec import check_spec, program_of

BOTZONE = [sys.executable, "-c", "from mahjongkit.cli import main; main()", "mcr", "botzone"]


class Mangled(PlayerAgent):
    """A level-1 bot whose first answer that ``applies`` is rewritten by ``change``."""

    def __init__(
        self, applies: Callable[[str], bool], change: Callable[[str], str], seed: str = "mangled"
    ) -> None:
        super().__init__(Bot(1, seed=seed), "mangled")
        self.applies, self.change, self.done = applies, change, False

    def receive(self, timeout: float) -> Reply:
        reply = super().receive(timeout)
        if not self.done and reply.text is not None and self.applies(reply.text):
            self.done = True
            return Reply(reply.verdict, self.change(reply.text), reply.seconds)
        return reply


def bots(seed: str) -> list[PlayerAgent]:
    return [PlayerAgent(Bot(1, seed=f"{seed}:{s}"), "bot:1") for s in range(4)]


@pytest.mark.parametrize("answer", ["PASS ", " PASS", "PASS\t", "PASS\r", "pass", ""])
def test_a_pass_is_the_word_pass_and_nothing_more(answer: str) -> None:
    agents = bots("pass")
    agents[2] = Mangled(lambda text: True, lambda text: answer)
    result = judge(agents, BotzoneDeal.from_seed("pass"))
    assert (result.outcome, result.offender, result.verdict) == ("penalty", 2, WA)
    assert len(result.turns) == 1 and repr(answer) in result.message


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t.replace(" ", "  "),  # 'PLAY  B6'
        lambda t: t + " ",  # 'PLAY B6 '
        lambda t: " " + t,  # ' PLAY B6'
        lambda t: t.replace(" ", "\t"),  # 'PLAY\tB6'
        lambda t: t + "\r",  # 'PLAY B6\r': a program printing CRLF
    ],
    ids=["two-spaces", "trailing-space", "leading-space", "tab", "carriage-return"],
)
def test_a_play_is_words_separated_by_single_spaces(change: Callable[[str], str]) -> None:
    plain = judge(bots("play"), BotzoneDeal.from_seed("play"))
    assert plain.outcome in ("win", "exhausted"), plain.message  # unchanged, no penalty
    agents = bots("play")
    seat = 1
    # the same bot as in the plain hand, its first discard rewritten
    agents[seat] = Mangled(lambda text: text.startswith("PLAY "), change, seed=f"play:{seat}")
    result = judge(agents, BotzoneDeal.from_seed("play"))
    assert (result.outcome, result.offender, result.verdict) == ("penalty", seat, WA)
    assert "single spaces" in result.message or "bad response" in result.message
    # the hand went as the plain one up to that answer
    assert result.turns[:-1] == plain.turns[: len(result.turns) - 1]


INDENTED = textwrap.dedent(
    """\
    import json, sys
    from mahjongkit.mcr.botzone.adapter import BotzoneBot
    from mahjongkit.mcr.players.bot import Bot

    bot = BotzoneBot(Bot(1, seed="indented"))
    log = json.loads(sys.stdin.readline())
    answer = bot.replay(log["requests"], log["responses"])
    while True:
        # as Botzone's sample bot prints it: indented, over several lines
        print(json.dumps({"response": answer, "debug": ""}, indent=4))
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        line = sys.stdin.readline()
        if not line:
            break
        answer = bot.step(json.loads(line))
    """
)


def test_a_json_answer_over_several_lines_is_read_whole(tmp_path) -> None:
    program = tmp_path / "indented.py"
    program.write_text(INDENTED)
    agents = bots("json")
    agents[3] = ProgramAgent([sys.executable, str(program)], mode="json-long")
    result = judge(agents, BotzoneDeal.from_seed("json"), first_time_limit=60.0, time_limit=30.0)
    assert result.outcome in ("win", "exhausted"), result.message
    same = bots("json")
    same[3] = PlayerAgent(Bot(1, seed="indented"))
    assert judge(same, BotzoneDeal.from_seed("json")).turns == result.turns


def test_a_simple_mode_answer_is_the_first_line_as_printed(tmp_path) -> None:
    program = tmp_path / "crlf.py"
    program.write_text('import sys\nsys.stdout.write("PASS\\r\\n")\n')
    agents = bots("crlf")
    agents[0] = ProgramAgent([sys.executable, str(program)])
    result = judge(agents, BotzoneDeal.from_seed("crlf"), first_time_limit=60.0)
    assert (result.offender, result.verdict) == (0, WA)
    assert result.turns[0]["responses"][0] == "PASS\r"


def test_the_judge_takes_a_mode_per_seat(tmp_path) -> None:
    command = " ".join([sys.executable, "-c", "'from mahjongkit.cli import main; main()'"])
    commands = [
        f"{command} mcr botzone --level 1",
        f"{command} mcr botzone --level 1 --keep-running",
        f"{command} mcr botzone --level 1",
        f"{command} mcr botzone --level 1",
    ]
    out = CliRunner().invoke(
        main,
        [
            "mcr",
            "judge",
            *commands,
            *("--seed", "modes", "--mode", "simple,json-long,simple,simple"),
            *("--time-limit", "60", "--first-time-limit", "60"),  # a loaded machine
        ],
    )
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["outcome"] in ("win", "exhausted")
    bad = CliRunner().invoke(main, ["mcr", "judge", *commands, "--mode", "simple,json"])
    assert bad.exit_code == 2 and "four of them comma-separated" in bad.output


def test_the_arena_speaks_json_to_a_program_that_asks(monkeypatch: pytest.MonkeyPatch) -> None:
    assert program_of(check_spec("cmd-json-long: mahjongkit x")) == ("json-long", " mahjongkit x")
    assert program_of("cmd:./bot") == ("simple", "./bot")
    with pytest.raises(ValueError, match="cmd-json: needs a command"):
        check_spec("cmd-json: ")
    command = " ".join([*BOTZONE[:1], "-c", "'from mahjongkit.cli import main; main()'"])
    program = f"cmd-json-long:{command} mcr botzone --level 1 --keep-running"
    import mahjongkit.mcr.botzone.judge as judging

    def patient(*args: Any, **options: Any) -> Any:  # a program's start on a loaded machine
        return judge(*args, **{**options, "first_time_limit": 60.0})

    monkeypatch.setattr(judging, "judge", patient)
    specs = [program, "bot:1", "bot:1", "bot:1"]
    result = arena(specs, hands=4, variant="botzone", seed="json", time_limit=60.0)
    assert result.players[0].penalties == 0
    assert result.hands == 4
