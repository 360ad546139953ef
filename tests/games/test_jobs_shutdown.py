"""A server stopping (SIGTERM) while one of its worker threads schedules a job or announces a
change: the thread must not wait on the server's event loop, which has stopped and will never
answer (the process's exit joins that thread, so the server would never exit by itself)."""

import asyncio
import os
import threading

from asgiref.sync import SyncToAsync

from dominoes import jobs
from games.live import events


def test_a_job_scheduled_as_the_server_stops_does_not_wait_for_its_stopped_loop(settings):
    settings.JOBS_BACKEND = "thread"
    stopped = asyncio.new_event_loop()  # the server's loop, no longer running
    scheduled = threading.Event()

    def worker_thread() -> None:
        # What asgiref's sync_to_async marks in the threads where it runs the server's work.
        SyncToAsync.threadlocal.main_event_loop = stopped
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        # Far off: the test is over (and the timer thread, a daemon, forgotten) long before.
        jobs.run_later("games.services.sweep_deadlines", queue="deadlines", delay=3600)
        scheduled.set()

    threading.Thread(target=worker_thread, daemon=True).start()
    try:
        assert scheduled.wait(5), "scheduling waited on the stopped loop"
    finally:
        stopped.close()


def test_an_announcement_as_the_server_stops_does_not_wait_for_its_stopped_loop(settings):
    # The in-memory layer (no Redis): its queues belong to the server's loop, where
    # async_to_sync used to send from a job thread (the coach's, a review stored as the
    # server stopped), and then waited for ever.
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    stopped = asyncio.new_event_loop()
    announced = threading.Event()

    def job_thread() -> None:
        SyncToAsync.threadlocal.main_event_loop = stopped
        SyncToAsync.threadlocal.main_event_loop_pid = os.getpid()
        events.publish_review("some-table", hand=0, seat=0)
        announced.set()

    threading.Thread(target=job_thread, daemon=True).start()
    try:
        assert announced.wait(5), "the announcement waited on the stopped loop"
    finally:
        stopped.close()


def test_the_job_threads_run_at_most_their_workers_at_once():
    # A burst of the coach's reviews (seconds of CPU each) must not all hold the GIL at once
    # against the server's event loop: the others wait for a slot.
    threads = jobs._DaemonThreads(workers=2)
    release = threading.Event()
    changed = threading.Condition()
    running, peak = 0, 0

    def job() -> None:
        nonlocal running, peak
        with changed:
            running += 1
            peak = max(peak, running)
            changed.notify_all()
        release.wait(10)
        with changed:
            running -= 1

    futures = [threads.submit(job) for _ in range(5)]
    with changed:
        assert changed.wait_for(lambda: running == 2, 5)
        # Given the time to start, a third job would have: none does while two run.
        assert not changed.wait_for(lambda: running > 2, 0.5)
    release.set()
    for future in futures:
        future.result(10)
    assert peak == 2
