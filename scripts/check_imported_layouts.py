"""Check every layout of KMahjongg and GNOME Mahjongg: import, C++ = Python deals and free
slots, every board solved and its solution played to a win.

Run from the repository's root::

    python -m scripts.check_imported_layouts --kmahjongg KMAHJONGG/layouts \\
        --gnome GNOME-MAHJONGG/data/maps/mahjongg.map --seeds 20

The files come from the two games' sources; this package does not ship them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tests.solitaire.imported_layouts import imported_layouts, problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kmahjongg", type=Path, help="KMahjongg's layouts/ folder")
    parser.add_argument("--gnome", type=Path, help="GNOME Mahjongg's mahjongg.map")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 0..N-1 of every layout")
    args = parser.parse_args()
    layouts = imported_layouts(args.kmahjongg, args.gnome)
    found = []
    for layout in layouts:
        found += problems(layout, range(args.seeds))
        print(
            f"{layout.name:24} {layout.size:4} slots, {layout.sets} set(s), {layout.layers} layers"
        )
    print(f"{len(layouts)} layouts, {args.seeds} seeds each: {len(found)} problems")
    for problem in found:
        print("  " + problem)
    if found:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
