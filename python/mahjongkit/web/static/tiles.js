// Tile faces, drawn here as SVG symbols (no image files, no fonts beyond a Latin sans-serif):
// dots as coins, bamboo as sticks (the one a bird), characters as a numeral over 万, winds and
// dragons as brush-like strokes (drawn as paths, since a CJK font may be missing), flowers and
// seasons as small pictures, each with its number. Every face is a <symbol id="f-CODE">
// with viewBox 0 0 40 54, placed on the tile by <use>. Two sets: "classic" (those
// drawings) and "bold" (a large number or letter over a small suit mark, read at a glance
// on small tiles and in high contrast).
"use strict";

(function () {
  const GREEN = "#1d7a3b";
  const RED = "#c0392b";
  const BLUE = "#1f4f9c";
  const INK = "#17314f";
  const IVORY = "#fbf7ea";

  const NAMES = {
    m: "Characters", p: "Dots", s: "Bamboo",
    E: "East Wind", S: "South Wind", W: "West Wind", N: "North Wind",
    R: "Red Dragon", G: "Green Dragon", B: "White Dragon",
    F1: "Plum (flower 1)", F2: "Orchid (flower 2)", F3: "Bamboo (flower 3)",
    F4: "Chrysanthemum (flower 4)", T1: "Spring (season 1)", T2: "Summer (season 2)",
    T3: "Autumn (season 3)", T4: "Winter (season 4)",
  };
  const RANKS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];

  // Strokes on a 10 x 10 grid (x right, y down), drawn with round caps.
  const NUMERALS = [
    "M1.5 5H8.5",
    "M2.5 3H7.5M1.5 7.5H8.5",
    "M2.5 2H7.5M3 5H7M1.5 8.3H8.5",
    "M1.5 2V8.5M1.5 2H8.5V8.5M1.5 8.5H8.5M4 2.2C4 4.5 3.6 5.6 2.6 6.6M6 2.2V5.3C6 5.9 6.3 6 7 6H8.4",
    "M2 1.8H8M4.6 1.8L3.6 8.4M2.6 4.8H7.2V8.4M1.2 8.4H8.8",
    "M4.6 0.8L5.6 2.2M1.2 3.4H8.8M3.6 5.2L1.8 8.6M6.4 5.2L8.4 8.6",
    "M1.2 5L8.8 3.6M3.8 1V7.6C3.8 8.6 4.3 8.9 5.3 8.9H8.6V7.4",
    "M4 2.2C4 5.2 3 7.2 1 8.8M6 2.2C6.2 5.4 7.2 7.2 9 8.8",
    "M1.5 3.6H6.3V7.8C6.3 8.6 6.7 8.8 7.5 8.8H8.8V7.3M4.2 1C4.2 5 3.4 7.2 1.2 8.9",
  ];
  const WAN = "M1.2 2H8.8M4.2 2C4.2 5.6 3.4 7.6 1.4 9.2M4 4.8H7.8C7.8 7.2 7.6 8.6 6.6 9C6 9.2 5.4 9 4.8 8.6";
  const WINDS = {
    E: "M1 2.6H9M5 0.6V9.6M2.4 3.9H7.6V6.9H2.4ZM2.4 5.4H7.6M4.8 6.9C3.8 8.2 2.6 9 1.2 9.5M5.2 6.9C6.2 8.2 7.4 9 8.8 9.5",
    S: "M1 2H9M5 0.5V2M2 3.6V9.6M2 3.6H8V9C8 9.5 7.6 9.6 7 9.6M3.9 4.6L4.5 5.4M6.1 4.6L5.5 5.4M3.2 6.2H6.8M3.4 7.8H6.6M5 6.2V9.6",
    W: "M1 1.4H9M2 3.8V9.4M2 3.8H8V9.4M2 9.2H8M4 1.4V5.2C4 6.2 3.4 6.8 2.2 7.2M6 1.4V6.4C6 6.9 6.3 7 6.8 7H8",
    N: "M3.6 0.8V9.2M1 4H3.6M1 8.4L3.6 7.2M6.4 0.8V8.4C6.4 9.1 6.7 9.3 7.4 9.3H9V8M6.4 5.2L8.9 3.8",
  };
  const ZHONG = "M1.8 3H8.2V6.8H1.8ZM5 0.6V9.6";
  const FA = "M2.6 1.2L2.2 3.2M1 3.6H9M5.4 0.8C5.3 5.2 4 7.8 1.4 9.6M4.4 5.2H7.9C7.2 7.4 5.6 8.8 3 9.6M4.9 6.3C6 7.8 7.4 8.9 9 9.5M6.9 1L8 2.2";

  function strokes(d, x, y, size, color, width) {
    const s = size / 10;
    return `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${color}" ` +
      `stroke-width="${width / s}" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></g>`;
  }

  function index(text, color, right) {
    const x = right ? 37 : 3;
    const anchor = right ? "end" : "start";
    return `<text x="${x}" y="9" font-size="9" font-weight="bold" font-family="sans-serif" ` +
      `text-anchor="${anchor}" fill="${color}">${text}</text>`;
  }

  function coin(cx, cy, r, color) {
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${(r * 0.66).toFixed(2)}" fill="${IVORY}"/>` +
      `<circle cx="${cx}" cy="${cy}" r="${(r * 0.4).toFixed(2)}" fill="${color}"/>`;
  }

  const DOTS = {
    1: null,
    2: [[20, 15, 8.5, GREEN], [20, 40, 8.5, BLUE]],
    3: [[10, 11, 7, BLUE], [20, 27, 7, RED], [30, 43, 7, GREEN]],
    4: [[11, 15, 7.5, BLUE], [29, 15, 7.5, GREEN], [11, 40, 7.5, GREEN], [29, 40, 7.5, BLUE]],
    5: [[10, 12, 6.5, BLUE], [30, 12, 6.5, GREEN], [20, 27, 6.5, RED],
      [10, 42, 6.5, GREEN], [30, 42, 6.5, BLUE]],
    6: [[12, 10, 6, GREEN], [28, 10, 6, GREEN], [12, 28, 6, RED], [28, 28, 6, RED],
      [12, 44, 6, RED], [28, 44, 6, RED]],
    7: [[8, 8, 4.8, GREEN], [20, 13, 4.8, GREEN], [32, 18, 4.8, GREEN],
      [12, 32, 5.2, RED], [28, 32, 5.2, RED], [12, 45, 5.2, RED], [28, 45, 5.2, RED]],
    8: [[12, 8, 5.2, BLUE], [28, 8, 5.2, BLUE], [12, 20.5, 5.2, BLUE], [28, 20.5, 5.2, BLUE],
      [12, 33, 5.2, BLUE], [28, 33, 5.2, BLUE], [12, 45.5, 5.2, BLUE], [28, 45.5, 5.2, BLUE]],
    9: [[8, 10, 5.2, BLUE], [20, 10, 5.2, BLUE], [32, 10, 5.2, BLUE],
      [8, 27, 5.2, RED], [20, 27, 5.2, RED], [32, 27, 5.2, RED],
      [8, 44, 5.2, GREEN], [20, 44, 5.2, GREEN], [32, 44, 5.2, GREEN]],
  };

  function dots(rank) {
    if (rank === 1) {
      let out = `<circle cx="20" cy="28" r="15" fill="${GREEN}"/>` +
        `<circle cx="20" cy="28" r="12.5" fill="${IVORY}"/>`;
      for (let i = 0; i < 12; i++) {
        const a = (i * Math.PI) / 6;
        out += `<circle cx="${(20 + 10 * Math.cos(a)).toFixed(2)}" cy="${(28 + 10 * Math.sin(a)).toFixed(2)}" r="1.6" fill="${BLUE}"/>`;
      }
      return out + coin(20, 28, 6.5, RED);
    }
    return DOTS[rank].map(([x, y, r, c]) => coin(x, y, r, c)).join("");
  }

  function stick(cx, cy, h, color) {
    const top = cy - h / 2;
    return `<rect x="${cx - 2.6}" y="${top}" width="5.2" height="${h}" rx="2.6" fill="${color}"/>` +
      `<line x1="${cx}" y1="${top + 1.5}" x2="${cx}" y2="${top + h - 1.5}" stroke="${IVORY}" stroke-width="0.8" opacity="0.7"/>` +
      `<line x1="${cx - 2.6}" y1="${cy}" x2="${cx + 2.6}" y2="${cy}" stroke="${IVORY}" stroke-width="1"/>`;
  }

  const STICKS = {
    2: [[20, 15, 17, GREEN], [20, 40, 17, BLUE]],
    3: [[20, 15, 17, BLUE], [11, 40, 17, GREEN], [29, 40, 17, GREEN]],
    4: [[12, 15, 17, BLUE], [28, 15, 17, GREEN], [12, 40, 17, GREEN], [28, 40, 17, BLUE]],
    5: [[10, 15, 17, GREEN], [30, 15, 17, BLUE], [20, 27, 17, RED], [10, 40, 17, BLUE],
      [30, 40, 17, GREEN]],
    6: [[9, 15, 17, GREEN], [20, 15, 17, GREEN], [31, 15, 17, GREEN], [9, 40, 17, BLUE],
      [20, 40, 17, BLUE], [31, 40, 17, BLUE]],
    7: [[20, 9, 13, RED], [9, 27, 13, GREEN], [20, 27, 13, BLUE], [31, 27, 13, GREEN],
      [9, 44, 13, GREEN], [20, 44, 13, BLUE], [31, 44, 13, GREEN]],
    8: [[7, 15, 17, GREEN], [15.7, 15, 17, GREEN], [24.3, 15, 17, GREEN], [33, 15, 17, GREEN],
      [7, 40, 17, BLUE], [15.7, 40, 17, BLUE], [24.3, 40, 17, BLUE], [33, 40, 17, BLUE]],
    9: [[9, 10, 13, GREEN], [20, 10, 13, RED], [31, 10, 13, BLUE], [9, 27, 13, GREEN],
      [20, 27, 13, RED], [31, 27, 13, BLUE], [9, 44, 13, GREEN], [20, 44, 13, RED],
      [31, 44, 13, BLUE]],
  };

  function bamboo(rank) {
    if (rank === 1) {
      // The one of bamboo is a bird.
      return `<path d="M12 31 L3 15 M12 33 L2 27 M13 36 L4 43" stroke="${GREEN}" stroke-width="2.6" stroke-linecap="round"/>` +
        `<circle cx="3" cy="15" r="2.4" fill="${BLUE}"/><circle cx="2" cy="27" r="2.4" fill="${BLUE}"/>` +
        `<circle cx="4" cy="43" r="2.4" fill="${BLUE}"/>` +
        `<ellipse cx="19" cy="31" rx="9.5" ry="7.5" fill="${GREEN}"/>` +
        `<path d="M14 30 Q19 35 25 30" stroke="${IVORY}" stroke-width="1.2" fill="none"/>` +
        `<circle cx="27" cy="20" r="5" fill="${RED}"/><circle cx="28.4" cy="19" r="1.2" fill="${IVORY}"/>` +
        `<path d="M31.5 18.5 L37 20.6 L31.5 22.4 Z" fill="#e0a020"/>` +
        `<path d="M17 38 L15 46 M22 38 L23 46" stroke="#8a5a2b" stroke-width="1.6" stroke-linecap="round"/>`;
    }
    return STICKS[rank].map(([x, y, h, c]) => stick(x, y, h, c)).join("");
  }

  function characters(rank) {
    return strokes(NUMERALS[rank - 1], 7, 3, 26, INK, 2.6) + strokes(WAN, 8, 27, 24, RED, 2.6);
  }

  function petals(cx, cy, n, dist, rx, ry, color) {
    let out = "";
    for (let i = 0; i < n; i++) {
      out += `<ellipse cx="${cx}" cy="${cy - dist}" rx="${rx}" ry="${ry}" fill="${color}" ` +
        `transform="rotate(${(i * 360) / n} ${cx} ${cy})"/>`;
    }
    return out;
  }

  const stem = `<path d="M20 50 C18 42 22 38 20 30" stroke="${GREEN}" stroke-width="1.8" fill="none"/>` +
    `<path d="M20 42 C14 40 12 36 12 34 C16 35 19 38 20 42Z" fill="${GREEN}"/>`;

  const FLOWERS = {
    F1: stem + petals(20, 24, 5, 6, 4.6, 4.6, "#d9435b") + `<circle cx="20" cy="24" r="3" fill="#f4d03f"/>`,
    F2: stem + petals(20, 24, 3, 7, 3.4, 8, "#8e44ad") + petals(20, 24, 3, 4, 2, 4, "#c39bd3") +
      `<circle cx="20" cy="24" r="2" fill="#f4d03f"/>`,
    F3: `<path d="M20 52 V14" stroke="${GREEN}" stroke-width="2.4"/>` +
      `<path d="M20 24 C12 20 8 14 6 10 C12 12 17 16 20 24Z M20 32 C28 28 32 22 34 18 C28 20 23 25 20 32Z M20 42 C12 38 9 34 7 30 C13 32 17 36 20 42Z" fill="${GREEN}"/>`,
    F4: stem + petals(20, 24, 14, 7, 1.8, 5, "#e67e22") + petals(20, 24, 10, 4, 1.6, 3.4, "#f4d03f") +
      `<circle cx="20" cy="24" r="2.4" fill="#a04000"/>`,
  };

  function sunRays() {
    let out = "";
    for (let i = 0; i < 12; i++) {
      out += `<line x1="20" y1="10" x2="20" y2="5" stroke="#e67e22" stroke-width="2" ` +
        `stroke-linecap="round" transform="rotate(${i * 30} 20 28)"/>`;
    }
    return out;
  }

  function snowflake() {
    let out = "";
    for (let i = 0; i < 6; i++) {
      out += `<g transform="rotate(${i * 60} 20 28)"><line x1="20" y1="28" x2="20" y2="13" /><line x1="20" y1="18" x2="16.5" y2="14.5"/><line x1="20" y1="18" x2="23.5" y2="14.5"/></g>`;
    }
    return `<g stroke="${BLUE}" stroke-width="2" stroke-linecap="round">${out}</g>`;
  }

  const SEASONS = {
    T1: `<path d="M20 50 V30" stroke="${GREEN}" stroke-width="2.2"/>` +
      `<path d="M20 36 C12 36 8 30 8 26 C14 26 19 30 20 36Z M20 32 C27 31 31 26 32 22 C26 22 21 26 20 32Z" fill="${GREEN}"/>` +
      petals(20, 20, 5, 4.5, 3.4, 3.4, "#f1948a") + `<circle cx="20" cy="20" r="2" fill="#f4d03f"/>`,
    T2: sunRays() + `<circle cx="20" cy="28" r="9" fill="#f4b400"/><circle cx="20" cy="28" r="6" fill="#f9d23c"/>`,
    T3: `<path d="M20 48 C20 42 20 40 20 36" stroke="#7e4a1c" stroke-width="2"/>` +
      `<path d="M20 38 C10 34 6 24 9 12 C14 16 17 14 20 9 C23 14 26 16 31 12 C34 24 30 34 20 38Z" fill="#d35400"/>` +
      `<path d="M20 36 V14 M20 28 L13 20 M20 28 L27 20" stroke="#f5cba7" stroke-width="1.1" fill="none"/>`,
    T4: snowflake(),
  };

  function whiteDragon() {
    return `<rect x="6" y="8" width="28" height="38" rx="2" fill="none" stroke="${BLUE}" stroke-width="2.6"/>` +
      `<rect x="10.5" y="12.5" width="19" height="29" rx="1" fill="none" stroke="${BLUE}" stroke-width="1.4"/>`;
  }

  function drawing(code) {
    const suit = code.length === 2 && /[1-9][mps]/.test(code) ? code[1] : null;
    if (suit) {
      const rank = Number(code[0]);
      const body = suit === "p" ? dots(rank) : suit === "s" ? bamboo(rank) : characters(rank);
      const corner = suit === "m" ? "" : index(String(rank), suit === "s" && rank === 1 ? RED : INK, false);
      return body + corner;
    }
    if (WINDS[code]) return strokes(WINDS[code], 6, 14, 28, INK, 2.5) + index(code, INK, false);
    if (code === "R") return strokes(ZHONG, 5, 12, 30, RED, 3);
    if (code === "G") return strokes(FA, 5, 12, 30, GREEN, 2.8);
    if (code === "B") return whiteDragon();
    if (FLOWERS[code]) return FLOWERS[code] + index(code[1], RED, true);
    if (SEASONS[code]) return SEASONS[code] + index(code[1], BLUE, true);
    return `<text x="20" y="32" font-size="14" text-anchor="middle">${code}</text>`;
  }

  const CODES = [];
  for (const s of "mps") for (let r = 1; r <= 9; r++) CODES.push(`${r}${s}`);
  CODES.push("E", "S", "W", "N", "R", "G", "B", "F1", "F2", "F3", "F4", "T1", "T2", "T3", "T4");

  function name(code) {
    if (/^[1-9][mps]$/.test(code)) return `${RANKS[Number(code[0]) - 1]} of ${NAMES[code[1]]}`;
    return NAMES[code] || code;
  }

  function big(text, color, y = 30, size = 28) {
    return `<text x="20" y="${y}" font-size="${size}" font-weight="bold" font-family="sans-serif" ` +
      `text-anchor="middle" fill="${color}">${text}</text>`;
  }

  const SUIT_COLOR = { p: BLUE, s: GREEN, m: RED };

  function bold(code) {
    if (/^[1-9][mps]$/.test(code)) {
      const suit = code[1];
      const mark = suit === "p" ? coin(20, 42, 8, BLUE) : suit === "s" ? stick(20, 42, 17, GREEN)
        : strokes(WAN, 11, 33, 18, RED, 2.4);
      return big(code[0], SUIT_COLOR[suit], 29, 30) + mark;
    }
    if (WINDS[code]) return big(code, INK, 32, 30) + strokes(WINDS[code], 13, 38, 14, INK, 1.6);
    if (code === "R") return strokes(ZHONG, 4, 9, 32, RED, 4.2);
    if (code === "G") return strokes(FA, 4, 9, 32, GREEN, 3.8);
    if (code === "B") {
      return `<rect x="5" y="7" width="30" height="40" rx="3" fill="none" stroke="${BLUE}" stroke-width="4"/>`;
    }
    if (FLOWERS[code]) {
      return big(code[1], RED, 27, 26) + `<g transform="translate(10 22) scale(.5)">${FLOWERS[code]}</g>`;
    }
    if (SEASONS[code]) {
      return big(code[1], BLUE, 27, 26) + `<g transform="translate(10 22) scale(.5)">${SEASONS[code]}</g>`;
    }
    return big(code, INK);
  }

  const SETS = { classic: drawing, bold };

  // Every face of a set (unknown names draw the classic set) as <symbol>s for <defs>.
  function defs(set) {
    const draw = SETS[set] || drawing;
    return CODES.map((c) => `<symbol id="f-${c}" viewBox="0 0 40 54">${draw(c)}</symbol>`).join("");
  }

  window.MJTiles = { defs, name, codes: CODES, sets: Object.keys(SETS) };
})();
