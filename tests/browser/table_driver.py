"""Driving the table page in the browser tests: set up a match, wait until the page is settled
on something for the player to do, and act by mouse, touch or keyboard.

The page's script keeps the payload it rendered as ``window.dominoesTable.state`` (the server's
``{version, table, view}``); the tests read it for the version and the legal moves, and act
through the DOM only (clicks, taps, drags, keys), so the server stays the judge of every move.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from games.live.consumers import RATE_PER_SECOND

SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

#: What the main button does (its data-action, the same in every language), by the English
#: label the tests name it with.
ACTIONS = {"draw": "Draw", "pass": "Pass", "next-round": "Next round"}

#: The page is settled when it waits for nobody but the player: connected, no intent in flight,
#: and either the match is over, the main button asks for something (Draw, Pass, Next round),
#: or it is the player's turn.
SETTLED_JS = """() => {
  const t = window.dominoesTable;
  if (!t || !t.state) return false;
  const $ = (id) => document.getElementById(id);
  if ($("table-page").getAttribute("aria-busy") === "true") return false;
  if ($("connection").dataset.state !== "online") return false;
  if (!$("match-end").hidden || !$("main-action").hidden) return true;
  return $("status").dataset.turn === "mine";
}"""

FOCUSED_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {tag: "body"};
  return {
    tag: el.tagName.toLowerCase(),
    id: el.id || null,
    tile: el.dataset ? el.dataset.tile || null : null,
    end: el.dataset ? el.dataset.end || null : null,
    inHand: Boolean(el.closest("#hand")),
    isSpot: Boolean(el.closest && el.closest("#board .spot")),
    playable: el.classList.contains("playable"),
  };
}"""


def start_match(
    page: Page,
    server: str,
    *,
    preset: str = "classic",
    seats: int = 2,
    level: str = "easy",
    target: int | None = None,
) -> Table:
    """Fill in the setup form by keyboard (no pointer) and open the new table."""
    page.goto(server + "/play/")
    for name, value in (("mode", "computer"), ("preset", preset), ("seats", str(seats))):
        radio = page.locator(f'input[name="{name}"][value="{value}"]')
        radio.focus()
        page.keyboard.press("Space")
        expect(radio).to_be_checked()
    page.locator("#id_level_1").select_option(level)
    if target is not None:
        page.locator("#id_match_format").select_option("target")
        page.locator("#id_target").fill(str(target))
    # The form's own button, whatever the page's language ("Start match" in English).
    page.locator("#setup-form button[type=submit]").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/tables/[^/]+/$"))
    table = Table(page)
    table.wait_settled()
    return table


class Stuck(AssertionError):
    pass


class Table:
    """The table page of one tab."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.last_action = 0.0

    def _paced(self) -> None:
        """Act no faster than a connection may (games.live.consumers' rate limit): a bot clicking
        at once on every turn would otherwise be told to slow down, as a flood is."""
        wait = self.last_action + 1 / RATE_PER_SECOND - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.last_action = time.monotonic()

    # --- reading ---
    def state(self) -> dict[str, Any]:
        return self.page.evaluate("() => window.dominoesTable.state")

    def view(self) -> dict[str, Any]:
        return self.state()["view"]

    def version(self) -> int:
        return self.page.evaluate("() => window.dominoesTable.state.version")

    def hand(self) -> list[str]:
        """The tiles shown in the player's hand, in order."""
        return self.page.locator("#hand [data-tile]").evaluate_all(
            "buttons => buttons.map((b) => b.dataset.tile)"
        )

    def playable(self) -> list[str]:
        """The tiles lit as playable (the table shows tile hints)."""
        return self.page.locator("#hand [data-tile].playable").evaluate_all(
            "buttons => buttons.map((b) => b.dataset.tile)"
        )

    def board_tiles(self) -> int:
        return int(self.page.locator("#board").get_attribute("data-tiles") or 0)

    def main_label(self) -> str | None:
        main = self.page.locator("#main-action")
        return main.inner_text().strip() if main.is_visible() else None

    def main_action(self) -> str | None:
        """What the main button asks, by its English name ("Draw", "Pass", "Next round")
        whatever the language the page speaks, or None when it is not shown."""
        main = self.page.locator("#main-action")
        if not main.is_visible():
            return None
        action = main.get_attribute("data-action")
        assert action in ACTIONS, (action, self.main_label())
        if self.page.locator("html").get_attribute("lang") == "en":
            assert self.main_label() == ACTIONS[action], (action, self.main_label())
        return ACTIONS[action]

    def finished(self) -> bool:
        return self.page.locator("#match-end").is_visible()

    def hand_over(self) -> bool:
        return self.page.locator("#hand-result").is_visible()

    def left_end(self) -> int | None:
        return self.view()["ends"].get("left")

    def options(self) -> dict[str, list[str | None]]:
        """The legal plays of the rendered state, by tile: the ends each tile fits."""
        view = self.view()
        if view["turn"] != view["seat"] or view["result"]:
            return {}
        plays: dict[str, list[str | None]] = {}
        for move in view["legal"]:
            if "play" in move:
                plays.setdefault(move["play"], []).append(move.get("end"))
        return plays

    def describe(self) -> str:
        """What the page shows, for failure messages."""
        return self.page.evaluate(
            """() => {
              const text = (id) => (document.getElementById(id)?.textContent || "").trim();
              const t = window.dominoesTable;
              return JSON.stringify({
                status: text("status"), alert: text("alert"), connection: text("connection"),
                main: text("main-action"), busy: document.getElementById("table-page")
                  .getAttribute("aria-busy"), version: t && t.state && t.state.version,
                turn: t && t.state && t.state.view.turn,
              });
            }"""
        )

    # --- waiting ---
    def wait_settled(self, timeout: float = 15_000) -> None:
        try:
            self.page.wait_for_function(SETTLED_JS, timeout=timeout)
        except Exception as error:  # Playwright's TimeoutError: say what the page showed
            raise Stuck(f"the table never settled: {self.describe()}") from error

    def wait_version_above(self, version: int, timeout: float = 15_000) -> None:
        try:
            self.page.wait_for_function(
                "v => window.dominoesTable.state.version > v", arg=version, timeout=timeout
            )
        except Exception as error:
            raise Stuck(f"no new state after version {version}: {self.describe()}") from error

    # --- acting by pointer (mouse clicks, or taps on a touch screen) ---
    def _press(self, locator, touch: bool) -> None:
        if touch:
            locator.tap()
        else:
            locator.click()

    def pointer_turn(self, touch: bool = False) -> str:
        """Wait until it is up to the player, then do one thing: the main button when it asks
        (Draw, Pass, Next round), else play the first lit tile (on the first spot shown when
        it fits more than one end). Returns what was done; checks the server applied it."""
        self.wait_settled()
        if self.finished():
            return "finished"
        self._paced()
        before = self.version()
        label = self.main_action()
        if label:
            self._press(self.page.locator("#main-action"), touch)
            self.wait_version_above(before)
            return label
        tiles = self.playable()
        assert tiles, f"my turn, no main button and no tile lit: {self.describe()}"
        tile = tiles[0]
        self._press(self.page.locator(f'#hand [data-tile="{tile}"]'), touch)
        spots = self.page.locator("#board .spot")
        if spots.count():
            assert spots.count() >= 2, "spots are shown only for a tile with several ends"
            self._press(spots.first, touch)
        self.wait_version_above(before)
        assert tile not in self.hand(), f"{tile} is still in the hand after playing it"
        return f"play {tile}"

    def play_until(self, done, *, limit: int = 100, touch: bool = False) -> list[str]:
        """Take turns by pointer until ``done(self)`` holds (checked when settled)."""
        actions: list[str] = []
        for _ in range(limit):
            self.wait_settled()
            if done(self):
                return actions
            action = self.pointer_turn(touch=touch)
            if action == "finished":
                raise Stuck(f"the match ended first, after {actions}")
            actions.append(action)
        raise Stuck(f"not done after {limit} actions: {actions[-10:]} {self.describe()}")

    def my_plays_made(self) -> int:
        """How many tiles the player has played in this hand (from the rendered history)."""
        view = self.view()
        return sum(1 for m in view["history"] if m["seat"] == view["seat"] and "play" in m)

    # --- acting by keyboard ---
    def focused(self) -> dict[str, Any]:
        return self.page.evaluate(FOCUSED_JS)

    def tab_until(self, wanted, limit: int = 80) -> dict[str, Any]:
        """Press Tab until the focused element is ``wanted`` (a predicate on ``focused()``)."""
        for _ in range(limit):
            now = self.focused()
            if wanted(now):
                return now
            self.page.keyboard.press("Tab")
        raise Stuck(f"Tab never reached the element wanted; focus is on {self.focused()}")

    def keyboard_turn(self) -> str:
        """One action with the keyboard alone: Tab to the main button and press Enter, or Tab
        into the hand, arrow to a lit tile, Enter, and (when it fits several ends) arrow to the
        next spot and Enter."""
        self.wait_settled()
        if self.finished():
            return "finished"
        self._paced()
        before = self.version()
        keys = self.page.keyboard
        label = self.main_action()
        if label:
            self.tab_until(lambda f: f.get("id") == "main-action")
            keys.press("Enter")
            self.wait_version_above(before)
            return label
        hand = self.hand()
        self.tab_until(lambda f: f.get("inHand") and f.get("tile"))
        for _ in range(len(hand)):
            if self.focused().get("playable"):
                break
            keys.press("ArrowRight")
        focus = self.focused()
        assert focus.get("playable"), f"no lit tile reached by the arrows in {hand}"
        tile = focus["tile"]
        keys.press("Enter")
        if self.page.locator("#board .spot").count():
            first = self.focused()
            assert first.get("isSpot"), f"choosing {tile} did not move focus to a spot: {first}"
            keys.press("ArrowRight")
            second = self.focused()
            assert second.get("isSpot") and second["end"] != first["end"], (first, second)
            keys.press("Enter")
        self.wait_version_above(before)
        assert tile not in self.hand(), f"{tile} is still in the hand after playing it"
        return f"play {tile}"


def screenshot(page: Page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
