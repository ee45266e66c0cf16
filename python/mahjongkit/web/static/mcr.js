// The MCR table: you against three bots. The page draws what the API answers and sends the
// text of the move you pick from the engine's legal list; it decides nothing itself.
"use strict";

(function () {
  const D = window.MCRDraw;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let busy = false;
  let quiet = false; // a failed request says nothing (the caller says what it means)
  let heard = []; // the log lines already announced

  // The message line; `code`, a tile shown after the words (its name is in them).
  function say(text, error, code) {
    $("message").textContent = text;
    if (code) $("message").append(D.tile(code, { small: true }));
    $("message").className = error ? "error" : "";
  }

  async function call(method, path, body) {
    if (busy) return null;
    busy = true;
    document.body.dataset.busy = "true";
    try {
      return await D.api(method, path, body);
    } catch (error) {
      if (!quiet) say(error.message, true);
      return null;
    } finally {
      busy = false;
      document.body.dataset.busy = "false";
    }
  }

  function rackNode() {
    const legal = new Map(state.legal.filter((m) => m.kind === "discard").map((m) => [m.tile, m.move]));
    const rack = D.el("div", { id: "rack", "aria-label": "your rack" });
    const tiles = state.rack.map((code) => [code, false]);
    if (state.drawn) tiles.push([state.drawn, true]);
    for (const [code, drawn] of tiles) {
      const move = legal.get(code);
      rack.append(D.tile(code, {
        onclick: move ? () => play(move) : undefined, move,
        disabled: !move, extra: [move && "legal", drawn && "drawn"].filter(Boolean).join(" "),
      }));
      if (!move) rack.lastChild.setAttribute("tabindex", "-1");
    }
    return rack;
  }

  const LABEL = { pass: "Pass", pung: "Pung", kong: "Kong", win: "Win", chow: "Chow" };
  const AUTO_PASS = "mahjongkit.mcr.autopass";

  function actions() {
    const box = $("actions");
    box.replaceChildren();
    for (const m of state.legal) {
      if (m.kind === "discard") continue;
      // The word and the tiles' pictures on the button; the tiles' names for a screen reader.
      const codes = m.kind === "chow" ? m.tiles : m.tile ? [m.tile]
        : state.window && m.kind !== "pass" ? [state.window.tile] : [];
      const name = window.MJTiles.name;
      const named = m.kind === "chow"
        ? `Chow ${m.tiles.map((c) => name(c).split(" of ")[0]).join(", ").replace(/, (\w+)$/, " and $1")} of ${name(m.tiles[0]).split(" of ")[1]}`
        : `${LABEL[m.kind]}${codes.length ? ` ${name(codes[0])}` : ""}`;
      const button = D.el("button", {
        type: "button", class: `act act-${m.kind}`, dataset: { move: m.move }, "aria-label": named,
        title: named, onclick: () => play(m.move),
      }, LABEL[m.kind]);
      for (const code of codes) {
        const pictured = D.tile(code, { small: true });
        pictured.setAttribute("aria-hidden", "true");
        button.append(pictured);
      }
      box.append(button);
    }
  }

  // The log's lines not yet announced: the longest end of the lines heard that starts the
  // new log is skipped (the log keeps its last lines only).
  function fresh(lines) {
    let skip = 0;
    for (let k = Math.min(heard.length, lines.length); k > 0; k--) {
      if (heard.slice(-k).every((line, i) => line === lines[i])) { skip = k; break; }
    }
    heard = lines.slice();
    return lines.slice(skip);
  }

  function render() {
    D.table($("table"), state, { me: state.seat, rack: rackNode() });
    actions();
    const lines = state.log.map(D.said);
    $("log").textContent = lines.join("\n");
    $("log").scrollTop = $("log").scrollHeight;
    // The other seats' moves, in words, to a screen reader (your own you know).
    const others = fresh(lines).filter((line) => !line.startsWith("You "));
    if (others.length) $("announce").textContent = others.slice(-8).join(" ");
    const over = state.status !== "playing";
    $("hint-button").disabled = !state.to_act;
    $("auto-hand").disabled = over;
    $("auto-game").disabled = state.status === "finished";
    if (state.hand_end) {
      D.handEnd($("result-body"), state.hand_end, state.seat, state.hands);
      $("result").hidden = false;
    } else {
      $("result").hidden = true;
    }
    $("next-button").hidden = state.status !== "hand_over";
    $("review-button").hidden = state.status === "playing";
    if (state.status === "playing") $("review").hidden = true;
    const finished = state.status === "finished";
    $("replay-link").hidden = !finished;
    $("save-link").hidden = !finished;
    $("standings").textContent = finished && state.standings
      ? `Game over (seed ${state.seed}). Places: ` + state.standings.places
        .map((p, s) => `${D.seatName(s, state.seat)} ${p}`).join(", ") + "."
      : "";
    if (finished) {
      $("result").hidden = false;
      say("The game is over.");
    } else if (state.status === "hand_over") {
      say("The hand is over: read the result, then Next hand.");
    } else if (state.to_act && state.window) {
      const tile = window.MJTiles.name(state.window.tile);
      const from = D.seatName(state.window.from, state.seat);
      say(`${state.window.kind === "rob" ? "Rob the kong of" : "Claim"} ${from === "You" ? "your" : `${from}'s`} ${tile}, or pass.`, false, state.window.tile);
    } else if (state.to_act) {
      say(state.drawn ? `Your turn: you drew ${window.MJTiles.name(state.drawn)}; click a tile to discard it.`
        : "Your turn: click a tile to discard it.", false, state.drawn);
    }
    const params = new URLSearchParams({ game: state.id });
    history.replaceState(null, "", `/mcr?${params}`);
    // Your turn: the rack on the screen (a phone held sideways has little height).
    if (state.to_act) $("rack").scrollIntoView({ block: "nearest" });
    if (state.to_act && $("actions").childElementCount) $("actions").scrollIntoView({ block: "nearest" });
    document.body.dataset.ready = "true";
    document.body.dataset.status = state.status;
    autoPass();
  }

  // Auto-pass: a claim offered is passed at once, unless it would win.
  function autoPass() {
    if (!$("auto-pass").checked || !state.to_act || !state.window) return;
    if (state.legal.some((m) => m.kind === "win")) return;
    if (state.legal.some((m) => m.kind === "pass")) setTimeout(() => play("pass"), 0);
  }

  async function play(move) {
    const data = await call("POST", `/api/mcr/games/${state.id}/move`, { move });
    if (!data) return;
    state = data.state;
    $("hint-text").textContent = "";
    delete $("hint-text").dataset.move;
    render();
    if (data.refusal) say(`Not allowed: ${data.refusal.message}`, true);
  }

  // Whether the game at the table may be left: at once before your first move or once it is
  // over, else when you say so.
  function leaveOk() {
    if (!state || state.status === "finished") return true;
    if (!state.log.some((line) => /^You (discard|chow|pung|kong|declare)/.test(line))) return true;
    return window.confirm("Leave this game for a new one? The game at the table is lost.");
  }

  async function start(event) {
    if (event) event.preventDefault();
    if (event && !leaveOk()) return;
    const body = {
      levels: [1, 2, 3].map((k) => Number($(`level-${k}`).value)),
      hands: Number($("hands").value), ruleset: $("ruleset").value, variant: $("variant").value,
    };
    if ($("variant").value === "botzone") { body.ruleset = "gb"; body.hands = 1; }
    if ($("seed").value.trim()) body.seed = $("seed").value.trim();
    const data = await call("POST", "/api/mcr/games", body);
    if (!data) return;
    state = data.state;
    $("hint-text").textContent = "";
    render();
  }

  async function action(name, body) {
    if (!state) return;
    const data = await call("POST", `/api/mcr/games/${state.id}/${name}`, body);
    if (!data) return;
    state = data.state;
    if (data.hint) {
      $("hint-text").textContent = `Hint: ${D.said(data.hint.why)}`;
      $("hint-text").dataset.move = data.hint.move;
      // The hinted tile (or claim) is marked where it is, and named for a screen reader.
      for (const old of document.querySelectorAll(".hinted")) old.classList.remove("hinted");
      const hinted = document.querySelector(`#rack .tile[data-move="${data.hint.move}"], #actions [data-move="${data.hint.move}"]`);
      if (hinted) {
        hinted.classList.add("hinted");
        hinted.setAttribute("aria-label", `${hinted.getAttribute("aria-label")}, the hint`);
        hinted.focus();
      }
      return;
    }
    $("hint-text").textContent = "";
    delete $("hint-text").dataset.move;
    render();
  }

  // The game as a replay (once it is over: the save shows the wall), at `move` from your seat.
  async function replay(event, move) {
    if (event) event.preventDefault();
    const saved = await call("GET", `/api/mcr/games/${state.id}/save`);
    if (!saved) return;
    const loaded = await call("POST", "/api/mcr/replays", { kind: "save", save: saved.save, title: `game ${state.seed}` });
    const at = move === undefined ? "" : `&move=${move}&seat=${state.seat}`;
    if (loaded) location.href = `/mcr/replay?id=${encodeURIComponent(loaded.id)}${at}`;
  }

  // Review the hand just over: your choices against the top bot's; once the game is over,
  // each steps to its move in the replay viewer.
  async function reviewHand() {
    const data = await call("POST", `/api/mcr/games/${state.id}/review`, {});
    if (!data) return;
    const over = state.status === "finished";
    D.review($("review"), data.review, state.seat, over ? (n) => replay(null, n) : null);
  }

  async function download(event) {
    event.preventDefault();
    const saved = await call("GET", `/api/mcr/games/${state.id}/save`);
    if (!saved) return;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([saved.save], { type: "application/json" }));
    link.download = `mcr-${state.seed}.json`;
    link.click();
  }

  function clickAct(kind) {
    const button = document.querySelector(`#actions .act-${kind}`);
    if (button) button.click();
  }

  function onKey(event) {
    if (event.target.matches("input, select") || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    const tiles = [...document.querySelectorAll("#rack .tile.legal")];
    if (key === "arrowleft" || key === "arrowright") {
      if (!tiles.length) return;
      const at = tiles.indexOf(document.activeElement);
      const next = at < 0 ? 0 : (at + (key === "arrowright" ? 1 : tiles.length - 1)) % tiles.length;
      tiles[next].focus();
      event.preventDefault();
    } else if (key === "p") clickAct("pass");
    else if (key === "w") clickAct("win");
    else if (key === "k") clickAct("kong");
    else if (key === "g") clickAct("pung");
    else if (key === "c") clickAct("chow");
    else if (key === "h") $("hint-button").click();
    else if (key === "n") {
      if (state && state.status === "hand_over") $("next-button").click();
      else if (!state || state.status === "finished") start();
    }
  }

  async function boot() {
    D.injectFaces();
    $("new-form").addEventListener("submit", start);
    $("hint-button").addEventListener("click", () => action("hint"));
    $("auto-hand").addEventListener("click", () => action("auto", { until: "hand" }));
    $("auto-game").addEventListener("click", () => action("auto", { until: "game" }));
    $("next-button").addEventListener("click", () => action("next"));
    $("replay-link").addEventListener("click", replay);
    $("review-button").addEventListener("click", reviewHand);
    $("save-link").addEventListener("click", download);
    document.addEventListener("keydown", onKey);
    const params = new URLSearchParams(location.search);
    for (const name of ["hands", "ruleset", "variant", "seed"]) {
      if (params.has(name)) $(name).value = params.get(name);
    }
    // A short window: the settings fold behind "New game…".
    if (window.matchMedia("(max-height: 500px)").matches) $("setup").open = false;
    $("auto-pass").checked = localStorage.getItem(AUTO_PASS) === "1";
    $("auto-pass").addEventListener("change", () => {
      try { localStorage.setItem(AUTO_PASS, $("auto-pass").checked ? "1" : "0"); } catch (_) { /* private */ }
      if (state) autoPass();
    });
    const id = params.get("game");
    if (id) {
      quiet = true;
      const data = await call("GET", `/api/mcr/games/${encodeURIComponent(id)}`);
      quiet = false;
      if (data) { state = data.state; render(); return; }
      await start();
      say("The game of that link is no longer kept by the server (games are dropped after a while unplayed): this is a new one.", true);
      return;
    }
    await start();
  }

  // For the console and the tests: send any move text, legal or not (the engine answers).
  window.MCRTable = { play };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
