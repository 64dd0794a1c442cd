// @ts-check
// The game's storage: IndexedDB, with every write committed durably, and tabs
// that cooperate. Plain JavaScript so that it starts reading while Python is
// still loading; the page side (Python) owns every format: this layer keeps
// text under keys and never parses what it stores.
//
//   window.spiderStore.ready   a Promise of the first read, started at once:
//       { backend: "indexeddb" | "localstorage" | "memory",
//         durable: bool,            // writes reach the disk before they resolve
//         migrated: bool,           // this start moved the old localStorage keys
//         kv: { key: text, ... },   // every key-value entry (settings, stats, ...)
//         games: [ { id, meta } ],  // every game's id and small meta text
//         note: text | "" }         // why storage is degraded, for the player
//
//   getGame(id) -> {id, meta, save} | null        listGames() -> [{id, meta}]
//   putGame(id, meta, save) -> Promise            deleteGame(id) -> Promise
//   getText(key) -> text | null                   putText(key, text) -> Promise
//   commit({games: [{id, meta, save}], kv: {key: text|null}, remove: [id]}, {relaxed})
//       one transaction, all or nothing (null in kv deletes the key); relaxed:
//       a write that may wait for the disk (the clock's), not a player's action
//   withLock(name, fn) -> fn's result, run while holding a lock every tab of
//       this site respects (Web Locks; in-page only where the browser has none)
//   update(id, keys, fn) -> bool   read-modify-write across tabs: under the
//       "update" lock, reads game `id`'s meta (null if none) and the texts of
//       `keys`, calls fn(meta, {key: text|null}) and commits the change it
//       returns (a commit() argument; null: nothing to write). True when it wrote.
//   claim(id, {steal}) -> bool   play game `id` in this tab; false if another
//       tab holds it (steal: take it over; that tab is told)
//   release(id)
//   onChange(fn)   fn({type, id, key, from}) for writes made by other tabs, and
//                  {type: "lost", id} when another tab took a game over
//
// Durability: IndexedDB transactions are opened with durability "strict"
// (where the browser knows the option; a relaxed commit, the clock's, is
// "relaxed"), so a promise resolves only once the data is on disk; a kill
// right after a move keeps the move.
//
// Writes in flight when the page goes away: Chromium aborts a transaction
// that has not committed when its page is unloaded, so a reload or a closed
// tab a few milliseconds after a move would lose it. On pagehide (and for a
// write made after it) the games and texts of the writes still in flight are
// copied synchronously to localStorage ("spider.inflight.<tab>"); the next
// start writes each game back unless the database holds a later write of it
// (every record carries `at`, the time of its write), then removes the copy.
// Statistics are not copied back (they are counted again from the games).
//
// The page loads this module before Python (index.html: after shell/early.js
// and shell/picture.js), so the database is open and read by the time Python
// asks (ui/main.py awaits `ready`).
//
// Migration: the first start that finds no database copies the old
// localStorage keys (spider.v1.current, .settings, .stats) into kv under
// "legacy.current", "settings" and "stats"; the page turns "legacy.current"
// into a game record. The old keys are left as they were (a source, never a
// second copy that is written to).
//
// Fallbacks: no IndexedDB (blocked, a private mode that refuses it) ->
// localStorage under "spider.v2." with the same API; no localStorage either ->
// memory only, and `note` says that nothing will be kept.

const DB_NAME = "spider";
const DB_VERSION = 1;
const GAMES = "games";
const KV = "kv";
const LEGACY = { "spider.v1.current": "legacy.current", "spider.v1.settings": "settings", "spider.v1.stats": "stats" };
const LS_PREFIX = "spider.v2.";
const INFLIGHT = "spider.inflight.";
const INFLIGHT_MAX = 8 * 1024 * 1024; // characters: more is not ours
const CHANNEL = "spider-store";

/** @typedef {{id: string, meta: string, save: string}} Game a game as read */
/** @typedef {{id: string, meta: string}} GameEntry a game as listed */
/** @typedef {{id: string, meta: string, save: string, at: number}} Written a game as written, with the time of its write */
/** @typedef {Record<string, string | null | undefined>} Texts key -> text (null or undefined: delete the key) */
/**
 * A change, as commit() takes it: one transaction, all or nothing.
 * @typedef {{games?: {id: unknown, meta: unknown, save: unknown}[], kv?: Texts, remove?: unknown[]}} Change
 */
/** @typedef {{games?: Written[], kv?: Texts, remove?: unknown[]}} BackendChange */
/** @typedef {{type: string, id?: string, key?: string, removed?: boolean, from?: string}} StoreMessage */

const tabId = Math.random().toString(36).slice(2) + Date.now().toString(36);
/** @type {Set<(message: StoreMessage) => void>} */
const listeners = new Set();
/** @type {Map<string, () => void>} game id -> function that releases its lock */
const held = new Map();
/** @type {BroadcastChannel | null} */
let channel = null;
try {
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e) => {
    const msg = e.data || {};
    if (msg.from !== tabId) emit(msg);
  };
} catch (_) {
  channel = null;
}

/** @param {StoreMessage} msg */
function emit(msg) {
  for (const fn of listeners) {
    try {
      fn(msg);
    } catch (e) {
      console.error("spiderStore listener failed:", e);
    }
  }
}

/** @param {StoreMessage} msg */
function tell(msg) {
  if (channel) channel.postMessage({ ...msg, from: tabId });
}

/** @template T @param {IDBRequest<T>} r @returns {Promise<T>} */
function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

/** @param {IDBTransaction} tx @returns {Promise<void>} */
function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error || new DOMException("transaction aborted", "AbortError"));
    tx.onerror = () => reject(tx.error);
  });
}

// ---- backends ------------------------------------------------------------------

class IdbBackend {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
    this.name = "indexeddb";
    this.durable = true;
  }
  /** @param {string[]} stores @param {IDBTransactionMode} mode */
  tx(stores, mode, relaxed = false) {
    try {
      const durability = relaxed ? "relaxed" : "strict";
      return this.db.transaction(stores, mode, mode === "readwrite" ? { durability } : undefined);
    } catch (_) {
      return this.db.transaction(stores, mode);
    }
  }
  /** @param {string} id @returns {Promise<Game | null>} */
  async getGame(id) {
    const rec = await req(this.tx([GAMES], "readonly").objectStore(GAMES).get(String(id)));
    return rec ? { id: rec.id, meta: rec.meta, save: rec.save } : null;
  }
  /** @param {string} id @returns {Promise<number | null>} */
  async writtenAt(id) {
    const rec = await req(this.tx([GAMES], "readonly").objectStore(GAMES).get(String(id)));
    return rec ? (typeof rec.at === "number" ? rec.at : 0) : null;
  }
  /** @returns {Promise<GameEntry[]>} */
  async listGames() {
    /** @type {GameEntry[]} */
    const out = [];
    const tx = this.tx([GAMES], "readonly");
    await /** @type {Promise<void>} */ (new Promise((resolve, reject) => {
      const cursor = tx.objectStore(GAMES).openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return resolve();
        out.push({ id: c.value.id, meta: c.value.meta });
        c.continue();
      };
      cursor.onerror = () => reject(cursor.error);
    }));
    return out;
  }
  /** @param {string} key @returns {Promise<string | null>} */
  async getText(key) {
    const v = await req(this.tx([KV], "readonly").objectStore(KV).get(String(key)));
    return v === undefined ? null : v;
  }
  async allText() {
    const tx = this.tx([KV], "readonly");
    const store = tx.objectStore(KV);
    const [keys, values] = await Promise.all([req(store.getAllKeys()), req(store.getAll())]);
    /** @type {Record<string, string>} */
    const out = {};
    keys.forEach((k, i) => (out[String(k)] = values[i]));
    return out;
  }
  /** @param {BackendChange} change */
  async commit({ games = [], kv = {}, remove = [] }, relaxed = false) {
    const tx = this.tx([GAMES, KV], "readwrite", relaxed);
    const finished = done(tx);
    try {
      const g = tx.objectStore(GAMES);
      const k = tx.objectStore(KV);
      for (const { id, meta, save, at } of games) g.put({ id: String(id), meta: String(meta), save: String(save), at });
      for (const id of remove) g.delete(String(id));
      for (const [key, text] of Object.entries(kv)) {
        if (text === null || text === undefined) k.delete(key);
        else k.put(String(text), key);
      }
    } catch (e) {
      // Without this the requests already made would commit on their own.
      finished.catch(() => {});
      try {
        tx.abort();
      } catch (_) {
        /* already finished */
      }
      throw e;
    }
    await finished;
  }
}

class MapBackend {
  // localStorage (durable: false, it reaches the disk late) or plain memory
  /** @param {Storage | null} storage */
  constructor(storage) {
    this.s = storage;
    this.name = storage ? "localstorage" : "memory";
    this.durable = false;
    /** @type {Map<string, string>} */
    this.mem = new Map();
  }
  /** @param {string} k @returns {string | null} */
  _get(k) {
    return this.s ? this.s.getItem(LS_PREFIX + k) : (this.mem.get(k) ?? null);
  }
  /** @returns {string[]} */
  _keys() {
    if (!this.s) return [...this.mem.keys()];
    const out = [];
    for (let i = 0; i < this.s.length; i++) {
      const k = this.s.key(i);
      if (k && k.startsWith(LS_PREFIX)) out.push(k.slice(LS_PREFIX.length));
    }
    return out;
  }
  /** @param {string} id @returns {Promise<Game | null>} */
  async getGame(id) {
    const text = this._get("game." + id);
    if (text === null) return null;
    try {
      const rec = JSON.parse(text);
      return { id: String(id), meta: String(rec.meta), save: String(rec.save) };
    } catch (_) {
      return null;
    }
  }
  /** @returns {Promise<GameEntry[]>} */
  async listGames() {
    /** @type {GameEntry[]} */
    const out = [];
    for (const k of this._keys()) {
      if (!k.startsWith("game.")) continue;
      const rec = await this.getGame(k.slice(5));
      if (rec) out.push({ id: rec.id, meta: rec.meta });
    }
    return out;
  }
  /** @param {string} key */
  async getText(key) {
    return this._get("kv." + key);
  }
  async allText() {
    /** @type {Record<string, string | null>} */
    const out = {};
    for (const k of this._keys()) if (k.startsWith("kv.")) out[k.slice(3)] = this._get(k);
    return out;
  }
  /** @param {BackendChange} change */
  async commit({ games = [], kv = {}, remove = [] }) {
    // Write everything or nothing: on a failure (storage full) undo what was written.
    /** @type {[string, string | null][]} */
    const writes = [];
    for (const { id, meta, save } of games) writes.push(["game." + id, JSON.stringify({ meta: String(meta), save: String(save) })]);
    for (const id of remove) writes.push(["game." + id, null]);
    for (const [key, text] of Object.entries(kv)) writes.push(["kv." + key, text === null || text === undefined ? null : String(text)]);
    /** @type {[string, string | null][]} */
    const before = writes.map(([k]) => [k, this._get(k)]);
    try {
      for (const [k, v] of writes) this._set(k, v);
    } catch (e) {
      for (const [k, v] of before) {
        try {
          this._set(k, v);
        } catch (_) {
          /* restoring a smaller value cannot fail for lack of room */
        }
      }
      throw e;
    }
  }
  /** @param {string} k @param {string | null} v */
  _set(k, v) {
    if (!this.s) {
      if (v === null) this.mem.delete(k);
      else this.mem.set(k, v);
    } else if (v === null) this.s.removeItem(LS_PREFIX + k);
    else this.s.setItem(LS_PREFIX + k, v);
  }
}

/** @returns {Promise<{db: IDBDatabase, created: boolean}>} */
function openDb() {
  return new Promise((resolve, reject) => {
    let r;
    try {
      r = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (e) {
      reject(e);
      return;
    }
    let created = false;
    r.onupgradeneeded = (e) => {
      const db = r.result;
      if (e.oldVersion < 1) {
        db.createObjectStore(GAMES, { keyPath: "id" });
        db.createObjectStore(KV);
        created = true;
      }
    };
    r.onsuccess = () => {
      const db = r.result;
      // Another tab of a newer version asks to upgrade: step aside.
      db.onversionchange = () => db.close();
      resolve({ db, created });
    };
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new DOMException("the database is blocked by another tab", "InvalidStateError"));
  });
}

function localStorageOrNull() {
  try {
    const s = globalThis.localStorage;
    const probe = LS_PREFIX + "probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch (_) {
    return null;
  }
}

/** @returns {Record<string, string>} */
function legacyTexts() {
  /** @type {Record<string, string>} */
  const out = {};
  try {
    for (const [old, key] of Object.entries(LEGACY)) {
      const text = localStorage.getItem(old);
      if (text !== null) out[key] = text;
    }
  } catch (_) {
    /* no localStorage: nothing to migrate */
  }
  return out;
}

// ---- locks ---------------------------------------------------------------------

/** @type {Map<string, Promise<unknown>>} fallback without Web Locks: a queue per name */
const localLocks = new Map();

/** @template T @param {string} name @param {() => T | Promise<T>} fn @returns {Promise<T>} */
async function withLock(name, fn) {
  if (navigator.locks && navigator.locks.request) {
    return navigator.locks.request("spider." + name, async () => await fn());
  }
  const prev = localLocks.get(name) || Promise.resolve();
  /** @type {() => void} */
  let release = () => {};
  const next = new Promise((r) => (release = () => r(undefined)));
  localLocks.set(name, prev.then(() => next));
  await prev;
  try {
    return await fn();
  } finally {
    release();
  }
}

/** @param {unknown} gameId @param {{steal?: boolean}} [options] @returns {Promise<boolean>} */
function claim(gameId, { steal = false } = {}) {
  const id = String(gameId);
  if (held.has(id)) return Promise.resolve(true);
  if (!(navigator.locks && navigator.locks.request)) {
    held.set(id, () => {});
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    const options = steal ? { steal: true } : { ifAvailable: true };
    navigator.locks
      .request("spider.game." + id, options, (lock) => {
        if (!lock) {
          resolve(false);
          return null;
        }
        return new Promise((release) => {
          held.set(id, () => release(undefined));
          resolve(true);
          if (steal) tell({ type: "taken", id });
        });
      })
      .catch((e) => {
        // Another tab stole the lock: this tab no longer plays the game.
        if (held.has(id)) {
          held.delete(id);
          emit({ type: "lost", id });
        } else {
          resolve(false);
          if (e && e.name !== "AbortError") console.error("spiderStore claim failed:", e);
        }
      });
  });
}

/** @param {unknown} gameId */
function release(gameId) {
  const id = String(gameId);
  const fn = held.get(id);
  held.delete(id);
  if (fn) fn();
}

// ---- the store ------------------------------------------------------------------

/** @type {IdbBackend | MapBackend} */
let backend = new MapBackend(null); // until start() has chosen

async function start() {
  let migrated = false;
  let note = "";
  try {
    if (!globalThis.indexedDB) throw new Error("IndexedDB is not available");
    const { db } = await openDb();
    const idb = new IdbBackend(db);
    backend = idb;
    // Migrate once, under a lock, so two tabs opened together do it once.
    await withLock("migrate", async () => {
      const flag = await idb.getText("migrated");
      if (flag !== null) return;
      const texts = legacyTexts();
      await idb.commit({ kv: { ...texts, migrated: "1" } });
      migrated = Object.keys(texts).length > 0;
    });
  } catch (e) {
    const s = localStorageOrNull();
    const map = new MapBackend(s);
    backend = map;
    note = s
      ? "This browser's database is not available, so games are kept in its simpler storage, which a crash can lose."
      : "This browser keeps no data for this page: games and statistics last only until it is closed.";
    console.warn("spiderStore: falling back to " + map.name + ":", messageOf(e));
    if (s && (await map.getText("migrated")) === null) {
      const texts = legacyTexts();
      try {
        await map.commit({ kv: { ...texts, migrated: "1" } });
        migrated = Object.keys(texts).length > 0;
      } catch (_) {
        /* full: the old keys stay where they are */
      }
    }
  }
  if (backend instanceof IdbBackend) {
    try {
      await restoreInflight(backend);
    } catch (e) {
      console.warn("spiderStore: writes in flight not restored:", messageOf(e));
    }
  }
  const [kv, games] = await Promise.all([backend.allText(), backend.listGames()]);
  return { backend: backend.name, durable: backend.durable, migrated, kv, games, note };
}

/** @param {unknown} e */
function messageOf(e) {
  return e instanceof Error || e instanceof DOMException ? e.message : e;
}

const ready = start();

// ---- writes in flight ---------------------------------------------------------

/** @type {Map<number, {games: Written[], kv: Texts}>} write number -> the write, not yet committed */
const inflight = new Map();
let writes = 0;
let lastAt = 0;
let unloading = false;

function stamp() {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return lastAt;
}

function keepInflight() {
  // Synchronous: this runs while the page is going away.
  let s;
  try {
    s = globalThis.localStorage;
    if (!s) return;
  } catch (_) {
    return;
  }
  const key = INFLIGHT + tabId;
  try {
    if (!inflight.size) {
      s.removeItem(key);
      return;
    }
    /** @type {Map<string, Written>} */
    const games = new Map();
    /** @type {Texts} */
    const kv = {};
    for (const w of inflight.values()) {
      for (const g of w.games) games.set(g.id, g);
      Object.assign(kv, w.kv);
    }
    s.setItem(key, JSON.stringify({ games: [...games.values()], kv }));
  } catch (_) {
    /* full or refused: what the database commits in time is all there is */
  }
}

globalThis.addEventListener?.("pagehide", () => {
  unloading = true;
  keepInflight();
});
globalThis.addEventListener?.("pageshow", (e) => {
  if (!(/** @type {PageTransitionEvent} */ (e).persisted)) return;
  unloading = false; // back from the back-forward cache: the writes went on
  keepInflight();
});

function inflightCopies() {
  /** @type {string[]} */
  const out = [];
  try {
    const s = globalThis.localStorage;
    for (let i = 0; s && i < s.length; i++) {
      const k = s.key(i);
      if (k && k.startsWith(INFLIGHT)) out.push(k);
    }
  } catch (_) {
    /* no localStorage: nothing was copied */
  }
  return out;
}

/** @param {string | null} text @returns {{games: Written[], kv: Texts}} */
function readInflight(text) {
  // Hostile or damaged copies give nothing, never an error.
  /** @type {Written[]} */
  const games = [];
  /** @type {Texts} */
  const kv = {};
  if (typeof text !== "string" || text.length > INFLIGHT_MAX) return { games, kv };
  let data;
  try {
    data = JSON.parse(text);
  } catch (_) {
    return { games, kv };
  }
  if (!data || typeof data !== "object") return { games, kv };
  for (const g of Array.isArray(data.games) ? data.games : []) {
    if (g && typeof g.id === "string" && typeof g.meta === "string" && typeof g.save === "string" && typeof g.at === "number")
      games.push({ id: g.id, meta: g.meta, save: g.save, at: g.at });
  }
  if (data.kv && typeof data.kv === "object" && !Array.isArray(data.kv)) {
    for (const [k, v] of Object.entries(data.kv)) {
      if (!k.startsWith("stats") && (typeof v === "string" || v === null)) kv[k] = v;
    }
  }
  return { games, kv };
}

/** @param {IdbBackend} backend */
async function restoreInflight(backend) {
  // Another tab may be starting too: one at a time, each copy once.
  await withLock("update", async () => {
    for (const key of inflightCopies()) {
      let text;
      try {
        text = localStorage.getItem(key);
      } catch (_) {
        continue;
      }
      const { games, kv } = readInflight(text);
      const newer = [];
      for (const g of games) {
        const at = await backend.writtenAt(g.id);
        if (at === null || at < g.at) newer.push(g);
      }
      if (newer.length || Object.keys(kv).length) {
        try {
          await backend.commit({ games: newer, kv });
        } catch (e) {
          console.warn("spiderStore: a write in flight could not be restored:", messageOf(e));
          continue; // the copy stays for the next start
        }
      }
      try {
        localStorage.removeItem(key);
      } catch (_) {
        /* removed next time */
      }
    }
  });
}

/** @param {Change} change @param {{relaxed?: boolean}} [options] */
async function commit(change, { relaxed = false } = {}) {
  const at = stamp();
  const games = (change.games || []).map((g) => ({ id: String(g.id), meta: String(g.meta), save: String(g.save), at }));
  const kv = change.kv || {};
  const n = ++writes;
  inflight.set(n, { games, kv });
  if (unloading) keepInflight();
  try {
    await ready;
    await backend.commit({ games, kv, remove: change.remove || [] }, relaxed);
  } finally {
    inflight.delete(n);
    if (unloading) keepInflight();
  }
  for (const g of change.games || []) tell({ type: "game", id: String(g.id) });
  for (const id of change.remove || []) tell({ type: "game", id: String(id), removed: true });
  for (const key of Object.keys(change.kv || {})) tell({ type: "kv", key });
}

/**
 * @param {unknown} id
 * @param {string[]} keys
 * @param {(meta: string | null, texts: Record<string, string | null>) => Change | null | undefined} fn
 */
async function update(id, keys, fn) {
  await ready;
  return withLock("update", async () => {
    const rec = id === null || id === undefined ? null : await backend.getGame(String(id));
    /** @type {Record<string, string | null>} */
    const texts = {};
    for (const key of keys) texts[key] = await backend.getText(String(key));
    const change = fn(rec ? rec.meta : null, texts);
    if (change === null || change === undefined) return false;
    await commit(change);
    return true;
  });
}

const store = {
  ready,
  tabId,
  /** @param {unknown} id */
  async getGame(id) {
    await ready;
    return backend.getGame(String(id));
  },
  async listGames() {
    await ready;
    return backend.listGames();
  },
  /** @param {unknown} key */
  async getText(key) {
    await ready;
    return backend.getText(String(key));
  },
  putGame: (/** @type {unknown} */ id, /** @type {unknown} */ meta, /** @type {unknown} */ save) =>
    commit({ games: [{ id, meta, save }] }),
  deleteGame: (/** @type {unknown} */ id) => commit({ remove: [id] }),
  putText: (/** @type {string} */ key, /** @type {string | null} */ text) => commit({ kv: { [key]: text } }),
  commit,
  update,
  withLock,
  claim,
  release,
  /** @param {(message: StoreMessage) => void} fn */
  onChange(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};

/** @type {any} */ (globalThis).spiderStore = store;
// shell/picture.js waits for it (a new player's welcome deal is drawn once the storage has been read)
dispatchEvent(new Event("spider:store"));
export default store;
