"""Firefox (Debian's ``firefox-esr``) over WebDriver BiDi, with nothing but a WebSocket.

Firefox speaks BiDi itself when started with ``--remote-debugging-port``, so
no driver binary is needed (Debian ships no geckodriver).  The profile
(``user.js``) turns off everything that would call another host.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import websocket  # websocket-client
from driver import ERRORS_HOOK, READY_S, js_value

BINARY = os.environ.get("SPIDER_FIREFOX", "/usr/bin/firefox-esr")

PREFS = {
    "app.update.disabledForTesting": True,
    "app.normandy.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.newtabpage.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "browser.search.update": False,
    "browser.sessionstore.resume_from_crash": False,
    "browser.translations.automaticallyPopup": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "network.dns.disablePrefetch": True,
    "network.http.speculative-parallel-limit": 0,
    "network.manage-offline-status": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "remote.enabled": True,
    "dom.w3c_touch_events.enabled": 1,
    "focusmanager.testmode": True,
    "media.autoplay.default": 0,
}

KEYS = {
    "Enter": "\ue007",
    "Tab": "\ue004",
    "Escape": "\ue00c",
    "Shift": "\ue008",
    "ArrowLeft": "\ue012",
    "ArrowUp": "\ue013",
    "ArrowRight": "\ue014",
    "ArrowDown": "\ue015",
}


class BiDiError(RuntimeError):
    pass


class Firefox:
    """One headless Firefox window (see :class:`driver.Browser`)."""

    name = "firefox"

    def __init__(self, width: int = 1366, height: int = 768) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="spider-firefox-"))
        (self.profile / "user.js").write_text(
            "".join(f'user_pref("{k}", {json.dumps(v)});\n' for k, v in PREFS.items())
        )
        self.proc = subprocess.Popen(
            [BINARY, "--headless", "--no-remote", "--remote-debugging-port", "0", "--profile", str(self.profile)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        url = self._listening()
        self.ws = websocket.create_connection(url + "/session", timeout=READY_S, suppress_origin=True)
        self._id = 0
        self._log: list[str] = []
        self._send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True}}})
        self._send("session.subscribe", {"events": ["log.entryAdded"]})
        self._send("script.addPreloadScript", {"functionDeclaration": "() => " + ERRORS_HOOK})
        tree = self._send("browsingContext.getTree", {})
        contexts = tree["contexts"]
        assert isinstance(contexts, list) and contexts, tree
        self.context = str(contexts[0]["context"])
        self.viewport(width, height)

    def _listening(self) -> str:
        assert self.proc.stderr is not None
        seen = []
        found: list[str] = []

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:
                seen.append(line)
                m = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if m and not found:
                    found.append(m.group(1))
                    done.set()
            done.set()

        done = threading.Event()
        threading.Thread(target=read, daemon=True).start()
        done.wait(60)
        if not found:
            self.close()
            raise BiDiError("Firefox did not start its WebDriver BiDi server:\n" + "".join(seen[-20:]))
        return found[0]

    def _send(self, method: str, params: dict[str, object]) -> dict[str, object]:
        self._id += 1
        mine = self._id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("method") == "log.entryAdded":
                entry = msg["params"]
                if entry.get("level") == "error":
                    self._log.append(f"{entry.get('type')}: {entry.get('text')}")
                continue
            if msg.get("id") != mine:
                continue
            if msg.get("type") == "error" or ("error" in msg and "result" not in msg):
                raise BiDiError(f"{method}: {msg.get('error')}: {msg.get('message')}")
            result: dict[str, object] = msg["result"]
            return result

    # -- driver.Browser ------------------------------------------------------------
    def goto(self, url: str) -> None:
        self._send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def js(self, expression: str) -> object:
        out = self._send(
            "script.evaluate",
            {
                "expression": f"(async () => JSON.stringify(await ({expression})))()",
                "target": {"context": self.context},
                "awaitPromise": True,
                "resultOwnership": "none",
            },
        )
        if out.get("type") == "exception":
            details = out.get("exceptionDetails") or {}
            raise BiDiError(f"{expression[:80]}: {details.get('text') if isinstance(details, dict) else details}")
        result = out.get("result") or {}
        assert isinstance(result, dict)
        return js_value(result.get("value")) if result.get("type") == "string" else None

    def _pointer(self, steps: list[dict[str, object]], touch: bool) -> None:
        self._send(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "touch" if touch else "mouse",
                        "parameters": {"pointerType": "touch" if touch else "mouse"},
                        "actions": steps,
                    }
                ],
            },
        )
        self._send("input.releaseActions", {"context": self.context})

    def drag(self, points: list[tuple[float, float]], touch: bool) -> None:
        (x, y), rest = points[0], points[1:]
        steps: list[dict[str, object]] = [
            {"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0},
            {"type": "pointerDown", "button": 0},
        ]
        for px, py in rest:
            steps.append({"type": "pointerMove", "x": round(px), "y": round(py), "duration": 16})
        steps.append({"type": "pointerUp", "button": 0})
        self._pointer(steps, touch)

    def tap(self, x: float, y: float, touch: bool) -> None:
        self._pointer(
            [
                {"type": "pointerMove", "x": round(x), "y": round(y), "duration": 0},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
            touch,
        )

    def key(self, key: str, shift: bool = False) -> None:
        value = KEYS.get(key, key)
        steps: list[dict[str, object]] = [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        if shift:
            steps = [{"type": "keyDown", "value": KEYS["Shift"]}, *steps, {"type": "keyUp", "value": KEYS["Shift"]}]
        self._send(
            "input.performActions",
            {"context": self.context, "actions": [{"type": "key", "id": "keyboard", "actions": steps}]},
        )

    def viewport(self, width: int, height: int) -> None:
        self._send(
            "browsingContext.setViewport", {"context": self.context, "viewport": {"width": width, "height": height}}
        )

    def screenshot(self, path: Path) -> None:
        out = self._send("browsingContext.captureScreenshot", {"context": self.context})
        path.write_bytes(base64.b64decode(str(out["data"])))

    def errors(self) -> list[str]:
        found, self._log = self._log, []
        try:
            hooked = self.js("(window.__xbErrors || []).splice(0)")
        except BiDiError:
            hooked = []
        # The console's errors come twice (the log and the hook): keep the log's.
        extra = [str(e) for e in (hooked if isinstance(hooked, list) else []) if not str(e).startswith("console.error")]
        return found + [e for e in extra if not any(e.split(": ", 1)[-1] in f for f in found)]

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
