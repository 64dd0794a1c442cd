"""WebKitGTK (Safari's engine) over classic WebDriver, with Selenium.

Debian's ``webkit2gtk-driver`` (``/usr/bin/WebKitWebDriver``) drives
MiniBrowser in automation mode.  It has no headless mode: the suite runs
under ``xvfb-run``.  This driver cannot read the console, so page errors
and console errors come from the hook ``driver.ERRORS_HOOK`` installs,
which this adapter runs after every navigation.
"""

from __future__ import annotations

import os
from pathlib import Path

from driver import ERRORS_HOOK, READY_S
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_MOUSE, POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys

BROWSER = os.environ.get("SPIDER_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
DRIVER = os.environ.get("SPIDER_WEBKITDRIVER", "/usr/bin/WebKitWebDriver")

KEYS = {
    "Enter": Keys.ENTER,
    "Tab": Keys.TAB,
    "Escape": Keys.ESCAPE,
    "ArrowLeft": Keys.ARROW_LEFT,
    "ArrowUp": Keys.ARROW_UP,
    "ArrowRight": Keys.ARROW_RIGHT,
    "ArrowDown": Keys.ARROW_DOWN,
}


class WebKit:
    """One MiniBrowser window (see :class:`driver.Browser`)."""

    name = "webkit"

    def __init__(self, width: int = 1366, height: int = 768) -> None:
        options = webdriver.WebKitGTKOptions()
        options.binary_location = BROWSER
        options.add_argument("--automation")
        service = webdriver.WebKitGTKService(executable_path=DRIVER)
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(READY_S)
        self._width, self._height = width, height
        self.viewport(width, height)

    def _hook(self) -> None:
        self.driver.execute_script(ERRORS_HOOK)

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self._hook()

    def reload(self) -> None:
        self.driver.refresh()
        self._hook()

    def js(self, expression: str) -> object:
        self._hook()  # a reload the page made itself drops the hook
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => JSON.stringify(await ({expression})))()"
            ".then(t => done(t === undefined ? null : JSON.parse(t)), e => done({__error: String(e)}));"
        )

    def _pointer(self, touch: bool) -> tuple[ActionBuilder, PointerInput]:
        kind = POINTER_TOUCH if touch else POINTER_MOUSE
        pointer = PointerInput(kind, "touch" if touch else "mouse")
        return ActionBuilder(self.driver, mouse=pointer, duration=16), pointer

    def drag(self, points: list[tuple[float, float]], touch: bool) -> None:
        builder, pointer = self._pointer(touch)
        (x, y), rest = points[0], points[1:]
        pointer.create_pointer_move(duration=0, x=round(x), y=round(y))
        pointer.create_pointer_down(button=0)
        for px, py in rest:
            pointer.create_pointer_move(duration=16, x=round(px), y=round(py))
        pointer.create_pointer_up(button=0)
        builder.perform()

    def tap(self, x: float, y: float, touch: bool) -> None:
        builder, pointer = self._pointer(touch)
        pointer.create_pointer_move(duration=0, x=round(x), y=round(y))
        pointer.create_pointer_down(button=0)
        pointer.create_pointer_up(button=0)
        builder.perform()

    def key(self, key: str, shift: bool = False) -> None:
        chain = ActionChains(self.driver)
        value = KEYS.get(key, key)
        if shift:
            chain.key_down(Keys.SHIFT).send_keys(value).key_up(Keys.SHIFT)
        else:
            chain.send_keys(value)
        chain.perform()

    def viewport(self, width: int, height: int) -> None:
        # WebDriver sizes the window; make its inner size the one asked for.
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        dw, dh = width - int(inner[0]), height - int(inner[1])
        if dw or dh:
            self.driver.set_window_size(width + dw, height + dh)

    def screenshot(self, path: Path) -> None:
        self.driver.save_screenshot(str(path))

    def errors(self) -> list[str]:
        found = self.js("(window.__xbErrors || []).splice(0)")
        return [str(e) for e in found] if isinstance(found, list) else []

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass
