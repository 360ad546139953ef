"""The table socket's limits across connections and processes (dominoes.limits), through the
real ASGI stack, PostgreSQL and Redis: open sockets per person and per address (leases that a
crashed process cannot leave taken), hints and joins per person. Past a limit: an error in a
player's words (and close code 4429 for a socket), nothing changed."""

import time

import pytest
from asgiref.sync import sync_to_async
from socket_support import connect, new_session, new_table, open_table, receive

from dominoes import lease_store, limits, socket_limits
from games.live.consumers import CLOSE_TOO_MANY
from games.models import Seat

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def opened(public_id: str, session_key: str):
    communicator = connect(public_id, session_key)
    assert (await communicator.connect())[0]
    return communicator, await receive(communicator)


async def assert_refused_socket(public_id: str, session_key: str, words: str) -> None:
    communicator = connect(public_id, session_key)
    assert (await communicator.connect())[0]  # accepted to be told why
    assert await receive(communicator) == {"type": "error", "message": words, "version": -1}
    assert (await communicator.receive_output(timeout=5))["code"] == CLOSE_TOO_MANY


async def test_a_browser_opens_twenty_tabs_and_the_twenty_first_is_refused_in_words():
    key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(key)
    host = await sync_to_async(new_session)()
    watched = await sync_to_async(open_table)(host)  # spectators count too
    tabs = [await opened(table.public_id, key) for _ in range(15)]
    tabs += [await opened(watched, key) for _ in range(5)]

    await assert_refused_socket(watched, key, socket_limits.OPEN_SOCKETS.person_message)

    # Someone else is not held back; a tab closed frees its place at once.
    other = await sync_to_async(new_session)()
    tabs.append(await opened(watched, other))
    await tabs[0][0].disconnect()
    tabs.append(await opened(table.public_id, key))
    for communicator, _ in tabs[1:]:
        await communicator.disconnect()


async def test_sockets_from_one_address_stop_at_the_address_budget(settings):
    settings.OPEN_SOCKETS_PER_ADDRESS = 3
    host = await sync_to_async(new_session)()
    public_id = await sync_to_async(open_table)(host)
    guests = [await sync_to_async(new_session)() for _ in range(4)]
    open_ = [await opened(public_id, guest) for guest in guests[:3]]

    await assert_refused_socket(public_id, guests[3], socket_limits.OPEN_SOCKETS.address_message)
    for communicator, _ in open_:
        await communicator.disconnect()


async def test_leases_of_a_crashed_process_expire_and_live_ones_are_renewed(monkeypatch):
    clock = [time.time()]
    monkeypatch.setattr(lease_store, "now", lambda: clock[0])
    key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(key)
    person = limits.person_key(limits_player(key))
    # Another process held 20 sockets of this person and died without a word.
    for index in range(socket_limits.OPEN_SOCKETS.per_person):
        await socket_limits.admit_socket(
            f"dead-process-{index}", socket_limits.OPEN_SOCKETS, person=person
        )
    socket_limits.forget()  # what the dead process knew dies with it: nobody renews those leases
    await assert_refused_socket(table.public_id, key, socket_limits.OPEN_SOCKETS.person_message)

    clock[0] += lease_store.LEASE_SECONDS + 1
    communicator, _ = await opened(table.public_id, key)
    # This process renews its own leases: they outlive another LEASE_SECONDS.
    await lease_store.loop_state().leases.renew(
        [(key_, lease) for lease, keys in socket_limits._held.items() for key_ in keys]
    )
    clock[0] += lease_store.LEASE_SECONDS - 1
    for index in range(socket_limits.OPEN_SOCKETS.per_person - 1):
        await socket_limits.admit_socket(
            f"other-{index}", socket_limits.OPEN_SOCKETS, person=person
        )
    with pytest.raises(limits.Refused):
        await socket_limits.admit_socket("one-too-many", socket_limits.OPEN_SOCKETS, person=person)
    await communicator.disconnect()


async def test_renewal_reaches_every_lease_of_a_busy_process_and_no_released_one(monkeypatch):
    """A process with 2,000 sockets holds thousands of leases: renewed a batch at a time (so the
    event loop serves sockets between batches), every one is renewed, none released revived."""
    clock = [time.time()]
    monkeypatch.setattr(lease_store, "now", lambda: clock[0])
    leases = lease_store.loop_state().leases
    count = 2 * lease_store.RENEW_BATCH + 7
    pairs = [
        (f"{limits.KEY_PREFIX}:open_sockets:address:10.0.{n % 3}.1", f"s{n}") for n in range(count)
    ]
    for key, lease in pairs:
        assert await leases.acquire(key, lease, count)
    await leases.release(pairs[-2:])

    clock[0] += lease_store.LEASE_SECONDS - 1
    await leases.renew(pairs)
    clock[0] += lease_store.LEASE_SECONDS - 1
    # Past the first expiry: every renewed lease still counts, the released two do not.
    assert not await leases.acquire(pairs[0][0], "one-more", count // 3)
    assert await leases.acquire(pairs[-1][0], "one-more", count // 3 + 1)


def limits_player(session_key: str):
    from games.services import Player

    return Player(user_id=None, session_key=session_key)


async def test_hints_past_the_persons_rate_are_refused_across_sockets(settings):
    settings.RATE_LIMITS = {"hints": {"per_person": "3/minute"}}
    key = await sync_to_async(new_session)()
    table = await sync_to_async(new_table)(key)
    first, _ = await opened(table.public_id, key)
    second, state = await opened(table.public_id, key)
    for communicator in (first, first, second):
        await communicator.send_json_to({"type": "hint"})
        assert (await receive(communicator))["type"] == "hint"

    await second.send_json_to({"type": "hint"})

    assert await receive(second) == {
        "type": "error",
        "message": limits.HINTS.message,
        "version": state["version"],
    }
    assert await second.receive_nothing(timeout=0.2)  # no state: a refusal costs no database
    await first.disconnect()
    await second.disconnect()


async def test_joins_past_the_persons_rate_are_refused_and_take_no_seat(settings):
    settings.RATE_LIMITS = {"joins": {"per_person": "2/minute"}}
    host = await sync_to_async(new_session)()
    tables = [await sync_to_async(open_table)(host) for _ in range(3)]
    key = await sync_to_async(new_session)()
    sockets = []
    for public_id in tables:
        communicator, _ = await opened(public_id, key)
        await communicator.send_json_to({"type": "join", "name": "Bob"})
        sockets.append(communicator)
    for communicator in sockets[:2]:
        assert (await receive(communicator))["type"] == "state"

    refusal = await receive(sockets[2])

    assert refusal["type"] == "error" and refusal["message"] == limits.JOINS.message
    seats = Seat.objects.filter(guest=key).values_list("table__public_id", flat=True)
    assert sorted(await sync_to_async(list)(seats)) == sorted(tables[:2])
    for communicator in sockets:
        await communicator.disconnect()
