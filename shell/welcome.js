// @ts-check
// A new player's first game, the welcome deal, dealt on the table before
// Python has started. The build knows the deal (tools/build/welcome.py writes
// it in place of the placeholder below: its cards, the table's shape and the
// layout's numbers), so this script places its cards for the window's size
// with the table's own layout (ui/table/layout.py: the TOP and SIDE
// arrangements of a Spider table, the card width its search picks, the fans
// and the stock's stacks; tests/test_welcome.py compares the two over many
// window sizes), in the table's own card elements and hooks (.card,
// data-card, data-face, data-in, data-pos): when Python takes over, its table
// is the same deal with every card in the same place.
// No rule of the game is here: only where the cards lie.

/**
 * @typedef {object} Welcome what the build ships (tools/build/welcome.py)
 * @property {string} address
 * @property {string} preset
 * @property {number} deal
 * @property {string} family
 * @property {string[]} classes
 * @property {{wide: Words, narrow: Words}} text
 * @property {[string, string, number, boolean][]} cards face ("" face down), pile, place in the pile, face up
 * @property {string[]} piles
 * @property {Shape} shape
 * @property {Record<string, number>} k
 * @property {{large: number[], cap: number[], margin: number[], bar: number, bar_narrow: number, narrow: number, min: number[]}} screen
 * @typedef {{title: string, stats: string, clock: string}} Words
 * @typedef {object} Shape
 * @property {number[][]} columns each column's flags, bottom card first (1: face up)
 * @property {number} foundations
 * @property {boolean} compact
 * @property {boolean} runs
 * @property {number} stock
 * @property {number} deal
 * @property {number[]} sizing
 * @typedef {{x: number, y: number, w: number, h: number, bottom: number, dx: number, dy: number}} Slot
 * @typedef {{arrangement: string, w: number, h: number, slots: Record<string, Slot>, cards: [number, number, number][]}} Placed
 */

/** @type {Welcome | null} */
export const WELCOME = /*@WELCOME@*/null;

/**
 * The options the table lays out with: the header's height, the card cap
 * and the margin for this window (ui/table/table_view.py, relayout).
 * @param {Welcome} data @param {number} vw @param {number} vh @param {number} header the header's height as drawn
 */
export function options(data, vw, vh, header) {
  const s = data.screen;
  const large = vw >= s.large[0] && vh >= s.large[1];
  const nominal = vw < s.narrow ? s.bar_narrow : s.bar;
  return {
    top: Math.max(nominal, Math.ceil(header)),
    cap: large ? s.cap[1] : s.cap[0],
    margin: large ? Math.round(Math.min(vw, vh) * s.margin[1]) : s.margin[0],
  };
}

/**
 * Where every card of the welcome deal lies in a vw × vh table (CSS pixels,
 * the table's own coordinates): ui/table/layout.py's layout_table for this
 * table's shape, with a new player's settings (not left-handed, no portrait
 * lock, the bar at the top).
 * @param {Welcome} data @param {number} vw @param {number} vh @param {{top: number, cap: number, margin: number}} opts
 * @returns {Placed}
 */
export function place(data, vw, vh, opts) {
  const k = data.k;
  const shape = data.shape;
  const C = shape.columns.length;
  const F = shape.foundations;
  const hOf = (/** @type {number} */ w) => (w * 7) / 5;
  const sizing = (/** @type {number} */ h) => {
    const [down, up] = shape.sizing;
    if (down + up === 0) return h;
    const coveredUp = up ? up - 1 : 0;
    const coveredDown = up ? down : down - 1;
    return h + coveredDown * k.FACE_DOWN_MIN * h + coveredUp * k.INDEX_STRIP * h;
  };
  const colsWidth = (/** @type {number} */ w) => C * w + (C - 1) * k.GAP * w;
  const stockW = (/** @type {number} */ w) => (shape.stock ? (shape.deal > 0 ? w + k.STOCK_SPREAD_ACROSS * w : w) : 0);

  /** @param {number} w @returns {Record<string, Slot> | null} frame_bar: the stock and runs in a bar above the columns */
  const bar = (w) => {
    const h = hOf(w);
    const g = k.GAP * w;
    const m = opts.margin;
    const left = m;
    const top = opts.top + m;
    const availW = vw - 2 * m;
    const bottom = vh - m;
    const colsW = colsWidth(w);
    const fW = F ? (shape.compact ? w + (F - 1) * k.COMPACT_STEP_ACROSS * w : F * w + (F - 1) * g) : 0;
    const rW = stockW(w);
    const barW = fW + rW + (fW && rW ? k.GROUP_SEPARATION * w : 0);
    const blockW = Math.max(colsW, barW);
    const barH = barW > 0 ? h + k.BAR_GAP * h : 0;
    if (blockW > availW + k.EPS || bottom - top - barH < sizing(h) - k.EPS) return null;
    const x0 = left + (availW - blockW) / 2;
    const colTop = top + barH;
    const colsX = x0 + (blockW - colsW) / 2;
    /** @type {Record<string, Slot>} */
    const slots = {};
    for (let i = 0; i < C; i++) {
      slots[`column-${i + 1}`] = { x: colsX + i * (w + g), y: colTop, w, h: bottom - colTop, bottom, dx: 0, dy: 0 };
    }
    for (let i = 0; i < F; i++) {
      const step = shape.compact ? k.COMPACT_STEP_ACROSS * w : w + g;
      slots[`foundation-${i + 1}`] = { x: x0 + i * step, y: top, w, h, bottom: 0, dx: 0, dy: 0 };
    }
    if (shape.stock) slots.stock = { x: x0 + blockW - rW, y: top, w: rW, h, bottom: 0, dx: 1, dy: 0 };
    return slots;
  };

  /** @param {number} w @returns {Record<string, Slot> | null} frame_side: the runs and the stock in a strip beside the columns */
  const side = (w) => {
    const h = hOf(w);
    const g = k.GAP * w;
    const m = opts.margin;
    const top = opts.top + m;
    const availW = vw - 2 * m;
    const bottom = vh - m;
    const availH = bottom - top;
    if (availH < sizing(h) - k.EPS) return null;
    /** @type {[string, number][]} */
    const items = [];
    if (F) {
      if (shape.compact) items.push(["runs", h + (F - 1) * k.COMPACT_STEP_DOWN * h]);
      else for (let i = 0; i < F; i++) items.push([`foundation-${i + 1}`, h]);
    }
    if (shape.stock) items.push(["stock", shape.deal > 0 ? h + k.STOCK_SPREAD_DOWN * h : h]);
    /** @type {[number, number][]} */
    const placed = [];
    let col = 0;
    let used = 0;
    for (const [, ih] of items) {
      if (ih > availH + k.EPS) return null;
      if (used && used + g + ih > availH + k.EPS) {
        col += 1;
        used = 0;
      }
      placed.push([col, used + (used ? g : 0)]);
      used = placed[placed.length - 1][1] + ih;
    }
    const strips = col + 1;
    const colsW = colsWidth(w);
    const blockW = colsW + k.GROUP_SEPARATION * w + strips * w + (strips - 1) * g;
    if (blockW > availW + k.EPS) return null;
    const x0 = m + (availW - blockW) / 2;
    /** @type {Record<string, Slot>} */
    const slots = {};
    for (let i = 0; i < C; i++) slots[`column-${i + 1}`] = { x: x0 + i * (w + g), y: top, w, h: bottom - top, bottom, dx: 0, dy: 0 };
    const stripX = x0 + colsW + k.GROUP_SEPARATION * w;
    items.forEach(([name, ih], n) => {
      const [c, dy] = placed[n];
      const x = stripX + c * (w + g);
      const y = top + dy;
      if (name === "stock") slots.stock = { x, y: bottom - ih, w, h: ih, bottom: 0, dx: 0, dy: 1 };
      else if (name === "runs") {
        for (let i = 0; i < F; i++) slots[`foundation-${i + 1}`] = { x, y: y + i * k.COMPACT_STEP_DOWN * h, w, h, bottom: 0, dx: 0, dy: 0 };
      } else slots[name] = { x, y, w, h, bottom: 0, dx: 0, dy: 0 };
    });
    return slots;
  };

  /** @param {(w: number) => Record<string, Slot> | null} build _best_width: the largest whole-pixel width that fits */
  const best = (build) => {
    const cap = Math.min(opts.cap, vw);
    let hi = Math.floor(cap);
    if (hi >= 1 && build(hi)) return hi;
    let lo = 0;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (build(mid)) lo = mid;
      else hi = mid;
    }
    if (lo >= 1) return lo;
    let flo = 0;
    let fhi = Math.min(1, cap);
    for (let i = 0; i < 30; i++) {
      const mid = (flo + fhi) / 2;
      if (build(mid)) flo = mid;
      else fhi = mid;
    }
    return flo;
  };

  /** @type {[string, (w: number) => Record<string, Slot> | null][]} */
  const candidates = [["top", bar]];
  if (F || shape.stock) candidates.push(["side", side]);
  let arrangement = "top";
  let build = bar;
  let w = -1;
  for (const [name, fn] of candidates) {
    const width = best(fn);
    if (width > w) [arrangement, build, w] = [name, fn, width];
  }
  if (w <= 0) throw new RangeError(`viewport ${vw}x${vh} is too small for this table`);

  /** @param {number} w */
  const at = (w) => {
    const h = hOf(w);
    const slots = /** @type {Record<string, Slot>} */ (build(w));
    const [d0, u0] = fanSteps(k, h);
    /** @type {Record<string, [number, number]>} */
    const fans = {};
    shape.columns.forEach((flags, i) => {
      const slot = slots[`column-${i + 1}`];
      fans[`column-${i + 1}`] = fanOffsets(k, flags, h, slot.bottom - slot.y - h, d0, u0);
    });
    return { h, slots, fans };
  };
  // a column too long to show every face-up card's index at this width: the
  // cards shrink until it does (the welcome deal's columns are short: this
  // holds only for a tiny window)
  const readable = (/** @type {ReturnType<typeof at>} */ lay) =>
    Object.values(lay.fans).every(([, u], i) => shape.columns[i].length < 2 || u >= k.INDEX_STRIP * lay.h * (1 - 1e-9));
  let lay = at(w);
  const floor = Math.min(24, w);
  if (!readable(lay) && w > floor) {
    let lo = Math.floor(floor);
    let hi = Math.floor(w);
    lay = at(lo);
    w = lo;
    if (readable(lay)) {
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const trial = at(mid);
        if (readable(trial)) [lo, lay, w] = [mid, trial, mid];
        else hi = mid;
      }
    }
  }
  const h = lay.h;
  const order = data.piles;
  /** @type {[number, number, number][]} */
  const cards = [];
  const sizes = countPiles(data);
  for (const [, pile, pos] of data.cards) {
    const slot = lay.slots[pile];
    const z0 = k.Z_STRIDE * order.indexOf(pile) + pos + 1;
    if (pile.startsWith("column-")) {
      const [d, u] = lay.fans[pile];
      const flags = shape.columns[Number(pile.slice(7)) - 1];
      let y = slot.y;
      for (let i = 0; i < pos; i++) y += flags[i] ? u : d;
      cards.push([slot.x, y, z0]);
    } else if (pile === "stock") {
      const n = sizes[pile];
      const along = slot.dx ? w : h;
      const spread = slot.dx ? slot.w - w : slot.h - h;
      const groups = shape.deal <= 0 || n === 0 ? 1 : Math.ceil(n / shape.deal);
      const step = groups > 1 ? Math.min(k.STOCK_STEP_MAX * along, spread / (groups - 1)) : 0;
      const fx = slot.dx > 0 ? slot.x + slot.w - w : slot.x;
      const fy = slot.dy > 0 ? slot.y + slot.h - h : slot.y;
      const behind = shape.deal > 0 ? Math.floor((n - 1 - pos) / shape.deal) : 0;
      cards.push([fx - behind * step * slot.dx, fy - behind * step * slot.dy, z0]);
    } else cards.push([slot.x, slot.y, z0]);
  }
  return { arrangement, w, h, slots: lay.slots, cards };
}

/** @param {Welcome} data @returns {Record<string, number>} how many cards each pile holds */
function countPiles(data) {
  /** @type {Record<string, number>} */
  const n = {};
  for (const [, pile] of data.cards) n[pile] = (n[pile] || 0) + 1;
  return n;
}

/** fan_steps: the face-down and face-up steps of a column with room @param {Record<string, number>} k @param {number} h */
function fanSteps(k, h) {
  return [
    Math.max(k.FACE_DOWN_OFFSET * h, Math.min(k.FACE_DOWN_ROOMY * h, k.TOUCH_STEP_DOWN)),
    Math.max(k.FACE_UP_OFFSET * h, Math.min(k.FACE_UP_ROOMY * h, k.TOUCH_STEP)),
  ];
}

/**
 * _fan_offsets: a column's steps for the room below its slot.
 * @param {Record<string, number>} k @param {number[]} flags @param {number} h @param {number} room
 * @param {number} d0 @param {number} u0 @returns {[number, number]}
 */
function fanOffsets(k, flags, h, room, d0, u0) {
  const n = flags.length;
  if (n < 2) return [d0, u0];
  const up = flags.slice(0, -1).filter((f) => f).length;
  const down = n - 1 - up;
  room = Math.max(room, 0);
  if (down * d0 + up * u0 <= room) {
    const spread = Math.max(u0, Math.min(k.SPREAD_ROOMY * h, k.SPREAD_STEP));
    return [d0, Math.max(u0, Math.min(spread, (room - down * d0) / Math.max(up, 1)))];
  }
  const dMin = k.FACE_DOWN_MIN * h;
  const uMin = k.INDEX_STRIP * h;
  if (down * dMin + up * u0 <= room) return [(room - up * u0) / down, u0];
  if (down * dMin + up * uMin <= room) return [dMin, (room - down * dMin) / up];
  const scale = room / (down * dMin + up * uMin);
  return [dMin * scale, uMin * scale];
}

// ---- drawing it --------------------------------------------------------------
/** @param {string} tag @param {string} cls @param {Element} [parent] @param {string} [text] */
function el(tag, cls, parent, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

/** The player's words for the shell's English (shell/early.js: ui/i18n/early.py's, translated). @param {string} english @returns {string} */
const t = (english) => /** @type {any} */ (globalThis).spiderShell?.t?.(english) ?? english.slice(english.indexOf("\u0004") + 1);

/** @param {number} x @param {number} y */
const tf = (x, y) => `translate3d(${x.toFixed(1)}px, ${y.toFixed(1)}px, 0)`;

/**
 * Whether this start shows the welcome deal: a player the page has never
 * seen (nothing stored, as ui/game/current.py's new_player asks) whose
 * address names no game or the welcome deal itself, on a standard theme
 * (a high-contrast one has its own faces: the loading screen, as before).
 * @param {Welcome} data @param {{kv: Record<string, string>, games: unknown[]}} stored
 */
export function welcomes(data, stored) {
  if (location.hash && location.hash !== data.address) return false;
  if (Object.keys(stored.kv).some((key) => key !== "migrated") || stored.games.length) return false;
  const contrast = ["(prefers-contrast: more)", "(forced-colors: active)"];
  return !contrast.some((query) => matchMedia(query).matches);
}

/**
 * Deal the welcome table into the loading screen, in the elements and places
 * the real table will have; returns it (removed by the caller when the game
 * is ready).
 * @param {Welcome} data @param {HTMLElement} loading @param {HTMLElement} app the element the table fills
 */
export function drawWelcome(data, loading, app) {
  const box = app.getBoundingClientRect();
  const vw = Math.max(box.width, data.screen.min[0]);
  const vh = Math.max(box.height, data.screen.min[1]);
  const narrow = vw < data.screen.narrow;
  const classes = ["table", "picture", "welcome", "clocked", ...data.classes, ...(narrow ? ["narrow"] : [])];
  const table = el("div", classes.join(" "));
  table.id = "table-picture";
  table.setAttribute("aria-hidden", "true");
  table.dataset.preset = data.preset;
  table.dataset.deal = String(data.deal);
  // The header as the table draws it (ui/chrome/header_view.py): its words,
  // and its buttons as quiet outlines until the game is ready.
  const words = narrow ? data.text.narrow : data.text.wide;
  const bar = el("div", "bar", table);
  el("span", "btn btn-games welcome-btn", bar, t("Games"));
  const info = el("div", "info", bar);
  el("div", "title", info, t(words.title));
  const stats = el("div", "stats", info);
  el("span", "stats-text", stats, t(words.stats));
  el("span", "clock", stats, t(words.clock));
  const tools = el("div", "tools", bar);
  for (const label of ["↶", "↷", "", "New", "", "?", "⋯"]) {
    const btn = el("span", label === "New" ? "btn welcome-btn" : "btn btn-icon welcome-btn", tools, label === "New" ? t("header\u0004New") : label);
    if (label === "↶") btn.dataset.action = "undo"; // Undo is kept until the game is ready (shell/firstmove.js)
  }
  const felt = el("div", "felt", table);
  if (data.shape.compact) felt.classList.add("compact-runs");
  loading.prepend(table);
  // the table lays out below its header as drawn (taller than its nominal
  // height on a large screen, or at a large text zoom)
  const header = bar.getBoundingClientRect().height;
  let placed;
  try {
    placed = place(data, vw, vh, options(data, vw, vh, header));
  } catch {
    const [w, h] = [Math.max(vw, 320), Math.max(vh, 480)];
    placed = place(data, w, h, options(data, w, h, header));
  }
  felt.style.setProperty("--cw", `${placed.w.toFixed(2)}px`);
  felt.style.setProperty("--ch", `${placed.h.toFixed(2)}px`);
  felt.style.setProperty("--radius", `${Math.max(2, placed.w * 0.07).toFixed(1)}px`);
  table.dataset.arrangement = placed.arrangement;
  const sizes = countPiles(data);
  const nextRun = data.piles.find((p) => p.startsWith("foundation-") && !sizes[p]);
  for (const pile of data.piles) {
    const kind = pile.replace(/-\d+$/, "");
    const node = el("div", `pile pile-${kind === "foundation" && data.shape.runs ? "run" : kind}`, felt);
    node.dataset.pile = pile;
    const slot = placed.slots[pile];
    // pile_base: a stock's base is its front stack's place
    const x = pile === "stock" && slot.w > placed.w + 0.5 ? slot.x + slot.w - placed.w : slot.x;
    const y = pile === "stock" && slot.h > placed.h + 0.5 ? slot.y + slot.h - placed.h : slot.y;
    node.style.transform = tf(x, y);
    if (data.shape.runs && kind === "foundation") {
      node.toggleAttribute("data-next", pile === nextRun);
      if (pile !== "foundation-1") node.setAttribute("aria-hidden", "true");
    }
  }
  let front = null;
  data.cards.forEach(([face, pile, pos, up], uid) => {
    const node = el("div", "card", felt);
    node.dataset.face = up ? "up" : "down";
    node.dataset.card = face;
    node.setAttribute("data-in", pile);
    node.dataset.pos = String(pos);
    const [x, y, z] = placed.cards[uid];
    node.style.transform = tf(x, y);
    node.style.zIndex = String(z);
    if (pile === "stock") front = [x, y];
  });
  const deals = data.shape.deal > 0 ? Math.ceil((sizes.stock || 0) / data.shape.deal) : 0;
  if (front && deals) {
    const badge = el("div", "stock-count", felt, String(deals));
    badge.style.transform = tf(front[0], front[1]);
  }
  return table;
}
