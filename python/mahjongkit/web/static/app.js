// The page: a view over the engine's JSON API. Every move, refusal, hint, explanation and
// shuffle comes from the server; this script draws the board, keeps the selection, the
// timer, the preferences and the statistics (in localStorage), and turns clicks and keys
// into requests. Offline, moves go on by offline.js's rules and are sent when it is back.
"use strict";

(function () {
  // Half-tile units to SVG units, the visible thickness of a tile, and the lift per layer.
  const HX = 24;
  const HY = 32;
  const DEPTH = 7;
  const $ = (id) => document.getElementById(id);
  const STATS_KEY = "mahjongkit.stats.v1";
  const RESUME_KEY = "mahjongkit.resume.v1";
  const PREFS_KEY = "mahjongkit.prefs.v1";
  const LAYOUTS_KEY = "mahjongkit.layouts.v1"; // the built-in list, for an offline start
  const IMPORTED_KEY = "mahjongkit.imported.v1"; // layouts the player imported
  const ZOOMS = [1, 1.25, 1.5, 2, 2.5, 3];
  const LEAVE_MS = 220; // the removal animation (style.css: #leaving)

  const S = {
    layouts: {}, // key -> layout (slots, sizes)
    order: [], // slots in drawing order for the current layout
    game: null, // the last state from the server
    receivedAt: 0,
    selected: null,
    marks: {}, // slot -> css class (learn and hint highlights)
    busy: false,
    shownResultFor: null,
    turned: false, // the board drawn a quarter turn left, for a portrait screen
    seen: new Map(), // slot -> where a showing tile is seen (MJNav.points)
    cursor: null, // the slot holding the keyboard focus
    cursorAt: null, // where that tile was seen, to land near it when it goes
    pending: [], // moves made offline, oldest first, for the server to check when it is back
    syncing: false,
    paused: false, // the player's pause (the clock stops, the board is covered)
    hiddenPause: false, // paused because the page was hidden: shown again, it goes on
    zoom: 0, // index in ZOOMS: 0 fits the board to the window
    play: null, // this play of the board (a new one at each deal and replay): a win counts once
  };

  // ---- talking to the engine ----

  async function call(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (_) {
      const error = new Error("the server cannot be reached");
      error.offline = true;
      throw error;
    }
    let data;
    try {
      data = await response.json();
    } catch (_) {
      data = {};
    }
    if (!response.ok) {
      const error = new Error(data.error ? data.error.message : `HTTP ${response.status}`);
      error.code = data.error ? data.error.code : "http";
      error.status = response.status;
      throw error;
    }
    return data;
  }

  // A request about the current game; a game the server has dropped (expiry, a restart)
  // is restored from its save first, whichever request finds it gone.
  async function gameCall(method, suffix, body) {
    try {
      return await call(method, `/api/games/${S.game.id}${suffix}`, body);
    } catch (error) {
      if (error.code === "game_not_found" && (await restore())) {
        return call(method, `/api/games/${S.game.id}${suffix}`, body);
      }
      throw error;
    }
  }

  async function act(action, body) {
    if (!S.game || S.busy) return null;
    S.busy = true;
    try {
      if (S.pending.length && !(await sync())) {
        const error = new Error("offline");
        error.offline = true;
        throw error;
      }
      if (S.paused) resumePlay(false);
      return await gameCall("POST", `/${action}`, body || {});
    } finally {
      S.busy = false;
    }
  }

  // ---- messages ----

  // The message line is also the live region screen readers announce: the same sentence
  // twice (a refusal repeated) is cleared first so that it is announced again.
  let said = 0;
  function say(text, kind) {
    const el = $("message");
    const turn = ++said;
    el.className = kind || "";
    if (el.textContent === text) {
      el.textContent = "";
      requestAnimationFrame(() => { if (turn === said) el.textContent = text; });
    } else {
      el.textContent = text;
    }
  }

  function fail(error) {
    if (error.offline) {
      say("Offline: moves go on and are checked when the server is back; hints, undo, shuffles and new games need it.", "warn");
      return;
    }
    say(error.message || String(error), "error");
  }

  // ---- drawing ----

  function localDate() {
    const d = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }

  // The room the board has on the screen, below the controls (in CSS pixels): the style
  // sheet gives the board all the window's height the controls leave, and no more.
  function room() {
    const wrap = $("board-wrap");
    return { w: wrap.clientWidth || window.innerWidth, h: wrap.clientHeight || window.innerHeight / 2 };
  }

  // Turned a quarter turn when the screen is portrait, the board wider than tall, and the
  // turned board would be drawn larger: the tiles stay big enough to tap on a phone.
  function wantTurn(layout) {
    const maxZ = layout.layers - 1;
    const width = layout.width * HX + maxZ * DEPTH + 2 * DEPTH + 8;
    const height = layout.height * HY + maxZ * DEPTH + 2 * DEPTH + 8;
    const { w: roomW, h: roomH } = room();
    if (window.innerWidth >= window.innerHeight || width <= height) return false;
    const flat = Math.min(roomW / width, roomH / height);
    const turned = Math.min(roomW / height, roomH / width);
    return turned > flat * 1.1;
  }

  function setLayout(key) {
    const layout = S.layouts[key];
    S.layout = layout;
    S.turned = wantTurn(layout);
    // Lower layers first; within a layer top rows first and right to left, so each tile's
    // thickness (drawn to its left and below) is hidden by the neighbour that touches it.
    S.order = layout.slots.map((_, i) => i).sort((a, b) => {
      const [xa, ya, za] = layout.slots[a];
      const [xb, yb, zb] = layout.slots[b];
      return za - zb || ya - yb || xb - xa;
    });
    const maxZ = layout.layers - 1;
    const minX = -2 * DEPTH - 4;
    const minY = -maxZ * DEPTH - 4;
    const width = layout.width * HX + maxZ * DEPTH + 2 * DEPTH + 8;
    const height = layout.height * HY + maxZ * DEPTH + 2 * DEPTH + 8;
    const svg = $("board");
    // A quarter turn left maps (x, y) to (y, -x): the thickness and shadows then fall to the
    // lower right, and the drawing order still hides each tile's thickness.
    svg.setAttribute("viewBox", S.turned
      ? `${minY} ${-(minX + width)} ${height} ${width}`
      : `${minX} ${minY} ${width} ${height}`);
    $("turn").setAttribute("transform", S.turned ? "rotate(-90)" : "");
    svg.dataset.layout = key;
    svg.dataset.turned = String(S.turned);
  }

  // Zoomed, the board is drawn larger than its room, which then scrolls; at 1 it fits.
  function applyZoom() {
    const factor = ZOOMS[S.zoom];
    const svg = $("board");
    svg.style.width = factor === 1 ? "" : `${factor * 100}%`;
    svg.style.height = factor === 1 ? "" : `${factor * 100}%`;
    document.body.classList.toggle("zoomed", factor !== 1);
    $("zoom-fit").textContent = factor === 1 ? "Fit" : `${Math.round(factor * 100)}%`;
    $("zoom-out").disabled = S.zoom === 0;
    $("zoom-in").disabled = S.zoom === ZOOMS.length - 1;
  }

  function zoom(step) {
    S.zoom = step === 0 ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, S.zoom + step));
    applyZoom();
    say(S.zoom ? `Zoom ${Math.round(ZOOMS[S.zoom] * 100)}%: drag or scroll to see the rest.` : "The board fits the window.");
  }

  function fullscreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen().catch(() => {});
    } else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen().catch((error) => say(`Full screen refused: ${error.message}`, "error"));
    }
  }

  // Where the layout point (x, y) of layer z is seen, in the board's units.
  function place(x, y, z) {
    const px = x * HX + z * DEPTH;
    const py = y * HY - z * DEPTH;
    return S.turned ? { x: py, y: -px } : { x: px, y: py };
  }

  function tileName(slot) {
    const g = S.game;
    const count = g.blocked_by ? g.blocked_by[slot] : null;
    const state = S.free.has(slot) ? "free"
      : count ? `blocked by ${count} tile${count === 1 ? "" : "s"}` : "blocked";
    const hinted = S.marks[slot] === "hinted" ? ", hinted" : "";
    return `${MJTiles.name(g.faces[slot])}, ${state}${hinted} (tile ${slot})`;
  }

  function tileMarkup(slot) {
    const g = S.game;
    const code = g.faces[slot];
    const [x, y, z] = S.layout.slots[slot];
    const px = x * HX + z * DEPTH;
    const py = y * HY - z * DEPTH;
    const w = 2 * HX - 2;
    const h = 2 * HY - 2;
    const free = S.free.has(slot);
    const classes = [tileClass(slot)];
    // The tooltip says what the accessible name says; the empty description keeps a screen
    // reader from reading the tooltip again after the name.
    const name = tileName(slot);
    // Turned, the face is turned back so that it stands upright in the lying tile.
    const cx = 1 + w / 2;
    const cy = 1 + h / 2;
    const face = S.turned
      ? `<use href="#f-${code}" x="${cx - (h - 8) / 2}" y="${cy - (w - 6) / 2}" width="${h - 8}" ` +
        `height="${w - 6}" transform="rotate(90 ${cx} ${cy})"/>`
      : `<use href="#f-${code}" x="4" y="5" width="${w - 6}" height="${h - 8}"/>`;
    return `<g class="${classes.join(" ")}" id="tile-${slot}" data-slot="${slot}" data-face="${code}" ` +
      `data-free="${free}" transform="translate(${px} ${py})" role="button" ` +
      `aria-pressed="${S.selected === slot}" aria-label="${name}" aria-description=""><title>${name}</title><g class="in">` +
      (z ? `<rect class="shadow" x="${1 - 2 * DEPTH}" y="${1 + 2 * DEPTH}" width="${w}" height="${h}" rx="6"/>` : "") +
      `<rect class="base" x="${1 - DEPTH}" y="${1 + DEPTH}" width="${w}" height="${h}" rx="5"/>` +
      `<rect class="face" x="1" y="1" width="${w}" height="${h}" rx="5"/>` + face +
      `<rect class="shade" x="1" y="1" width="${w}" height="${h}" rx="5"/>` +
      (S.turned
        ? `<text class="id" x="3" y="${h - 2}" transform="rotate(90 3 ${h - 2})" text-anchor="end">${slot}</text>`
        : `<text class="id" x="${w - 2}" y="${h - 2}" text-anchor="end">${slot}</text>`) + "</g></g>";
  }

  function drawBoard() {
    const g = S.game;
    S.free = new Set(g.free);
    let html = "";
    for (const slot of S.order) if (g.faces[slot]) html += tileMarkup(slot);
    $("tiles").innerHTML = html;
    S.drawn = g.faces.slice();
    placeCursor();
  }

  function tileClass(slot) {
    const [, , z] = S.layout.slots[slot];
    const classes = ["tile", `z${z}`, S.free.has(slot) ? "free" : "blocked"];
    if (S.selected === slot) classes.push("selected");
    if (S.marks[slot]) classes.push(S.marks[slot]);
    else if (S.selected !== null && S.selected !== slot && $("match-toggle").checked &&
      window.MJOffline && MJOffline.matches(S.game.faces[slot], S.game.faces[S.selected])) classes.push("match");
    return classes.join(" ");
  }

  // After a move only tiles go away and a few change state: update those elements in place
  // (a full redraw re-parses every tile). Anything else (shuffle, undo, a new board) redraws.
  function updateBoard() {
    const g = S.game;
    const drawn = S.drawn;
    if (!drawn || drawn.length !== g.faces.length) return drawBoard();
    for (let slot = 0; slot < drawn.length; slot++) {
      if (g.faces[slot] !== drawn[slot] && g.faces[slot] !== null) return drawBoard();
    }
    S.free = new Set(g.free);
    for (let slot = 0; slot < drawn.length; slot++) {
      if (!drawn[slot]) continue;
      const el = document.getElementById(`tile-${slot}`);
      if (g.faces[slot] === null) {
        if (el) leave(el);
        continue;
      }
      const wanted = tileClass(slot);
      if (el.getAttribute("class") !== wanted) el.setAttribute("class", wanted);
      const name = tileName(slot);
      if (el.getAttribute("aria-label") !== name) {
        el.setAttribute("aria-label", name);
        el.querySelector("title").textContent = name;
      }
      const pressed = String(S.selected === slot);
      if (el.getAttribute("aria-pressed") !== pressed) el.setAttribute("aria-pressed", pressed);
      const free = String(S.free.has(slot));
      if (el.dataset.free !== free) el.dataset.free = free;
    }
    S.drawn = g.faces.slice();
    placeCursor();
    return undefined;
  }

  // A removed tile fades away on a layer of its own (unless less motion is asked for).
  function leave(el) {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
      el.remove();
      return;
    }
    el.removeAttribute("id");
    el.removeAttribute("role");
    // Only its layer kept: a leaving tile is no longer hinted, selected or free.
    el.setAttribute("class", ["tile", "leaving", ...[...el.classList].filter((c) => /^z\d+$/.test(c))].join(" "));
    $("leaving").appendChild(el);
    setTimeout(() => el.remove(), LEAVE_MS + 80);
  }

  // ---- the keyboard focus (one tab stop: the board, its tile named by aria-activedescendant) ----

  // After any redraw: the focus stays on its tile while that tile shows, else goes to the
  // showing tile nearest to where it was (a move, an undo that covered it, a new board).
  function placeCursor() {
    const g = S.game;
    const present = [];
    for (let slot = 0; slot < g.faces.length; slot++) if (g.faces[slot]) present.push(slot);
    S.seen = MJNav.points(S.layout.slots, present, place);
    if (S.cursor !== null && !S.seen.has(S.cursor)) {
      S.cursor = S.cursorAt ? MJNav.nearest(S.seen, S.cursorAt) : null;
    }
    showCursor();
  }

  function moveCursor(slot) {
    if (slot === null || slot === undefined || !S.seen.has(slot)) return;
    S.cursor = slot;
    showCursor();
  }

  function showCursor() {
    const board = $("board");
    const ring = $("ring");
    const el = S.cursor === null ? null : $(`tile-${S.cursor}`);
    if (!el) {
      board.removeAttribute("aria-activedescendant");
      ring.dataset.on = "false";
      return;
    }
    const p = S.seen.get(S.cursor);
    S.cursorAt = { x: p.x, y: p.y };
    board.setAttribute("aria-activedescendant", el.id);
    board.dataset.cursor = String(S.cursor);
    ring.setAttribute("transform", el.getAttribute("transform"));
    for (const rect of ring.children) {
      const pad = rect.classList.contains("outer") ? 3.5 : 1;
      rect.setAttribute("x", String(1 - pad));
      rect.setAttribute("y", String(1 - pad));
      rect.setAttribute("width", String(2 * HX - 2 + 2 * pad));
      rect.setAttribute("height", String(2 * HY - 2 + 2 * pad));
      rect.setAttribute("rx", String(5 + pad));
    }
    ring.dataset.on = "true";
  }

  // The first tile the focus lands on: the first free tile in reading order.
  function startCursor() {
    if (S.cursor !== null || !S.game) return;
    const order = MJNav.reading(S.seen, HY);
    moveCursor(order.find((slot) => S.free.has(slot)) ?? order[0]);
  }

  function freeOnly(slot) {
    return S.free.has(slot);
  }

  function stepFree(back) {
    const order = MJNav.reading(S.seen, HY).filter(freeOnly);
    if (!order.length) return;
    const at = order.indexOf(S.cursor);
    if (at < 0) {
      // From a blocked tile: the free tile after it in reading order.
      const all = MJNav.reading(S.seen, HY);
      const here = all.indexOf(S.cursor);
      const after = all.slice(here + 1).concat(all.slice(0, here)).filter(freeOnly);
      moveCursor(back ? after[after.length - 1] : after[0]);
      return;
    }
    moveCursor(order[(at + (back ? order.length - 1 : 1)) % order.length]);
  }

  // Keys on the board; true when the key was the board's.
  function boardKey(e) {
    const board = $("board");
    const onBoard = e.target === board;
    const idle = e.target === document.body || e.target === document.documentElement;
    if (!S.game || !(onBoard || idle)) return false;
    const arrow = MJNav.DIRECTIONS[e.key];
    const jump = e.key.toLowerCase() === "f" && !e.ctrlKey && !e.metaKey && !e.altKey;
    const pick = onBoard && (e.key === "Enter" || e.key === " ");
    if (!arrow && !jump && !pick) return false;
    e.preventDefault();
    board.classList.add("keys");
    if (!onBoard || S.cursor === null) {
      // The first key brings the focus to the board, on the first free tile.
      if (!onBoard) board.focus();
      startCursor();
      return true;
    }
    if (arrow) {
      const free = e.shiftKey || e.ctrlKey || e.metaKey;
      moveCursor(MJNav.step(S.seen, S.cursor, e.key, free ? freeOnly : null));
    } else if (jump) {
      stepFree(e.shiftKey);
    } else {
      clickTile(S.cursor);
    }
    return true;
  }

  function clock(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const pad = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
  }

  function elapsed() {
    const g = S.game;
    if (!g) return 0;
    const running = (g.status === "playing" || g.status === "stuck") && !S.paused && !g.paused;
    return g.elapsed + (running ? (performance.now() - S.receivedAt) / 1000 : 0);
  }

  function drawStatus() {
    const g = S.game;
    const title = g.daily ? `Daily ${g.daily}` : `${g.layout} · seed ${g.seed_text}`;
    $("game-title").textContent = title;
    $("timer").textContent = clock(elapsed());
    $("tiles-left").textContent = g.tiles_left;
    $("pairs").textContent = g.pairs;
    $("moves").textContent = g.counters.moves;
    $("undos").textContent = g.counters.undos;
    $("shuffles").textContent = g.counters.shuffles;
    $("hints").textContent = g.counters.hints;
    $("undo-button").disabled = !g.can_undo;
    $("redo-button").disabled = !g.can_redo;
    const over = g.status === "won";
    $("hint-button").disabled = over || g.status === "stuck";
    $("shuffle-button").disabled = over;
    $("pause-button").disabled = over;
    $("offline-note").hidden = !S.pending.length;
    $("offline-note").textContent = `Offline: ${S.pending.length} move${S.pending.length === 1 ? "" : "s"} to send`;
  }

  function show(state, { keepMarks = false } = {}) {
    const before = S.game;
    if (state.layout_data) S.layouts[state.key] = { ...S.layouts[state.key], ...state.layout_data, key: state.key };
    S.game = state;
    S.receivedAt = performance.now();
    if (!keepMarks) S.marks = {};
    if (S.selected !== null && !state.free.includes(S.selected)) S.selected = null;
    if (!before || before.key !== state.key || before.id !== state.id) {
      setLayout(state.key);
      drawBoard();
    } else {
      updateBoard();
    }
    drawStatus();
    remember();
    if (state.offline) {
      // Only the server may call a game won: the result waits until it has checked.
    } else if (state.status !== "playing" && S.shownResultFor !== resultKey(state)) {
      S.shownResultFor = resultKey(state);
      showResult(state.status === "won" ? record("won") : null);
    } else if (state.status === "playing") {
      hidePanel("overlay");
      S.shownResultFor = null;
    }
    document.body.dataset.status = state.status;
  }

  function resultKey(state) {
    return `${state.id}:${state.status}:${state.counters.moves}:${state.counters.shuffles}:${state.counters.undos}`;
  }

  // ---- result view (never the solution) ----

  function showResult(best) {
    const g = S.game;
    const r = g.result;
    const won = g.status === "won";
    $("result-title").textContent = won ? "You won!" : "Stuck: no pair left";
    $("result-text").textContent = won
      ? `${g.daily ? `Daily Challenge ${g.daily}` : `${g.layout}, seed ${g.seed_text}`} cleared.`
      : "No two free tiles match. Undo, shuffle, or replay the same board.";
    const rows = [
      ["Outcome", r.outcome], ["Time", clock(r.seconds)], ["Moves", r.moves],
      ["Undos", r.undos], ["Shuffles", r.shuffles], ["Hints", r.hints], ["Tiles left", r.tiles_left],
    ];
    $("result-table").innerHTML = rows.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join("");
    $("result-undo").hidden = won;
    $("result-shuffle").hidden = won;
    $("result-best").hidden = !best;
    $("result-best").textContent = best ? `New best time on ${g.layout}: ${clock(r.seconds)}!` : "";
    $("overlay").classList.toggle("won", won);
    openPanel("overlay");
  }

  // ---- statistics (this browser only) ----

  function loadStats() {
    try {
      return JSON.parse(localStorage.getItem(STATS_KEY)) || { layouts: {}, daily: [] };
    } catch (_) {
      return { layouts: {}, daily: [] };
    }
  }

  // Per layout: games, wins, games lost (left unwon after a move), the best time, the five
  // best times and the total of winning times (for the average). A win counts once per play
  // of a board (undo then redo wins the same play again): true when it is a new best time.
  function record(what, game) {
    const g = game || S.game;
    const stats = loadStats();
    const entry = stats.layouts[g.layout] || (stats.layouts[g.layout] = { played: 0, won: 0, best: null });
    entry.lost = entry.lost || 0;
    entry.total = entry.total || 0;
    let best = false;
    if (what === "played") entry.played += 1;
    if (what === "lost") entry.lost += 1;
    if (what === "won") {
      const counted = stats.counted || (stats.counted = []);
      if (S.play && counted.includes(S.play)) return false;
      if (S.play) counted.push(S.play);
      stats.counted = counted.slice(-50);
      entry.won += 1;
      const time = g.result ? g.result.seconds : elapsed();
      best = entry.best !== null && time < entry.best;
      if (entry.best === null || time < entry.best) entry.best = time;
      entry.times = [...(entry.times || []), time].sort((a, b) => a - b).slice(0, 5);
      entry.total += time;
      if (g.daily && !stats.daily.includes(g.daily)) stats.daily.push(g.daily);
    }
    try { localStorage.setItem(STATS_KEY, JSON.stringify(stats)); } catch (_) { /* private mode */ }
    return best;
  }

  // Leaving a game that had moves and was not won counts it lost.
  function leaving() {
    const g = S.game;
    if (g && g.status !== "won" && g.counters.moves > 0) record("lost", g);
  }

  function streak(days) {
    const won = new Set(days);
    const day = new Date();
    let count = 0;
    const iso = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    if (!won.has(iso(day))) day.setDate(day.getDate() - 1); // today's may still be ahead
    while (won.has(iso(day))) {
      count += 1;
      day.setDate(day.getDate() - 1);
    }
    return count;
  }

  function showStats() {
    const stats = loadStats();
    const names = [...new Set([...Object.values(S.layouts).map((l) => l.name), ...Object.keys(stats.layouts)])];
    const rows = names.map((name) => {
      const e = stats.layouts[name] || { played: 0, won: 0, best: null };
      const average = e.won && e.total ? clock(e.total / e.won) : "–";
      const times = (e.times || (e.best === null ? [] : [e.best])).map(clock).join(" ");
      return `<tr><td>${escape(name)}</td><td>${e.played}</td><td>${e.won}</td><td>${e.lost || 0}</td>` +
        `<td>${e.best === null ? "–" : clock(e.best)}</td><td>${average}</td><td class="times">${times || "–"}</td></tr>`;
    });
    $("stats-table").innerHTML = "<tr><th>Layout</th><th>Games</th><th>Wins</th><th>Lost</th><th>Best</th>" +
      `<th>Average</th><th>Best times</th></tr>${rows.join("")}`;
    $("streak").textContent = `Daily Challenge streak: ${streak(stats.daily)} day(s); ${stats.daily.length} Daily won in all.`;
    openPanel("stats");
  }

  // ---- keeping the game across reloads ----

  // The game in this browser: its id, its address (key and seed, or Daily date), its signed
  // save, the last state drawn and any moves made offline. A reload of the game's own
  // address, or of /, goes on with it; any other address deals what it names.
  function remember() {
    const g = S.game;
    try {
      localStorage.setItem(RESUME_KEY, JSON.stringify({
        id: g.id, daily: g.daily, key: g.key, seed: g.seed, save: S.save || null, state: g, pending: S.pending,
        play: S.play,
      }));
    } catch (_) { /* private mode */ }
  }

  function recalled() {
    try { return JSON.parse(localStorage.getItem(RESUME_KEY)); } catch (_) { return null; }
  }

  function setAddress(g) {
    const url = new URL(location.href);
    url.search = g.daily ? `?daily=${g.daily}` : `?layout=${encodeURIComponent(g.key)}&seed=${g.seed}`;
    history.replaceState(null, "", url);
  }

  async function refreshSave() {
    // The saved form lets the page restore a game the server has dropped (expiry, restart).
    try {
      const data = await call("GET", `/api/games/${S.game.id}/save`);
      S.save = data.save;
      remember();
    } catch (_) { /* the next action will tell */ }
  }

  async function restore() {
    const resume = recalled();
    const save = S.save || (resume && resume.save);
    if (!save) return false;
    const data = await call("POST", "/api/games", { save });
    show(data.state);
    say("The server had dropped this game; it was restored from its save.");
    return true;
  }

  // Go on with the remembered game: the server's copy, else one restored from its save,
  // else (no server) the last state drawn, played on offline.
  async function resumeGame(resume) {
    S.save = resume.save;
    S.play = resume.play || newPlay();
    S.pending = Array.isArray(resume.pending) ? resume.pending : [];
    let state = null;
    try {
      state = (await call("GET", `/api/games/${resume.id}`)).state;
    } catch (error) {
      if (error.offline && resume.state) {
        show(resume.state);
        setAddress(resume.state);
        say("Offline: your game goes on; its moves are checked when the server is back.", "warn");
        return true;
      }
      if (!S.save || error.code !== "game_not_found") return false;
      try {
        state = (await call("POST", "/api/games", { save: S.save })).state;
      } catch (_) {
        return false;
      }
    }
    show(state);
    setAddress(state);
    if (state.paused) tell("resume");
    if (S.pending.length) await sync();
    refreshSave();
    say("Welcome back: your game goes on.");
    return true;
  }

  // ---- moves made offline ----

  function offlineMove(a, b) {
    if (!window.MJOffline) { fail({ offline: true }); return; }
    const made = MJOffline.move(S.layout.slots, S.game, a, b);
    if (made.refusal) {
      say(`${capital(made.refusal)}.`, "error");
      return;
    }
    S.pending.push([a, b]);
    S.marks = {};
    made.state.elapsed = elapsed(); // the clock runs on from where it was, not from the last answer
    show(made.state);
    say(`Offline: removed ${a} and ${b}. The server checks this move when it is back.`, "warn");
  }

  // Send the moves made offline, oldest first; true when none is left to send.
  async function sync() {
    if (!S.pending.length) return true;
    if (S.syncing || !S.game) return false;
    S.syncing = true;
    try {
      while (S.pending.length) {
        const [a, b] = S.pending[0];
        const data = await gameCall("POST", "/move", { a, b });
        if (data.refusal) {
          S.pending = [];
          show(data.state);
          say(`The server refused a move made offline (${data.refusal.reason}); the board is the server's again.`, "error");
          return true;
        }
        S.pending.shift();
        if (!S.pending.length) show(data.state);
      }
      refreshSave();
      say("Back online: the server checked the moves made offline.");
      return true;
    } catch (error) {
      if (!error.offline) fail(error);
      return false;
    } finally {
      S.syncing = false;
      if (S.game) { drawStatus(); remember(); }
    }
  }

  // ---- pause ----

  // Pause or resume the server's clock without waiting (keepalive: also as the page goes).
  function tell(action) {
    if (!S.game || S.game.offline) return;
    const id = S.game.id;
    fetch(`/api/games/${id}/${action}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", keepalive: true,
    }).then((r) => (r.ok ? r.json() : null)).then((data) => {
      if (!data || !S.game || S.game.id !== id) return;
      S.game.elapsed = data.state.elapsed;
      S.game.paused = data.state.paused;
      S.receivedAt = performance.now();
    }).catch(() => { /* offline: the clock is the page's until it is back */ });
  }

  function pausePlay(hidden) {
    if (!S.game || S.paused || S.game.status === "won") return;
    S.game.elapsed = elapsed();
    S.receivedAt = performance.now();
    S.paused = true;
    S.hiddenPause = Boolean(hidden);
    $("paused-cover").hidden = false;
    $("pause-button").setAttribute("aria-pressed", "true");
    $("pause-button").textContent = "Resume";
    document.body.dataset.paused = "true";
    tell("pause");
    if (!hidden) say("Paused: the clock is stopped. Click the board or press a key to go on.");
  }

  function resumePlay(toServer = true) {
    if (!S.paused) return;
    S.paused = false;
    S.hiddenPause = false;
    S.receivedAt = performance.now();
    $("paused-cover").hidden = true;
    $("pause-button").setAttribute("aria-pressed", "false");
    $("pause-button").textContent = "Pause";
    document.body.dataset.paused = "false";
    if (toServer) tell("resume");
    say("Playing again.");
  }

  // ---- starting games ----

  function newPlay() {
    return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  }

  // Whether the game on the board may be thrown away: at once when it has no move or is won,
  // else when the player says so.
  function leaveOk(doing) {
    const g = S.game;
    if (!g || g.status === "won" || g.counters.moves === 0) return Promise.resolve(true);
    const moves = `${g.counters.moves} move${g.counters.moves === 1 ? "" : "s"}`;
    return ask(`${doing}?`, `The game on the board (${moves}) is left and counts as lost.`, doing);
  }

  // A question with two buttons; the focus starts on the one that keeps things as they are.
  function ask(title, text, yes) {
    $("confirm-title").textContent = title;
    $("confirm-text").textContent = text;
    $("confirm-yes").textContent = yes;
    say(title);
    openPanel("confirm");
    return new Promise((resolve) => { S.answer = resolve; });
  }

  function answer(yes) {
    const done = S.answer;
    S.answer = null;
    hidePanel("confirm");
    if (done) done(yes);
  }

  async function start(body, label) {
    say("Dealing…");
    // Dealt first (a refused seed or layout is said before anything is asked); a deal the
    // player declines is left for the server to expire.
    const data = await call("POST", "/api/games", body);
    if (!(await leaveOk(body.daily ? "Play the Daily" : "Deal a new game"))) {
      say("Your game goes on.");
      return;
    }
    leaving();
    S.play = newPlay();
    S.selected = null;
    S.save = null;
    S.pending = [];
    resumePlay(false);
    show(data.state);
    record("played");
    refreshSave();
    const g = data.state;
    setAddress(g);
    $("layout-select").value = g.key;
    $("seed-input").value = "";
    say(label || `${g.layout}, seed ${g.seed}: pick two free matching tiles.`);
  }

  // The request for a new game on a layout key (a built-in's, or an imported one's slots).
  function gameRequest(key) {
    const layout = S.layouts[key];
    if (layout && layout.imported) return { layout: layout.name, slots: layout.slots };
    return { layout: key };
  }

  function newGame(layout) {
    // The seed goes as text: seeds reach 2**64 - 1, past what a JavaScript number holds.
    const seed = $("seed-input").value.trim();
    const body = gameRequest(typeof layout === "string" ? layout : $("layout-select").value);
    if (seed) body.seed = seed;
    return start(body).catch(fail);
  }

  function daily() {
    const date = $("daily-date").value || localDate();
    return start({ daily: date }, `Daily Challenge ${date}: the Turtle of the day.`).catch(fail);
  }

  // ---- the layout chooser ----

  // A small picture of a layout: every slot a rectangle, upper layers lighter.
  function preview(layout) {
    const shades = ["#6b8f71", "#8fb996", "#b5d6b2", "#d8eed2", "#f4fbf1", "#ffffff"];
    const rects = layout.slots.map(([x, y, z]) => [x, y, z])
      .sort((a, b) => a[2] - b[2])
      .map(([x, y, z]) => `<rect x="${x + z * 0.3}" y="${y - z * 0.3}" width="2" height="2" rx=".3" fill="${shades[Math.min(z, 5)]}"/>`)
      .join("");
    return `<svg viewBox="-1 -2 ${layout.width + 3} ${layout.height + 3}" preserveAspectRatio="xMidYMid meet" aria-hidden="true">${rects}</svg>`;
  }

  function openChooser() {
    const items = Object.values(S.layouts).filter((l) => !l.key.startsWith("custom-") || l.imported);
    $("layout-list").innerHTML = items.map((l) =>
      `<li><button data-key="${escape(l.key)}" class="${S.game && S.game.key === l.key ? "current" : ""}">` +
      `${preview(l)}<span>${escape(l.name)} (${l.size})${l.imported ? " · imported" : ""}</span></button></li>`).join("");
    openPanel("chooser");
  }

  function addLayoutOption(layout) {
    let option = [...$("layout-select").options].find((o) => o.value === layout.key);
    if (!option) {
      option = document.createElement("option");
      option.value = layout.key;
      $("layout-select").appendChild(option);
    }
    option.textContent = `${layout.name} (${layout.size})${layout.imported ? " ·" : ""}`;
  }

  function importedLayouts() {
    try { return JSON.parse(localStorage.getItem(IMPORTED_KEY)) || []; } catch (_) { return []; }
  }

  // A layout file read here and sent to the server, which reads it as the engine does.
  async function importLayout(file) {
    try {
      if (file.size > 1 << 20) throw new Error(`${file.name} is over 1 MiB: not a layout file`);
      const text = await file.text();
      const name = file.name.replace(/\.[^.]*$/, "").slice(0, 80) || "Imported";
      const layout = { ...(await call("POST", "/api/layouts/import", { text, name })), imported: true };
      const kept = importedLayouts().filter((l) => l.key !== layout.key);
      kept.push(layout);
      try { localStorage.setItem(IMPORTED_KEY, JSON.stringify(kept)); } catch (_) { /* private */ }
      S.layouts[layout.key] = layout;
      addLayoutOption(layout);
      hidePanel("chooser");
      $("seed-input").value = "";
      await newGame(layout.key);
    } catch (error) {
      hidePanel("chooser");
      fail(error);
    }
  }

  function chooseLayout(key) {
    hidePanel("chooser");
    $("layout-select").value = key;
    $("seed-input").value = "";
    newGame(key);
  }

  // ---- play ----

  function learnOn() {
    return $("learn-toggle").checked;
  }

  async function clickTile(slot) {
    const g = S.game;
    if (!g || g.status === "won" || S.busy) return;
    if (!S.free.has(slot)) {
      const el = $(`tile-${slot}`);
      if (el) {
        el.classList.remove("shake");
        void el.getBBox();
        el.classList.add("shake");
      }
      try {
        if (S.pending.length) throw Object.assign(new Error("offline"), { offline: true });
        const why = await gameCall("GET", `/explain/${slot}`);
        S.marks = {};
        if (learnOn()) {
          S.marks[slot] = "target";
          for (const s of why.covered_by) S.marks[s] = "cover";
          if (why.left.length && why.right.length) {
            for (const s of why.left.concat(why.right)) S.marks[s] = "sideblock";
          }
        }
        updateBoard();
        say(whySaid(why));
      } catch (error) {
        fail(error);
      }
      return;
    }
    if (S.selected === null) {
      S.selected = slot;
      // A hint stays outlined until its pair is taken; Learn Mode's outlines go.
      S.marks = Object.fromEntries(Object.entries(S.marks).filter(([, m]) => m === "hinted"));
      updateBoard();
      say(`${MJTiles.name(g.faces[slot])} selected: now pick its match.`);
      return;
    }
    if (S.selected === slot) {
      S.selected = null;
      updateBoard();
      say("Selection cleared.");
      return;
    }
    const first = S.selected;
    S.selected = null;
    if (S.game.offline && S.pending.length && !navigator.onLine) {
      offlineMove(first, slot);
      return;
    }
    try {
      const data = await act("move", { a: first, b: slot });
      if (!data) return;
      if (data.refusal) {
        show(data.state);
        say(data.refusal.reason, "error");
        return;
      }
      const move = data.move;
      S.marks = learnOn() ? Object.fromEntries(move.newly_free.map((s) => [s, "freed"])) : {};
      show(data.state, { keepMarks: true });
      refreshSave();
      let text = `Removed ${pairSaid(move.pair, move.faces)}.`;
      if (learnOn()) {
        text += move.newly_free.length ? ` Newly free: ${move.newly_free.map(named).join(", ")}.`
          : ` ${capital(move.unlocked)}.`;
      }
      if (move.dead_end) {
        say(`${text} Dead end ahead: this move lost a game that could still be won. Undo?`, "warn");
      } else {
        say(text);
      }
    } catch (error) {
      if (error.offline) offlineMove(first, slot);
      else fail(error);
    }
  }

  // Tiles in words, the ids after them (the ids the board shows with Ids on).
  function named(slot) {
    const face = S.game && S.game.faces[slot];
    return face ? `${MJTiles.name(face)} (tile ${slot})` : `tile ${slot}`;
  }

  function pairSaid(pair, faces) {
    const [x, y] = faces.map((f) => MJTiles.name(f));
    return x === y ? `two ${x} (tiles ${pair[0]} and ${pair[1]})`
      : `${x} and ${y} (tiles ${pair[0]} and ${pair[1]})`;
  }

  // Why a tile is blocked, from the engine's answer, in tile names.
  function whySaid(why) {
    if (why.free) return why.sentence;
    const list = (slots) => slots.map(named).join(" and ");
    const parts = [];
    const both = why.left.length && why.right.length;
    if (why.covered_by.length) parts.push(`covered by ${list(why.covered_by)}`);
    if (both) parts.push(`both sides occupied (left ${list(why.left)}, right ${list(why.right)})`);
    else {
      parts.push(`${why.left.length ? `left blocked by ${list(why.left)}` : "left open"}, ` +
        `${why.right.length ? `right blocked by ${list(why.right)}` : "right open"}`);
    }
    const layer = why.position[2] ? ` on layer ${why.position[2] + 1}` : "";
    return `${named(why.slot)}${layer} is blocked: ${parts.join("; ")}.`;
  }

  function escape(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  function capital(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  async function hint() {
    try {
      const data = await act("hint");
      if (!data) return;
      if (!data.hint) {
        show(data.state);
        say("No pair can be removed: undo, shuffle or replay.", "warn");
        return;
      }
      const [a, b] = data.hint.pair;
      S.marks = { [a]: "hinted", [b]: "hinted" };
      S.selected = null;
      show(data.state, { keepMarks: true });
      // Playing from the keyboard, the focus goes to the hint's first tile.
      if (document.activeElement === $("board")) moveCursor(a);
      const note = data.hint.keeps_winnable === true
        ? "the game can still be won after it"
        : data.hint.keeps_winnable === false
          ? "but this position can no longer be won: undo or shuffle"
          : "the solver ran out of time to check the rest";
      say(`Hint: ${pairSaid([a, b], [S.game.faces[a], S.game.faces[b]])} (${note}).`, data.hint.keeps_winnable === false ? "warn" : "");
    } catch (error) {
      fail(error);
    }
  }

  async function simple(action, done) {
    try {
      const body = action === "shuffle" ? { kind: $("shuffle-kind").value } : {};
      const data = await act(action, body);
      if (!data) return;
      S.selected = null;
      show(data.state);
      refreshSave();
      if (data.refusal) say(data.refusal.reason, "error");
      else say(done(data));
    } catch (error) {
      fail(error);
    }
  }

  const undo = () => simple("undo", (d) => d.undo.kind === "move"
    ? `Took back ${pairSaid(d.undo.pair, d.undo.faces)}.` : "Took back the shuffle.");
  const redo = () => simple("redo", (d) => d.redo.kind === "move"
    ? `Removed ${pairSaid(d.redo.pair, d.redo.faces)} again.` : "Shuffled again.");
  const shuffle = () => simple("shuffle", (d) => `Shuffled (${d.shuffle.kind}).`);
  const replay = async () => {
    if (!(await leaveOk("Start this board again"))) return;
    S.play = newPlay();
    simple("replay", () => "The same board again, from the start.");
  };

  // ---- wiring ----

  // A panel takes the keyboard focus while open and gives it back when it closes.
  function openPanel(id) {
    const panel = $(id);
    if (panel.hidden) S.focusBack = document.activeElement;
    panel.hidden = false;
    const first = [...panel.querySelectorAll("button")].find((b) => !b.hidden);
    // Focused without scrolling: a long panel (the keys, on a phone) shows from its top.
    if (first) first.focus({ preventScroll: true });
    panel.querySelector(".panel").scrollTop = 0;
  }

  function hidePanel(id) {
    const panel = $(id);
    if (panel.hidden) return;
    const inside = panel.contains(document.activeElement);
    panel.hidden = true;
    if (inside) {
      const back = S.focusBack && document.contains(S.focusBack) ? S.focusBack : $("board");
      back.focus();
    }
  }

  function closePanels() {
    let closed = false;
    if (!$("confirm").hidden) { answer(false); return true; }
    for (const id of ["overlay", "stats", "help", "chooser"]) {
      if (!$(id).hidden) { hidePanel(id); closed = true; }
    }
    if (document.body.classList.contains("menu-open")) { toggleMenu(false); closed = true; }
    return closed;
  }

  // ---- preferences: Learn Mode, matches, ids, theme, tile set ----

  function readPrefs() {
    try { return JSON.parse(localStorage.getItem(PREFS_KEY)) || {}; } catch (_) { return {}; }
  }

  function savePrefs() {
    const prefs = {
      learn: $("learn-toggle").checked, ids: $("ids-toggle").checked, matches: $("match-toggle").checked,
      theme: $("theme-select").value, tiles: $("tileset-select").value,
    };
    try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (_) { /* private */ }
    applyPrefs(prefs);
  }

  function applyPrefs(prefs) {
    document.body.classList.toggle("ids", Boolean(prefs.ids));
    document.body.dataset.theme = prefs.theme;
    const color = getComputedStyle(document.body).getPropertyValue("--bg").trim();
    document.querySelector('meta[name="theme-color"]').setAttribute("content", color || "#1f5f46");
    if ($("faces").dataset.set !== prefs.tiles) {
      $("faces").innerHTML = MJTiles.defs(prefs.tiles);
      $("faces").dataset.set = prefs.tiles;
    }
  }

  // The menu: inline on a large window; behind its button, over the board, on a small one.
  function toggleMenu(open) {
    const wanted = open === undefined ? !document.body.classList.contains("menu-open") : open;
    document.body.classList.toggle("menu-open", wanted);
    $("menu-button").setAttribute("aria-expanded", String(wanted));
  }

  function wire() {
    $("board").addEventListener("click", (event) => {
      toggleMenu(false);
      const tile = event.target.closest(".tile");
      if (!tile || !tile.id) return;
      moveCursor(Number(tile.dataset.slot));
      clickTile(Number(tile.dataset.slot));
    });
    // The focus ring is for the keyboard: a pointer hides it until the next key.
    $("board").addEventListener("pointerdown", () => { $("board").classList.remove("keys"); });
    $("board").addEventListener("focus", () => { startCursor(); });
    $("board").addEventListener("keyup", (e) => { if (e.key === "Tab") $("board").classList.add("keys"); });
    let resizing = 0;
    window.addEventListener("resize", () => {
      cancelAnimationFrame(resizing);
      resizing = requestAnimationFrame(() => {
        if (!S.layout || !S.game) return;
        if (wantTurn(S.layout) !== S.turned) {
          setLayout(S.game.key);
          drawBoard();
        }
      });
    });
    // Inside the menu on a small screen, a button's action also closes the menu.
    $("menu").addEventListener("click", (e) => {
      if (e.target.closest("button") && getComputedStyle($("menu")).position === "absolute") toggleMenu(false);
    });
    $("menu-button").addEventListener("click", () => toggleMenu());
    $("new-form").addEventListener("submit", (e) => { e.preventDefault(); toggleMenu(false); newGame(); });
    $("daily-form").addEventListener("submit", (e) => { e.preventDefault(); toggleMenu(false); daily(); });
    $("hint-button").addEventListener("click", hint);
    $("undo-button").addEventListener("click", undo);
    $("redo-button").addEventListener("click", redo);
    $("shuffle-button").addEventListener("click", shuffle);
    $("replay-button").addEventListener("click", replay);
    $("pause-button").addEventListener("click", () => (S.paused ? resumePlay() : pausePlay(false)));
    $("paused-cover").addEventListener("click", () => resumePlay());
    $("stats-button").addEventListener("click", showStats);
    $("help-button").addEventListener("click", () => openPanel("help"));
    $("layouts-button").addEventListener("click", openChooser);
    $("layout-list").addEventListener("click", (e) => {
      const button = e.target.closest("button[data-key]");
      if (button) chooseLayout(button.dataset.key);
    });
    $("layout-file").addEventListener("change", (e) => {
      const file = e.target.files && e.target.files[0];
      if (file) importLayout(file);
      e.target.value = "";
    });
    $("chooser-close").addEventListener("click", () => hidePanel("chooser"));
    $("zoom-in").addEventListener("click", () => zoom(1));
    $("zoom-out").addEventListener("click", () => zoom(-1));
    $("zoom-fit").addEventListener("click", () => zoom(0));
    $("fullscreen-button").hidden = !document.documentElement.requestFullscreen;
    $("fullscreen-button").addEventListener("click", fullscreen);
    document.addEventListener("fullscreenchange", () => {
      $("fullscreen-button").setAttribute("aria-pressed", String(Boolean(document.fullscreenElement)));
    });
    $("learn-toggle").addEventListener("change", () => {
      savePrefs();
      if (!learnOn()) { S.marks = {}; drawBoard(); }
      say(learnOn() ? "Learn Mode on: pick a blocked tile to see why." : "Learn Mode off.");
    });
    $("match-toggle").addEventListener("change", () => { savePrefs(); if (S.game) updateBoard(); });
    $("ids-toggle").addEventListener("change", savePrefs);
    $("theme-select").addEventListener("change", savePrefs);
    $("tileset-select").addEventListener("change", savePrefs);
    $("result-undo").addEventListener("click", () => { hidePanel("overlay"); undo(); });
    $("result-shuffle").addEventListener("click", () => { hidePanel("overlay"); shuffle(); });
    $("result-replay").addEventListener("click", () => { hidePanel("overlay"); replay(); });
    $("result-new").addEventListener("click", () => { hidePanel("overlay"); newGame(); });
    $("result-close").addEventListener("click", () => hidePanel("overlay"));
    $("stats-close").addEventListener("click", () => hidePanel("stats"));
    $("stats-reset").addEventListener("click", async () => {
      const yes = await ask("Reset the statistics?", "Every layout's games, wins and best times and the Daily streak are deleted.", "Reset them");
      if (yes) localStorage.removeItem(STATS_KEY);
      showStats();
    });
    $("confirm-no").addEventListener("click", () => answer(false));
    $("confirm-yes").addEventListener("click", () => answer(true));
    $("help-close").addEventListener("click", () => hidePanel("help"));
    // Hidden (another tab, a locked phone, the page closing), the game pauses; shown
    // again after such a pause, it goes on.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") pausePlay(true);
      else if (S.hiddenPause) resumePlay();
    });
    window.addEventListener("pagehide", () => { if (!S.paused) tell("pause"); });
    window.addEventListener("online", () => { if (!S.busy) sync(); });
    setInterval(() => { if (S.pending.length && !S.busy && !S.syncing) sync(); }, 5000);
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select, textarea")) return;
      if (S.paused && !e.ctrlKey && !e.metaKey && !e.altKey && e.key !== "Tab" && e.key !== "Shift") {
        e.preventDefault();
        resumePlay();
        return;
      }
      // A question open: its buttons take Enter and Space, Escape says no, other keys wait.
      if (!$("confirm").hidden && e.key !== "Escape") return;
      if (boardKey(e)) return;
      const key = e.key.toLowerCase();
      const ctrl = e.ctrlKey || e.metaKey;
      if (key === "escape") {
        if (!closePanels()) { S.selected = null; S.marks = {}; drawBoard(); say("Selection cleared."); }
        return;
      }
      if (ctrl && key === "z" && !e.shiftKey) { e.preventDefault(); undo(); return; }
      if (ctrl && (key === "y" || (key === "z" && e.shiftKey))) { e.preventDefault(); redo(); return; }
      if (ctrl || e.altKey) return;
      if (e.key === "Pause" || (e.key === "P" && e.shiftKey)) { e.preventDefault(); pausePlay(false); return; }
      const actions = {
        h: hint, u: undo, r: redo, s: shuffle, p: replay, n: newGame, d: daily, t: showStats,
        c: openChooser, m: () => toggleMenu(),
        "?": () => openPanel("help"),
        "+": () => zoom(1), "=": () => zoom(1), "-": () => zoom(-1), 0: () => zoom(0),
        l: () => { $("learn-toggle").click(); },
        g: () => { $("match-toggle").click(); },
        i: () => { $("ids-toggle").click(); },
      };
      if (actions[key]) { e.preventDefault(); actions[key](); }
    });
    setInterval(() => { if (S.game) $("timer").textContent = clock(elapsed()); }, 500);
  }

  function normalKey(name) {
    return name.trim().toLowerCase().replace(/[\s_-]+/g, "-");
  }

  async function layoutList() {
    try {
      const list = (await call("GET", "/api/layouts")).layouts;
      try { localStorage.setItem(LAYOUTS_KEY, JSON.stringify(list)); } catch (_) { /* private */ }
      return list;
    } catch (error) {
      let kept = null;
      try { kept = JSON.parse(localStorage.getItem(LAYOUTS_KEY)); } catch (_) { kept = null; }
      if (error.offline && kept) return kept;
      throw error;
    }
  }

  async function init() {
    const prefs = readPrefs();
    $("learn-toggle").checked = prefs.learn !== false;
    $("match-toggle").checked = prefs.matches !== false;
    $("ids-toggle").checked = Boolean(prefs.ids);
    const contrast = window.matchMedia("(prefers-contrast: more)").matches;
    $("theme-select").value = prefs.theme || (contrast ? "contrast" : "felt");
    $("tileset-select").value = prefs.tiles || (contrast ? "bold" : "classic");
    savePrefs();
    $("daily-date").value = localDate();
    applyZoom();
    wire();
    for (const layout of [...(await layoutList()), ...importedLayouts()]) {
      S.layouts[layout.key] = layout;
      addLayoutOption(layout);
    }
    $("layout-select").value = "turtle";
    const params = new URLSearchParams(location.search);
    const resume = recalled();
    let wanted = null;
    if (params.has("daily")) wanted = { daily: params.get("daily") || localDate() };
    else if (params.has("layout") || params.has("seed")) {
      wanted = { key: normalKey(params.get("layout") || "turtle"), seed: (params.get("seed") || "").trim() };
    }
    // The address names the remembered game (a reload): go on with it.
    const same = resume && resume.id && (!wanted || (wanted.daily
      ? resume.daily === wanted.daily
      : !resume.daily && resume.key === wanted.key && wanted.seed !== "" && resume.seed === wanted.seed));
    if (same && (await resumeGame(resume))) return null;
    if (wanted && wanted.daily) {
      $("daily-date").value = wanted.daily;
      return daily();
    }
    if (wanted) {
      $("seed-input").value = wanted.seed;
      if (!S.layouts[wanted.key]) {
        say(`Unknown layout ${wanted.key}: a Turtle instead.`, "error");
        return newGame("turtle");
      }
      return newGame(wanted.key);
    }
    return newGame();
  }

  document.addEventListener("DOMContentLoaded", () => {
    init().then(() => {
      // Milliseconds from navigation start to a board that answers clicks (the benchmark).
      document.body.dataset.readyAt = String(Math.round(performance.now()));
      document.body.dataset.ready = "true";
      // The offline rules and the offline copy come once the board is up, not in its way.
      const script = document.createElement("script");
      script.src = "/static/offline.js";
      document.head.append(script);
      if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
    }).catch(fail);
  });
})();
