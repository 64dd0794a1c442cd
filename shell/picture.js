// @ts-check
// The table, shown at once while Python starts: on a return visit as the
// player left it, and on a new player's first visit the welcome deal, dealt
// (shell/welcome.js). Plain JavaScript, no inline style (the CSP allows the
// CSSOM only).
//
// When the page is hidden or left, the cards, the empty piles and the
// header's title and figures are read from the table's DOM and kept in
// localStorage ("spider.picture"; synchronous, so the next start can draw
// them before its first paint). The next start draws them under a small
// "Getting the cards ready…" pill if the window has the same size (another
// size would need another layout) and the address names the same game or
// none (a link to another game will not show this table). When the game is
// ready the picture goes at once, the real table drawn in the same place.
// Input waits politely: the picture takes no clicks and the pill says what
// is happening.
// Everything read back is checked (a corrupt or hostile value draws nothing).
//
// A start with no kept table at all may be a new player's: when the address
// names no other game, the welcome deal is dealt the same way, under the same
// pill, and goes the same way when the game (that same deal) is ready; the
// storage's first read takes it away again if it knows the player. Its cards
// can be moved while Python starts: the gesture is kept and played once the
// game is ready (shell/firstmove.js).

import { FirstMove, KEY as FIRST_MOVE } from "./firstmove.js";
import { WELCOME, drawWelcome, welcomes } from "./welcome.js";

const KEY = "spider.picture";
const VERSION = 1;
const MAX_CHARS = 100000;
const CARD = /^[A2-9TJQK][shdc]$/;
const CLASS = /^(hc|narrow|simple|back-[a-z]{1,12}|felt-[a-z]{1,12}|faces-(large|fourcolour|hc-large|hc-fourcolour))$/;
const PILE = /^(column|free|run|foundation|draw|stock)$/;
const html = document.documentElement;

/**
 * The picture as kept: what capture() reads, checked by valid() when read back.
 * @typedef {[number, number, number, number]} Rect x, y, width, height
 * @typedef {object} Picture
 * @property {number} v
 * @property {string} address
 * @property {number} w
 * @property {number} h
 * @property {number} top
 * @property {number} cw
 * @property {number} ch
 * @property {string[]} classes
 * @property {number} bar
 * @property {Rect} info
 * @property {Rect[]} buttons
 * @property {string} title
 * @property {string} stats
 * @property {[string, number, number, number][]} cards face ("" face down), x, y, z-index
 * @property {[string, number, number][]} piles kind, x, y
 */

/** @param {unknown} v @returns {v is number} */
function num(v) {
  return typeof v === "number" && Number.isFinite(v) && Math.abs(v) <= 20000;
}

/** @param {unknown} v */
function text(v) {
  return typeof v === "string" && v.length <= 120 ? v : "";
}

// ---- keeping the picture -----------------------------------------------------
/** @returns {Picture | null} */
function capture() {
  const table = /** @type {HTMLElement | null} */ (document.querySelector("#table"));
  const felt = table && table.querySelector(".felt");
  if (!felt || !html.hasAttribute("data-ready") || table.dataset.preset === undefined) return null;
  const origin = felt.getBoundingClientRect();
  /** @param {Element} node @returns {Rect} */
  const box = (node) => {
    const r = node.getBoundingClientRect();
    return [Math.round(r.left - origin.left), Math.round(r.top - origin.top), Math.round(r.width), Math.round(r.height)];
  };
  /** @type {Picture["cards"]} */
  const cards = [];
  for (const node of felt.querySelectorAll(/** @type {"div"} */ (".card"))) {
    if (node.style.display === "none" || node.hidden) continue;
    const [x, y] = box(node);
    const up = node.dataset.face === "up" && CARD.test(node.dataset.card || "");
    cards.push([up ? node.dataset.card ?? "" : "", x, y, Number(node.style.zIndex) || 0]);
  }
  /** @type {Picture["piles"]} */
  const piles = [];
  for (const node of felt.querySelectorAll(".pile")) {
    const kind = [...node.classList].map((c) => c.slice(5)).find((c) => PILE.test(c) && node.classList.contains("pile-" + c));
    if (!kind || node.getAttribute("aria-hidden") === "true") continue;
    const [x, y] = box(node);
    piles.push([kind, x, y]);
  }
  const first = felt.querySelector(".card") || felt.querySelector(".pile");
  const size = first ? box(first) : [0, 0, 0, 0];
  const bar = table.querySelector(".bar");
  /** @param {Element} node @returns {Rect} */
  const within = (node) => {
    const r = node.getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
  };
  const info = bar?.querySelector(".info");
  const buttons = bar ? [...bar.querySelectorAll("button")].filter((b) => !b.hidden).slice(0, 12).map(within) : [];
  return {
    v: VERSION,
    address: location.hash.slice(0, 200),
    w: innerWidth,
    h: innerHeight,
    top: Math.round(origin.top),
    cw: size[2],
    ch: size[3],
    classes: [...table.classList].filter((c) => CLASS.test(c)),
    bar: bar ? Math.round(bar.getBoundingClientRect().height) : 0,
    info: info ? within(info) : [0, 0, 0, 0],
    buttons,
    title: text(bar?.querySelector(".title")?.textContent),
    stats: text(bar?.querySelector(".stats")?.textContent),
    cards,
    piles,
  };
}

function keep() {
  try {
    const picture = capture();
    if (picture) localStorage.setItem(KEY, JSON.stringify(picture));
  } catch {
    // storage full or refused: the next start shows the loading screen
  }
}

// ---- drawing it --------------------------------------------------------------
/** @param {any} p @returns {p is Picture} */
function valid(p) {
  if (!p || p.v !== VERSION || p.w !== innerWidth || p.h !== innerHeight) return false;
  // an address naming another game (a link, a daily deal) will not show this table
  if (typeof p.address !== "string" || (location.hash && location.hash !== p.address)) return false;
  if (![p.top, p.cw, p.ch].every(num) || p.cw <= 0 || p.ch <= 0) return false;
  if (!Array.isArray(p.classes) || !p.classes.every((/** @type {unknown} */ c) => typeof c === "string" && CLASS.test(c))) return false;
  if (!Array.isArray(p.cards) || p.cards.length > 160 || !Array.isArray(p.piles) || p.piles.length > 40) return false;
  const cardOk = (/** @type {unknown[]} */ c) =>
    Array.isArray(c) && c.length === 4 && typeof c[0] === "string" && (c[0] === "" || CARD.test(c[0])) &&
    num(c[1]) && num(c[2]) && Number.isInteger(c[3]) && Math.abs(/** @type {number} */ (c[3])) < 1e7;
  const pileOk = (/** @type {unknown[]} */ q) => Array.isArray(q) && q.length === 3 && typeof q[0] === "string" && PILE.test(q[0]) && num(q[1]) && num(q[2]);
  const rectOk = (/** @type {unknown[]} */ r) => Array.isArray(r) && r.length === 4 && r.every(num);
  if (!num(p.bar) || !rectOk(p.info) || !Array.isArray(p.buttons) || p.buttons.length > 12 || !p.buttons.every(rectOk)) {
    return false;
  }
  const faces = p.classes.some((/** @type {string} */ c) => c.startsWith("faces-"));
  return p.cards.every(cardOk) && p.piles.every(pileOk) && (!p.cards.some((/** @type {unknown[]} */ c) => c[0]) || faces);
}

/** @param {string} tag @param {string} cls @param {Element} [parent] */
function el(tag, cls, parent) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (parent) parent.appendChild(node);
  return node;
}

/** @param {Picture} p */
function draw(p) {
  const loading = document.getElementById("loading");
  if (!loading) return;
  const table = el("div", "table picture " + p.classes.join(" "));
  table.id = "table-picture";
  table.setAttribute("aria-hidden", "true");
  // the header as it was: its buttons as quiet outlines (they work once the game is ready)
  const bar = el("div", "bar", table);
  bar.style.height = p.bar + "px";
  /** @param {HTMLElement} node @param {Rect} rect */
  const place = (node, [x, y, w, h]) => {
    node.style.position = "absolute";
    node.style.left = x + "px";
    node.style.top = y + "px";
    node.style.width = w + "px";
    node.style.height = h + "px";
  };
  for (const r of p.buttons) place(el("span", "btn picture-btn", bar), r);
  const info = el("div", "info", bar);
  place(info, p.info);
  el("div", "title", info).textContent = text(p.title);
  el("div", "stats", info).textContent = text(p.stats);
  const felt = el("div", "felt", table);
  felt.style.top = p.top + "px";
  felt.style.setProperty("--cw", p.cw + "px");
  felt.style.setProperty("--ch", p.ch + "px");
  felt.style.setProperty("--radius", Math.max(2, p.cw * 0.07).toFixed(1) + "px");
  for (const [kind, x, y] of p.piles) {
    const node = el("div", "pile pile-" + kind, felt);
    node.style.transform = `translate3d(${x}px, ${y}px, 0)`;
  }
  for (const [card, x, y, z] of p.cards) {
    const node = el("div", "card", felt);
    node.dataset.face = card ? "up" : "down";
    if (card) node.dataset.card = card; // the face set's stylesheet draws it
    node.style.transform = `translate3d(${x}px, ${y}px, 0)`;
    node.style.zIndex = String(z);
  }
  loading.prepend(table);
  html.dataset.picture = "";
  // The game is ready: the real table is drawn in the same place, so the
  // picture goes at once, and the loading screen with it, without a fade
  // (shell.css); from then on the page holds one table.
  addEventListener("spider:ready", () => table.remove(), { once: true });
  performance.mark("spider-picture"); // bench/load.py: the table shown, as a picture
}

// The back this player chose, fetched at once (the default one is preloaded by
// index.html), so that no card of the first deal is ever blank.
/** @param {any} p */
function preloadBack(p) {
  const ok = p && Array.isArray(p.classes) && p.classes.every((/** @type {unknown} */ c) => typeof c === "string" && CLASS.test(c));
  const classes = ok ? p.classes : [];
  const back = classes.includes("hc") ? "contrast" : (classes.find((/** @type {string} */ c) => /^back-[a-z]{1,12}$/.test(c)) || "").slice(5);
  if (!back || back === "blue") return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.type = "image/svg+xml";
  link.href = `./assets/cards/backs/${back}.svg`;
  document.head.appendChild(link);
}

function show() {
  let raw;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return;
  }
  if (!raw) {
    showWelcome();
    return;
  }
  forgetFirstMove(); // a gesture kept on the welcome deal belongs to no table but that one
  if (raw.length > MAX_CHARS) return;
  let picture;
  try {
    picture = JSON.parse(raw);
  } catch {
    picture = null;
  }
  preloadBack(picture); // a window of another size still wants the back
  if (valid(picture)) draw(picture);
}

// The welcome deal. A player this page has seen has something of ours in
// localStorage (the picture kept when the page was left, at least), so a
// start with nothing there deals it at once, before the first paint; the
// storage's first read (shell/store.js, which runs after this module) then
// confirms a new player, or takes the welcome deal away again.
function showWelcome() {
  const data = WELCOME;
  const loading = document.getElementById("loading");
  const app = document.getElementById("app");
  if (!data || !loading || !app || !nothingKept() || !welcomes(data, { kv: {}, games: [] })) {
    forgetFirstMove();
    return;
  }
  html.dataset.picture = "welcome"; // first: the picture's styles apply as it is laid out
  let table = drawWelcome(data, loading, app);
  // the cards take a first move while Python starts (and show one kept from a page closed while it waited)
  const first = new FirstMove(data);
  shell().firstMove = first;
  first.attach(table);
  // a window turned or resized before Python is ready: dealt again for its size
  const redraw = () => {
    table.remove();
    table = drawWelcome(data, loading, app);
    first.attach(table);
  };
  const end = () => {
    removeEventListener("resize", redraw);
    table.remove();
  };
  addEventListener("resize", redraw);
  addEventListener("spider:ready", end, { once: true });
  performance.mark("spider-picture"); // bench/load.py: the first cards on screen
  const confirm = async () => {
    let stored;
    try {
      stored = await /** @type {any} */ (globalThis).spiderStore.ready;
    } catch {
      stored = null;
    }
    if (html.hasAttribute("data-ready") || (stored && welcomes(data, stored))) return;
    end(); // the storage knows this player: the loading screen, as for any start without a picture
    delete html.dataset.picture;
    first.withdraw(); // the game Python opens is this player's own: nothing waits to be played on it
  };
  if (/** @type {any} */ (globalThis).spiderStore) confirm();
  else addEventListener("spider:store", confirm, { once: true });
}

/** The shell's record, shared with shell/boot.js and Python (`window.spiderShell`). */
function shell() {
  return /** @type {any} */ (globalThis).spiderShell ??= {};
}

/** A gesture kept for the welcome deal, when it will not be shown: removed. */
function forgetFirstMove() {
  try {
    localStorage.removeItem(FIRST_MOVE);
  } catch {
    // no storage: nothing kept
  }
}

/** Nothing of this game in localStorage (a new player, or a storage cleared;
 * a first move kept on the welcome deal is a new player's). */
function nothingKept() {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) || "";
      if (key.startsWith("spider.") && key !== FIRST_MOVE) return false;
    }
    return true;
  } catch {
    return false;
  }
}

show();
addEventListener("pagehide", keep);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") keep();
});
