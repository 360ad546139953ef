"""The bare echo of bench/load.py: clients of bench/echo_app.py sending flat out, the stack's
own ceiling."""

from __future__ import annotations

import asyncio
import json
import random
from time import perf_counter

from load_run import (
    HANDSHAKES,
    UPDATE_TIMEOUT,
    CpuMeter,
    Run,
    connect,
    hold_window,
    play_out,
    wait_ready,
    watch,
)
from ws_client import HOST, Closed, WebSocket


class EchoClient:
    """Flat out: the next message as soon as the reply to the last one arrives, sent from the
    reply's callback (as the site's players answer their states). ``done`` once a reply comes
    after the window."""

    def __init__(self, run: Run, socket: WebSocket) -> None:
        self.run, self.socket = run, socket
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.sent = 0.0

    def start(self) -> None:
        self.socket.listen(self.receive, self.fail)
        self.send()

    def send(self) -> None:
        if self.run.stop:
            if not self.done.done():
                self.done.set_result(None)
            return
        self.sent = perf_counter()
        try:
            self.socket.send_now(json.dumps({"n": len(self.run.latencies)}))
        except ConnectionError as error:
            self.fail(error)

    def receive(self, text: str) -> None:
        if self.sent < self.run.window[1]:
            self.run.latencies.append(perf_counter() - self.sent)
        self.send()

    def fail(self, error: BaseException) -> None:
        if not self.done.done():
            self.done.set_exception(error)

    def check(self, now: float) -> None:
        """A reply lost (or later than 10 s): counted, then the next message."""
        if now - self.sent > UPDATE_TIMEOUT and not self.done.done():
            if not self.run.stop:
                self.run.error(f"no reply within {UPDATE_TIMEOUT:g} s")
            self.send()


async def echo_client(port: int, gate: asyncio.Semaphore, go: asyncio.Event, run: Run) -> None:
    socket = await connect(run, port, "/ws/echo/", {"Origin": f"http://{HOST}:{port}"}, gate)
    try:
        run.ready += 1
        await go.wait()
        await play_out(run, EchoClient(run, socket))
    except (Closed, ConnectionError, OSError, TimeoutError) as error:
        if not run.stop:
            run.error(f"{type(error).__name__}: {error}")
    finally:
        await socket.close()


async def echo_table(
    ports: tuple[int, int], gate: asyncio.Semaphore, go: asyncio.Event, run: Run
) -> None:
    """The echo at a table's human pace: two sockets taking turns, each message sent 2-5 s
    (``run.pace``) after the other socket's reply, as the two players of a table move."""
    sockets = []
    try:
        for port in ports:
            sockets.append(
                await connect(run, port, "/ws/echo/", {"Origin": f"http://{HOST}:{port}"}, gate)
            )
        run.ready += 1
        await go.wait()
        turn = 0
        while not run.stop:
            await asyncio.sleep(run.rng.uniform(*run.pace))
            if run.stop:
                break
            start = perf_counter()
            await sockets[turn].send(json.dumps({"n": len(run.latencies)}))
            try:
                await asyncio.wait_for(sockets[turn].receive(), UPDATE_TIMEOUT)
            except TimeoutError:
                if not run.stop:
                    run.error(f"no reply within {UPDATE_TIMEOUT:g} s")
                continue
            if start < run.window[1]:
                run.latencies.append(perf_counter() - start)
            turn = 1 - turn
    except (Closed, ConnectionError, OSError, TimeoutError) as error:
        if not run.stop:
            run.error(f"{type(error).__name__}: {error}")
    finally:
        for socket in sockets:
            await socket.close()


async def drive_echo(
    ports: list[int],
    tables: int,
    seconds: float,
    pace: tuple[float, float] | None,
    seed: int,
    meter: CpuMeter,
) -> Run:
    """Flat out (``pace`` None): ``2 * tables`` closed-loop echo clients, spread over the
    servers' ``ports`` in turn. At a pace: ``tables`` pairs of sockets taking turns, seat 0's
    socket on the first server and seat 1's on the last, as the site's players connect."""
    run = Run(pace, random.Random(seed))
    gate, go = asyncio.Semaphore(HANDSHAKES), asyncio.Event()
    if pace is None:
        clients = [echo_client(ports[i % len(ports)], gate, go, run) for i in range(2 * tables)]
    else:
        clients = [echo_table((ports[0], ports[-1]), gate, go, run) for _ in range(tables)]
    tasks = [asyncio.create_task(client) for client in clients]
    watcher = asyncio.create_task(watch(run))
    await wait_ready(lambda: run.ready + sum(t.done() for t in tasks) >= len(tasks))
    try:
        await hold_window(run, meter, go, seconds, drain=pace is not None)
    finally:
        run.stop = True
        if pace is not None:  # pacing clients are asleep: no reply is lost by waking them
            for task in tasks:
                task.cancel()
        done = await asyncio.gather(*tasks, return_exceptions=True)
        watcher.cancel()
    for result in done:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            run.error(f"{type(result).__name__}: {result}")
    return run
