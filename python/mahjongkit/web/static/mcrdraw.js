// Drawing an MCR table from what the API answers: seats with melds, flowers, pools and racks,
// the centre (hand, winds, wall), and the end of a hand. Shared by the table (/mcr) and the
// replay viewer (/mcr/replay); the page never decides anything the engine has not said.
"use strict";

(function () {
  const WINDS = { E: "East", S: "South", W: "West", N: "North" };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) if (child) node.append(child);
    return node;
  }

  const SVG = "http://www.w3.org/2000/svg";
  function face(code) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 40 54");
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `#f-${code}`);
    svg.append(use);
    return svg;
  }

  // A tile: a <span> (an image to assistive technology; a <button> when `onclick` is given),
  // its face and its name.
  function tile(code, opts = {}) {
    const tag = opts.onclick ? "button" : "span";
    const named = window.MJTiles.name(code) + (opts.note ? `, ${opts.note}` : "");
    const node = el(tag, {
      class: ["tile", opts.small && "small", opts.extra].filter(Boolean).join(" "),
      title: named, "aria-label": named, role: tag === "span" ? "img" : undefined,
      dataset: opts.move ? { code, move: opts.move } : { code }, onclick: opts.onclick,
      disabled: opts.disabled,
      type: tag === "button" ? "button" : undefined,
    });
    node.append(face(code));
    return node;
  }

  function back(small) {
    return el("span", { class: `tile back${small ? " small" : ""}`, "aria-hidden": "true" });
  }

  const KINDS = { chow: "Chow", pung: "Pung", kong: "Kong" };

  // What a meld is, in words: "Pung of Five of Bamboo, claimed from seat 2".
  function meldName(m) {
    if (m.concealed && !m.tiles.length) return "Concealed kong";
    const name = window.MJTiles.name;
    const what = m.kind === "chow"
      ? `Chow ${m.tiles.map((c) => name(c).split(" of ")[0]).join(", ")} of ${name(m.tiles[0]).split(" of ")[1]}`
      : `${m.concealed ? "Concealed kong" : KINDS[m.kind]} of ${name(m.tiles[0])}`;
    return m.from === null || m.from === undefined ? what : `${what}, claimed from seat ${m.from}`;
  }

  // A meld: one image to assistive technology, named in words; its tiles drawn inside.
  function meld(m, small, mark) {
    const box = el("span", { class: "meld", dataset: { kind: m.kind }, role: "img", "aria-label": meldName(m) });
    box.title = meldName(m);
    if (m.concealed && !m.tiles.length) {
      for (let i = 0; i < 4; i++) box.append(back(small));
    } else {
      for (const code of m.tiles) {
        const one = tile(code, { small, extra: mark === code ? "winning" : "" });
        one.setAttribute("aria-hidden", "true");
        box.append(one);
        if (mark === code) mark = null;
      }
    }
    return box;
  }

  function injectFaces() {
    const holder = document.getElementById("faces");
    if (holder && !holder.childElementCount) {
      holder.innerHTML = `<svg xmlns="${SVG}"><defs>${window.MJTiles.defs()}</defs></svg>`;
    }
  }

  // Where each seat sits on the screen: `me` at the bottom, the next seats to the right, top, left.
  function position(seat, me) {
    return ["bottom", "right", "top", "left"][(seat - me + 4) % 4];
  }

  // "You" for the person's seat (me), "Seat n" for the others (and for all when me is -1).
  function seatName(seat, me) {
    return seat === me ? "You" : `Seat ${seat}`;
  }

  // One seat's box. `state` carries seat_winds, dealer, totals, turn; `opts.me` the seat at the
  // bottom, `opts.rack` a node to place instead of the seat's own concealed tiles.
  function seatBox(s, state, opts) {
    const me = opts.me;
    const you = opts.you === undefined ? me : opts.you;
    const head = `${seatName(s.seat, you)} · ${WINDS[s.wind]}${s.seat === state.dealer ? " · dealer" : ""}` +
      `${s.level ? ` · bot ${s.level}` : ""} · ${state.totals[s.seat] >= 0 ? "+" : ""}${state.totals[s.seat]}`;
    const moving = state.turn === s.seat || (state.next && state.next.seat === s.seat);
    const box = el("section", {
      class: `seat pos-${position(s.seat, me)}${moving ? " to-move" : ""}`,
      id: `seat-${s.seat}`, "aria-label": head,
    }, el("h2", { text: head }));
    const count = s.melds.length + s.flowers.length;
    const open = el("div", {
      class: "row melds", role: "group",
      "aria-label": count ? `melds and flowers: ${s.melds.length} melds, ${s.flowers.length} flowers` : "no melds or flowers",
    });
    for (const m of s.melds) open.append(meld(m, true));
    for (const f of s.flowers) open.append(tile(f, { small: true, extra: "flower" }));
    box.append(open);
    if (opts.rack && s.seat === me) {
      box.append(opts.rack);
    } else if (s.concealed) {
      const row = el("div", { class: "row concealed", role: "group", "aria-label": "concealed tiles" });
      for (const code of s.concealed) row.append(tile(code, { small: true }));
      if (s.drawn) row.append(tile(s.drawn, { small: true, extra: "drawn" }));
      box.append(row);
    } else {
      const row = el("div", {
        class: "row concealed", role: "img", "aria-label": `${s.concealed_count} hidden tiles`,
        dataset: { count: s.concealed_count },
      });
      for (let i = 0; i < s.concealed_count; i++) row.append(back(true));
      box.append(row);
    }
    const pool = el("div", { class: "pool", role: "group", "aria-label": `discards: ${s.pool.length}` });
    s.pool.forEach((code, i) => {
      const last = state.window && state.window.from === s.seat && i === s.pool.length - 1;
      pool.append(tile(code, { small: true, extra: last ? "last" : "", note: last ? "just discarded" : "" }));
    });
    box.append(pool);
    return box;
  }

  function center(state) {
    const box = el("div", { id: "center" });
    const of = state.hands > 1 ? ` of ${state.hands}` : "";
    box.append(el("div", { class: "big", text: `Hand ${state.hand_no}${of}` }));
    box.append(el("div", { text: `Prevailing ${WINDS[state.prevailing]} · wall ${state.wall}` }));
    if (state.window) {
      const from = state.window.from;
      box.append(el("div", { text: `${state.window.kind === "rob" ? "Kong of" : "Discard"} from seat ${from}:` }));
      box.append(tile(state.window.tile, { extra: "last" }));
      box.append(el("div", { class: "named", text: window.MJTiles.name(state.window.tile) }));
    }
    return box;
  }

  function table(container, state, opts) {
    injectFaces();
    container.replaceChildren(center(state), ...state.seats.map((s) => seatBox(s, state, opts)));
  }

  const BY = { self: "by self-draw", discard: "on a discard", rob: "by robbing a kong" };

  // The end of a hand: every hand (the winning tile marked), the fans with their points,
  // the settlement. `hands` is the game's number of hands: a one-hand game's is "The hand".
  function handEnd(container, end, me, count) {
    container.replaceChildren();
    const who = end.winner === null ? null : seatName(end.winner, me);
    const hand = count === 1 ? "The hand" : `Hand ${end.hand_no}`;
    const tileName = end.tile ? window.MJTiles.name(end.tile) : "";
    container.append(el("h2", {
      id: "result-title",
      text: who === null ? `${hand}: the wall is empty, nobody wins.`
        : `${hand}: ${who} won ${BY[end.by] || ""}${end.tile ? ` on ${tileName}` : ""}` +
          `${end.discarder !== null && end.by !== "self" ? ` from ${seatName(end.discarder, me)}` : ""}.`,
    }));
    if (end.fans.length) {
      const rows = end.fans.map((f) => el("tr", {},
        el("td", { text: f.name, title: f.chinese, lang: "en" }),
        el("td", { class: "n", text: `${f.points}${f.times > 1 ? ` × ${f.times}` : ""}` })));
      rows.push(el("tr", {}, el("th", { text: "Total" }),
        el("th", { class: "n", text: String(end.points) })));
      container.append(el("table", { id: "fans", "aria-label": "fans" }, el("tbody", {}, rows)));
    }
    const hands = el("div", { class: "hands" });
    for (const h of end.hands) {
      const row = el("div", { class: "row", dataset: { seat: h.seat } },
        el("span", { class: "who", text: `${seatName(h.seat, me)}: ` }));
      let mark = h.seat === end.winner ? end.tile : null;
      const held = el("span", { class: "held", role: "group", "aria-label": "concealed" });
      for (const code of h.concealed) {
        const winning = mark === code && end.by !== null;
        held.append(tile(code, winning ? { extra: "winning", note: "the winning tile" } : {}));
        if (winning) mark = null;
      }
      row.append(held);
      for (const m of h.melds) row.append(meld(m, false, mark));
      for (const f of h.flowers) row.append(tile(f, { extra: "flower" }));
      hands.append(row);
    }
    container.append(hands);
    const settle = end.deltas.map((d, s) => `${seatName(s, me)} ${d >= 0 ? "+" : ""}${d}`).join(", ");
    container.append(el("p", { id: "settlement", text: `Settlement: ${settle}.` }));
    const totals = end.totals.map((d, s) => `${seatName(s, me)} ${d >= 0 ? "+" : ""}${d}`).join(", ");
    container.append(el("p", { text: `Totals: ${totals}.` }));
  }

  // A message with its tile codes read out: "discard 4m" is "discard Four of Characters",
  // "chow 46m" is "chow Four and Six of Characters" (the compact hands of a result stay).
  const CODE = /\b(?:([1-9])([1-9])([mps])|([1-9][mps]|[ESWNRGB]|[FT][1-4]))\b/g;
  const RUN = /\b(?:[1-9][mps]|[ESWNRGB]|[FT][1-4])(?: (?:[1-9][mps]|[ESWNRGB]|[FT][1-4]))+\b/g;
  function said(text) {
    const name = window.MJTiles.name;
    return String(text)
      .replace(RUN, (run) => run.split(" ").map(name).join(", ")) // a list of kinds
      .replace(CODE, (all, a, b, suit, one) => (one ? name(one)
        : `${name(a + suit).split(" of ")[0]} and ${name(b + suit)}`));
  }

  // A review of a hand: the decisions where the seat chose otherwise than the top bot, each
  // a button (`pick(index)` steps to it) or, without `pick`, a line.
  function review(container, found, me, pick) {
    const who = found.seat === me ? "you" : `seat ${found.seat}`;
    const items = found.differences.map((d) => {
      const text = `Move ${d.index + 1}: ${who} ${said(d.move)}; the level-${found.level} bot: ${said(d.bot)}.`;
      const short = (why) => said(why.replace(/ improve the hand: .*$/, " improve the hand."));
      const detail = el("div", { class: "why", text: `${short(d.yours)} Instead: ${short(d.bots)}` });
      const head = pick ? el("button", { type: "button", text, dataset: { index: d.index }, onclick: () => pick(d.index) })
        : el("span", { text });
      return el("li", {}, head, detail);
    });
    container.replaceChildren(
      el("h3", { text: `Review: ${found.differences.length} of ${found.decisions} decisions differ from the level-${found.level} bot's` }),
      el("ol", {}, items),
    );
    container.hidden = false;
  }

  async function api(method, path, body) {
    const response = await fetch(path, {
      method, headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error ? data.error.message : `HTTP ${response.status}`);
    return data;
  }

  window.MCRDraw = { el, tile, meld, table, handEnd, review, api, injectFaces, seatName, said, WINDS };
})();
