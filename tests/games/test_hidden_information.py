"""Across many random games against the computer, no payload holds another hand or the boneyard.

The payload checked is the one the consumer sends (`selectors.table_state`), after every change
of every game, for every preset; secrets are read from the real record.
"""

import json
import random

import pytest

from games import selectors, services
from games.engine import PRESET_SEATS, Preset, Rules, load

pytestmark = pytest.mark.django_db(transaction=True)

ALICE = services.Player(user_id=None, session_key="alice-session")


def secrets_of(record: dict, seat: int) -> set[str]:
    """Tiles the seat must not see now: other hands and the undrawn boneyard of this hand."""
    match = load(record)
    if not match.dealt or match.needs_deal or match.finished:
        return set()
    view = match.view_for(seat).to_json()
    table = {m["play"] for m in view["history"] if "play" in m}
    deal = record["hands"][-1]["deal"]
    every_tile = {t for h in deal["hands"] for t in h} | set(deal["boneyard"])
    return every_tile - table - set(view["hand"])


@pytest.mark.parametrize("preset", list(Preset))
def test_no_payload_ever_holds_a_hidden_tile(preset):
    rng = random.Random(preset)
    for seats in (min(PRESET_SEATS[preset]), max(PRESET_SEATS[preset])):
        rules = Rules.for_preset(preset, seats=seats, match={"target": 25})
        table = services.create_computer_table(
            player=ALICE, name="Alice", rules=rules, levels=["easy"] * (seats - 1)
        )
        for _ in range(25):
            table.refresh_from_db()
            match = load(table.record)
            if match.finished:
                break
            payload = json.dumps(selectors.table_state(table, 0))
            for tile in secrets_of(table.record, 0):
                assert f'"{tile}"' not in payload
            if match.needs_deal:
                services.next_hand(
                    public_id=table.public_id, player=ALICE, seen_version=table.version
                )
            else:
                services.play(
                    public_id=table.public_id,
                    player=ALICE,
                    move=rng.choice(match.legal_moves()),
                    seen_version=table.version,
                )
