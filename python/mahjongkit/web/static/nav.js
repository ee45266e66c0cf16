// Moving a keyboard focus over the board by where tiles are seen, not by slot number.
// Only a tile that shows (the top of its stack somewhere on its footprint) can hold the focus;
// its point is the middle of the part that shows, as drawn (raised by its layer), so the
// arrows follow the picture, also when the board is drawn turned for a portrait screen.
"use strict";

(function () {
  // Where each showing tile is seen: slot -> {x, y, z}, in the board's drawing units.
  // `place(x, y, z)` maps a point of the layout (half-tile units) to the screen's axes.
  function points(slots, present, place) {
    const top = new Map(); // half-unit cell "x,y" -> highest layer on it
    for (const slot of present) {
      const [x, y, z] = slots[slot];
      for (const cell of [`${x},${y}`, `${x + 1},${y}`, `${x},${y + 1}`, `${x + 1},${y + 1}`]) {
        if (!(top.get(cell) >= z)) top.set(cell, z);
      }
    }
    const seen = new Map();
    for (const slot of present) {
      const [x, y, z] = slots[slot];
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (const [cx, cy] of [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]]) {
        if (top.get(`${cx},${cy}`) === z) { sx += cx + 0.5; sy += cy + 0.5; n += 1; }
      }
      if (n) seen.set(slot, { ...place(sx / n, sy / n, z), z });
    }
    return seen;
  }

  const DIRECTIONS = {
    ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1],
  };

  // The tile to go to from `from` in `direction` (an arrow key's name) among `seen`, kept to
  // the slots `allowed` accepts: the nearest ahead within 45 degrees of the direction
  // (distance ahead plus distance aside; a tie goes to the straighter, then the higher
  // tile), else the nearest anywhere ahead. Null when nothing lies that way.
  function step(seen, from, direction, allowed) {
    const [ux, uy] = DIRECTIONS[direction];
    const start = seen.get(from);
    if (!start) return null;
    let best = null;
    for (const [slot, p] of seen) {
      if (slot === from || (allowed && !allowed(slot))) continue;
      const dx = p.x - start.x;
      const dy = p.y - start.y;
      const ahead = dx * ux + dy * uy;
      const aside = Math.abs(dx * uy - dy * ux);
      if (ahead <= 0.5) continue;
      const rank = [ahead < aside ? 1 : 0, ahead + aside, aside, -p.z, slot];
      if (best === null || before(rank, best.rank)) best = { slot, rank };
    }
    return best && best.slot;
  }

  function before(a, b) {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  }

  // The showing tile nearest to a point (the focus after its tile went away).
  function nearest(seen, point, allowed) {
    let best = null;
    for (const [slot, p] of seen) {
      if (allowed && !allowed(slot)) continue;
      const d = Math.hypot(p.x - point.x, p.y - point.y);
      const rank = [d, -p.z, slot];
      if (best === null || before(rank, best.rank)) best = { slot, rank };
    }
    return best && best.slot;
  }

  // The slots of `seen` in reading order on the screen (rows of tiles, then left to right),
  // for stepping through the free tiles one by one.
  function reading(seen, rowHeight) {
    return [...seen.entries()]
      .sort(([a, p], [b, q]) => Math.round(p.y / rowHeight) - Math.round(q.y / rowHeight) || p.x - q.x || a - b)
      .map(([slot]) => slot);
  }

  window.MJNav = { points, step, nearest, reading, DIRECTIONS };
})();
