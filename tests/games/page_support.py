"""The table pages through the test client: the setup form, the table it created and the state
embedded in a page."""

import json
import re

from django.test import Client

from games.models import Table

SETUP = "/play/"


BASICS = {
    "preset": "draw",
    "seats": "2",
    "level_1": "easy",
    "level_2": "medium",
    "level_3": "medium",
    "name": "Alice",
    "show_hints": "on",
}


def setup_post(client: Client, **changes: str):
    return client.post(SETUP, {**BASICS, **changes})


def created(response) -> Table:
    assert response.status_code == 302, response.content.decode()[:2000]
    match = re.fullmatch(r"/tables/([\w-]+)/", response["Location"])
    assert match, response["Location"]
    return Table.objects.get(public_id=match.group(1))


def embedded_state(html: str) -> dict:
    found = re.search(
        r'<script id="table-state" type="application/json">(.*?)</script>', html, re.S
    )
    assert found, "the page embeds the state"
    return json.loads(found.group(1))
