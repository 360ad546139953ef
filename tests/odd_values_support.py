"""What tests/test_odd_values.py and the URL walk (tests/test_odd_values_urls_*.py) send
(issue 33, 6): odd values, the site's URL patterns and the parameters each view reads, the
objects behind every id, and how a failure is told.

The walk is in parts, a test file each, so that pytest-xdist (a file stays in one process)
runs them side by side: one file took over two minutes alone, while the other process idled at
the end of the run. :func:`part_of` puts every URL in exactly one part; ``site`` takes every
URL the other parts do not, so a view added later is walked wherever its URL lands.
"""

from __future__ import annotations

import inspect
import itertools
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.resolvers import RoutePattern

from games import services as games
from games.engine import Rules
from tournaments import services as tournaments
from tournaments.models import Entrant, TournamentMatch

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


def site_routes(resolver=None, namespace="", params=(), route: str = "") -> Iterator[Route]:
    """Every URL pattern of the site."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        names = params + tuple(_names_in(entry.pattern))
        whole = route + _as_route(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from site_routes(entry, inner, names, whole)
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


def path_values(route: Route, objects: dict) -> dict:
    """A path parameter's values: the tournament's id for its URLs, a table's else."""
    values = dict(objects["path"])
    if not (route.name or "").startswith("tournaments:"):
        values["public_id"] = objects["table"].public_id
    return values


SENTINELS = {"int": 987654321, "other": "zq0sentinel0qz"}


def odd_paths(route: Route, values: dict) -> Iterator[str]:
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


# --- the walk, in parts ------------------------------------------------------------------------
#: Each part's URLs by their route's start; ``site`` is every other URL. Sized to take about as
#: long as each other (2026-12-06: the admin's, the tournaments' and the rest's requests, about
#: 1,700 each).
PARTS: dict[str, tuple[str, ...]] = {
    "admin": ("admin/",),
    "tournaments": ("tournaments/",),
    "site": (),
}


def walked_routes() -> list[Route]:
    """Every URL pattern the walk visits: not the RQ dashboard's (django_rq's own pages for
    staff, not the site's code)."""
    return [route for route in site_routes() if not route.route.startswith("admin/django_rq/")]


def part_of(route: Route) -> str:
    for part, starts in PARTS.items():
        if starts and route.route.startswith(starts):
            return part
    return "site"


def walk(part: str, site_objects: dict, errors_logged) -> None:
    """Sends odd values to every URL of ``part``: each parameter its view reads odd in turn,
    or every name the site reads all odd at once, and each path parameter odd."""
    client = Client(raise_request_exception=False)
    every_name = every_field_name()
    baseline = site_objects["fields"]
    failures = Failures()
    routes = [route for route in walked_routes() if part_of(route) == part]
    assert routes, f"the part {part!r} has no URL"
    for route in routes:
        values = path_values(route, site_objects)
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
            for odd_url in odd_paths(route, values):
                failures.check(send(odd_url), method, odd_url, None)
    assert failures == []
    assert tracebacks(errors_logged) == []
