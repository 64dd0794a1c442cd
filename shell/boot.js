// @ts-check
// The web app shell's boot script: drives the loading screen, defines the
// ready hook the game calls, and registers the service worker once the game
// has started. Plain JavaScript, no inline script (the page's CSP forbids it).
//
// Contract with the game (see docs/architecture.md, "The shell and the table"):
//   window.spiderShell.ready()   call once when a card can be dragged; sets
//                                <html data-ready>, hides the loading screen
//                                and fires the "spider:ready" event.
//   window.spiderShell.progress(fraction, text)   optional, 0..1.
//   window.spiderShell.fail(message)              show a start-up error.

/** The player's words for the shell's English (shell/early.js: ui/i18n/early.py's, translated). @param {string} english @returns {string} */
const t = (english) => /** @type {any} */ (globalThis).spiderShell?.t?.(english) ?? english.slice(english.indexOf("\u0004") + 1);

const html = document.documentElement;
const $ = (/** @type {string} */ id) => document.getElementById(id);

const bar = /** @type {HTMLProgressElement | null} */ ($("loading-progress"));
const statusLine = $("loading-status");
const errorLine = $("loading-error");

let shown = 0;
let isReady = false;
let stage = ""; // the step's words
let bytes = ""; // the downloads' count while they run ("4.2 of 5.6 MB")
// [milliseconds since navigation start, percent, text] for every change;
// the browser tests check it rises and the benchmark reports it.
/** @type {[number, number, string][]} */
const bootLog = [];

performance.mark("spider-boot-start");

/** The loading line: the step, and the downloads' count while they run
 * (a step that begins mid-download keeps the count in view). */
function statusText() {
  if (!bytes || stage.endsWith(bytes)) return stage;
  return stage ? `${stage} · ${bytes}` : bytes;
}

/** @param {number} fraction @param {string} [text] */
function progress(fraction, text) {
  if (isReady) return;
  const value = Math.max(shown, Math.min(100, Math.round(fraction * 100)));
  shown = value;
  if (bar) bar.value = value;
  if (text) stage = t(text);
  const line = statusText();
  if (statusLine && line) statusLine.textContent = line;
  html.dataset.progress = String(value);
  bootLog.push([Math.round(performance.now()), value, line]);
}

/** @param {unknown} message */
function fail(message) {
  if (isReady) return;
  html.dataset.bootError = "1";
  if (statusLine) statusLine.textContent = t("The game could not start.");
  if (errorLine) {
    errorLine.textContent = t("{reason} — reload the page to try again.")
      .replace("{reason}", String(message || t("Unknown error")));
    errorLine.hidden = false;
  }
}

function ready() {
  if (isReady) return;
  progress(1, "Ready");
  isReady = true;
  html.dataset.ready = "";
  performance.mark("spider-ready");
  const loading = $("loading");
  if (loading) loading.setAttribute("aria-hidden", "true");
  dispatchEvent(new Event("spider:ready"));
}

const shell = (/** @type {any} */ (globalThis).spiderShell ??= {});
Object.assign(shell, { ready, progress, fail, bootLog, bootInfo: shell.bootInfo ?? {} });

// ---- progress from PyScript / Pyodide stages --------------------------------
// Shares of the bar, each step's about its share of a first visit's wait on a
// phone (docs/startup.md, "The loading bar"): the page 0-5 %; the downloads
// 5-70 %, following the bytes on the wire (shell/downloads.mjs); unpacking
// the runtime and its memory 70-82 %; starting the game's code 82-90 %;
// the game's own steps, reported by ui/main.py, 90-100 % (its modules, the
// saved games, dealing).
progress(0.04, "Loading…");
/** @type {Record<string, [number, string]>} */
const STAGES = {
  "Loading Pyodide": [0.05, "Getting the cards ready…"],
  "Loading Storage": [0.05, "Getting the cards ready…"],
  "Loading interpreter": [0.05, "Getting the cards ready…"],
  "Loaded interpreter": [0.82, "Starting the game…"],
  "Loading files": [0.82, "Starting the game…"],
  "Loaded files": [0.86, "Starting the game…"],
  "Loaded Pyodide": [0.9, "Setting up the table…"],
};
addEventListener("py:progress", (event) => {
  const step = STAGES[/** @type {CustomEvent} */ (event).detail];
  if (step) progress(step[0], step[1]);
});
addEventListener("spider:boot-progress", (event) => {
  const { fraction, text, bytes: count, done } = /** @type {CustomEvent} */ (event).detail || {};
  if (typeof count === "string") bytes = done ? "" : count;
  if (typeof fraction !== "number") return;
  progress(fraction, text);
  // Every byte is in (not a count cut short): the runtime unpacks next.
  if (done && count && shown < 82) progress(fraction, "Unpacking the cards…");
});

// ---- start-up failures --------------------------------------------------------
addEventListener("error", (event) => {
  if (!isReady) fail(event.message || "Script error");
});
addEventListener("unhandledrejection", (event) => {
  if (!isReady) fail(event.reason?.message || String(event.reason));
});
// PyScript shows Python errors as <div class="py-error">; before the game is
// ready the loading screen would hide it, so repeat it there.
new MutationObserver((records) => {
  if (isReady) return;
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node instanceof Element && node.classList.contains("py-error")) {
        fail((node.textContent ?? "").trim().split("\n").slice(-1)[0]);
      }
    }
  }
}).observe(document.body, { childList: true, subtree: true });

// ---- service worker: offline play and clean updates ---------------------------
// Registered only after PyScript has finished (py:all-done): registering earlier
// made the first visit download everything twice.

/** @param {ServiceWorker} worker */
function showUpdate(worker) {
  html.dataset.update = "ready";
  const banner = $("update-banner");
  const button = /** @type {HTMLButtonElement | null} */ ($("update-reload"));
  const later = $("update-later");
  if (!banner || !button) return;
  banner.hidden = false;
  // Later: the banner goes; the new version waits and is offered again at the next start.
  if (later) {
    later.onclick = () => {
      banner.hidden = true;
      html.dataset.update = "later";
    };
  }
  button.onclick = () => {
    button.disabled = true;
    html.dataset.update = "applying";
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    worker.postMessage({ type: "skip-waiting" });
  };
}

/** @param {ServiceWorkerRegistration} registration */
function watchInstalling(registration) {
  const worker = registration.installing;
  if (!worker) return;
  html.dataset.offline = "installing";
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      showUpdate(worker);
    } else if (worker.state === "activated" && !navigator.serviceWorker.controller) {
      html.dataset.offline = "ready";
      // The first time the whole site is held: the page says so, once, quietly.
      dispatchEvent(new Event("spider:offline-ready"));
    } else if (worker.state === "redundant" && html.dataset.offline === "installing") {
      html.dataset.offline = "failed";
    }
  });
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) {
    html.dataset.offline = "unsupported";
    return;
  }
  try {
    // A page the worker already controls does not register again (while
    // offline that would only fail); it asks for an update check instead.
    let registration = navigator.serviceWorker.controller
      ? await navigator.serviceWorker.getRegistration("./")
      : undefined;
    if (registration) {
      // Look for a new version now rather than whenever the browser gets to it.
      if (navigator.onLine) registration.update().catch(() => {});
    } else {
      registration = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
    }
    shell.registration = registration;
    if (navigator.serviceWorker.controller) html.dataset.offline = "ready";
    if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration.waiting);
    if (registration.installing) watchInstalling(registration);
    registration.addEventListener("updatefound", () => watchInstalling(registration));
    if (!navigator.serviceWorker.controller && registration.active && !registration.installing &&
        !registration.waiting) {
      html.dataset.offline = "ready";
    }
    // A long-lived tab (an installed app) looks for a new version when shown again.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && navigator.onLine) {
        registration.update().catch(() => {});
      }
    });
  } catch (error) {
    html.dataset.offline = "failed";
    console.warn("Service worker registration failed:", error);
  }
}

addEventListener("py:all-done", registerServiceWorker, { once: true });
