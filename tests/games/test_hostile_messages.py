"""Hostile WebSocket traffic against the real consumer (PostgreSQL, Redis): hypothesis sends
thousands of malformed, oversized, binary, out-of-order and forged messages through the ASGI
stack. Every reply is a clear error followed by the table's state (or the state or hint a
harmless request asks for), the table does not change, and the socket stays usable.

The table never changes during a run (every generated action is refused), so the replies to each
frame are known in advance: that is what lets each frame's answer be checked on its own.
"""

import json
from dataclasses import dataclass

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from socket_support import connect, new_session, receive

from dominoes.asgi import application
from games import services
from games.engine import ALL_TILES, IllegalMove, InvalidMove, Rules, load, move_from_json
from games.live import consumers, snapshots
from games.models import LogEntry, Seat, Table

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MESSAGE_TYPES = [
    *("sync", "hint", "move", "next_hand", "undo", "join", "rematch", "leave", "start"),
    *("seat", "remove", "unjoin"),  # the friends lobby's
]


# --- what is generated: JSON-like values with placeholders resolved against the table --------
@dataclass(frozen=True)
class Version:
    """The table's version plus ``offset``: 0 is current, others stale or from the future."""

    offset: int


@dataclass(frozen=True)
class Oversized:
    """A frame of ``size`` bytes, over the consumer's limit (not a JSON number: those can be
    huge, and a frame that size is the test's own memory)."""

    size: int


@dataclass(frozen=True)
class SecretTile:
    """A real tile the sender does not hold (another hand or the boneyard): a forged play."""

    pick: int


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**64), max_value=2**64),
    st.integers(min_value=-(10**300), max_value=10**300),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
versions = st.one_of(
    st.builds(Version, st.sampled_from([0, 0, 0, -1, 1, 2, -(10**6), 10**9])),
    json_values,
)
tiles = st.one_of(
    st.builds(SecretTile, st.integers(min_value=0, max_value=27)),
    st.sampled_from(["9-9", "6-7", "-1-2", "6-6-6", "66", "", "6 6", "x-y", "0x6-0x6"]),
    json_values,
)
ends = st.one_of(st.sampled_from(["left", "right", "up", "down", "middle", "LEFT"]), json_values)
moves = st.one_of(
    st.fixed_dictionaries({"play": tiles}, optional={"end": ends, "seat": json_values}),
    st.fixed_dictionaries({}, optional={"draw": json_values, "pass": json_values}),
    st.dictionaries(st.sampled_from(["play", "end", "draw", "pass", "seat", "tile"]), json_values),
    json_values,
)
names = st.one_of(st.text(max_size=60), json_values)
typed_messages = st.fixed_dictionaries(
    {"type": st.sampled_from(MESSAGE_TYPES)},
    optional={
        "version": versions,
        "move": moves,
        "name": names,
        "seat": st.one_of(st.integers(min_value=-2, max_value=5), json_values),
        "extra": json_values,
    },
)
frames = st.one_of(
    typed_messages,  # the right shape with wrong contents: most of the traffic
    st.fixed_dictionaries({"type": json_values}, optional={"version": versions}),
    json_values,  # any JSON at all: arrays, numbers, strings, null
    st.text(max_size=200),  # any text, mostly not JSON
    st.binary(max_size=200),  # a binary frame
    st.builds(Oversized, st.integers(min_value=2049, max_value=20_000)),
)


@dataclass
class Scene:
    """The socket's owner and the table as it is (and must stay)."""

    public_id: str
    session_key: str
    seat: int | None
    version: int
    record: dict
    log_size: int

    def unchanged(self) -> bool:
        table = Table.objects.get(public_id=self.public_id)
        log_size = LogEntry.objects.filter(table=table).count()
        return (table.version, table.record, log_size) == (self.version, self.record, self.log_size)

    def resolve(self, value: object) -> object:
        """The placeholders of a generated value made real."""
        match value:
            case Version(offset):
                return self.version + offset
            case SecretTile(pick):
                hidden = self.hidden_tiles()
                return hidden[pick % len(hidden)]
            case dict():
                return {key: self.resolve(item) for key, item in value.items()}
            case list():
                return [self.resolve(item) for item in value]
        return value

    def hidden_tiles(self) -> list[str]:
        match = load(self.record)
        own = set(match.view_for(self.seat).hand) if self.seat is not None else set()
        return [str(tile) for tile in ALL_TILES if tile not in own]

    def would_act(self, message: object) -> bool:
        """Whether the message is an action this table would accept now (then it is not sent:
        the run keeps the table as it is). Only a legal move at the current version can be."""
        if not isinstance(message, dict) or message.get("type") != "move":
            return False
        if message.get("version") != self.version or self.seat is None:
            return False
        if not isinstance(message.get("move"), dict):
            return False
        try:
            move = move_from_json(message["move"])
            load(self.record).apply(self.seat, move)
        except (InvalidMove, IllegalMove):
            return False
        return True


def wire(scene: Scene, frame: object) -> dict | None:
    """The frame as the ASGI server hands it to the consumer, or None to skip it."""
    if isinstance(frame, bytes):
        return {"type": "websocket.receive", "bytes": frame}
    if isinstance(frame, str):
        return {"type": "websocket.receive", "text": frame}
    if isinstance(frame, Oversized):
        oversized = json.dumps({"type": "sync", "pad": "x" * frame.size})
        return {"type": "websocket.receive", "text": oversized}
    message = scene.resolve(frame)
    if scene.would_act(message):
        return None
    return {"type": "websocket.receive", "text": json.dumps(message)}


async def replies_to(communicator, scene: Scene, frame: dict) -> None:
    """Send one frame and check its replies: an error (a sentence) then the unchanged state,
    or exactly the state or hint a harmless request asks for."""
    await communicator.send_input(frame)  # any frame, the empty one included
    reply = await receive(communicator)
    assert reply["type"] in ("error", "state", "hint"), reply
    if reply["type"] == "error":
        assert isinstance(reply["message"], str) and reply["message"].endswith("."), reply
        reply = await receive(communicator)
        assert reply["type"] == "state"
    if reply["type"] == "state":
        assert reply["version"] == scene.version
        assert reply["view"]["seat"] == scene.seat


async def hostile_session(scene: Scene, batch: list) -> None:
    communicator = connect(scene.public_id, scene.session_key)
    connected, _ = await communicator.connect()
    assert connected
    assert (await receive(communicator))["version"] == scene.version
    for frame in batch:
        sent = wire(scene, frame)
        if sent is not None:
            await replies_to(communicator, scene, sent)
    # Still usable: an ordinary request gets its ordinary answer.
    await communicator.send_json_to({"type": "sync"})
    assert (await receive(communicator))["version"] == scene.version
    await communicator.disconnect()


def scene_of(public_id: str, session_key: str, seat: int | None) -> Scene:
    table = Table.objects.get(public_id=public_id)
    return Scene(
        public_id=public_id,
        session_key=session_key,
        seat=seat,
        version=table.version,
        record=table.record,
        log_size=LogEntry.objects.filter(table=table).count(),
    )


@pytest.fixture
def no_flood_limits(monkeypatch, settings):
    """The flood limits (a socket's message budget, hints and joins per person) have their own
    tests; here one session sends thousands of frames over many examples."""
    monkeypatch.setattr(consumers, "RATE_BURST", 10**6)
    unlimited = {"per_person": "1000000/minute", "per_address": "1000000/minute"}
    settings.RATE_LIMITS = {"hints": unlimited, "joins": unlimited}


@pytest.fixture
def player_on_turn(no_flood_limits):
    """A guest at a computer table whose turn it is (every action but their move is refused:
    undo has nothing to take back, leave and rematch are not for this table)."""
    session_key = new_session()
    table = services.create_computer_table(
        player=services.Player(user_id=None, session_key=session_key),
        name="Alice",
        rules=Rules.for_preset("draw", seats=2),
        levels=["easy"],
    )
    scene = scene_of(table.public_id, session_key, 0)
    assert load(scene.record).turn == 0  # the computer's opening (if it had it) was played
    return scene


@pytest.fixture
def spectator(no_flood_limits):
    """A stranger watching a started online table of people only (no computer's seat to
    take at the next hand): every action is refused."""
    host = services.Player(user_id=None, session_key=new_session())
    table = services.create_online_table(
        player=host, name="Host", rules=Rules.for_preset("block", seats=2), turn_seconds=None
    )
    friend = services.Player(user_id=None, session_key=new_session())
    services.join_table(public_id=table.public_id, player=friend, name="Bob")
    services.start_table(public_id=table.public_id, player=host)
    return scene_of(table.public_id, new_session(), None)


FUZZ = settings(
    max_examples=70,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
    database=None,  # the examples depend on fresh tables: replaying saved ones proves nothing
)


@FUZZ
@given(batch=st.lists(frames, min_size=10, max_size=40))
def test_a_player_sending_garbage_gets_errors_and_the_table_does_not_change(player_on_turn, batch):
    async_to_sync(hostile_session)(player_on_turn, batch)
    assert player_on_turn.unchanged()


@FUZZ
@given(batch=st.lists(frames, min_size=10, max_size=40))
def test_a_spectator_sending_anything_gets_errors_and_the_table_does_not_change(spectator, batch):
    async_to_sync(hostile_session)(spectator, batch)
    assert spectator.unchanged()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "name",
    ["Bob\x00", "\x00", "  ", "x" * 41, "Bob\ud800", 7],
    ids=["nul", "only-nul", "blank", "too-long", "lone-surrogate", "number"],
)
async def test_a_join_with_an_impossible_name_is_refused_and_the_socket_stays_usable(name):
    host_key, guest_key = [await sync_to_async(new_session)() for _ in range(2)]
    host = services.Player(user_id=None, session_key=host_key)
    table = await sync_to_async(services.create_online_table)(
        player=host, name="Host", rules=Rules.for_preset("draw", seats=3), turn_seconds=None
    )
    communicator = connect(table.public_id, guest_key)
    assert (await communicator.connect())[0]
    state = await receive(communicator)
    await communicator.send_to(text_data=json.dumps({"type": "join", "name": name}))
    error = await receive(communicator)
    assert error["type"] == "error" and error["message"].endswith("."), error
    assert (await receive(communicator))["version"] == state["version"]
    assert await sync_to_async(Seat.objects.filter(table__public_id=table.public_id).count)() == 1
    await communicator.send_json_to({"type": "join", "name": "Bob"})  # still usable
    joined = await receive(communicator)
    assert [seat["name"] for seat in joined["table"]["seats"]] == ["Host", "Bob"]
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_a_hint_asked_in_the_lobby_by_a_process_without_the_tables_snapshot_is_refused():
    """The process serving the socket may not hold the table's newest state (restarted, or
    the change came through another process): the lobby's empty record is never read as a
    match, and a table of people has no hints anyway."""
    host_key = await sync_to_async(new_session)()
    host = services.Player(user_id=None, session_key=host_key)
    table = await sync_to_async(services.create_online_table)(
        player=host, name="Host", rules=Rules.for_preset("draw", seats=2), turn_seconds=None
    )
    communicator = connect(table.public_id, host_key)
    assert (await communicator.connect())[0]
    state = await receive(communicator)
    snapshots.forget_all()
    await communicator.send_json_to({"type": "hint"})
    error = await receive(communicator)
    assert error["type"] == "error"
    assert error["message"] == "Hints are only for games against the computer."
    assert (await receive(communicator))["version"] == state["version"]
    await communicator.disconnect()


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "origin", [b"http://evil.example", b"null", None], ids=["other-site", "null", "none"]
)
async def test_a_socket_opened_from_another_site_is_refused(origin):
    """Cross-site WebSocket hijacking: a page elsewhere cannot use the player's cookie."""
    session_key = await sync_to_async(new_session)()
    public_id = (
        await sync_to_async(services.create_computer_table)(
            player=services.Player(user_id=None, session_key=session_key),
            name="Alice",
            rules=Rules.for_preset("draw", seats=2),
            levels=["easy"],
        )
    ).public_id
    headers = [(b"host", b"testserver"), (b"cookie", f"sessionid={session_key}".encode())]
    if origin is not None:
        headers.append((b"origin", origin))
    communicator = WebsocketCommunicator(application, f"/ws/tables/{public_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert not connected
