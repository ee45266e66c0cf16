// The MCR table: you against three bots. The page draws what the API answers and sends the
// text of the move you pick from the engine's legal list; it decides nothing itself.
"use strict";

(function () {
  const D = window.MCRDraw;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let busy = false;

  function say(text, error) {
    $("message").textContent = text;
    $("message").className = error ? "error" : "";
  }

  async function call(method, path, body) {
    if (busy) return null;
    busy = true;
    document.body.dataset.busy = "true";
    try {
      return await D.api(method, path, body);
    } catch (error) {
      say(error.message, true);
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

  function actions() {
    const box = $("actions");
    box.replaceChildren();
    for (const m of state.legal) {
      if (m.kind === "discard") continue;
      const label = m.kind === "chow" ? `Chow ${m.tiles.join(" ")}`
        : m.kind === "kong" && m.tile ? `Kong ${m.tile}` : LABEL[m.kind];
      box.append(D.el("button", {
        type: "button", class: `act act-${m.kind}`, text: label, dataset: { move: m.move },
        onclick: () => play(m.move),
      }));
    }
  }

  function render() {
    D.table($("table"), state, { me: state.seat, rack: rackNode() });
    actions();
    $("log").textContent = state.log.join("\n");
    $("log").scrollTop = $("log").scrollHeight;
    const over = state.status !== "playing";
    $("hint-button").disabled = !state.to_act;
    $("auto-hand").disabled = over;
    $("auto-game").disabled = state.status === "finished";
    if (state.hand_end) {
      D.handEnd($("result-body"), state.hand_end, state.seat);
      $("result").hidden = false;
    } else {
      $("result").hidden = true;
    }
    $("next-button").hidden = state.status !== "hand_over";
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
    } else if (state.to_act) {
      say(state.window ? `Claim the ${state.window.tile}, or pass.` : "Your turn: click a tile to discard it.");
    }
    const params = new URLSearchParams({ game: state.id });
    history.replaceState(null, "", `/mcr?${params}`);
    document.body.dataset.ready = "true";
    document.body.dataset.status = state.status;
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

  async function start(event) {
    if (event) event.preventDefault();
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
      $("hint-text").textContent = `Hint: ${data.hint.why}`;
      $("hint-text").dataset.move = data.hint.move;
      const hinted = document.querySelector(`#rack .tile[data-code="${data.hint.tile}"]`);
      if (data.hint.kind === "discard" && hinted) hinted.focus();
      return;
    }
    $("hint-text").textContent = "";
    delete $("hint-text").dataset.move;
    render();
  }

  async function replay(event) {
    event.preventDefault();
    const saved = await call("GET", `/api/mcr/games/${state.id}/save`);
    if (!saved) return;
    const loaded = await call("POST", "/api/mcr/replays", { kind: "save", save: saved.save, title: `game ${state.seed}` });
    if (loaded) location.href = `/mcr/replay?id=${encodeURIComponent(loaded.id)}`;
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
    $("save-link").addEventListener("click", download);
    document.addEventListener("keydown", onKey);
    const params = new URLSearchParams(location.search);
    for (const name of ["hands", "ruleset", "variant", "seed"]) {
      if (params.has(name)) $(name).value = params.get(name);
    }
    const id = params.get("game");
    if (id) {
      const data = await call("GET", `/api/mcr/games/${encodeURIComponent(id)}`);
      if (data) { state = data.state; render(); return; }
    }
    await start();
  }

  // For the console and the tests: send any move text, legal or not (the engine answers).
  window.MCRTable = { play };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
