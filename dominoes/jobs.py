"""Running work later (the computer's turns, deadlines, reviews, tournament rounds), on the
configured backend.

``JOBS_BACKEND`` is ``rq`` (RQ workers on Redis, scale-out), ``thread`` (a timer thread in this
process: the embedded default, no Redis needed) or ``inline`` (at once in the caller: tests).
A job is named by its dotted path and takes keyword arguments, and every job re-checks the table
version it was given, so running one late or twice does nothing.
"""

import asyncio
import atexit
import contextvars
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections
from django.utils.module_loading import import_string

from dominoes.server_loop import server_loop

logger = logging.getLogger(__name__)

WHEN_DUE = "dominoes.jobs.run_when_due"

#: Jobs that re-check a time in the database run this much after it: RQ keeps scheduled times
#: in whole seconds and may start a job up to a second early, when it would find nothing due.
SCHEDULE_SLACK_SECONDS = 1.0


def run_after_pause(path: str, *, queue: str, pause: float, **kwargs: object) -> None:
    """``path(**kwargs)`` after a short ``pause`` that must not grow (the computer's move).

    On RQ it is queued at once and the job itself waits out what is left of the pause
    (:func:`run_when_due`): RQ's scheduler would round the pause to whole seconds, and after a
    ``kill -9`` the dead scheduler's lock keeps a restarted worker from scheduling anything for
    up to ten minutes (its maintenance interval), every such job then waiting for the sweep.
    Waiting in the job costs a worker no throughput when the pause is the same for every job of
    the queue: it is first in, first out, so the job at its head is always the first due, and
    a worker sleeps only while nothing it could run is due yet.
    """
    if settings.JOBS_BACKEND == "rq" and pause > 0:
        waiting = {"job": path, "due": time.time() + pause, "longest": pause, "arguments": kwargs}
        _enqueue(queue, WHEN_DUE, waiting)
    else:
        run_later(path, queue=queue, delay=pause, **kwargs)


def run_when_due(*, job: str, due: float, longest: float, arguments: dict[str, object]) -> object:
    """The job ``job(**arguments)``, once the wall clock reaches ``due`` (seconds since the epoch,
    by the clock of whoever queued it). It waits at most ``longest`` seconds, however far
    apart the two machines' clocks are; the job re-checks in the database that it is still
    wanted, so running early or late does no harm."""
    time.sleep(max(0.0, min(due - time.time(), longest)))
    return import_string(job)(**arguments)


def run_later(path: str, *, queue: str, delay: float, **kwargs: object) -> None:
    match settings.JOBS_BACKEND:
        case "inline":
            import_string(path)(**kwargs)
        case "thread":
            _run_in_this_process(path, delay, kwargs)
        case "rq":
            _enqueue(queue, path, kwargs, delay=delay)


def _enqueue(queue: str, path: str, kwargs: dict[str, object], *, delay: float = 0) -> None:
    """Queue the job on RQ, through its scheduler when ``delay`` is positive (in whole
    seconds). A Redis that does not answer loses the job, never the change that asked for it
    (committed already): it is logged, and the sweep resolves the deadline the change set."""
    import django_rq
    from redis.exceptions import RedisError

    try:
        rq_queue = django_rq.get_queue(queue)
        if delay > 0:
            rq_queue.enqueue_in(timedelta(seconds=delay), path, kwargs=kwargs)
        else:
            rq_queue.enqueue(path, kwargs=kwargs)
    except (RedisError, OSError):
        logger.exception("queueing job %s on %s failed: the sweep will resolve it", path, queue)


_tasks: set[asyncio.Task[None]] = set()

#: How long a stopping process waits for the jobs its threads are running (the thread backend)
#: before it exits without them, well within a deploy's grace (10 s) with daphne's own
#: shutdown. A job cut short committed nothing (its transaction ends with its connection): the
#: sweep plays a turn or resolves a deadline whose job was lost; a coach's review is not redone.
DRAIN_SECONDS = 5.0


class _DaemonThreads(Executor):
    """A daemon thread of its own for each job, at most ``workers`` running at once (as many as
    the loop's own executor ran: a burst of the coach's reviews, seconds of CPU each, would
    otherwise hold the GIL against the event loop all at once). An event loop's executor is
    joined by the process's exit for as long as its threads run, so a job that never ended (one
    waiting on the stopped loop, or on a row lock) kept a stopping server from ever exiting;
    these are waited for only up to DRAIN_SECONDS (:func:`_drain`)."""

    def __init__(self, workers: int) -> None:
        self._slots = threading.BoundedSemaphore(workers)

    def submit[**P, T](self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()

        def run() -> None:
            with self._slots:
                if not future.set_running_or_notify_cancel():
                    return
                try:
                    future.set_result(fn(*args, **kwargs))
                except BaseException as error:
                    future.set_exception(error)

        threading.Thread(target=run, name="job", daemon=True).start()
        return future


# ThreadPoolExecutor's default size, which the jobs shared before they had threads of their own.
_job_threads = _DaemonThreads(workers=min(32, (os.cpu_count() or 1) + 4))
_running = 0  # jobs running in this process's threads
_running_changed = threading.Condition()
_stopping = False


def _run_in_this_process(path: str, delay: float, kwargs: dict[str, object]) -> None:
    """On the server's own event loop when called from it (a view or consumer thread), so the
    job's announcement reaches the in-memory channel layer; else on a timer thread."""
    loop = server_loop()
    if loop is None:  # no server here (or it is stopping)
        timer = threading.Timer(delay, _run_in_thread, args=(path,), kwargs=kwargs)
        timer.daemon = True
        timer.start()
        return

    def start() -> None:
        # A fresh context: the caller's (a request's or consumer's thread) carries asgiref's
        # executor markers, with which the job's own sync_to_async would refuse to run.
        task = loop.create_task(_run_after(path, delay, kwargs), context=contextvars.Context())
        _tasks.add(task)  # the loop keeps only weak references to its tasks
        task.add_done_callback(_tasks.discard)

    loop.call_soon_threadsafe(start)


async def _run_after(path: str, delay: float, kwargs: dict[str, object]) -> None:
    """Wait, then run the job in a thread of its own; its failures are logged in that thread."""
    await asyncio.sleep(delay)
    # Not thread-sensitive: the job schedules the next bot turn from its own thread, which
    # must not wait on the server's one thread-sensitive executor (asgiref would deadlock).
    # asgiref hands ``executor`` to loop.run_in_executor, which takes any Executor; its
    # annotation asks for a ThreadPoolExecutor, which would join every job thread at exit.
    await sync_to_async(_run_in_thread, thread_sensitive=False, executor=_job_threads)(  # type: ignore[call-overload]
        path, **kwargs
    )


def _run_in_thread(path: str, **kwargs: object) -> None:
    global _running
    with _running_changed:
        if _stopping:
            logger.warning("job %s not run: the process is stopping", path)
            return
        _running += 1
    close_old_connections()
    try:
        import_string(path)(**kwargs)
    except Exception:
        logger.exception("job %s failed", path)
    finally:
        close_old_connections()
        with _running_changed:
            _running -= 1
            _running_changed.notify_all()


@atexit.register
def _drain() -> None:
    """At the process's exit (a server's, after its loop stopped): no new job starts, and the
    running ones have DRAIN_SECONDS to end."""
    global _stopping
    with _running_changed:
        _stopping = True
        if not _running_changed.wait_for(lambda: _running == 0, DRAIN_SECONDS):
            logger.warning("exiting with %d job(s) unfinished", _running)
