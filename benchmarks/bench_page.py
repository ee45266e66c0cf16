"""The solitaire page's weight and time to interactive, this tree against a baseline commit,
side by side in one run (issue 24: "keep the page light").

Not a test (no timed assertion); figures go to benchmarks/README.md. The baseline's
``python/mahjongkit`` is taken from git (``git archive``) with this tree's built core copied
in, and each version is served by its own uvicorn process on this machine; one chromium
loads the two in turn (A, B, A, B, ...), each load in a fresh context (an empty cache: a
first visit).

    python benchmarks/bench_page.py                     # against main, 15 loads each
    python benchmarks/bench_page.py --baseline 441e5f8 --loads 25

Weight: the bytes of the page and everything it loads before it is interactive (the
resource timings' body sizes, as decoded and as sent, which differ where the server
compresses). Time to interactive: the
page's own mark, navigation start to the first board drawn and answering clicks
(``body[data-ready-at]``), and the wall time from Playwright's ``goto`` to it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_web import HOST, server_process  # noqa: E402  (a sibling script, not a package)

_WEIGHT = """() => {
  const entries = [performance.getEntriesByType('navigation')[0],
                   ...performance.getEntriesByType('resource')];
  const ready = Number(document.body.dataset.readyAt);
  const before = entries.filter((e) => e.responseEnd <= ready);
  return {
    requests: before.length,
    bytes: before.reduce((sum, e) => sum + (e.decodedBodySize || 0), 0),
    transferred: before.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0),
    static_bytes: before.filter((e) => !e.name.includes('/api/'))
      .reduce((sum, e) => sum + (e.decodedBodySize || 0), 0),
    ready_ms: ready,
  };
}"""


def baseline_tree(ref: str, into: Path) -> Path:
    """``python/mahjongkit`` of ``ref`` under ``into``, with this tree's compiled core."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", ref, "python/mahjongkit"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    # The compiled core as this interpreter imports it (an editable install keeps it in its
    # build directory, not in the source tree).
    spec = importlib.util.find_spec("mahjongkit._core")
    cores = [Path(spec.origin)] if spec is not None and spec.origin else []
    for core in cores or (ROOT / "python" / "mahjongkit").glob("_core*.so"):
        shutil.copy2(core, into / "python" / "mahjongkit" / core.name)
    # An editable install's import hook sends `import mahjongkit` to this tree whatever
    # PYTHONPATH says, so the baseline would be this tree again: its server drops the hook.
    (into / "python" / "sitecustomize.py").write_text(
        "import sys\n"
        "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in type(f).__module__]\n"
    )
    return into / "python"


@contextmanager
def server(python_path: Path) -> Iterator[str]:
    """The app of the package under ``python_path``, served by uvicorn in its own process."""
    with server_process(core=None, python_path=str(python_path)) as (port, _):
        yield f"http://{HOST}:{port}"


def measure(loads: int, urls: dict[str, str]) -> dict[str, list[dict[str, float]]]:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("MAHJONGKIT_CHROMIUM") or "/usr/lib/chromium/chromium"
    found: dict[str, list[dict[str, float]]] = {name: [] for name in urls}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for index in range(loads + 1):
            for name, url in urls.items():
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{url}/?layout=turtle&seed={index}")
                page.wait_for_selector("body[data-ready=true]")
                wall = 1000 * (time.perf_counter() - started)
                sample = page.evaluate(_WEIGHT)
                sample["wall_ms"] = wall
                if index:  # the first round warms both servers and the browser up
                    found[name].append(sample)
                context.close()
        browser.close()
    return found


def summarise(samples: list[dict[str, float]]) -> dict[str, float]:
    def median(key: str) -> float:
        return float(statistics.median(sample[key] for sample in samples))

    return {
        "requests": median("requests"),
        "bytes": median("bytes"),
        "transferred": median("transferred"),
        "static_bytes": median("static_bytes"),
        "ready_ms_median": round(median("ready_ms"), 1),
        "wall_ms_median": round(median("wall_ms"), 1),
        "loads": len(samples),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="main", help="git commit of the baseline page")
    parser.add_argument("--loads", type=int, default=15, help="page loads measured per version")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        old = baseline_tree(args.baseline, Path(tmp))
        urls = {
            f"baseline ({args.baseline})": stack.enter_context(server(old)),
            "this tree": stack.enter_context(server(ROOT / "python")),
        }
        report = {name: summarise(samples) for name, samples in measure(args.loads, urls).items()}
    (base, new) = report.values()
    report["ratios (this tree / baseline)"] = {
        key: round(new[key] / base[key], 2)
        for key in ("requests", "bytes", "transferred", "ready_ms_median", "wall_ms_median")
    }
    print(json.dumps(report, indent=2))
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
