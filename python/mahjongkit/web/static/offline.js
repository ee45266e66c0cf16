// Playing on while the server cannot be reached. A move needs only two rules, the free rule
// (docs/decisions.md, decision 2) and which faces match, so they are here, applied to the
// last state the server sent. Everything else (hints, shuffles, explanations, the deal)
// stays the engine's. Each move made here is queued and sent again, in order, when the
// server answers: the server checks every one, and a move it refuses ends the offline part.
"use strict";

(function () {
  // The slots on higher layers overlapping `slot`'s footprint, and its side neighbours.
  function around(slots, present, slot) {
    const [x, y, z] = slots[slot];
    const cover = [];
    const left = [];
    const right = [];
    for (const other of present) {
      if (other === slot) continue;
      const [ox, oy, oz] = slots[other];
      if (Math.abs(oy - y) >= 2) continue;
      if (oz > z && Math.abs(ox - x) < 2) cover.push(other);
      else if (oz === z && ox === x - 2) left.push(other);
      else if (oz === z && ox === x + 2) right.push(other);
    }
    return { cover, left, right };
  }

  function isFree(slots, present, slot) {
    const { cover, left, right } = around(slots, present, slot);
    return cover.length === 0 && (left.length === 0 || right.length === 0);
  }

  // Same face, or two flowers, or two seasons.
  function matchClass(code) {
    return code[0] === "F" || code[0] === "T" ? code[0] : code;
  }

  function matches(a, b) {
    return a !== null && b !== null && matchClass(a) === matchClass(b);
  }

  // The state after removing `a` and `b` from `state` (a server state), or a refusal.
  function move(slots, state, a, b) {
    const faces = state.faces;
    if (a === b) return { refusal: "pick two different tiles" };
    if (!faces[a] || !faces[b]) return { refusal: "that tile is gone" };
    const present = [];
    for (let slot = 0; slot < faces.length; slot++) if (faces[slot]) present.push(slot);
    for (const slot of [a, b]) {
      if (!isFree(slots, present, slot)) return { refusal: `${slot} is not free` };
    }
    if (!matches(faces[a], faces[b])) return { refusal: `${a} and ${b} do not match` };
    const after = faces.slice();
    after[a] = after[b] = null;
    return { state: describe(slots, state, after) };
  }

  // A state object like the server's for `faces`, counters carried from `state`.
  function describe(slots, state, faces) {
    const present = [];
    for (let slot = 0; slot < faces.length; slot++) if (faces[slot]) present.push(slot);
    const free = present.filter((slot) => isFree(slots, present, slot));
    const blocked = faces.map((face, slot) => {
      if (!face) return null;
      const { cover, left, right } = around(slots, present, slot);
      return cover.length + (left.length && right.length ? left.length + right.length : 0);
    });
    const groups = new Map();
    for (const slot of free) {
      const key = matchClass(faces[slot]);
      groups.set(key, (groups.get(key) || 0) + 1);
    }
    let pairs = 0;
    for (const n of groups.values()) pairs += (n * (n - 1)) / 2;
    const status = present.length === 0 ? "won" : pairs ? "playing" : "stuck";
    return {
      ...state,
      faces,
      free,
      blocked_by: blocked,
      pairs,
      tiles_left: present.length,
      status,
      counters: { ...state.counters, moves: state.counters.moves + 1 },
      can_undo: true,
      can_redo: false,
      result: null,
      offline: true,
    };
  }

  window.MJOffline = { isFree, matches, move, around };
})();
