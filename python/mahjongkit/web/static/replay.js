// The replay viewer: a finished game stepped move by move from the API's frames. The address
// holds the game (a replay id, or an arena hand's spec) and the move, so a link shows a moment.
"use strict";

(function () {
  const D = window.MCRDraw;
  const $ = (id) => document.getElementById(id);
  let replay = null; // {id, title, moves, source}
  let index = 0;
  let loading = 0;
  // The format a judge's log names (LOG_FORMAT of mahjongkit.mcr.botzone.judge; the browser
  // test loads one, so a renamed format fails there).
  const JUDGE_LOG = "mahjongkit.botzone.log";

  function say(text, error) {
    $("message").textContent = text;
    $("message").className = error ? "error" : "";
  }

  function viewer() {
    const v = $("view").value;
    return v === "all" ? null : Number(v);
  }

  async function load(body, source) {
    try {
      const data = await D.api("POST", "/api/mcr/replays", body);
      replay = { ...data, source };
    } catch (error) {
      say(error.message, true);
      return;
    }
    await opened();
  }

  async function opened() {
    $("review").hidden = true;
    $("scrub").max = String(replay.moves.length);
    $("count").textContent = String(replay.moves.length);
    listed = null;
    say(`${replay.title}: ${replay.moves.length} moves.`);
    await show(Math.min(index, replay.moves.length));
  }

  // The move list: every move with every hand open; from a seat's view, the moves made so far
  // as that seat saw them (the frame's `seen`: another seat's concealed kong without its tile).
  let listed = null;
  function listMoves(frame) {
    const moves = frame.seen || replay.moves;
    const key = frame.seen ? `${frame.view}:${moves.length}` : "all";
    if (listed === key) return;
    listed = key;
    // Another seat's pass is not seen from a seat (null): it is left out.
    $("moves-list").replaceChildren(...moves.map((m, i) => m && D.el("button", {
      type: "button", text: `${i + 1}. ${D.said(`seat ${m.seat}: ${m.move}`)}`, dataset: { index: i + 1 },
      onclick: () => show(i + 1),
    })).filter(Boolean));
  }

  function address() {
    const params = new URLSearchParams(replay.source);
    params.set("move", String(index));
    params.set("seat", $("view").value);
    if ($("bot").checked) params.set("bot", "1"); else params.delete("bot");
    const level = new URLSearchParams(location.search).get("bot_level");
    if (level) params.set("bot_level", level);
    history.replaceState(null, "", `/mcr/replay?${params}`);
  }

  async function show(n) {
    if (!replay) return;
    index = Math.max(0, Math.min(n, replay.moves.length));
    const ticket = ++loading;
    const params = new URLSearchParams({ move: String(index), seat: $("view").value });
    if ($("bot").checked) params.set("bot", "1");
    const level = new URLSearchParams(location.search).get("bot_level");
    if ($("bot").checked && level) params.set("bot_level", level);
    let frame;
    try {
      frame = (await D.api("GET", `/api/mcr/replays/${replay.id}/frame?${params}`)).frame;
    } catch (error) {
      say(error.message, true);
      return;
    }
    if (ticket !== loading) return; // a later step overtook this one
    const me = frame.view === "all" ? 0 : frame.view;
    D.table($("table"), frame, { me, you: frame.view === "all" ? -1 : frame.view });
    $("index").textContent = String(index);
    $("scrub").value = String(index);
    listMoves(frame);
    for (const b of document.querySelectorAll("#moves-list button")) {
      b.classList.toggle("current", Number(b.dataset.index) === index);
    }
    // The list scrolls to the current move; the page itself stays where it is, so the step
    // buttons stay under the pointer.
    const list = $("moves-list");
    const current = list.querySelector("button.current");
    if (current) {
      const top = current.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top - list.clientHeight / 2;
      }
    }
    const parts = [];
    if (frame.last) parts.push(`Last: seat ${frame.last.seat} ${D.said(frame.last.move)}.`);
    if (frame.next) {
      parts.push(frame.next.move ? `Next: seat ${frame.next.seat} ${D.said(frame.next.move)}.`
        : frame.next.seat === null ? "Next: the claims are decided." : `Next: seat ${frame.next.seat} to move.`);
      if (frame.next.legal) parts.push(`Legal: ${frame.next.legal.map((m) => m.move).join(", ")}.`);
      const who = frame.next.bot_level === 4 ? "Level-4 bot" : "Top bot";
      if (frame.next.bot) parts.push(`${who}: ${D.said(frame.next.bot)}.`);
    } else if (frame.standings) {
      parts.push(`The end. Totals: ${frame.standings.totals.join(", ")}.`);
    }
    $("next-move").textContent = parts.join(" ");
    if (frame.hand_end) {
      D.handEnd($("result-body"), frame.hand_end, -1, frame.hands);
      $("result").hidden = false;
    } else {
      $("result").hidden = true;
    }
    address();
    document.body.dataset.ready = "true";
    document.body.dataset.index = String(index);
  }

  // Review a hand: the viewed seat's choices against the top bot's, each a step to its move.
  async function reviewSeat() {
    if (!replay) return;
    const seat = viewer() === null ? 0 : viewer();
    if (viewer() === null) $("view").value = "0";
    say(`Reviewing seat ${seat}…`);
    try {
      const found = (await D.api("GET", `/api/mcr/replays/${replay.id}/review?seat=${seat}`)).review;
      D.review($("review"), found, -1, (n) => show(n));
      say(`${replay.title}: seat ${seat} reviewed.`);
    } catch (error) {
      say(error.message, true);
    }
    await show(index);
  }

  function arenaBody() {
    return {
      kind: "arena",
      specs: $("arena-specs").value.split(",").map((s) => s.trim()),
      variant: $("arena-variant").value, seed: $("arena-seed").value,
      deal: Number($("arena-deal").value), rotation: Number($("arena-rotation").value),
    };
  }

  function judgeLog(text) {
    try {
      return JSON.parse(text).format === JUDGE_LOG;
    } catch {
      return false; // not JSON: sent as a save, whose refusal says so
    }
  }

  // The file last read, so that another game of it loads without reading it again.
  let openedFile = null;
  async function fromFile() {
    const file = $("file").files[0];
    if (!file) return;
    openedFile = { name: file.name, text: await file.text(), game: null };
    index = 0;
    await fromText();
  }

  // The file read (again): a records file's game is the Game box's; the same game twice
  // (Enter then the box's change) loads once.
  async function fromText() {
    if (!openedFile) return;
    const { name, text } = openedFile;
    const game = Number($("record-game").value) || 0;
    const records = !text.trimStart().startsWith("{");
    if (openedFile.game === game || (!records && openedFile.game !== null)) return;
    openedFile.game = game;
    // Our saves and the judge's logs are JSON (a log names its format); anything else is read
    // as a file of Botzone's records. The server checks whatever it is sent.
    const body = records
      ? { kind: "records", text, game }
      : judgeLog(text)
        ? { kind: "judge", log: text, title: name }
        : { kind: "save", save: text, title: name };
    index = 0;
    await load(body, {});
  }

  async function fromArena(event) {
    event.preventDefault();
    const body = arenaBody();
    index = 0;
    await load(body, {
      arena: body.specs.join(","), variant: body.variant, seed: body.seed,
      deal: String(body.deal), rotation: String(body.rotation),
    });
  }

  function onKey(event) {
    if (event.target.matches("input[type=text], input:not([type]), select")) return;
    const steps = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: Infinity };
    if (event.key in steps && replay) {
      event.preventDefault();
      show(steps[event.key] === Infinity ? replay.moves.length : steps[event.key]);
    }
  }

  async function boot() {
    D.injectFaces();
    $("file").addEventListener("change", fromFile);
    // Another game of the records file: on change, or Enter, in the Game box.
    $("file-form").addEventListener("submit", (event) => { event.preventDefault(); fromText(); });
    $("record-game").addEventListener("change", fromText);
    $("arena-form").addEventListener("submit", fromArena);
    $("first").addEventListener("click", () => show(0));
    $("back").addEventListener("click", () => show(index - 1));
    $("forward").addEventListener("click", () => show(index + 1));
    $("last").addEventListener("click", () => replay && show(replay.moves.length));
    $("scrub").addEventListener("input", () => show(Number($("scrub").value)));
    $("view").addEventListener("change", () => show(index));
    $("bot").addEventListener("change", () => show(index));
    $("review-button").addEventListener("click", reviewSeat);
    document.addEventListener("keydown", onKey);
    const params = new URLSearchParams(location.search);
    index = Number(params.get("move") || 0) || 0;
    if (params.has("seat")) $("view").value = params.get("seat");
    $("bot").checked = params.get("bot") === "1";
    if (params.has("id")) {
      try {
        const data = await D.api("GET", `/api/mcr/replays/${encodeURIComponent(params.get("id"))}`);
        replay = { ...data, source: { id: data.id } };
        await opened();
        return;
      } catch (error) {
        say(error.message, true);
      }
    } else if (params.has("arena")) {
      $("arena-specs").value = params.get("arena");
      for (const name of ["variant", "seed", "deal", "rotation"]) {
        if (params.has(name)) $(`arena-${name}`).value = params.get(name);
      }
      await load(arenaBody(), {
        arena: params.get("arena"), variant: $("arena-variant").value, seed: $("arena-seed").value,
        deal: $("arena-deal").value, rotation: $("arena-rotation").value,
      });
      return;
    }
    document.body.dataset.ready = "true";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
