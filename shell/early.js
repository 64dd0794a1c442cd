// @ts-check
// The page's first script: a classic one, placed before the stylesheets so
// that nothing holds it back. It starts looking up the snapshot an earlier
// visit stored (Cache Storage: a few hundred milliseconds of
// waiting on a phone, overlapped here with parsing and drawing the page)
// for shell/pyodide-boot.mjs, a module that runs only after the stylesheets
// and the first paint. On a first visit (no service worker answers the page
// yet) it also starts the two big downloads, the shipped snapshot and
// Pyodide's wasm: here they begin about 0.4 s sooner on the phone profile
// than when the loader module runs, with the connection all but idle until
// then. It leaves in spiderShell.early:
//  * snapshots: whether snapshots are on at all (?snapshot=off in the
//    address, or localStorage["spider.snapshot"] = "off", turn them off);
//  * shippedWorthIt: whether this connection should download the shipped
//    snapshot (not a data-saving or slow one, where starting Python costs
//    less than the download);
//  * stored: a promise of the stored snapshot's response, or of null;
//  * downloads: on a first visit, {wasm (or null), snapshot (or null),
//    aborter}, the responses' promises and what aborts the snapshot's; else
//    null;
//  * language: the player's language, chosen as the page chooses it
//    (ui/i18n/text.py's choose: the language setting, which the page keeps
//    in localStorage["spider.language"] for this script, else the first of
//    navigator.languages the page has, else English); <html lang> is set
//    to it at once, and spiderShell.t(english) gives its words for the
//    shell's English (ui/i18n/early.py, filled in by the build), so the
//    loading screen is in the player's language from the first paint;
//  * patchesOff: the patches to Pyodide and PyScript switched off for this
//    visit (shell/patches.mjs): by the build (python -m tools.build --no-patch) and
//    by the address (?nopatch=NAME,… or ?nopatch=all).
"use strict";

(() => {
  const VERSION = "@PYODIDE_VERSION@";
  const BUILD = "@BUILD@";
  const SITE = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src);
  const SNAPSHOT_CACHE = `spider-snapshot-${VERSION}-${BUILD}`;
  const SNAPSHOT_URL = new URL(`.snapshot/pyodide-${VERSION}-${BUILD}.bin`, SITE).href;
  const SHIPPED_SNAPSHOT = "@SHIPPED_SNAPSHOT@"; // relative to the site, "" if none
  const WASM_URL = new URL("@PYODIDE_DIR@/pyodide.asm.wasm", SITE).href;
  /** @type {string[]} the patches the build switched off */
  const BUILD_PATCHES_OFF = /*@PATCHES_OFF@*/[];

  // "keys": the English; then each language's words, in the page's order
  const WORDS = /** @type {Record<string, string[]> | null} */ (/*@EARLY_WORDS@*/null);

  /** The page's language (as ui/i18n/text.py's choose). @param {string} setting @param {readonly string[]} preferred */
  function choose(setting, preferred) {
    const codes = ["en", ...Object.keys(WORDS ?? {}).filter((key) => key !== "keys")];
    if (codes.includes(setting)) return setting;
    for (const tag of preferred) {
      const parts = String(tag).replace(/_/g, "-").split("-");
      const whole = [parts[0].toLowerCase(), ...parts.slice(1, 2).map((p) => p.toUpperCase())].join("_");
      if (codes.includes(whole)) return whole;
      const base = parts[0].toLowerCase();
      const found = codes.find((code) => code.split("_")[0] === base);
      if (found) return found;
    }
    return "en";
  }

  function storedLanguage() {
    try {
      return localStorage.getItem("spider.language") || "";
    } catch {
      return ""; // storage blocked: the browser's languages
    }
  }

  const language = choose(storedLanguage(), navigator.languages?.length ? navigator.languages : [navigator.language || ""]);
  document.documentElement.lang = language.replace("_", "-");
  // The web app manifest in the player's language (the build writes one per
  // language, the same app): linked before the browser reads it, which it
  // does only to install the app or to check whether it may.
  const manifest = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="manifest"]'));
  if (manifest && language !== "en" && WORDS?.[language]) manifest.href = `./manifest-${language}.webmanifest`;
  /** @type {Map<string, string>} */
  const words = new Map();
  const theirs = WORDS?.[language];
  if (WORDS && theirs && language !== "en") WORDS.keys.forEach((key, i) => words.set(key, theirs[i] ?? key));
  /** The player's words for the shell's English (a context before "\u0004", as gettext's). @param {string} english */
  const t = (english) => words.get(english) ?? english.slice(english.indexOf("\u0004") + 1);

  // The page's own words (index.html), once it is parsed: before the modules
  // run and before the first paint.
  function translatePage() {
    if (language === "en") return;
    document.title = t("Spider Solitaire");
    for (const node of document.querySelectorAll(".loading-title, #update-banner span, #update-reload, #update-later, #loading-status")) {
      node.textContent = t(node.textContent ?? "");
    }
    document.getElementById("app")?.setAttribute("aria-label", t("Spider Solitaire"));
    document.getElementById("loading-progress")?.setAttribute("aria-label", t("Loading"));
  }
  if (document.readyState === "loading") document.addEventListener("readystatechange", translatePage, { once: true });
  else translatePage();

  /** @returns {string[]} */
  function patchesOff() {
    const off = [...BUILD_PATCHES_OFF];
    try {
      const params = new URLSearchParams(location.search);
      for (const names of params.getAll("nopatch")) off.push(...names.split(",").filter(Boolean));
      const flag = params.get("snapshot");
      if (flag === "off" || flag === "0") off.push("snapshot");
      if (localStorage.getItem("spider.snapshot") === "off") off.push("snapshot");
    } catch {
      // storage may be blocked: the address's switches still count
    }
    return off;
  }
  const off = patchesOff();
  /** @param {string} name */
  const patchOn = (name) => !off.includes("all") && !off.includes(name);

  function snapshotsEnabled() {
    return typeof caches !== "undefined" && typeof Worker !== "undefined" && patchOn("snapshot");
  }

  function shippedSnapshotWorthIt() {
    /** @type {{saveData?: boolean, effectiveType?: string} | undefined} */
    const connection = /** @type {any} */ (navigator).connection;
    return !(connection && (connection.saveData || ["slow-2g", "2g", "3g"].includes(connection.effectiveType ?? "")));
  }

  // Failures are handled where the loader awaits these. The wasm only if the
  // loader compiles it early (early-wasm).
  /** @param {boolean} shipping */
  function firstVisitDownloads(shipping) {
    if (navigator.serviceWorker?.controller || typeof WebAssembly?.compileStreaming !== "function") return null;
    const wasm = patchOn("early-wasm") ? fetch(WASM_URL, { priority: "low" }) : null;
    wasm?.catch(() => {});
    const aborter = new AbortController();
    const snapshot = shipping ? fetch(new URL(SHIPPED_SNAPSHOT, SITE).href, { signal: aborter.signal, priority: "low" }) : null;
    snapshot?.catch(() => {});
    return { wasm, snapshot, aborter };
  }

  const snapshots = snapshotsEnabled();
  const shippedWorthIt = shippedSnapshotWorthIt();
  const downloads = firstVisitDownloads(snapshots && Boolean(SHIPPED_SNAPSHOT) && shippedWorthIt);
  const stored = snapshots
    ? caches.open(SNAPSHOT_CACHE).then((cache) => cache.match(SNAPSHOT_URL))
    : Promise.resolve(null);
  stored.catch(() => {}); // handled where it is awaited
  const shell = (/** @type {any} */ (globalThis).spiderShell ??= {});
  shell.early = { snapshots, shippedWorthIt, stored, downloads, patchesOff: off, language };
  shell.t = t;
  shell.choose = choose; // for the tests: the same choice as ui/i18n/text.py's
})();
