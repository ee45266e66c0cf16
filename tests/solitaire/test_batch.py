"""Batch generation: the array equals one-by-one deals, whatever the thread count; files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from mahjongkit.cli import main
from mahjongkit.solitaire import DealError, deal, get_layout, layouts
from mahjongkit.solitaire import batch as batch_module
from mahjongkit.solitaire.batch import batch, check_target, read_jsonl, seed_array, write_batch

TURTLE = get_layout("turtle")
EDGE_SEEDS = [0, 1, 2, 12345, 2**32, 2**63, 2**64 - 2, 2**64 - 1]


@pytest.mark.parametrize("layout", layouts(), ids=lambda layout: layout.name)
def test_rows_equal_one_by_one_deals(layout):
    rng = np.random.default_rng(6)
    seeds = EDGE_SEEDS + [int(s) for s in rng.integers(0, 2**63, size=12, dtype=np.uint64)]
    boards = batch(layout, seeds)
    assert boards.shape == (len(seeds), layout.size) and boards.dtype == np.uint8
    assert boards.flags.c_contiguous and boards.flags.owndata
    for row, seed in zip(boards, seeds, strict=True):
        assert tuple(int(face) for face in row) == deal(layout, seed).faces


def test_reference_batch_equals_core():
    seeds = [0, 7, 2**64 - 1]
    assert (batch(TURTLE, seeds, impl="python") == batch(TURTLE, seeds)).all()


def test_same_boards_for_any_thread_count():
    seeds = range(10_000, 13_001)  # not a multiple of the core's chunk of 64
    single = batch(TURTLE, seeds, threads=1)
    for threads in (2, 4):
        assert np.array_equal(batch(TURTLE, seeds, threads=threads), single)
    assert np.array_equal(batch(TURTLE, seeds), single)  # every core


def test_seed_forms():
    expected = batch(TURTLE, range(5, 9))
    assert np.array_equal(batch(TURTLE, "5:9"), expected)
    assert np.array_equal(batch(TURTLE, [5, 6, 7, 8]), expected)
    assert np.array_equal(batch(TURTLE, np.arange(5, 9)), expected)
    assert np.array_equal(batch("turtle", range(5, 9)), expected)
    assert batch(TURTLE, []).shape == (0, 144)


def test_fills_the_given_array_in_place():
    out = np.zeros((3, 144), dtype=np.uint8)
    assert batch(TURTLE, [1, 2, 3], out=out) is out
    assert tuple(out[1]) == deal(TURTLE, 2).faces
    with pytest.raises(ValueError, match=r"shape \(3, 144\)"):
        batch(TURTLE, [1, 2, 3], out=np.zeros((3, 36), dtype=np.uint8))


@pytest.mark.parametrize(
    ("seeds", "error", "message"),
    [
        ([1, -2], ValueError, "got -2"),
        ([2**64], ValueError, "0 to 2\\*\\*64 - 1"),
        ([True], TypeError, "seed must be an int"),
        ([1.5], TypeError, "seed must be an int, not float"),
        (np.array([-1]), ValueError, "got -1"),
        (np.zeros((2, 2), dtype=np.int64), TypeError, "1-D integer array"),
        ("9:3", ValueError, "empty seed range '9:3'"),
        ("x", ValueError, "bad seed range 'x'"),
        (range(0, 2**64 + 1), ValueError, "ends past 2\\*\\*64"),
    ],
)
def test_bad_seeds_are_named(seeds, error, message):
    with pytest.raises(error, match=message):
        seed_array(seeds)


def test_bad_threads():
    for threads in (0, -1, True, 1.5):
        with pytest.raises(ValueError, match="threads must be a positive int"):
            batch(TURTLE, [1], threads=threads)


def test_a_failed_deal_names_the_smallest_failing_seed():
    # With one trial per seed some Turtle deals get stuck; both cores must name the same seed.
    seeds = range(0, 60)
    failing = []
    for seed in seeds:
        try:
            deal(TURTLE, seed, max_trials=1)
        except DealError:
            failing.append(seed)
    assert failing, "expected some Turtle seed to need a second trial"
    for impl in ("cpp", "python"):
        with pytest.raises(DealError, match=f"'Turtle' with seed {failing[0]}:"):
            batch(TURTLE, seeds, max_trials=1, impl=impl, threads=None)


def test_write_npy_and_jsonl(tmp_path, monkeypatch):
    monkeypatch.setattr(batch_module, "SLICE", 70)  # several slices into one file
    seeds = range(2**64 - 200, 2**64)
    expected = batch(TURTLE, seeds)
    npy = write_batch(tmp_path / "b.npy", TURTLE, seeds, threads=2)
    assert np.array_equal(np.load(npy), expected)
    lines = (tmp_path / "b.jsonl").parent
    jsonl = write_batch(lines / "b.jsonl", TURTLE, seeds)
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert [r["seed"] for r in records] == list(seeds)
    assert {r["layout"] for r in records} == {"Turtle"}
    assert [r["faces"] for r in records] == expected.tolist()
    assert [seed for _, seed, _ in read_jsonl(jsonl)] == list(seeds)
    assert sorted(os.listdir(tmp_path)) == ["b.jsonl", "b.npy"]  # no temporary left


def test_refuses_to_overwrite_unless_told(tmp_path):
    target = tmp_path / "b.npy"
    target.write_text("keep me")
    with pytest.raises(FileExistsError, match="refusing to overwrite"):
        write_batch(target, TURTLE, "0:3")
    assert target.read_text() == "keep me"
    write_batch(target, TURTLE, "0:3", overwrite=True)
    assert np.load(target).shape == (3, 144)


def test_unwritable_targets_are_named(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"the folder .* does not exist"):
        write_batch(tmp_path / "missing" / "b.npy", TURTLE, "0:3")
    with pytest.raises(IsADirectoryError, match="it is a folder"):
        check_target(tmp_path)
    with pytest.raises(ValueError, match="cannot tell the format"):
        write_batch(tmp_path / "b.csv", TURTLE, "0:3")
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(PermissionError, match="is not writable"):
            write_batch(locked / "b.npy", TURTLE, "0:3")
    assert sorted(p.name for p in tmp_path.iterdir()) in (["locked"], [])


@pytest.mark.parametrize("suffix", ["npy", "jsonl"])
def test_an_interrupted_write_leaves_nothing(tmp_path, monkeypatch, suffix):
    monkeypatch.setattr(batch_module, "SLICE", 100)
    calls = []

    def interrupt(done: int) -> None:
        calls.append(done)
        if done >= 100:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_batch(tmp_path / f"b.{suffix}", TURTLE, "0:1000", progress=interrupt)
    assert calls and list(tmp_path.iterdir()) == []


def test_cli_batch(tmp_path):
    runner = CliRunner()
    out = tmp_path / "boards.npy"
    args = ["batch", "--layout", "turtle", "--seeds", "100:164", "--out", str(out)]
    result = runner.invoke(main, [*args, "--threads", "2"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""  # data goes to the file, the summary to stderr
    assert "wrote 64 Turtle boards" in result.stderr
    assert np.array_equal(np.load(out), batch(TURTLE, range(100, 164)))

    again = runner.invoke(main, args)
    assert again.exit_code == 1 and "refusing to overwrite" in again.stderr
    assert runner.invoke(main, [*args, "--force"]).exit_code == 0

    lines = tmp_path / "boards.txt"
    result = runner.invoke(main, [*args[:-1], str(lines), "--format", "jsonl"])
    assert result.exit_code == 0
    assert [json.loads(line)["seed"] for line in lines.read_text().splitlines()] == list(
        range(100, 164)
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seeds", "5:5"], "empty seed range '5:5'"),
        (["--seeds", "-3:5"], "bad seed range '-3:5'"),
        (["--seeds", "0:18446744073709551617"], "ends past 2**64"),
        (["--seeds", "0:3", "--layout", "nowhere"], "nowhere"),
        (["--seeds", "0:3", "--threads", "0"], "--threads"),
    ],
)
def test_cli_batch_bad_arguments(tmp_path, args, message):
    result = CliRunner().invoke(main, ["batch", "--out", str(tmp_path / "b.npy"), *args])
    assert result.exit_code != 0 and message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "b.npy").exists()


def test_cli_batch_missing_folder(tmp_path):
    target = Path(tmp_path) / "no" / "b.npy"
    result = CliRunner().invoke(main, ["batch", "--seeds", "0:3", "--out", str(target)])
    assert result.exit_code == 1 and "does not exist" in result.stderr
