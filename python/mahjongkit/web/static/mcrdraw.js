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

  // A tile: a <span> (or a <button> when `onclick` is given), its face and its name.
  function tile(code, opts = {}) {
    const tag = opts.onclick ? "button" : "span";
    const node = el(tag, {
      class: ["tile", opts.small && "small", opts.extra].filter(Boolean).join(" "),
      title: window.MJTiles.name(code), "aria-label": window.MJTiles.name(code),
      dataset: opts.move ? { code, move: opts.move } : { code }, onclick: opts.onclick,
      disabled: opts.disabled,
      type: tag === "button" ? "button" : undefined,
    });
    node.append(face(code));
    return node;
  }

  function back(small) {
    return el("span", { class: `tile back${small ? " small" : ""}`, "aria-label": "hidden tile" });
  }

  function meld(m, small) {
    const box = el("span", { class: "meld", dataset: { kind: m.kind } });
    if (m.concealed && !m.tiles.length) {
      for (let i = 0; i < 4; i++) box.append(back(small));
      box.title = "concealed kong";
    } else {
      for (const code of m.tiles) box.append(tile(code, { small }));
      if (m.concealed) box.title = "concealed kong";
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
    const open = el("div", { class: "row melds" });
    for (const m of s.melds) open.append(meld(m, true));
    for (const f of s.flowers) open.append(tile(f, { small: true, extra: "flower" }));
    box.append(open);
    if (opts.rack && s.seat === me) {
      box.append(opts.rack);
    } else if (s.concealed) {
      const row = el("div", { class: "row concealed" });
      for (const code of s.concealed) row.append(tile(code, { small: true }));
      if (s.drawn) row.append(tile(s.drawn, { small: true, extra: "drawn" }));
      box.append(row);
    } else {
      const row = el("div", { class: "row concealed", "aria-label": `${s.concealed_count} hidden tiles` });
      for (let i = 0; i < s.concealed_count; i++) row.append(back(true));
      box.append(row);
    }
    const pool = el("div", { class: "pool", "aria-label": "discards" });
    s.pool.forEach((code, i) => {
      const last = state.window && state.window.from === s.seat && i === s.pool.length - 1;
      pool.append(tile(code, { small: true, extra: last ? "last" : "" }));
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
    }
    return box;
  }

  function table(container, state, opts) {
    injectFaces();
    container.replaceChildren(center(state), ...state.seats.map((s) => seatBox(s, state, opts)));
  }

  const BY = { self: "by self-draw", discard: "on a discard", rob: "by robbing a kong" };

  // The end of a hand: every hand, the fans with their points, the settlement.
  function handEnd(container, end, me) {
    container.replaceChildren();
    const who = end.winner === null ? null : seatName(end.winner, me);
    container.append(el("h2", {
      id: "result-title",
      text: who === null ? `Hand ${end.hand_no}: the wall is empty, nobody wins.`
        : `Hand ${end.hand_no}: ${who} won ${BY[end.by] || ""}${end.tile ? ` on ${end.tile}` : ""}` +
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
        el("span", { text: `${seatName(h.seat, me)}: ` }));
      for (const code of h.concealed) row.append(tile(code));
      for (const m of h.melds) row.append(meld(m, false));
      for (const f of h.flowers) row.append(tile(f, { extra: "flower" }));
      hands.append(row);
    }
    container.append(hands);
    const settle = end.deltas.map((d, s) => `${seatName(s, me)} ${d >= 0 ? "+" : ""}${d}`).join(", ");
    container.append(el("p", { id: "settlement", text: `Settlement: ${settle}.` }));
    const totals = end.totals.map((d, s) => `${seatName(s, me)} ${d >= 0 ? "+" : ""}${d}`).join(", ");
    container.append(el("p", { text: `Totals: ${totals}.` }));
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

  window.MCRDraw = { el, tile, meld, table, handEnd, api, injectFaces, seatName, WINDS };
})();
