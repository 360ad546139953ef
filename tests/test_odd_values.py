"""Odd values sent everywhere (issue 33, 6): every URL pattern of the site (Django's resolver),
each parameter its view reads, and every message type of the table's and the bell's sockets
get superscript and Arabic-Indic digits, NUL, huge and negative numbers, empty values, lists,
very long text, non-JSON frames and wrong types. Never a 500, never a socket closed by an error
(daphne's 1011), never a traceback logged: a refusal in words, or the page as usual.

The HTTP part reads each view's parameters from its own source (``request.GET``/``POST`` and
the forms it builds), so a view added later is covered without touching this file; a view
whose parameters it cannot read (the admin's, allauth's) gets every parameter name the site
reads, all odd at once.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import json
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django import forms
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.resolvers import RoutePattern

from dominoes.asgi import application
from games import services as games
from games.engine import Rules
from games.live import consumers, protocol
from notifications.services import notify
from tournaments import services as tournaments
from tournaments.models import Entrant, TournamentMatch

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[1]
APPS = ("accounts", "billing", "dominoes", "games", "matchmaking", "notifications", "tournaments")

#: What a browser, a script or a person pasting might send where a number, an id or a word is
#: read: "²" and "٣" are digits to str.isdigit (int() refuses the first, reads the second).
ODD_TEXT = [
    "²",
    "٣",
    "a\x00b",
    "-1",
    "",
    " 7 ",
    str(10**30),
    "x" * 5000,
    "1e309",
    "=HYPERLINK(1)",
]
#: A parameter sent twice (a list), an odd value last (what .get() reads).
ODD_VALUES: list[str | list[str]] = [*ODD_TEXT, ["1", "²"]]
#: Fewer, for what is sent to every URL (path parameters; every name at once to the admin's
#: and allauth's views): one of each kind, which keeps the run within minutes.
FEWER_ODD: list[str | list[str]] = [
    "²",
    "٣",
    "a\x00b",
    "-1",
    "",
    str(10**30),
    "x" * 5000,
    ["1", "²"],
]


# --- the site's URLs and what each view reads ------------------------------------------------
def _names_in(pattern) -> list[str]:
    if isinstance(pattern, RoutePattern):
        return list(pattern.converters)
    return list(pattern.regex.groupindex)


@dataclass(frozen=True)
class Route:
    """A URL pattern: its name to reverse, or (unnamed) its route to fill in; the names of its
    path's parameters."""

    name: str | None
    route: str
    params: tuple[str, ...]

    def url(self, values: dict) -> str | None:
        """The path with ``values`` (any other parameter "1"); None when they do not fit its
        pattern."""
        if self.name is None:
            return "/" + ROUTE_PARAM.sub(lambda found: str(values.get(found[1], 1)), self.route)
        try:
            kwargs = {param: values.get(param, 1) for param in self.params}
            return reverse(self.name, kwargs=kwargs)
        except NoReverseMatch:
            return None


ROUTE_PARAM = re.compile(r"<(?:\w+:)?(\w+)>")


def _routes(resolver=None, namespace="", params=(), route: str = "") -> Iterator[Route]:
    """Every URL pattern of the site."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        names = params + tuple(_names_in(entry.pattern))
        whole = route + _as_route(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _routes(entry, inner, names, whole)
        elif isinstance(entry, URLPattern):
            yield Route(namespace + entry.name if entry.name else None, whole, names)


def _as_route(pattern) -> str:
    """A pattern as a route: a regular expression's named groups as <name> (enough for the
    site's few unnamed patterns, which :meth:`Route.url` fills in)."""
    if isinstance(pattern, RoutePattern):
        return str(pattern)
    return REGEX_GROUP.sub(r"<\1>", str(pattern)).lstrip("^").rstrip("$")


REGEX_GROUP = re.compile(r"\(\?P<(\w+)>[^)]*\)")


READS = re.compile(r"""request\.(?:GET|POST)(?:\.get(?:list)?\(|\[)\s*["'](\w+)["']""")
FORM_BUILT = re.compile(r"\b(\w+Form)\(")


def _view_source(view) -> tuple[str, dict]:
    """A view's own source and globals, through its decorators; ("", {}) when it has none of
    its own (a class-based view, the admin's)."""
    function = inspect.unwrap(view)
    if hasattr(view, "view_class") or not inspect.isfunction(function):
        return "", {}
    module = inspect.getmodule(function)
    if module is None or module.__name__.split(".")[0] not in APPS:
        return "", {}
    return inspect.getsource(function), function.__globals__


def _form_fields(source: str, names: dict) -> set[str]:
    found = set()
    for form_name in FORM_BUILT.findall(source):
        form = names.get(form_name)
        if isinstance(form, type) and issubclass(form, forms.BaseForm):
            found.update(form.base_fields)
    return found


def fields_of(view) -> set[str]:
    source, names = _view_source(view)
    return set(READS.findall(source)) | _form_fields(source, names)


def every_field_name() -> set[str]:
    """Every parameter name any view of the site reads, and every field of its forms and
    allauth's."""
    names = set()
    for path in itertools.chain.from_iterable((ROOT / app).rglob("*.py") for app in APPS):
        names.update(READS.findall(path.read_text()))
    stack = list(forms.BaseForm.__subclasses__())
    while stack:
        form = stack.pop()
        stack.extend(form.__subclasses__())
        if form.__module__.split(".")[0] in (*APPS, "allauth"):
            names.update(form.base_fields)
    return names


# --- a site with something behind every id ---------------------------------------------------
@pytest.fixture
def site_objects():
    """A superuser who hosts a running tournament (a match checking in) and can join a
    friend's online table: the ids every URL's parameters name."""
    users = get_user_model().objects
    host = users.create_superuser(username="host", email="host@example.com", password="pw-host")
    tournaments.make_host(user=host)
    host = users.get(pk=host.pk)
    tournament = tournaments.create_tournament(host=host, name="Spring cup")
    for number in range(3):
        player = users.create_user(
            username=f"player{number}", email=f"player{number}@example.com", password="pw"
        )
        tournaments.invite(host=host, public_id=tournament.public_id, user=player)
        tournaments.join(player=player, public_id=tournament.public_id)
    tournaments.start_tournament(host=host, public_id=tournament.public_id)
    match = TournamentMatch.objects.get(status=TournamentMatch.Status.CHECK_IN)
    friend = users.create_user(username="friend", email="friend@example.com", password="pw")
    table = games.create_online_table(
        player=games.Player(user_id=friend.pk, session_key=None),
        name="Friend",
        rules=Rules.for_preset("draw", seats=4),
    )
    entrant = Entrant.objects.filter(tournament=tournament).first()
    return {
        "host": host,
        "table": table,
        "path": {
            "public_id": tournament.public_id,
            "entrant_id": entrant.pk,
            "match_id": match.pk,
            "token": "nosuchtoken0",
            "key": str(host.pk),
            "family": "draw",
            "uidb36": "1",
            "object_id": str(host.pk),
            "content_type_id": ContentType.objects.get_for_model(host).pk,
            "app_label": "tournaments",
            "url": "no-such-page/",
        },
        "fields": {
            "seat": "1",
            "name": "Al",
            "text": "Hello, players.",
            "reason": "The table froze.",
            "email": "someone@example.com",
            "minutes": "5",
            "entrant": str(entrant.pk),
            "winner": str(match.first_id),
            "version": "0",
            "hand": "0",
            "ply": "0",
            "direction": "up",
        },
    }


def _path_values(route: Route, objects: dict) -> dict:
    """A path parameter's values: the tournament's id for its URLs, a table's else."""
    values = dict(objects["path"])
    if not (route.name or "").startswith("tournaments:"):
        values["public_id"] = objects["table"].public_id
    return values


SENTINELS = {"int": 987654321, "other": "zq0sentinel0qz"}


def _odd_paths(route: Route, values: dict) -> Iterator[str]:
    """The URL with each path parameter in turn replaced by each odd text (percent-encoded,
    as a browser sends it); the resolver may then match another pattern, or none."""
    for param in route.params:
        for sentinel in SENTINELS.values():
            url = route.url({**values, param: sentinel})
            if url is not None:
                break
        else:
            continue  # a pattern that takes only a few words (the admin's app labels)
        for odd in FEWER_ODD:
            if isinstance(odd, str) and odd:
                yield url.replace(str(sentinel), quote(odd, safe=""))


class Failures(list):
    def check(self, response, method: str, url: str, data) -> None:
        if response.status_code >= 500:
            self.append(f"{method.upper()} {url[:120]} {str(data)[:160]}: {response.status_code}")


def tracebacks(caplog) -> list[str]:
    """Errors logged with a traceback: a request or a socket that failed. (Django's security
    log also keeps one for a request it refused with a 400, e.g. a redirect far too long.)"""
    return [
        record.getMessage()[:200]
        for record in caplog.records
        if record.exc_info and not record.name.startswith("django.security")
    ]


@pytest.fixture
def errors_logged(caplog):
    caplog.set_level(logging.ERROR)
    return caplog


# In one transaction, rolled back at the end (thousands of requests, each commit otherwise
# waiting on the disk); the sockets' tests need their commits seen by other threads.
@pytest.mark.django_db
def test_no_url_answers_an_odd_value_with_a_server_error(site_objects, errors_logged):
    client = Client(raise_request_exception=False)
    every_name = every_field_name()
    baseline = site_objects["fields"]
    failures = Failures()
    # Not the RQ dashboard's (django_rq's own pages for staff, not the site's code).
    routes = [route for route in _routes() if not route.route.startswith("admin/django_rq/")]
    assert len(routes) > 100  # the whole site, the admin included
    for route in routes:
        values = _path_values(route, site_objects)
        url = route.url(values)
        assert url is not None, f"{route} cannot be reversed with the fixture's values"
        view = resolve(url).func
        own = fields_of(view)
        # Signed in again, as the host is now: a logout signs out, and the admin's password
        # form (sent odd values that match) changes the password, which ends the session.
        client.force_login(get_user_model().objects.get(pk=site_objects["host"].pk))
        for method in ("get", "post"):
            send = getattr(client, method)
            if own:  # each parameter odd in turn, the others as a person would send them
                for field, odd in itertools.product(sorted(own), ODD_VALUES):
                    data = {**{f: baseline.get(f, "") for f in own}, field: odd}
                    failures.check(send(url, data), method, url, data)
            else:  # every name the site reads, all odd at once
                for odd in FEWER_ODD:
                    data = dict.fromkeys(every_name, odd)
                    failures.check(send(url, data), method, url, odd)
            for odd_url in _odd_paths(route, values):
                failures.check(send(odd_url), method, odd_url, None)
    assert failures == []
    assert tracebacks(errors_logged) == []


# --- the sockets -------------------------------------------------------------------------------
#: Every message type the table's socket reads, and the fields each reads: written out here, and
#: held to the protocol's registry (games.live.protocol.INCOMING) below.
TABLE_MESSAGES = {
    "sync": (),
    "hint": (),
    "move": ("version", "move"),
    "next_hand": ("version",),
    "undo": ("version",),
    "join": ("name", "seat"),
    "rematch": (),
    "resign": (),
    "leave": (),
    "back": (),
    "start": (),
    "remark": ("phrase",),
    "remarks": (),
    "seat": ("seat",),
    "remove": ("seat",),
    "unjoin": (),
    "table_talk": ("allowed",),
}
ODD_JSON = [
    *ODD_TEXT,
    None,
    True,
    -1,
    10**30,
    -(10**30),
    1.5,
    float("inf"),
    [],
    [1, "²"],
    {},
    {"play": "\x00", "end": "left"},
]
ODD_FRAMES = ["{not json", "", "[]", "null", '"\\u0000"', "1" * 3000, "\x00", "²"]


def test_every_message_type_of_the_table_socket_is_sent_odd_values():
    read = {
        kind: tuple(field.name for field in dataclasses.fields(message))
        for kind, message in protocol.INCOMING.items()
    }
    assert read == TABLE_MESSAGES


BINARY = b"\x00\xff binary"


async def _send_frame(socket: WebsocketCommunicator, frame: str | bytes) -> None:
    """A frame as daphne passes it on (the communicator's send_to refuses an empty one)."""
    key = "bytes" if isinstance(frame, bytes) else "text"
    await socket.send_input({"type": "websocket.receive", key: frame})


def _socket(path: str, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        client.force_login(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def _still_answers(socket: WebsocketCommunicator) -> None:
    """The socket is open and answers: a sync gets the state (whatever came before it)."""
    await socket.send_to(text_data=json.dumps({"type": "sync"}))
    while True:
        message = json.loads(await socket.receive_from(timeout=10))
        if message["type"] == "state":
            return


def _table_frames() -> Iterator[str | bytes]:
    for kind, fields in TABLE_MESSAGES.items():
        for odd in ODD_JSON:
            yield json.dumps({"type": kind, **dict.fromkeys(fields, odd)})
            yield json.dumps({"type": kind, "extra\x00": odd})
    for odd in ODD_JSON:
        yield json.dumps({"type": odd})
    yield from ODD_FRAMES
    yield BINARY


@pytest.mark.asyncio
async def test_the_table_socket_answers_odd_messages_and_stays_open(
    site_objects, errors_logged, monkeypatch
):
    # Every frame answered: the message budget (tested in test_rate_limits) out of the way.
    monkeypatch.setattr(consumers, "RATE_BURST", 10**6)
    table, host = site_objects["table"], site_objects["host"]
    socket = await sync_to_async(_socket)(f"/ws/tables/{table.public_id}/", host)
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from(timeout=10)  # the state
    for frame in _table_frames():
        await sync_to_async(_refill_budget)()  # the hints' and joins' limits (dominoes.limits)
        await _send_frame(socket, frame)
        await _still_answers(socket)
    await socket.disconnect()
    assert tracebacks(errors_logged) == []


def _refill_budget() -> None:
    from dominoes import limits

    limits.reset()


@pytest.mark.asyncio
@pytest.mark.parametrize("odd", ["a\x00b", "\x00", "²"])
async def test_a_socket_address_with_an_odd_id_is_refused_not_failed(site_objects, odd):
    for path in (f"/ws/tables/{quote(odd, safe='')}/", f"/ws/notifications/?x={quote(odd)}"):
        socket = await sync_to_async(_socket)(path, site_objects["host"])
        connected, code = await socket.connect()
        if connected:  # the bell ignores what it is not asked
            await socket.disconnect()
        else:
            assert code != 1011


@pytest.mark.asyncio
async def test_the_bell_socket_ignores_odd_json_and_closes_clearly_on_the_rest(
    site_objects, errors_logged
):
    """JSON the bell was not asked for is ignored; a frame that is not JSON is answered in words
    and closed 4400, as the table socket does: never a server error."""
    socket = await sync_to_async(_socket)("/ws/notifications/", site_objects["host"])
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_json_from(timeout=10)  # the bell's state
    frames = [*ODD_FRAMES, *(json.dumps({"type": odd}) for odd in ODD_JSON), BINARY]
    for frame in frames:
        try:
            json.loads(frame)
        except ValueError:
            continue
        await _send_frame(socket, frame)
    # Still listening after them all (frames are handled in order): a notification arrives.
    await sync_to_async(notify)(user=site_objects["host"], kind="notice", title="Still here")
    state = await socket.receive_json_from(timeout=10)
    assert state["type"] == "state" and state["title"] == "Still here"
    await socket.disconnect()
    for frame in frames:
        try:
            json.loads(frame)
            continue
        except ValueError:
            pass
        socket = await sync_to_async(_socket)("/ws/notifications/", site_objects["host"])
        assert (await socket.connect())[0]
        await socket.receive_json_from(timeout=10)
        await _send_frame(socket, frame)
        assert (await socket.receive_json_from(timeout=10))["type"] == "error"
        assert (await socket.receive_output(timeout=10))["code"] == 4400
    assert tracebacks(errors_logged) == []
