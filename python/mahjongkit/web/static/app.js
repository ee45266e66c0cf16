// The page: a view over the engine's JSON API. Every move, refusal, hint, explanation and
// shuffle comes from the server; this script draws the board, keeps the selection, the
// timer and the statistics (in localStorage), and turns clicks and keys into requests.
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
  };

  // ---- talking to the engine ----

  async function call(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    const data = await response.json();
    if (!response.ok) {
      const error = new Error(data.error ? data.error.message : `HTTP ${response.status}`);
      error.code = data.error ? data.error.code : "http";
      error.status = response.status;
      throw error;
    }
    return data;
  }

  async function act(action, body) {
    if (!S.game || S.busy) return null;
    S.busy = true;
    try {
      return await call("POST", `/api/games/${S.game.id}/${action}`, body || {});
    } catch (error) {
      if (error.code === "game_not_found" && (await restore())) {
        return call("POST", `/api/games/${S.game.id}/${action}`, body || {});
      }
      throw error;
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
    say(error.message || String(error), "error");
  }

  // ---- drawing ----

  function localDate() {
    const d = new Date();
    const pad = (n) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }

  // The room the board has on the screen, below the controls (in CSS pixels).
  function room() {
    const wrap = $("board-wrap");
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    return { w: wrap.clientWidth || window.innerWidth, h: Math.max(200, window.innerHeight - top - 16) };
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
    fitTurned();
    svg.dataset.layout = key;
    svg.dataset.turned = String(S.turned);
  }

  // Turned, the board is as tall as the room left below the controls, so that all of it
  // shows at once (unturned, the style sheet's limit holds).
  function fitTurned() {
    $("board").style.maxHeight = S.turned ? `${room().h}px` : "";
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
        if (el) el.remove();
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
    const running = g.status === "playing" || g.status === "stuck";
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
  }

  function show(state, { keepMarks = false } = {}) {
    const before = S.game;
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
    if (state.status !== "playing" && S.shownResultFor !== resultKey(state)) {
      S.shownResultFor = resultKey(state);
      if (state.status === "won") record("won");
      showResult();
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

  function showResult() {
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

  function record(what) {
    const g = S.game;
    const stats = loadStats();
    const entry = stats.layouts[g.layout] || (stats.layouts[g.layout] = { played: 0, won: 0, best: null });
    if (what === "played") entry.played += 1;
    if (what === "won") {
      entry.won += 1;
      const time = g.result ? g.result.seconds : elapsed();
      if (entry.best === null || time < entry.best) entry.best = time;
      if (g.daily && !stats.daily.includes(g.daily)) stats.daily.push(g.daily);
    }
    try { localStorage.setItem(STATS_KEY, JSON.stringify(stats)); } catch (_) { /* private mode */ }
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
    const rows = Object.values(S.layouts).map((l) => {
      const e = stats.layouts[l.name] || { played: 0, won: 0, best: null };
      return `<tr><td>${l.name}</td><td>${e.played}</td><td>${e.won}</td><td>${e.best === null ? "–" : clock(e.best)}</td></tr>`;
    });
    $("stats-table").innerHTML = `<tr><th>Layout</th><th>Games</th><th>Wins</th><th>Best</th></tr>${rows.join("")}`;
    $("streak").textContent = `Daily Challenge streak: ${streak(stats.daily)} day(s); ${stats.daily.length} Daily won in all.`;
    openPanel("stats");
  }

  // ---- keeping the game across reloads ----

  async function remember() {
    const g = S.game;
    try {
      localStorage.setItem(RESUME_KEY, JSON.stringify({ id: g.id, daily: g.daily, save: S.save || null }));
    } catch (_) { /* private mode */ }
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
    let resume = null;
    try { resume = JSON.parse(localStorage.getItem(RESUME_KEY)); } catch (_) { resume = null; }
    const save = S.save || (resume && resume.save);
    if (!save) return false;
    const body = { save };
    const date = S.game ? S.game.daily : resume && resume.daily;
    if (date) body.daily = date;
    const data = await call("POST", "/api/games", body);
    show(data.state);
    say("The server had dropped this game; it was restored from its save.");
    return true;
  }

  // ---- starting games ----

  async function start(body, label) {
    say("Dealing…");
    const data = await call("POST", "/api/games", body);
    S.selected = null;
    S.save = null;
    show(data.state);
    record("played");
    refreshSave();
    const g = data.state;
    const url = new URL(location.href);
    url.search = g.daily ? `?daily=${g.daily}` : `?layout=${g.key}&seed=${g.seed_text}`;
    history.replaceState(null, "", url);
    $("layout-select").value = g.key;
    $("seed-input").value = "";
    say(label || `${g.layout}, seed ${g.seed_text}: pick two free matching tiles.`);
  }

  function newGame(layout) {
    // The seed goes as text: seeds reach 2**64 - 1, past what a JavaScript number holds.
    const seed = $("seed-input").value.trim();
    const body = { layout: typeof layout === "string" ? layout : $("layout-select").value };
    if (seed) body.seed = seed;
    return start(body).catch(fail);
  }

  function daily() {
    const date = $("daily-date").value || localDate();
    return start({ daily: date }, `Daily Challenge ${date}: the Turtle of the day.`).catch(fail);
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
        const why = await call("GET", `/api/games/${g.id}/explain/${slot}`);
        S.marks = {};
        if (learnOn()) {
          S.marks[slot] = "target";
          for (const s of why.covered_by) S.marks[s] = "cover";
          if (why.left.length && why.right.length) {
            for (const s of why.left.concat(why.right)) S.marks[s] = "sideblock";
          }
        }
        updateBoard();
        say(why.sentence);
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
      let text = `Removed ${move.pair[0]} and ${move.pair[1]} (${MJTiles.name(move.faces[0])}).`;
      if (learnOn()) text += ` ${capital(move.unlocked)}.`;
      if (move.dead_end) {
        say(`${text} Dead end ahead: this move lost a game that could still be won. Undo?`, "warn");
      } else {
        say(text);
      }
    } catch (error) {
      fail(error);
    }
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
      say(`Hint: ${a} and ${b}, ${MJTiles.name(S.game.faces[a])} (${note}).`, data.hint.keeps_winnable === false ? "warn" : "");
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
    ? `Took back ${d.undo.pair[0]} and ${d.undo.pair[1]}.` : "Took back the shuffle.");
  const redo = () => simple("redo", (d) => d.redo.kind === "move"
    ? `Removed ${d.redo.pair[0]} and ${d.redo.pair[1]} again.` : "Shuffled again.");
  const shuffle = () => simple("shuffle", (d) => `Shuffled (${d.shuffle.kind}).`);
  const replay = () => simple("replay", () => "The same board again, from the start.");

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
    for (const id of ["overlay", "stats", "help"]) {
      if (!$(id).hidden) { hidePanel(id); closed = true; }
    }
    return closed;
  }

  function savePrefs() {
    const prefs = { learn: $("learn-toggle").checked, ids: $("ids-toggle").checked };
    try { localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (_) { /* private */ }
    document.body.classList.toggle("ids", prefs.ids);
  }

  function wire() {
    $("board").addEventListener("click", (event) => {
      const tile = event.target.closest(".tile");
      if (!tile) return;
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
        } else {
          fitTurned();
        }
      });
    });
    $("new-form").addEventListener("submit", (e) => { e.preventDefault(); newGame(); });
    $("daily-form").addEventListener("submit", (e) => { e.preventDefault(); daily(); });
    $("hint-button").addEventListener("click", hint);
    $("undo-button").addEventListener("click", undo);
    $("redo-button").addEventListener("click", redo);
    $("shuffle-button").addEventListener("click", shuffle);
    $("replay-button").addEventListener("click", replay);
    $("stats-button").addEventListener("click", showStats);
    $("help-button").addEventListener("click", () => openPanel("help"));
    $("learn-toggle").addEventListener("change", () => {
      savePrefs();
      if (!learnOn()) { S.marks = {}; drawBoard(); }
      say(learnOn() ? "Learn Mode on: pick a blocked tile to see why." : "Learn Mode off.");
    });
    $("ids-toggle").addEventListener("change", savePrefs);
    $("result-undo").addEventListener("click", () => { hidePanel("overlay"); undo(); });
    $("result-shuffle").addEventListener("click", () => { hidePanel("overlay"); shuffle(); });
    $("result-replay").addEventListener("click", () => { hidePanel("overlay"); replay(); });
    $("result-new").addEventListener("click", () => { hidePanel("overlay"); newGame(); });
    $("result-close").addEventListener("click", () => hidePanel("overlay"));
    $("stats-close").addEventListener("click", () => hidePanel("stats"));
    $("stats-reset").addEventListener("click", () => {
      localStorage.removeItem(STATS_KEY);
      showStats();
    });
    $("help-close").addEventListener("click", () => hidePanel("help"));
    document.addEventListener("keydown", (e) => {
      if (e.target.closest("input, select, textarea")) return;
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
      const actions = {
        h: hint, u: undo, r: redo, s: shuffle, p: replay, n: newGame, d: daily, t: showStats,
        "?": () => openPanel("help"),
        l: () => { $("learn-toggle").click(); },
        i: () => { $("ids-toggle").click(); },
      };
      if (actions[key]) { e.preventDefault(); actions[key](); }
    });
    setInterval(() => { if (S.game) $("timer").textContent = clock(elapsed()); }, 500);
  }

  async function init() {
    $("faces").innerHTML = MJTiles.defs();
    let prefs = {};
    try { prefs = JSON.parse(localStorage.getItem(PREFS_KEY)) || {}; } catch (_) { prefs = {}; }
    if (prefs.learn === false) $("learn-toggle").checked = false;
    if (prefs.ids) $("ids-toggle").checked = true;
    savePrefs();
    $("daily-date").value = localDate();
    wire();
    const data = await call("GET", "/api/layouts");
    for (const layout of data.layouts) {
      S.layouts[layout.key] = layout;
      const option = document.createElement("option");
      option.value = layout.key;
      option.textContent = `${layout.name} (${layout.size})`;
      $("layout-select").appendChild(option);
    }
    $("layout-select").value = "turtle";
    const params = new URLSearchParams(location.search);
    if (params.has("daily")) {
      $("daily-date").value = params.get("daily") || localDate();
      return daily();
    }
    if (params.has("layout") || params.has("seed")) {
      $("seed-input").value = params.get("seed") || "";
      return newGame(params.get("layout") || "turtle");
    }
    let resume = null;
    try { resume = JSON.parse(localStorage.getItem(RESUME_KEY)); } catch (_) { resume = null; }
    if (resume && resume.id) {
      try {
        const found = await call("GET", `/api/games/${resume.id}`);
        S.save = resume.save;
        show(found.state);
        refreshSave();
        return say("Welcome back: your game goes on.");
      } catch (_) {
        S.save = resume.save;
        if (S.save && (await restore().catch(() => false))) return null;
      }
    }
    return newGame();
  }

  document.addEventListener("DOMContentLoaded", () => {
    init().then(() => {
      // Milliseconds from navigation start to a board that answers clicks (the benchmark).
      document.body.dataset.readyAt = String(Math.round(performance.now()));
      document.body.dataset.ready = "true";
    }).catch(fail);
  });
})();
