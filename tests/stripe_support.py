"""Stand-ins for Stripe in the tests: localstripe in a process of its own, and a recording
server for what localstripe does not serve (Checkout Sessions, the billing portal).

* ``LocalStripe``: localstripe on a free port of 127.0.0.1, its state in its own memory
  (tests/localstripe_server.py), so parallel runs never share objects.
* ``StripeRecorder``: a small HTTP server for stripe-python's ``api_base``. It records every
  request (method, path, form fields, API key) and answers Checkout and portal sessions with a
  URL; it serves the subscriptions put in ``subscriptions``, the replies put in ``replies``
  (by method and path) and the error answers put in ``failures``; anything else goes to
  ``backend`` (localstripe) when one is given. Its session URLs lead to a page of its own with
  a "Subscribe" button that creates the subscription in the backend, as paying at Stripe would.
"""

import base64
import html
import itertools
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import stripe
from browser_support import Site
from django.db import connection

ROOT = Path(__file__).resolve().parents[1]
API_KEY = "sk_test_dominoes"
WEBHOOK_SECRET = "whsec_test_dominoes"
CLUB_PRICE = "price_club_test"
WEBHOOK_PATH = "/billing/webhook/"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_listening(port: int, process: subprocess.Popen | None = None, timeout: float = 15):
    deadline = time.monotonic() + timeout
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        if (process is not None and process.poll() is not None) or time.monotonic() > deadline:
            raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")
        time.sleep(0.05)


class LocalStripe:
    """localstripe in a subprocess; ``client`` is a stripe-python client pointed at it."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.client = stripe.StripeClient(API_KEY, base_addresses={"api": self.url})

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "tests" / "localstripe_server.py"), str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_listening(self.port, self.process)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def reset(self) -> None:
        """Forget every object (webhook endpoints stay registered)."""
        request = urllib.request.Request(f"{self.url}/_config/data", method="DELETE")
        urllib.request.urlopen(request, timeout=5).close()

    def send_webhooks_to(self, url: str, secret: str) -> None:
        """Have localstripe deliver its signed events to ``url``."""
        body = urllib.parse.urlencode({"url": url, "secret": secret}).encode()
        request = urllib.request.Request(f"{self.url}/_config/webhooks/site", data=body)
        urllib.request.urlopen(request, timeout=5).close()

    def club_plan(self) -> str:
        """A US$5 monthly plan (localstripe has legacy plans, not prices); its id."""
        product = self.client.v1.products.create(params={"name": "Club"})
        plan = self.client.v1.plans.create(
            params={"amount": 500, "currency": "usd", "interval": "month", "product": product.id}
        )
        return plan.id

    def subscribe(self, *, customer: str, plan: str, card: str = "4242424242424242") -> dict:
        """Give the customer a card and a subscription to the plan, as Checkout would."""
        method = self.client.v1.payment_methods.create(
            params={
                "type": "card",
                "card": {"number": card, "exp_month": 12, "exp_year": 2040, "cvc": "123"},
            }
        )
        self.client.v1.payment_methods.attach(method.id, params={"customer": customer})
        self.client.v1.customers.update(
            customer, params={"invoice_settings": {"default_payment_method": method.id}}
        )
        return self.client.v1.subscriptions.create(
            params={"customer": customer, "items": [{"plan": plan}]}
        ).to_dict()


@dataclass
class Recorded:
    """One request stripe-python made."""

    method: str
    path: str
    fields: dict[str, str]
    api_key: str


@dataclass
class StripeRecorder:
    """The recording stand-in for api.stripe.com (see the module docstring)."""

    backend: LocalStripe | None = None
    plans_by_price: dict[str, str] = field(default_factory=dict)
    subscriptions: dict[str, dict] = field(default_factory=dict)
    replies: dict[tuple[str, str], dict] = field(default_factory=dict)
    #: Error answers (status and body) by method and path, before anything else is served.
    failures: dict[tuple[str, str], tuple[int, dict]] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    sessions: dict[str, dict] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._ids = itertools.count(1)
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                recorder._handle(self, "GET")

            def do_POST(self) -> None:
                recorder._handle(self, "POST")

            def do_DELETE(self) -> None:
                recorder._handle(self, "DELETE")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def of(self, method: str, path: str) -> list[Recorded]:
        """The recorded requests to one endpoint, oldest first."""
        return [r for r in self.requests if r.method == method and r.path == path]

    # --- the server ---
    def _handle(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        parsed = urllib.parse.urlsplit(handler.path)
        path = parsed.path
        fields = dict(urllib.parse.parse_qsl(body.decode() or parsed.query))
        if path.startswith("/checkout-page/"):
            self._checkout_page(handler, method, path.removeprefix("/checkout-page/"))
            return
        self.requests.append(Recorded(method, path, fields, _api_key(handler)))
        number = next(self._ids)
        if (method, path) in self.failures:
            _reply(handler, *self.failures[method, path])
        elif method == "POST" and path == "/v1/checkout/sessions":
            session_id = f"cs_test_{number}"
            self.sessions[session_id] = fields
            url = f"{self.url}/checkout-page/{session_id}"
            _reply(handler, 200, {"id": session_id, "object": "checkout.session", "url": url})
        elif method == "POST" and path == "/v1/billing_portal/sessions":
            url = f"https://billing.stripe.test/p/session/bps_{number}"
            _reply(
                handler,
                200,
                {"id": f"bps_{number}", "object": "billing_portal.session", "url": url},
            )
        elif (
            method == "GET"
            and path.startswith("/v1/subscriptions/")
            and (found := self.subscriptions.get(path.rsplit("/", 1)[1]))
        ):
            _reply(handler, 200, found)
        elif (method, path) in self.replies:
            _reply(handler, 200, self.replies[method, path])
        elif self.backend is not None:
            self._forward(handler, method, body)
        elif method == "POST" and path == "/v1/customers":
            _reply(handler, 200, {"id": f"cus_test_{number}", "object": "customer"})
        else:
            error = {"type": "invalid_request_error", "message": f"No such object: {path}"}
            _reply(handler, 404, {"error": error})

    def _forward(self, handler: BaseHTTPRequestHandler, method: str, body: bytes) -> None:
        headers = {
            name: handler.headers[name]
            for name in ("Authorization", "Content-Type", "Stripe-Version")
            if handler.headers.get(name)
        }
        request = urllib.request.Request(
            self.backend.url + handler.path, data=body or None, method=method, headers=headers
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload = error.code, error.read()
        _reply_raw(handler, status, payload)

    def _checkout_page(self, handler: BaseHTTPRequestHandler, method: str, session_id: str) -> None:
        """Stripe Checkout's stand-in: a page with Subscribe, which creates the subscription in
        the backend and returns to the site's success URL."""
        session = self.sessions.get(session_id.removesuffix("/pay"))
        if session is None:
            _reply_raw(handler, 404, b"no such session", "text/plain")
            return
        if method == "POST":
            plan = self.plans_by_price[session["line_items[0][price]"]]
            self.backend.subscribe(customer=session["customer"], plan=plan)
            handler.send_response(303)
            handler.send_header("Location", session["success_url"])
            handler.end_headers()
            return
        page = (
            "<!doctype html><html lang='en'><title>Checkout (test)</title>"
            "<h1>Pay for Club</h1>"
            f"<form method='post' action='/checkout-page/{html.escape(session_id)}/pay'>"
            "<button type='submit'>Subscribe</button></form></html>"
        )
        _reply_raw(handler, 200, page.encode(), "text/html")


def _api_key(handler: BaseHTTPRequestHandler) -> str:
    scheme, _, value = (handler.headers.get("Authorization") or "").partition(" ")
    if scheme == "Basic":
        return base64.b64decode(value).decode().partition(":")[0]
    return value


def _reply(handler: BaseHTTPRequestHandler, status: int, payload: dict) -> None:
    _reply_raw(handler, status, json.dumps(payload).encode())


def _reply_raw(handler, status: int, payload: bytes, content_type="application/json") -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(payload)))
    handler.end_headers()
    handler.wfile.write(payload)


def signed(payload: str, secret: str, *, timestamp: int | None = None) -> str:
    """A Stripe-Signature header for ``payload``, as Stripe makes it."""
    return stripe.WebhookSignature.generate_signature_header(
        payload, secret, timestamp=int(time.time()) if timestamp is None else timestamp
    )


# --- fixtures (imported by tests/billing/conftest.py and the billing browser test) ------------


@pytest.fixture
def stripe_settings(settings):
    """Billing configured in this process, with the API at nothing yet (each test points
    STRIPE_API_BASE at a stand-in: no test may reach the real API)."""
    settings.STRIPE_SECRET_KEY = API_KEY
    settings.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET
    settings.STRIPE_CLUB_PRICE = CLUB_PRICE
    settings.STRIPE_API_BASE = "http://127.0.0.1:9"  # discard: nothing listens there
    return settings


@pytest.fixture
def recorder(stripe_settings):
    """The recording Stripe stand-in, as this process's Stripe API."""
    running = StripeRecorder()
    stripe_settings.STRIPE_API_BASE = running.url
    yield running
    running.stop()


@pytest.fixture(scope="session")
def localstripe_server():
    running = LocalStripe()
    running.start()
    yield running
    running.stop()


@pytest.fixture
def localstripe(localstripe_server, stripe_settings):
    """localstripe with no objects, as this process's Stripe API."""
    localstripe_server.reset()
    stripe_settings.STRIPE_API_BASE = localstripe_server.url
    return localstripe_server


@pytest.fixture
def stripe_site(localstripe, monkeypatch, transactional_db):
    """Start the site (a daphne process, tests/browser_support.py) with billing configured and
    its Stripe API at ``api_base``; localstripe delivers its signed webhooks to it."""
    started = []

    def start(api_base: str) -> Site:
        for name, value in {
            "STRIPE_SECRET_KEY": API_KEY,
            "STRIPE_WEBHOOK_SECRET": WEBHOOK_SECRET,
            "STRIPE_CLUB_PRICE": CLUB_PRICE,
            "STRIPE_API_BASE": api_base,
        }.items():
            monkeypatch.setenv(name, value)
        running = Site()
        running.start()
        started.append(running)
        localstripe.send_webhooks_to(running.url + WEBHOOK_PATH, WEBHOOK_SECRET)
        return running

    yield start
    for running in started:
        running.stop()
    connection.close()


def eventually(check, *, timeout: float = 15.0, what: str = "the condition"):
    """Poll ``check`` until it returns a true value (webhooks arrive ~1 s after the change)."""
    deadline = time.monotonic() + timeout
    while not (result := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)
    return result


def deliver(client, body: str, *, secret=WEBHOOK_SECRET, timestamp=None, age=0, header=None):
    """POST ``body`` signed with ``secret`` at ``timestamp`` (else ``age`` seconds ago), or
    with the given ``header``."""
    if timestamp is None:
        timestamp = int(time.time()) - age
    signature = header if header is not None else signed(body, secret, timestamp=timestamp)
    return client.post(
        WEBHOOK_PATH, data=body, content_type="application/json", HTTP_STRIPE_SIGNATURE=signature
    )
