"""Fixtures of the browser tests (loaded by tests/conftest.py): Debian's Chromium driven by
Playwright against a real daphne server.

The server is a separate daphne process on a free port, on the test database (PostgreSQL, so
both processes see each other's commits) and the test Redis. Screenshots go to
``artifacts/screenshots/``, the server's output to ``artifacts/logs/``. Each test module
marks itself
``pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]``.
"""

import email
import os
import re
import socket
import subprocess
import sys
import time
from email import policy
from pathlib import Path

import pytest
from django.db import connection
from seeded_deals import name_file

from service_probe import running_in_ci

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
LOGS = ROOT / "artifacts" / "logs"
#: The five windows every page must fit (../shared/DESIGN.md), by name.
SIZES = {
    "laptop": (1366, 768),
    "screen": (1280, 720),
    "phone": (390, 844),
    "sideways": (844, 390),
    "tablet": (768, 1024),
}


@pytest.fixture(scope="module")
def browser():
    """Chromium for one test module: Playwright's sync API runs an event loop in this thread
    while it is open, which the asyncio tests of other modules could not share."""
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing (apt-get install -y chromium fonts-liberation)"
        if running_in_ci():
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def process_env(**overrides: str) -> dict[str, str]:
    """The environment of a process of the site (daphne, an RQ worker) on the test database
    and the test Redis; ``overrides`` are extra variables (``TEST_JOBS_BACKEND``...)."""
    settings_dict = connection.settings_dict
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "dominoes.settings_test",
        "DATABASE_URL": (
            f"postgres://{settings_dict['USER']}@{settings_dict['HOST'] or '127.0.0.1'}:"
            f"{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}"
        ),
        # Deals from seeds named by the test the process serves (tests/seeded_deals.py).
        "TEST_SEEDS_DIR": str(LOGS),
        **overrides,
    }


class Site:
    """The site in a daphne process of its own, on the test database; can be restarted."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        # The site's own in-process job runner, with a short pause between computer moves.
        self.env = process_env(TEST_JOBS_BACKEND="thread", TEST_BOT_PAUSE_SECONDS="0.05")
        self.process: subprocess.Popen | None = None
        self.log = LOGS / f"daphne-{self.port}.log"
        self.test = ""
        self.launches = 0

    def serve(self, test: str) -> None:
        """Name the test this site serves: its deals follow from the name, in this process
        and in any the test restarts (tests/seeded_deals.py)."""
        self.test = test
        self._name_the_test()

    def _name_the_test(self) -> None:
        # Named apart from the test's own process and from the site's earlier processes: each
        # counts its seeds from 0, and two tables must never get one public id.
        if self.test and self.process is not None:
            name = f"site, launch {self.launches}, of {self.test}"
            name_file(LOGS, self.process.pid).write_text(name)

    def start(self) -> None:
        self.launch()
        self.wait_until_up()

    def launch(self) -> None:
        """Start the process and return at once (:meth:`wait_until_up` waits for it)."""
        if self.process is not None:  # killed by the test: a new process, a new name
            name_file(LOGS, self.process.pid).unlink(missing_ok=True)
        self.launches += 1
        command = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port)]
        LOGS.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [*command, "dominoes.asgi:application"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self._name_the_test()

    def wait_until_up(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise RuntimeError(f"daphne did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is None:
            return
        name_file(LOGS, self.process.pid).unlink(missing_ok=True)
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


# pytest's own per-test variable: not a difference between two sites.
_PER_TEST = {"PYTEST_CURRENT_TEST"}


def _same_env(one: dict[str, str], other: dict[str, str]) -> bool:
    return {k: v for k, v in one.items() if k not in _PER_TEST} == {
        k: v for k, v in other.items() if k not in _PER_TEST
    }


class Spare:
    """The next test's site, started while the current test runs: every test still gets a
    process of its own that no other test has used (a daphne process touches nothing before
    its first request), without waiting the second or two that Django takes to start."""

    def __init__(self) -> None:
        self.site: Site | None = None

    def take(self) -> Site | None:
        """The spare, up, if it was started with the environment a new site would have now
        (a test may have set variables, as ``mailbox`` does); None otherwise."""
        spare, self.site = self.site, None
        if spare is None:
            return None
        if _same_env(spare.env, Site().env):
            try:
                spare.wait_until_up()
                return spare
            except RuntimeError:  # a port taken meanwhile, say: a new site starts instead
                pass
        spare.stop()
        return None

    def launch(self) -> None:
        self.site = Site()
        self.site.launch()

    def stop(self) -> None:
        if self.site is not None:
            self.site.stop()
            self.site = None


@pytest.fixture(scope="session")
def spare_site():
    """The spare site (:class:`Spare`) of this pytest process, stopped at its end."""
    spare = Spare()
    yield spare
    spare.stop()


@pytest.fixture
def site(transactional_db, spare_site, request):
    """The running site (``site.url``), for tests that stop and start it."""
    running = spare_site.take()
    if running is None:
        running = Site()
        running.start()
    running.serve(request.node.nodeid)
    # Not during a serial test (it may bound a time): the start's CPU would compete with it.
    if request.node.get_closest_marker("serial") is None:
        spare_site.launch()
    yield running
    running.stop()
    connection.close()


@pytest.fixture
def server(site):
    """The running site's base URL."""
    return site.url


def _page_in(browser, request, **context_options):
    """A page in a context of its own; a full-page screenshot of it is kept after the test."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{request.node.name}.png"), full_page=True)
    context.close()


@pytest.fixture
def page(browser, request):
    yield from _page_in(browser, request, viewport={"width": 1280, "height": 900})


@pytest.fixture
def phone(browser, request):
    yield from _page_in(
        browser, request, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )


# --- accessibility --------------------------------------------------------------------------
# Finite animations (a play's flight, the "+10" of a count) end within 300 ms on a quiet
# machine; a loaded one stretches them. axe judges what a person sees once they end: text at a
# faded frame fails contrast, and an element removed while axe runs is reported with the target
# ':root' (seen in CI: the "+10" of the hand's last count).
ANIMATIONS_ENDED = """() => Promise.all(document.getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => null)))"""


def axe_violations(page) -> list[dict]:
    """axe-core's violations on ``page`` once its animations have ended (none expected)."""
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate(ANIMATIONS_ENDED)
    response = Axe().run(page).response
    assert response["passes"], "axe-core checked nothing"
    return response["violations"]


def axe_report(found: list[dict]) -> str:
    """``found`` as lines a person can act on: the rule, what failed and where."""
    lines = []
    for violation in found:
        nodes = violation["nodes"]
        lines.append(
            f"{violation['id']} ({violation['impact']}): {violation['help']} "
            f"[{len(nodes)} nodes, e.g. {[node['target'] for node in nodes][:5]}] "
            f"{violation['helpUrl']}"
        )
        lines += [f"    {node['html'][:160]}: {node.get('failureSummary')}" for node in nodes[:3]]
    return "\n".join(lines)


# --- people ---------------------------------------------------------------------------------
def account(name: str):
    """A verified account ``name@example.com`` with the password ``name-password`` and the
    display name ``name``."""
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(
        username=name,
        email=f"{name}@example.com",
        password=f"{name}-password",
        first_name=name,  # the display name the pages show
    )
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def sign_in_as_account(page, server: str, name: str) -> None:
    """Sign in through the sign-in page as :func:`account` ``name`` (by the fields' names, so in
    any language); the caller waits for what shows it signed in."""
    page.goto(server + "/accounts/login/")
    page.fill("input[name=login]", f"{name}@example.com")
    page.fill("input[name=password]", f"{name}-password")
    page.press("input[name=password]", "Enter")


def signed_in(browser, server: str, name: str, **context_options):
    """A new browser context (1280x900 unless ``context_options`` say otherwise) signed in as
    ``name`` (made by :func:`account`), and its page."""
    from playwright.sync_api import expect

    context = browser.new_context(**{"viewport": {"width": 1280, "height": 900}, **context_options})
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in_as_account(page, server, name)
    # In the header's row, or under its Menu button on a narrow screen (closed, not seen).
    expect(page.get_by_role("button", name="Sign out", include_hidden=True)).to_have_count(1)
    return context, page


# --- mail -----------------------------------------------------------------------------------
SEPARATOR = b"\n" + b"-" * 79 + b"\n"


class Mailbox:
    """The mail the site's server sent, as files of messages (Django's file mailer)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def messages(self) -> list[email.message.EmailMessage]:
        """Every message so far (``to``, ``subject`` and the rest are its headers)."""
        messages = []
        for path in sorted(self.folder.glob("*.log")):
            for chunk in path.read_bytes().split(SEPARATOR):
                if chunk.strip():
                    messages.append(email.message_from_bytes(chunk, policy=policy.default))
        return messages

    def bodies(self) -> list[str]:
        return [message.get_body(("plain",)).get_content() for message in self.messages()]

    def link(
        self, path_prefix: str, *, after: int = 0, to: str = "", subject: str = "", timeout=10
    ) -> str:
        """The first link to ``path_prefix`` in a message past the first ``after`` (sent
        ``to`` that address, its subject starting with ``subject``, if given)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.messages()[after:]:
                if to and str(message["to"]) != to or not message["subject"].startswith(subject):
                    continue
                body = message.get_body(("plain",)).get_content()
                found = re.search(rf"https?://\S+{re.escape(path_prefix)}\S+", body)
                if found:
                    return found.group(0)
            time.sleep(0.1)
        raise AssertionError(f"no mail with a link to {path_prefix}: {self.bodies()}")


@pytest.fixture
def mailbox(tmp_path, monkeypatch) -> Mailbox:
    """Where the server's mail goes: ask for it before ``server`` so the server inherits it."""
    folder = tmp_path / "mail"
    monkeypatch.setenv("TEST_MAIL_DIR", str(folder))
    return Mailbox(folder)
