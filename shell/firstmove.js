// @ts-check
// A first move is never lost. While Python starts, the welcome deal's cards
// (shell/welcome.js) can be picked up and dropped, by touch and by mouse, a
// card tapped, the stock tapped or Undo pressed: the gesture is kept, the
// card stays where it was dropped, marked as waiting (data-waiting), and the
// pill says what is happening. Undo is kept after a move (before one, as on
// the table at the start of a game, there is nothing to undo). Once the game is ready, Python takes the kept
// gesture (`spiderShell.firstMove.take()`) and hands it to the table's own
// pointer code (ui/table/pointer_view.py, `Pointer.replay`), which decides as
// for any drop: played if legal, or the cards go back with the engine's
// reason. No rule of the game is here: this script moves what was pressed
// and the cards on it in its column, as the table's drag does, and keeps
// where the pointer went; the table decides everything else.
//
// The kept gesture is also written to localStorage ("spider.firstmove"), so
// that a page closed while it waits plays it at the next start, on the same
// welcome deal; Python clears it once it is answered
// (`spiderShell.firstMove.done()`). Read back, it is checked field by field
// (parseKept): anything else is ignored and removed.
//
// Points are kept in card widths from a card's or a pile's corner, not in
// pixels, so that a window of another size (a phone turned before the next
// start) puts them in the same place on its own layout.

export const KEY = "spider.firstmove";
const VERSION = 1;
const MAX_CHARS = 4000;
const CARD = /^(|[A2-9TJQK][shdc])$/;
const PRESSED = /^(column-([1-9]|[1-9][0-9])|stock)$/;
const BASE = /^(column-([1-9]|[1-9][0-9])|foundation-([1-9]|[1-9][0-9])|stock)$/;
const LIFTED_Z = 100000; // above every card, as the table's drag (render_view.py's DRAG_Z)
// (the page's; Node's tests import this module without one)
const html = /** @type {HTMLElement} */ (globalThis.document?.documentElement);

/**
 * @typedef {{pile: string, dx: number, dy: number}} Spot where a dropped card's
 *   corner lies: from a pile's base, in card widths
 * @typedef {object} Gesture
 * @property {"drag" | "tap" | "undo"} kind
 * @property {string} [card] the pressed card's face ("" face down)
 * @property {string} [pile] the pressed card's pile
 * @property {number} [pos] and its place in the pile
 * @property {number} [gx] where the press was, from the card's corner, in card widths
 * @property {number} [gy]
 * @property {Spot} [to] a drag: where the pressed card was let go
 * @property {boolean} [touch] by touch (the table's drag threshold is larger)
 * @property {number} t when, in milliseconds from the page's start
 * @typedef {{v: number, address: string, gestures: Gesture[]}} Kept
 * @typedef {{cards: [string, string, number, boolean][], piles: string[], address: string}} Deal
 *   the welcome deal as shipped (shell/welcome.js's Welcome)
 */

/** @param {unknown} v @param {number} limit @returns {v is number} */
const num = (v, limit) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= limit;

/**
 * A kept gesture read back, checked against the welcome deal; null for
 * anything else (a corrupt or hostile value, another deal's, another version).
 * One move (a drag or a tap), then at most one Undo.
 * @param {unknown} raw the stored text @param {Deal} deal @returns {Kept | null}
 */
export function parseKept(raw, deal) {
  if (typeof raw !== "string" || raw.length > MAX_CHARS) return null;
  let p;
  try {
    p = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!p || typeof p !== "object" || p.v !== VERSION || p.address !== deal.address) return null;
  const list = p.gestures;
  if (!Array.isArray(list) || list.length < 1 || list.length > 2) return null;
  /** @type {Gesture[]} */
  const out = [];
  for (const [i, g] of list.entries()) {
    if (!g || typeof g !== "object" || !num(g.t, 1e9) || g.t < 0) return null;
    if (g.kind === "undo") {
      if (i !== 1) return null; // Undo undoes the move kept before it (at the start there is nothing to undo)
      out.push({ kind: "undo", t: g.t });
      continue;
    }
    if ((g.kind !== "drag" && g.kind !== "tap") || i !== 0) return null;
    if (typeof g.card !== "string" || !CARD.test(g.card) || typeof g.pile !== "string" || !PRESSED.test(g.pile)) return null;
    if (!Number.isInteger(g.pos) || g.pos < 0 || g.pos > 200 || typeof g.touch !== "boolean") return null;
    if (!num(g.gx, 2) || !num(g.gy, 2)) return null;
    // the pressed card is the welcome deal's, as dealt
    const dealt = deal.cards.find(([, pile, pos]) => pile === g.pile && pos === g.pos);
    if (!dealt || dealt[0] !== g.card || (dealt[3] ? g.card === "" : g.card !== "")) return null;
    /** @type {Gesture} */
    const kept = { kind: g.kind, card: g.card, pile: g.pile, pos: g.pos, gx: g.gx, gy: g.gy, touch: g.touch, t: g.t };
    if (g.kind === "drag") {
      const to = g.to;
      if (!to || typeof to !== "object" || typeof to.pile !== "string" || !BASE.test(to.pile)) return null;
      if (!deal.piles.includes(to.pile) || !num(to.dx, 40) || !num(to.dy, 40)) return null;
      kept.to = { pile: to.pile, dx: to.dx, dy: to.dy };
    } else if (g.to !== undefined) return null;
    out.push(kept);
  }
  return { v: VERSION, address: deal.address, gestures: out };
}

/** The player's words for the shell's English (shell/early.js: ui/i18n/early.py's, translated). @param {string} english @returns {string} */
const t = (english) => /** @type {any} */ (globalThis).spiderShell?.t?.(english) ?? english.slice(english.indexOf("\u0004") + 1);

/** What the pill says while gestures wait (plain words, short). @param {Gesture[]} gestures */
export function waitingText(gestures) {
  const move = gestures.some((g) => g.kind !== "undo");
  const undo = gestures.some((g) => g.kind === "undo");
  if (move && undo) return t("Your move and its undo will be played as soon as the game is ready.");
  return move ? t("Your move will be played as soon as the game is ready.") : "";
}

/**
 * The welcome deal's gestures while Python starts: `attach` each table the
 * page draws (drawn again for a window resized), `take` once the game is
 * ready. Exposed to Python as `spiderShell.firstMove`.
 */
export class FirstMove {
  /** @param {Deal} deal */
  constructor(deal) {
    this.deal = deal;
    /** @type {Gesture[]} */
    this.gestures = [];
    this.taken = false;
    /** @type {HTMLElement | null} */
    this.table = null;
    /** @type {{id: number, touch: boolean, x0: number, y0: number, nodes: HTMLElement[], homes: [string, string][], pile: string, pos: number, card: string, gx: number, gy: number, lifted: boolean, moved: boolean} | null} */
    this.press = null;
    let stored;
    try {
      stored = localStorage.getItem(KEY);
    } catch {
      stored = null;
    }
    const kept = stored === null ? null : parseKept(stored, deal);
    if (kept) this.gestures = kept.gestures;
    else if (stored !== null) this.forget(); // corrupt or another deal's: ignored, and not read again
  }

  /** The welcome table as drawn now: its cards take gestures, and what waits shows on it. @param {HTMLElement} table */
  attach(table) {
    this.press = null;
    this.table = table;
    const felt = /** @type {HTMLElement | null} */ (table.querySelector(".felt"));
    const undo = /** @type {HTMLElement | null} */ (table.querySelector('[data-action="undo"]'));
    if (!felt) return;
    felt.addEventListener("pointerdown", (e) => this.down(felt, e));
    felt.addEventListener("pointermove", (e) => this.move(felt, e));
    felt.addEventListener("pointerup", (e) => this.up(felt, e));
    felt.addEventListener("pointercancel", (e) => this.cancel(e));
    felt.addEventListener("lostpointercapture", (e) => this.cancel(e));
    felt.addEventListener("contextmenu", (e) => e.preventDefault());
    if (undo) undo.addEventListener("click", () => this.keep({ kind: "undo", t: Math.round(performance.now()) }));
    this.show();
  }

  /** Whether gestures are taken now (Python has not taken them yet). */
  open() {
    return !this.taken && !html.hasAttribute("data-ready") && this.table !== null && this.table.isConnected;
  }

  /** @param {HTMLElement} felt @param {PointerEvent} e */
  down(felt, e) {
    if (this.press || !this.open() || e.button > 0) {
      e.preventDefault(); // a second finger or button: ignored
      return;
    }
    if (this.gestures.length) return; // one move waits at a time (the pill says so)
    const node = /** @type {HTMLElement | null} */ (e.target instanceof Element ? e.target.closest(".card") : null);
    const pile = node?.getAttribute("data-in") || "";
    if (!node || !felt.contains(node) || !PRESSED.test(pile)) return;
    e.preventDefault();
    const pos = Number(node.dataset.pos);
    // what a drag carries: the pressed card and the cards on it in its column (the stock: nothing)
    const nodes = pile === "stock"
      ? [node]
      : [.../** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(".card"))]
          .filter((c) => c.getAttribute("data-in") === pile && Number(c.dataset.pos) >= pos)
          .sort((a, b) => Number(a.dataset.pos) - Number(b.dataset.pos));
    const r = node.getBoundingClientRect();
    const w = r.width || 1;
    this.press = {
      id: e.pointerId,
      touch: e.pointerType === "touch",
      x0: e.clientX,
      y0: e.clientY,
      nodes,
      homes: nodes.map((n) => [n.style.transform, n.style.zIndex]),
      pile,
      pos,
      card: node.dataset.card || "",
      gx: (e.clientX - r.left) / w,
      gy: (e.clientY - r.top) / w,
      lifted: false,
      moved: false,
    };
    try {
      felt.setPointerCapture(e.pointerId);
    } catch {
      // the press still works without capture
    }
  }

  /** @param {HTMLElement} felt @param {PointerEvent} e */
  move(felt, e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    if (!p.lifted) {
      // the table's threshold: a finger wobbles more than a mouse (ui/table/pointer.py's Drag)
      const far = Math.abs(e.clientX - p.x0) + Math.abs(e.clientY - p.y0) >= (p.touch ? 8 : 4);
      if (!far) return;
      p.moved = true; // the stock is not dragged: a press on it that moves is neither drag nor tap
      if (p.pile === "stock") return;
      p.lifted = true;
      p.nodes.forEach((n, k) => {
        n.classList.add("lifted");
        n.style.zIndex = String(LIFTED_Z + k);
      });
    }
    this.follow(felt, p, e.clientX, e.clientY);
  }

  /** The lifted cards under the pointer, as the table's drag moves them. */
  follow(/** @type {HTMLElement} */ felt, /** @type {NonNullable<FirstMove["press"]>} */ p, /** @type {number} */ x, /** @type {number} */ y) {
    const f = felt.getBoundingClientRect();
    const w = cardWidth(felt);
    const head = p.nodes[0].getBoundingClientRect();
    const hx = x - f.left - p.gx * w;
    const hy = y - f.top - p.gy * w;
    const ox = head.left - f.left;
    const oy = head.top - f.top;
    for (const n of p.nodes) {
      const r = n.getBoundingClientRect();
      n.style.transform = tf(hx + r.left - f.left - ox, hy + r.top - f.top - oy);
    }
  }

  /** @param {HTMLElement} felt @param {PointerEvent} e */
  up(felt, e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    if (!this.open()) return this.putBack(p);
    const t = Math.round(performance.now());
    const pressed = { card: p.card, pile: p.pile, pos: p.pos, gx: round(p.gx), gy: round(p.gy), touch: p.touch, t };
    if (!p.lifted) {
      if (!p.moved) this.keep({ kind: "tap", ...pressed });
      return;
    }
    this.follow(felt, p, e.clientX, e.clientY);
    p.nodes.forEach((n) => n.classList.remove("lifted"));
    // where the pressed card lies now, from the nearest pile's corner
    const f = felt.getBoundingClientRect();
    const w = cardWidth(felt);
    const head = p.nodes[0].getBoundingClientRect();
    const hx = head.left - f.left;
    const hy = head.top - f.top;
    let best = { pile: "", dx: 0, dy: 0 };
    let far = Infinity;
    for (const [pile, [bx, by]] of Object.entries(bases(felt))) {
      const d = Math.hypot(hx - bx, hy - by);
      if (d < far) [far, best] = [d, { pile, dx: round((hx - bx) / w), dy: round((hy - by) / w) }];
    }
    if (!best.pile) return this.putBack(p);
    this.keep({ kind: "drag", ...pressed, to: best });
  }

  /** A cancelled pointer: the cards go back. @param {PointerEvent} e */
  cancel(e) {
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    this.putBack(p);
  }

  /** @param {NonNullable<FirstMove["press"]>} p */
  putBack(p) {
    p.nodes.forEach((n, k) => {
      n.classList.remove("lifted");
      [n.style.transform, n.style.zIndex] = p.homes[k];
    });
  }

  /** A gesture kept: shown as waiting, and written down. @param {Gesture} g */
  keep(g) {
    if (!this.open()) return;
    // one move, then at most one Undo (as on the table, Undo does nothing before a move)
    if (g.kind === "undo" ? this.gestures.length !== 1 : this.gestures.length !== 0) return;
    this.gestures.push(g);
    try {
      localStorage.setItem(KEY, JSON.stringify({ v: VERSION, address: this.deal.address, gestures: this.gestures }));
    } catch {
      // storage refused: kept for this page only
    }
    this.show();
  }

  /** What waits, on the table as drawn now: the cards where they were let go, and the pill's words. */
  show() {
    const table = this.table;
    if (!table) return;
    const felt = /** @type {HTMLElement | null} */ (table.querySelector(".felt"));
    if (!felt) return;
    for (const g of this.gestures) {
      if (g.kind === "undo") {
        table.querySelector('[data-action="undo"]')?.setAttribute("data-waiting", "");
        continue;
      }
      const nodes = [.../** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(".card"))]
        .filter((c) => c.getAttribute("data-in") === g.pile && Number(c.dataset.pos) >= (g.pos ?? 0))
        .filter((c) => g.pile !== "stock" || Number(c.dataset.pos) === g.pos)
        .sort((a, b) => Number(a.dataset.pos) - Number(b.dataset.pos));
      if (!nodes.length) continue;
      if (g.kind === "drag" && g.to) {
        const base = bases(felt)[g.to.pile];
        const w = cardWidth(felt);
        if (base) {
          const f = felt.getBoundingClientRect();
          const head = nodes[0].getBoundingClientRect();
          const [hx, hy] = [base[0] + g.to.dx * w, base[1] + g.to.dy * w];
          const [ox, oy] = [head.left - f.left, head.top - f.top];
          nodes.forEach((n, k) => {
            const r = n.getBoundingClientRect();
            n.style.transform = tf(hx + r.left - f.left - ox, hy + r.top - f.top - oy);
            n.style.zIndex = String(LIFTED_Z + k);
          });
        }
      }
      for (const n of nodes) n.setAttribute("data-waiting", "");
    }
    const words = waitingText(this.gestures);
    if (words) html.dataset.firstMove = "waiting";
    const inner = document.querySelector("#loading .loading-inner");
    let line = document.getElementById("loading-waiting");
    if (words && inner && !line) {
      line = document.createElement("p");
      line.id = "loading-waiting";
      line.className = "loading-waiting";
      inner.insertBefore(line, document.getElementById("loading-status"));
    }
    if (line) {
      line.textContent = words;
      line.hidden = !words;
    }
  }

  /** Python takes the kept gestures, once: the page's gestures stop here. @returns {string | null} */
  take() {
    if (this.taken) return null;
    this.taken = true;
    const p = this.press;
    if (p) this.putBack(p); // a press still held when the game became ready: not a gesture
    this.press = null;
    if (!this.gestures.length) return null;
    return JSON.stringify({ v: VERSION, address: this.deal.address, gestures: this.gestures });
  }

  /** Python answered the kept gestures (played or refused): nothing waits any more. */
  done() {
    this.forget();
    this.gestures = [];
    if (html.dataset.firstMove === "waiting") html.dataset.firstMove = "answered";
    performance.mark("spider-first-move-answered"); // bench/load.py
  }

  /** The welcome deal is taken away (the storage knows this player): nothing is kept or played. */
  withdraw() {
    this.taken = true;
    this.gestures = [];
    this.forget();
    delete html.dataset.firstMove;
    document.getElementById("loading-waiting")?.remove();
  }

  /** The kept gesture is not this player's to play (a player the storage knows): removed. */
  forget() {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // nothing to remove
    }
  }
}

/** @param {number} v */
const round = (v) => Math.round(v * 10000) / 10000;

/** @param {number} x @param {number} y */
const tf = (x, y) => `translate3d(${x.toFixed(2)}px, ${y.toFixed(2)}px, 0)`;

/** @param {HTMLElement} felt */
function cardWidth(felt) {
  const card = felt.querySelector(".card");
  return (card && card.getBoundingClientRect().width) || 1;
}

/** Every pile's base (its placeholder's corner) on the felt. @param {HTMLElement} felt @returns {Record<string, [number, number]>} */
function bases(felt) {
  const f = felt.getBoundingClientRect();
  /** @type {Record<string, [number, number]>} */
  const out = {};
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(".pile[data-pile]"))) {
    const pile = node.dataset.pile || "";
    if (!BASE.test(pile)) continue;
    const r = node.getBoundingClientRect();
    out[pile] = [r.left - f.left, r.top - f.top];
  }
  return out;
}
