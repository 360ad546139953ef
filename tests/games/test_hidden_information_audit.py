"""The hidden-information audit: every payload sent to every seat and spectator, over a thousand
simulated online games of every preset, shows nobody another hand or the boneyard before the
hand ends, and only counts of them (tests/games/hidden_audit.py says what may be shown).

Three levels, from many games to few:

* 1,000 whole games (every preset, every seat count) in process: after every deal and move,
  the payload each seat and a spectator would be sent, made by ``selectors.state_text`` from a
  table snapshot exactly as the consumer makes it, with no database (to keep it fast).
* Online tables through the real services and database: at every announced version, the
  snapshot the consumers send from and ``selectors.table_state`` of the committed row.
* Two online games through real WebSockets (two people and a spectator): every message each
  socket receives, checked against the match at that message's version (remarks included:
  phrases of the fixed list only, and a spectator's never to a player).
"""

import json
import random
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from hidden_audit import Moment, audit, audit_remark, audit_review, hands_of
from socket_support import connect, new_session, receive, record_of, snapshot_of

from games import selectors, services
from games.engine import PRESET_SEATS, Deal, Match, Preset, Rules, export, load
from games.live import consumers, events, snapshots, writes
from games.models import LogEntry, Table

GAMES = 1000
HINTS_REFUSED = "Hints are only for games against the computer."


def sent(snapshot: snapshots.TableSnapshot, seat: int | None) -> dict[str, Any]:
    """The payload a connection sends ``seat`` from ``snapshot``: its text, parsed."""
    return json.loads(selectors.state_text(snapshot, seat))


def rules_for(number: int) -> Rules:
    """Game ``number``'s rules: the presets in turn, each at each of its seat counts; most
    games to 25 points (a few hands), one in twenty at the preset's own length."""
    presets = list(Preset)
    preset = presets[number % len(presets)]
    seat_counts = PRESET_SEATS[preset]
    seats = seat_counts[(number // len(presets)) % len(seat_counts)]
    if preset is Preset.SINGLE_ROUND or number % 20 == 0:
        return Rules.for_preset(preset, seats=seats)
    return Rules.for_preset(preset, seats=seats, match={"target": 25})


def test_a_thousand_online_games_show_nobody_a_hidden_tile():
    rng = random.Random(20261129)
    audited = 0
    for number in range(GAMES):
        rules = rules_for(number)
        match = Match(rules)
        names = [f"Player {seat + 1}" for seat in range(rules.seats)]
        version, seed = 0, ""
        while not match.finished:
            if match.needs_deal:
                seed = format(rng.getrandbits(256), "064x")  # the seed deals the whole hand
                match.start_hand(Deal.from_seed(rules, seed))
            else:
                match.apply(match.turn, rng.choice(match.legal_moves()))
            version += 1
            snapshot, moment = snapshot_of(match, version, names, seed), Moment(match)
            for seat in (*range(rules.seats), None):
                # Every field of every payload of one game in ten; every tile of every payload.
                audit(sent(snapshot, seat), moment, seat, fields=number % 10 == 0)
                audited += 1
    assert audited > 100 * GAMES  # every change of every game, for every receiver


# --- through the services and the database --------------------------------------------------
HOST = services.Player(user_id=None, session_key="audit-host")
GUEST = services.Player(user_id=None, session_key="audit-guest")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("preset", list(Preset))
def test_every_announced_version_of_an_online_table_shows_nobody_a_hidden_tile(preset, monkeypatch):
    """Two people and the computer (when there is a third seat), random moves: at every
    version the services announce, the snapshot the consumers send from and the committed row
    both give each receiver only what they may know."""
    seats = max(PRESET_SEATS[preset])
    rules = Rules.for_preset(preset, seats=seats)
    announced = []

    def check(public_id: str, version: int) -> None:
        # Seats joining are announced without a snapshot: the consumers then read the row.
        snapshot = snapshots.recall(public_id, at_least=version)
        table = selectors.table_for(public_id)
        assert table.version == version  # at announcement the row is at that version
        match = load(table.record) if table.started_at else Match(rules)
        for seat in (*range(seats), None):
            if snapshot is not None:
                audit(sent(snapshot, seat), match, seat)
            audit(selectors.table_state(table, seat), match, seat)
        announced.append(version)

    monkeypatch.setattr(events, "publish", check)
    public_id = services.create_online_table(
        player=HOST, name="Host", rules=rules, turn_seconds=None
    ).public_id
    services.join_table(public_id=public_id, player=GUEST, name="Guest")
    services.start_table(public_id=public_id, player=HOST)
    rng = random.Random(preset)
    people = {0: HOST, 1: GUEST}
    for _ in range(150):
        table = Table.objects.get(public_id=public_id)
        match = load(table.record)
        if match.finished:
            break
        if match.needs_deal:
            services.next_hand(public_id=public_id, player=HOST, seen_version=table.version)
        else:
            services.play(
                public_id=public_id,
                player=people[match.turn],
                move=rng.choice(match.legal_moves()),
                seen_version=table.version,
            )
    assert len(announced) > 10 and announced == sorted(announced)


# --- through real sockets ---------------------------------------------------------------------
def match_at(public_id: str, version: int) -> Match:
    """The match as it was at ``version``, rebuilt from the log (no hand before the deal)."""
    table = Table.objects.get(public_id=public_id)
    match = Match(Rules.from_record(table.rules))
    entries = LogEntry.objects.filter(table=table, version__lte=version).order_by("position")
    for entry in entries:
        writes.apply_entry(match, entry.kind, entry.payload)
    return match


async def until(communicator, into: list, predicate) -> dict:
    """Receive (keeping every message) until a state that satisfies ``predicate``."""
    while True:
        message = await receive(communicator)
        into.append(message)
        if message["type"] == "state" and predicate(message):
            return message


@pytest.mark.integration
@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("preset", [Preset.DRAW, Preset.ALL_FIVES])
async def test_every_message_on_every_socket_shows_nobody_a_hidden_tile(
    preset, monkeypatch, settings
):
    monkeypatch.setattr(consumers, "RATE_BURST", 10**6)  # a robot moves faster than people
    settings.COACH_REVIEWS = True  # each player's review of the hand, audited below
    # Off the sockets' one thread, as on RQ: inline, the review (seconds under load) would hold
    # up every consumer's next state past the receive timeout.
    settings.JOBS_BACKEND = "thread"
    host_key, guest_key, watcher_key = [await sync_to_async(new_session)() for _ in range(3)]
    host = services.Player(user_id=None, session_key=host_key)
    rules = Rules.for_preset(preset, seats=2, match={"single_round": True})
    table = await sync_to_async(services.create_online_table)(
        player=host, name="Host", rules=rules, turn_seconds=None
    )
    sockets = {}
    for seat, key in ((0, host_key), (1, guest_key), (None, watcher_key)):
        sockets[seat] = connect(table.public_id, key)
        assert (await sockets[seat].connect())[0]
    received = {seat: [] for seat in sockets}

    async def everyone_sees(predicate) -> dict:
        return {seat: await until(sockets[seat], received[seat], predicate) for seat in sockets}

    await everyone_sees(lambda state: True)
    await sockets[1].send_json_to({"type": "join", "name": "Guest"})
    await everyone_sees(lambda state: len(state["table"]["seats"]) == 2)
    await sockets[0].send_json_to({"type": "start"})
    states = await everyone_sees(lambda state: state["table"]["started"])
    # A word from a player and a spectator's reaction: audited with the rest below.
    await sockets[0].send_json_to({"type": "remark", "phrase": "good_game"})
    await sockets[None].send_json_to({"type": "remark", "phrase": "smile"})
    for seat, heard in ((0, 1), (1, 1), (None, 2)):
        for _ in range(heard):
            message = await receive(sockets[seat])
            received[seat].append(message)
            assert message["type"] == "remark", message
    rng = random.Random(7)
    while not states[None]["view"]["result"]:
        mover = states[None]["view"]["turn"]
        await sockets[mover].send_json_to({"type": "hint"})
        move = rng.choice(states[mover]["view"]["legal"])
        move = {key: value for key, value in move.items() if key != "scores"}
        seen = states[mover]["version"]
        await sockets[mover].send_json_to({"type": "move", "version": seen, "move": move})
        states = await everyone_sees(lambda state, seen=seen: state["version"] > seen)
    for seat in (0, 1):  # each player's own review of the hand, once it is over
        while received[seat][-1]["type"] != "review":
            # The job grades both seats in turn: seconds, and more on a loaded machine (what is
            # audited here is what it says, not how soon).
            received[seat].append(json.loads(await sockets[seat].receive_from(timeout=60)))
    for seat, communicator in sockets.items():  # nothing else was sent
        assert await communicator.receive_nothing(timeout=0.3), received[seat][-1]

    for seat, messages in received.items():
        for message in messages:
            if message["type"] == "error":  # the only error: no hints at a table of people
                assert seat is not None and message["message"] == HINTS_REFUSED, message
                continue
            if message["type"] == "remark":
                audit_remark(message, seat)
                continue
            if message["type"] == "review":
                audit_review(message, await record_of(table), seat)
                continue
            assert message["type"] == "state", message
            match = await sync_to_async(match_at)(table.public_id, message["version"])
            audit(message, match, seat)
    for communicator in sockets.values():
        await communicator.disconnect()


# --- the yardstick itself -------------------------------------------------------------------
def dealt_match() -> Match:
    rules = Rules.for_preset(Preset.DRAW, seats=2)
    match = Match(rules)
    match.start_hand(Deal.shuffled(rules, random.Random(3)))
    return match


def test_a_table_id_that_happens_to_spell_a_tile_is_no_leak():
    match = dealt_match()
    payload = selectors.state_of(snapshot_of(match, 1, ["Alice", "Bob"], seed=""), 0)
    secret = sorted(hands_of(match)[1])[0]
    payload["table"]["id"] = f"kyq{secret}pt4WIo"
    payload["table"]["rematch"]["table"] = f"Zr{secret}_x9Qa1"
    audit(payload, match, 0)


@pytest.mark.parametrize(
    "leak",
    [
        lambda payload, secret: payload["table"]["seats"][1].update(name=f"Bob ({secret})"),
        lambda payload, secret: payload["view"].update(boneyard_top=secret),
        lambda payload, secret: payload["view"]["history"].append({"seat": 1, "draw": secret}),
        lambda payload, secret: payload["view"].update(
            hand=[*payload["view"]["hand"], "-".join(reversed(secret.split("-")))]
        ),
        lambda payload, secret: payload["view"].update(counts=[7, 7, 1]),
        lambda payload, secret: payload["view"].update(opponent_pips=42),
        lambda payload, secret: payload["table"].update(
            fair_deal={"hand": 0, "commitment": "0" * 64, "seed": "deals-every-hand"}
        ),
    ],
    ids=[
        "in-a-name",
        "new-field",
        "in-history",
        "reversed-in-hand",
        "counts",
        "unknown-field",
        "seed-while-playing",
    ],
)
def test_the_audit_finds_a_hidden_tile_anywhere_in_a_payload(leak):
    match = dealt_match()
    payload = selectors.state_of(snapshot_of(match, 1, ["Alice", "Bob"], seed=""), 0)
    audit(payload, match, 0)  # as sent: clean
    secret = sorted(hands_of(match)[1])[0]
    leak(payload, secret)
    with pytest.raises(AssertionError):
        audit(payload, match, 0)


def test_the_audit_finds_a_tile_a_forged_word_or_a_spectators_remark_sent_to_a_player():
    remark = {
        "id": 1,
        "seat": 0,
        "name": "Ana",
        "speaker": "0a1b2c3d4e5f6a7b",
        "phrase": "good_game",
        "kind": "phrase",
        "text": "Good game",
        "spoken": "Good game",
        "spectator": False,
    }
    audit_remark({"type": "remark", "remark": remark}, 1)
    with pytest.raises(AssertionError, match="spelled"):
        audit_remark({"type": "remark", "remark": {**remark, "name": "Ana 6-6"}}, 1)
    with pytest.raises(AssertionError):
        audit_remark({"type": "remark", "remark": {**remark, "text": "I hold the blanks"}}, 1)
    with pytest.raises(AssertionError, match="unaudited"):
        audit_remark({"type": "remark", "remark": {**remark, "hand": "hidden"}}, 1)
    cheer = {**remark, "seat": None, "spectator": True, "phrase": "smile", "text": "🙂"}
    cheer["spoken"] = "smile"
    audit_remark({"type": "remark", "remark": cheer}, None)
    with pytest.raises(AssertionError, match="spectator's remark"):
        audit_remark({"type": "remark", "remark": cheer}, 0)


def test_the_audit_finds_a_review_sent_to_another_seat_or_naming_a_hidden_tile():
    match = dealt_match()
    seat = match.turn
    match.apply(seat, match.legal_moves()[0])
    match.apply(1 - seat, match.legal_moves()[0])
    other = 1 - seat
    # What the seat holds and what it cannot see at its second decision (ply 2), then made.
    own = sorted(hands_of(match)[seat])[0]
    hidden = sorted(hands_of(match)[other])[0]
    match.apply(match.turn, match.legal_moves()[0])
    record = export(match)
    decision = {"ply": 2, "played": own, "best": own, "cost": 0, "grade": "best"}
    decision |= {"label": "Best", "expected": 0.0, "reason": ""}
    review = {"hand": 0, "seat": seat, "accuracy": 100, "luck": 0.0, "forced": 0}
    message = {"type": "review", "version": 3, "review": {**review, "critical": []}}
    message["review"]["decisions"] = [decision]
    audit_review(message, record, seat)
    with pytest.raises(AssertionError, match="got"):
        audit_review(message, record, other)
    with pytest.raises(AssertionError, match="got"):
        audit_review(message, record, None)
    leaking = {**decision, "reason": f"{hidden} was better"}
    with pytest.raises(AssertionError, match="names"):
        audit_review(
            {**message, "review": {**message["review"], "decisions": [leaking]}}, record, seat
        )
    with pytest.raises(AssertionError, match="unaudited"):
        audit_review({**message, "hands": [hidden]}, record, seat)
    late = {**decision, "ply": 9}  # not a move of the hand: the audit cannot vouch for it
    with pytest.raises(AssertionError, match="names"):
        audit_review(
            {**message, "review": {**message["review"], "decisions": [late]}}, record, seat
        )
