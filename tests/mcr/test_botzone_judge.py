"""The local judge: protocol bots play through it, its logs replay, and a bot that crashes,
hangs or prints garbage is penalised while the judge finishes and leaves nothing running."""

from __future__ import annotations

import json
import os
import sys
import textwrap
import time

import pytest

from mahjongkit.mcr.botzone.agents import OLE, RE, TLE, PlayerAgent, ProgramAgent
from mahjongkit.mcr.botzone.judge import WA, WH, Judge, judge, penalty_scores, replay
from mahjongkit.mcr.botzone.seat import SeatState
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from mahjongkit.mcr.game.moves import WIN
from mahjongkit.mcr.players.bot import Bot, View

BOTZONE = [sys.executable, "-c", "from mahjongkit.cli import main; main()", "mcr", "botzone"]


def bots(seed: str, levels: tuple[int, ...] = (2, 1, 1, 1)) -> list[PlayerAgent]:
    return [
        PlayerAgent(Bot(level, seed=f"{seed}:{s}"), f"bot:{level}")
        for s, level in enumerate(levels)
    ]


class CheckingAgent(PlayerAgent):
    """An in-process bot that, on every request, compares what its seat rebuilt from the
    requests with what the judge's rules say: its hand, the table, and its legal moves."""

    def __init__(self, seat: int, level: int, seed: str) -> None:
        super().__init__(Bot(level, seed=seed), f"bot:{level}")
        self.seat = seat
        self.judge: Judge | None = None
        self.checked = 0

    def send(self, request: str) -> None:
        super().send(request)
        assert self.judge is not None
        rules = self.judge.rules
        mirror = SeatState()
        mirror.__dict__.update(
            {
                k: (v.copy() if isinstance(v, list) else v)
                for k, v in self._bot.state.__dict__.items()
            }
        )
        mirror.melds = [list(m) for m in self._bot.state.melds]
        mirror.pools = [list(p) for p in self._bot.state.pools]
        mirror.flowers = [list(f) for f in self._bot.state.flowers]
        view = mirror.feed(request)
        words = request.split()
        if words[0] == "2" or (words[0] == "3" and words[2] in ("PLAY", "PENG", "CHI", "BUGANG")):
            decides = words[0] == "2" or int(words[1]) != self.seat
            if decides:
                # after an unclaimable discard the rules have already drawn for the next seat
                asked = words[0] == "2" or rules.window is not None
                expected = set(rules.legal(self.seat)) if asked else set()
                assert set(view.legal) == expected, (request, rules.to_string())
                self.checked += 1
        if words[0] == "2" or words[2] == "DRAW":  # else the rules may have drawn already
            assert view.hand == rules.hand_of(self.seat), request
            assert view.pools == rules.pools, request
            assert view.wall_count == len(rules.wall), request
            assert view.concealed == tuple(h.concealed_count for h in rules.hands), request


@pytest.mark.parametrize("seed", [f"check-{i}" for i in range(12)])
def test_what_a_seat_rebuilds_matches_the_rules(seed):
    agents = [CheckingAgent(s, 2 if s % 2 == 0 else 1, f"{seed}:{s}") for s in range(4)]
    j = Judge(agents, BotzoneDeal.from_seed(seed))
    for a in agents:
        a.judge = j
    result = j.play()
    assert result.outcome in ("win", "exhausted"), result.message
    assert sum(result.scores) == 0
    assert sum(a.checked for a in agents) > 50


def test_in_process_hands_have_no_penalty_and_replay():
    outcomes = set()
    for i in range(16):
        result = judge(bots(f"r{i}"), BotzoneDeal.from_seed(f"r{i}"))
        assert result.outcome != "penalty", result.message
        outcomes.add(result.outcome)
        log = json.dumps(result.to_json())
        again = replay(log)
        assert again.scores == result.scores and again.turns == result.turns
    assert outcomes == {"win", "exhausted"}


def test_a_tampered_log_does_not_replay():
    result = judge(bots("t"), BotzoneDeal.from_seed("t"))
    data = result.to_json()
    data["result"]["scores"] = [1, 2, 3, -6]
    with pytest.raises(ValueError, match="replay gives scores"):
        replay(data)
    data = result.to_json()
    first_draw = next(i for i, t in enumerate(data["turns"]) if t["requests"][0].startswith("2 "))
    data["turns"][first_draw]["responses"][0] = "PASS"  # seat 0 no longer plays a tile
    with pytest.raises(ValueError, match="replay gives"):
        replay(data)


def test_programs_play_through_the_judge(tmp_path):
    agents = [ProgramAgent([*BOTZONE, "--level", str(lv)], memory_mb=2048) for lv in (2, 1, 2, 1)]
    result = judge(
        agents, BotzoneDeal.from_seed("programs"), time_limit=120.0, first_time_limit=120.0
    )
    assert result.outcome != "penalty", result.message
    assert result.outcome == "win" and sum(result.scores) == 0
    # the same hand in-process (the same bots, the same seeds) gives the same log
    same = judge(
        [PlayerAgent(Bot(lv, seed="botzone")) for lv in (2, 1, 2, 1)],
        BotzoneDeal.from_seed("programs"),
    )
    assert same.turns == result.turns
    assert replay(json.dumps(result.to_json())).scores == result.scores


def test_json_mode_restarts_the_program_with_the_whole_log():
    agent = ProgramAgent([*BOTZONE, "--level", "2"], mode="json")
    try:
        agent.start()
        answers = []
        for request in ("0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3", "3 0 PLAY J1"):
            agent.send(request)
            answers.append(agent.receive(30.0))
        assert [a.verdict for a in answers] == ["OK"] * 3
        assert [a.text for a in answers][:2] == ["PASS", "PASS"]
        assert (answers[2].text or "").startswith("PENG ")
    finally:
        agent.close()


def test_json_long_mode_keeps_a_program_running_and_answers_as_json_mode():
    requests = ("0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3", "3 0 PLAY J1")
    answers: dict[str, list[str | None]] = {}
    pids: dict[str, set[int]] = {}
    for mode, extra in (("json", []), ("json-long", ["--keep-running"])):
        agent = ProgramAgent([*BOTZONE, "--level", "2", *extra], mode=mode)
        try:
            agent.start()
            answers[mode], pids[mode] = [], set()
            for request in requests:
                agent.send(request)
                assert agent._proc is not None
                pids[mode].add(agent._proc.pid)
                reply = agent.receive(30.0)
                assert reply.verdict == "OK"
                answers[mode].append(reply.text)
        finally:
            agent.close()
    assert answers["json-long"] == answers["json"]
    assert len(pids["json-long"]) == 1 and len(pids["json"]) == 3


def test_json_mode_restarts_a_program_that_asks_to_keep_running():
    # its input was closed after the log: it cannot be kept, so it is started again
    agent = ProgramAgent([*BOTZONE, "--level", "1", "--keep-running"], mode="json")
    try:
        agent.start()
        for request in ("0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3"):
            agent.send(request)
            assert agent.receive(30.0).text == "PASS"
    finally:
        agent.close()


# -- bad bots ------------------------------------------------------------------------------


def script(tmp_path, name: str, body: str) -> list[str]:
    """A bot program: answers PASS to the seat and deal requests, then ``body`` runs for
    the third request (with ``request`` bound to it)."""
    path = tmp_path / f"{name}.py"
    path.write_text(
        textwrap.dedent(
            """\
            import os, subprocess, sys, time
            PIDS = sys.argv[1]
            sys.stdin.readline()  # the count line
            for turn in range(1000):
                request = sys.stdin.readline().strip()
                while not request:  # the empty data and globaldata lines
                    request = sys.stdin.readline().strip()
                if turn >= 2:
            {body}
                print("PASS")
                print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
            """
        ).format(body=textwrap.indent(textwrap.dedent(body), " " * 8))
    )
    return [sys.executable, str(path), str(tmp_path / f"{name}.pids")]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        # a zombie is gone for our purpose, but only its parent can reap it
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (ProcessLookupError, FileNotFoundError):
        return False


def run_with_bad_seat(program: list[str], seat: int = 1, **limits: float):
    agents = bots("bad")
    agents[seat] = ProgramAgent(program)  # type: ignore[call-overload]
    start = time.perf_counter()
    result = judge(agents, BotzoneDeal.from_seed("bad"), **limits)  # type: ignore[arg-type]
    return result, time.perf_counter() - start


def test_a_crashing_bot_is_penalised(tmp_path):
    result, _ = run_with_bad_seat(script(tmp_path, "crash", "raise SystemExit(3)"))
    assert (result.outcome, result.offender, result.verdict) == ("penalty", 1, RE)
    assert result.scores == penalty_scores(1) == (10, -30, 10, 10)
    assert len(result.turns) == 3


def test_a_hanging_bot_is_penalised_and_killed_with_its_children(tmp_path):
    body = """\
        child = subprocess.Popen(["sleep", "1000"])
        open(PIDS, "w").write(f"{os.getpid()} {child.pid}")
        time.sleep(1000)
        """
    # 3 s, not 1: on a loaded machine the program's start and its child's spawn must fit in
    # the earlier answers' limit, or it is timed out before it writes its pids
    result, seconds = run_with_bad_seat(script(tmp_path, "hang", body), time_limit=3.0)
    assert (result.outcome, result.offender, result.verdict) == ("penalty", 1, TLE)
    assert seconds < 30
    pids = [int(p) for p in (tmp_path / "hang.pids").read_text().split()]
    assert len(pids) == 2
    # killed, but a killed process takes a moment to go, more under load: wait, with a deadline
    assert gone_within(pids, 30), [p for p in pids if alive(p)]


def gone_within(pids: list[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_garbage_printing_bot_is_penalised(tmp_path):
    result, _ = run_with_bad_seat(
        script(
            tmp_path,
            "garbage",
            'print("HELLO WORLD")\n'
            'print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)\n'
            "continue",
        )
    )
    assert (result.outcome, result.offender, result.verdict) == ("penalty", 1, WA)
    assert "'HELLO WORLD'" in result.message


def test_a_flooding_bot_is_penalised(tmp_path):
    body = 'sys.stdout.write("x" * 1000000)\nsys.stdout.flush()\ntime.sleep(1000)'
    result, _ = run_with_bad_seat(script(tmp_path, "flood", body), time_limit=5.0)
    assert (result.offender, result.verdict) == (1, OLE)


def test_a_memory_hog_is_stopped(tmp_path):
    body = "hog = bytearray(1 << 31)\n"
    agents = bots("mem")
    agents[2] = ProgramAgent(script(tmp_path, "hog", body), memory_mb=256)  # type: ignore[call-overload]
    result = judge(agents, BotzoneDeal.from_seed("mem"))  # type: ignore[arg-type]
    assert (result.offender, result.verdict) == (2, RE)


class FalseWinner:
    """Declares a win at every chance it is asked about its turn."""

    def choose(self, view: View):
        return WIN if view.drawn is not None else view.legal[0]


class IllegalPlayer:
    def choose(self, view: View):
        if view.drawn is not None:
            missing = next(k for k in range(1, 35) if view.hand.counts[k] == 0)
            from mahjongkit.mcr.game.moves import discard

            return discard(missing)
        return view.legal[0]


def test_a_false_win_and_an_illegal_discard_are_penalised():
    agents = bots("false")
    agents[0] = PlayerAgent(FalseWinner())
    result = judge(agents, BotzoneDeal.from_seed("false"))
    assert (result.offender, result.verdict, result.scores) == (0, WH, (-30, 10, 10, 10))
    agents = bots("illegal")
    agents[0] = PlayerAgent(IllegalPlayer())
    result = judge(agents, BotzoneDeal.from_seed("illegal"))
    assert (result.offender, result.verdict) == (0, WA)
    assert "refused" in result.message


def test_cli_judge_and_botzone(tmp_path):
    from click.testing import CliRunner

    from mahjongkit.cli import main

    program = " ".join([*BOTZONE[:1], "-c", "'from mahjongkit.cli import main; main()'"])
    commands = [f"{program} mcr botzone --level {lv}" for lv in (3, 2, 1, 1)]
    log = tmp_path / "hand.json"
    # Limits far above any answer's time: this test is about the wiring, and a loaded machine
    # must not turn it into a time penalty (the limits have their own tests: a hanging program).
    limits = ["--time-limit", "300", "--first-time-limit", "300"]
    out = CliRunner().invoke(
        main,
        ["mcr", "judge", *commands, "--seed", "cli", "--log", str(log), "--quan", "1", *limits],
    )
    assert out.exit_code == 0, out.output
    result = json.loads(out.output)
    assert result["outcome"] in ("win", "exhausted") and sum(result["scores"]) == 0
    data = json.loads(log.read_text())
    assert data["deal"]["quan"] == 1 and data["turns"][0]["requests"][2] == "0 2 1"
    assert replay(data).scores == tuple(result["scores"])
    line = json.dumps({"requests": ["0 0 0"], "responses": []})
    out = CliRunner().invoke(main, ["mcr", "botzone", "--level", "3"], input=line + "\n")
    assert json.loads(out.output) == {"response": "PASS"}
    bad = CliRunner().invoke(main, ["mcr", "botzone", "--player", "nosuch:Thing"])
    assert bad.exit_code != 0 and "cannot import" in bad.output
