"""The packed bot (``mcr botzone-pack``) runs from a plain interpreter that cannot see
mahjongkit, this one and Botzone's Python 3.6, and answers a whole hand's requests as the
installed bot with ``impl="python"`` does, within Botzone's time limits (the judge's
verdicts) at every level; and the Botzone program's start loads no more than it needs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest

from mahjongkit.mcr.botzone.adapter import BotzoneBot
from mahjongkit.mcr.botzone.agents import OK, PlayerAgent, ProgramAgent
from mahjongkit.mcr.botzone.judge import judge
from mahjongkit.mcr.botzone.pack import pack
from mahjongkit.mcr.botzone.variant import BotzoneDeal
from mahjongkit.mcr.players.bot import Bot
from tests.mcr.old_pythons import PYTHON36

CLI = "from mahjongkit.cli import main; main()"
LOG = {
    "requests": ["0 1 0", "1 0 0 0 0 W1 W2 W3 B4 B5 B6 T7 T8 T9 J1 J1 F2 F3", "2 F2"],
    "responses": ["PASS", "PASS"],
}
"""A Botzone log up to the bot's first turn: dealt thirteen, it draws F2 and answers."""


def _run(*args, **options):
    """This interpreter run afresh with ``args``, text in and out, two minutes at most."""
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=120, **options
    )


@pytest.fixture(params=["this", "3.6"])
def python(request):
    """A plain interpreter: this one, or Python 3.6 (skipped where it is not installed)."""
    if request.param == "this":
        return sys.executable
    if not PYTHON36.is_file():
        pytest.skip(f"no Python 3.6 at {PYTHON36}")
    return str(PYTHON36)


@pytest.fixture(scope="module")
def packed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("packed")
    files = {}
    for level in (1, 2, 3):
        files[level] = folder / f"bot{level}.pyz"
        pack(files[level], level=level)
    return files


def test_the_pack_holds_no_compiled_core_and_no_numpy(packed):
    names = zipfile.ZipFile(packed[2]).namelist()
    assert "__main__.py" in names and "mahjongkit/mcr/botzone/adapter.py" in names
    assert not [n for n in names if not n.endswith((".py", ".pyc"))]
    assert not [n for n in names if "/solitaire/" in n or "/rl/" in n or "/cli/" in n]


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_packed_bot_plays_a_hand_as_the_installed_bot(
    packed, level, python, tmp_path, monkeypatch
):
    # -I -S: no PYTHONPATH, no user or system site-packages: mahjongkit comes from the file
    command = [python, "-I", "-S", str(packed[level])]
    seat = level % 4
    agents: list = [PlayerAgent(Bot(1, seed=f"p{s}")) for s in range(4)]
    agents[seat] = ProgramAgent(command, cwd=tmp_path)  # Botzone's limits, the defaults
    result = judge(agents, BotzoneDeal.from_seed(f"pack-{level}"))
    assert result.outcome in ("win", "exhausted"), result.message
    assert all(turn["verdicts"][seat] == OK for turn in result.turns)
    # the installed bot, pure-Python twins, given the same requests, answers the same
    monkeypatch.setenv("MAHJONGKIT_IMPLEMENTATION", "python")
    installed = BotzoneBot(Bot(level, seed="botzone"))
    for turn in result.turns:
        assert installed.step(turn["requests"][seat]) == turn["responses"][seat]


def test_the_packed_bot_answers_one_json_request_as_the_installed_bot(packed, python, tmp_path):
    line = (json.dumps(LOG) + "\n").encode()
    for level, path in packed.items():
        done = subprocess.run(
            [python, "-I", "-S", str(path)],
            input=line,
            capture_output=True,
            cwd=tmp_path,
            timeout=120,
            check=True,
        )
        expected = BotzoneBot(Bot(level, seed="botzone")).replay(LOG["requests"], LOG["responses"])
        assert json.loads(done.stdout) == {"response": expected}, level


def test_the_botzone_program_loads_no_numpy_solitaire_or_metadata():
    # the compiled core answers (loading it imports no NumPy: its dtypes register on first use)
    probe = (
        "import sys, io, json\n"
        f"sys.stdin = io.TextIOWrapper(io.BufferedReader(io.BytesIO({json.dumps(LOG)!r}"
        ".encode() + b'\\n')))\n"
        "sys.argv = ['mahjongkit', 'mcr', 'botzone', '--level', '2']\n"
        "from mahjongkit._entry import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "bad = [m for m in sys.modules if m in ('numpy', 'click') or m.startswith("
        "('numpy.', 'mahjongkit.solitaire', 'mahjongkit.cli', 'importlib.metadata'))]\n"
        "assert 'mahjongkit._core' in sys.modules\n"
        "print(json.dumps(bad), file=sys.stderr)\n"
    )
    done = _run("-c", probe)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["response"].startswith("PLAY")
    assert json.loads(done.stderr.strip().splitlines()[-1]) == []


def test_import_mahjongkit_and_help_load_no_metadata_or_engine():
    probe = (
        "import sys\n"
        "sys.argv = ['mahjongkit', '--help']\n"
        "from mahjongkit.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print([m for m in sys.modules if m.startswith(('numpy', 'importlib.metadata',"
        " 'mahjongkit.solitaire', 'mahjongkit.mcr'))], file=sys.stderr)\n"
    )
    done = _run("-c", probe)
    assert "batch" in done.stdout and done.stderr.strip() == "[]"
    version = _run("-c", CLI, "--version")
    from mahjongkit import __version__

    assert version.stdout.strip() == f"mahjongkit, version {__version__}"


def test_the_short_help_table_matches_the_commands():
    import click

    from mahjongkit.cli import COMMANDS, _short_help, main

    ctx = click.Context(main)
    for name in COMMANDS:
        command = main.get_command(ctx, name)
        assert command is not None, name
        for limit in (45, 10_000):
            assert command.get_short_help_str(limit) == _short_help(name, limit), name


def test_pack_refuses_a_bad_level_and_a_bad_path(tmp_path):
    with pytest.raises(ValueError, match="levels"):
        pack(tmp_path / "x.pyz", level=7)
    from click.testing import CliRunner

    from mahjongkit.cli import main

    result = CliRunner().invoke(main, ["mcr", "botzone-pack", "/nonexistent/bot.pyz"])
    assert result.exit_code == 1 and "does not exist" in result.stderr


def test_the_mcr_names_load_on_first_use():
    import mahjongkit.mcr as mcr

    assert sorted(mcr._HOME) == sorted(mcr.__all__)
    for name in mcr.__all__:
        assert getattr(mcr, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = mcr.nothing
    probe = (
        "import sys, mahjongkit.mcr.botzone.seat; print('mahjongkit.mcr.game.rules' in sys.modules)"
    )
    done = _run("-c", probe)
    assert done.stdout.strip() == "False"  # a bot reading its log needs no game rules


def test_the_core_loads_without_numpy_and_names_its_record_dtypes_on_first_use():
    probe = (
        "import sys, mahjongkit._core as core\n"
        "before = 'numpy' in sys.modules\n"
        "names = [core.mcr.WIN_DTYPE.names[0], core.mcr.SCORED_DTYPE.names[0]]\n"
        "print(before, 'numpy' in sys.modules, names, hasattr(core.mcr, 'NO_DTYPE'))\n"
    )
    done = _run("-c", probe)
    assert done.stdout.split() == ["False", "True", "['counts',", "'refusal']", "False"]


ENTRY = "from mahjongkit._entry import main; main()"  # the mahjongkit script's entry point


@pytest.mark.parametrize(
    "options", [["--level", "1"], ["--level=3", "--keep-running"], ["--player", "bot:2"]]
)
def test_the_entry_point_answers_as_the_command_line(options):
    line = json.dumps(LOG) + "\n"
    answers = [_run("-c", code, "mcr", "botzone", *options, input=line) for code in (ENTRY, CLI)]
    assert answers[0].returncode == answers[1].returncode == 0, answers[0].stderr
    assert answers[0].stdout == answers[1].stdout and answers[0].stdout.startswith('{"response"')


@pytest.mark.parametrize(
    ("options", "env", "status", "message"),
    [
        (["--level", "5"], {}, 2, "is not in the range 1<=x<=4"),
        (["--level", "2", "--level", "3", "--nope"], {}, 2, "No such option '--nope'"),
        ([], {"MAHJONGKIT_IMPLEMENTATION": "fortran"}, 1, "unknown implementation 'fortran'"),
        (["--player", "no.such.module:Bot"], {}, 1, "cannot import 'no.such.module'"),
    ],
)
def test_the_entry_point_leaves_the_rest_to_the_command_line(options, env, status, message):
    done = _run("-c", ENTRY, "mcr", "botzone", *options, input="", env={**os.environ, **env})
    assert done.returncode == status and message in done.stderr, done.stderr


def test_the_entry_point_knows_the_bots_levels():
    from mahjongkit._boundary import LEVELS
    from mahjongkit.mcr.players.bot import LEVELS as BOT_LEVELS

    assert tuple(str(level) for level in BOT_LEVELS) == LEVELS


PLAYER = '''\
"""A bot author's player, in the folder they work in."""
from __future__ import annotations

from dataclasses import dataclass

from helpers import first_of
from mahjongkit.mcr.game.moves import Move


@dataclass
class Careful:
    """Always the first legal move."""

    turns: int = 0

    def choose(self, view) -> Move:
        self.turns += 1
        return first_of(view.legal)
'''
HELPERS = "def first_of(moves):\n    return sorted(moves, key=str)[0]\n"


def _author_folder(tmp_path):
    """A folder holding a module:Class player and a helper module it imports."""
    folder = tmp_path / "author"
    folder.mkdir()
    (folder / "mine.py").write_text(PLAYER)
    (folder / "helpers.py").write_text(HELPERS)
    return folder


def _script(*args, **options):
    """The installed mahjongkit script (its folder, not the user's, is on its sys.path)."""
    script = os.path.join(os.path.dirname(sys.executable), "mahjongkit")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        [script, *args], capture_output=True, text=True, timeout=120, env=env, **options
    )


def test_a_player_in_the_current_folder_is_packed_and_answers_botzone_requests(tmp_path, python):
    folder = _author_folder(tmp_path)
    done = _script("mcr", "botzone-pack", "bot.pyz", "--player", "mine:Careful", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert "the player mine:Careful" in done.stderr
    names = zipfile.ZipFile(folder / "bot.pyz").namelist()
    assert {"mine.py", "helpers.py", "mahjongkit/mcr/game/moves.py"} <= set(names)
    # from another folder, with no site-packages: the player comes from the file
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    line = (json.dumps(LOG) + "\n").encode()
    answer = subprocess.run(
        [python, "-I", "-S", str(folder / "bot.pyz")],
        input=line,
        capture_output=True,
        cwd=elsewhere,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stderr
    sys.path.insert(0, str(folder))
    try:
        from mine import Careful  # type: ignore[import-not-found]

        expected = BotzoneBot(Careful()).replay(LOG["requests"], LOG["responses"])
    finally:
        sys.path.remove(str(folder))
        for name in ("mine", "helpers"):
            sys.modules.pop(name, None)
    assert json.loads(answer.stdout) == {"response": expected}
    # a whole hand judged, the packed player in seat 1 with Botzone's limits
    agents: list = [PlayerAgent(Bot(1, seed=f"p{s}")) for s in range(4)]
    agents[1] = ProgramAgent([python, "-I", "-S", str(folder / "bot.pyz")], cwd=elsewhere)
    result = judge(agents, BotzoneDeal.from_seed("packed-player"))
    assert result.outcome in ("win", "exhausted"), result.message


def test_the_current_folder_is_on_the_path_for_botzone_and_arena(tmp_path):
    folder = _author_folder(tmp_path)
    line = json.dumps(LOG) + "\n"
    served = _script("mcr", "botzone", "--player", "mine:Careful", input=line, cwd=folder)
    assert served.returncode == 0, served.stderr
    assert json.loads(served.stdout)["response"]
    players = "mine:Careful,bot:1,bot:1,bot:1"
    arena = _script("mcr", "arena", "--players", players, "--hands", "4", cwd=folder)
    assert arena.returncode == 0, arena.stderr
    assert json.loads(arena.stdout)["players"][0]["spec"] == "mine:Careful"


def test_pack_refuses_a_player_it_cannot_pack(tmp_path):
    with pytest.raises(ValueError, match="cannot import 'no_such_module'"):
        pack(tmp_path / "x.pyz", player="no_such_module:Bot")
    with pytest.raises(ValueError, match="module:Class player, not 'bot:2'"):
        pack(tmp_path / "x.pyz", player="bot:2")
    assert not (tmp_path / "x.pyz").exists()
