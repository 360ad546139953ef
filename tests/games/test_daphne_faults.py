"""A daphne process lost in the middle of games, out of two serving the site (PostgreSQL and
channels-redis in common): killed with ``kill -9``, or stopped with SIGTERM as a deployment
does. Its people reconnect to the other process by themselves; no move is lost or applied
twice, and every game goes on."""

import asyncio
import signal
import time

import pytest
from browser_support import Site
from deployment_support import RowLock, waiting_for_a_row_lock
from fault_support import check_log, started_pair_table, table_players

# serial: kills daphne servers under players with deadlines.
pytestmark = [pytest.mark.serial, pytest.mark.integration, pytest.mark.django_db(transaction=True)]

TABLES = 4
#: Moves every table plays before the fault, and again after it.
MOVES_BEFORE, MOVES_AFTER = 4, 6


async def play_through(players, doomed_port, fault) -> dict[str, int]:
    """Everyone plays; once every table has ``MOVES_BEFORE`` changes, ``fault()`` runs just
    after a move is sent to ``doomed_port``; play goes on until every table has ``MOVES_AFTER``
    more (or is over). Returns each table's version at the fault."""
    tables = {player.public_id: [] for player in players}
    for player in players:
        tables[player.public_id].append(player)
    at_fault: dict[str, int] = {}
    deadline = time.monotonic() + 40

    def version(public_id: str) -> int:
        return max(p.version for p in tables[public_id])

    def done(public_id: str) -> bool:
        return any(p.finished for p in tables[public_id]) or (
            public_id in at_fault and version(public_id) >= at_fault[public_id] + MOVES_AFTER
        )

    def keep_going() -> bool:
        return time.monotonic() < deadline and not all(done(t) for t in tables)

    playing = [asyncio.create_task(player.play(keep_going)) for player in players]
    while not all(player.state for player in players):
        assert time.monotonic() < deadline, "the players did not all connect"
        await asyncio.sleep(0.05)
    start = {t: version(t) for t in tables}
    while not all(version(t) >= start[t] + MOVES_BEFORE for t in tables):
        assert time.monotonic() < deadline, "the games did not get going"
        await asyncio.sleep(0.05)

    def strike(sender) -> None:
        if at_fault or sender.connections[-1] != doomed_port:
            return
        at_fault.update({t: version(t) for t in tables})
        fault()

    for player in players:
        player.after_send = strike
    await asyncio.gather(*playing)
    assert at_fault, "no move was sent to the doomed process"
    return at_fault


@pytest.mark.parametrize("stop_signal", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
def test_losing_a_daphne_process_mid_game_loses_no_move_and_every_game_goes_on(site, stop_signal):
    doomed = Site()
    doomed.start()
    try:
        players = []
        for index in range(TABLES):
            public_id, cookies = started_pair_table()
            # Seat 0 of every table on the doomed process, seat 1 of every other table too:
            # half the tables then also carry moves across the two processes.
            seat_1 = doomed.port if index % 2 else site.port
            ports = [[doomed.port, site.port], [seat_1, site.port]]
            players += table_players(public_id, cookies, ports)

        def fault():
            doomed.process.send_signal(stop_signal)

        at_fault = asyncio.run(play_through(players, doomed.port, fault))
        # SIGTERM is daphne's way out: it then exits normally.
        killed = stop_signal == signal.SIGKILL
        assert doomed.process.wait(timeout=15) == (-signal.SIGKILL if killed else 0)
        if stop_signal == signal.SIGTERM:
            # A graceful stop: it waited for its work instead of being killed after the timeout.
            assert "took too long to shut down" not in doomed.log.read_text()
    finally:
        doomed.stop()

    for public_id, version in at_fault.items():
        seated = [p for p in players if p.public_id == public_id]
        entries = check_log(public_id, seated)
        finished = any(p.finished for p in seated)
        assert finished or entries[-1].version >= version + MOVES_AFTER, f"{public_id} stalled"
        for player in seated:
            if player.connections[0] == doomed.port:
                # It was served by the lost process, then by the other one.
                assert player.connections[-1] == site.port
    # The survivor stops gracefully too, just after its people left: it exits by itself (the
    # jobs their goodbyes scheduled once waited for ever on its stopped event loop).
    site.process.terminate()
    assert site.process.wait(timeout=8) == 0


def test_a_graceful_stop_commits_the_move_whose_service_call_started(site):
    """SIGTERM (a deployment) while a move's service call is under way: the process waits for
    it; the move is committed once, the player sees it after reconnecting elsewhere."""
    stopping = Site()
    stopping.start()
    public_id, cookies = started_pair_table()
    players = table_players(public_id, cookies, [[stopping.port, site.port]] * 2)
    in_flight = []

    async def scenario() -> None:
        lock = None

        def hold_the_next_move(sender) -> None:
            in_flight.append((sender, sender.pending))
            for player in players:
                player.after_send = None

        def keep_going() -> bool:
            return not in_flight or max(p.version for p in players) < in_flight[0][1][0] + 4

        playing = [asyncio.create_task(player.play(keep_going)) for player in players]
        while min(p.version for p in players) < 4:
            await asyncio.sleep(0.05)
        lock = RowLock(public_id)
        for player in players:
            player.after_send = hold_the_next_move
        while not (in_flight and waiting_for_a_row_lock()):
            await asyncio.sleep(0.05)
        stopping.process.send_signal(signal.SIGTERM)
        await asyncio.sleep(1.0)  # well into the shutdown: its sockets are closed by now
        lock.release()
        await asyncio.wait_for(asyncio.gather(*playing), 40)

    try:
        asyncio.run(scenario())
        assert stopping.process.wait(timeout=15) == 0
    finally:
        stopping.stop()

    mover, (seen, move) = in_flight[0]
    assert (seen, move) in mover.acknowledged
    assert mover.connections[-1] == site.port
    check_log(public_id, players)
