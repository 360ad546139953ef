"""Reviewing finished hands: load the table, grade each person's decisions, store the review.

The only code that writes :class:`~games.models.HandReview` rows. A review is computed only for
a hand that is over (:class:`~.review.HandNotOver` otherwise): the job that runs it is queued
when a hand ends (:func:`queue_review`), and running it twice stores nothing new.
"""

from __future__ import annotations

import logging
import zlib
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction

from dominoes import jobs
from games.live import events
from games.models import HandReview, Table

from .review import HandNotOver, review_hand

logger = logging.getLogger(__name__)

#: The job (a failure is logged: the hand is played whatever the coach does).
REVIEW_JOB = "games.coach.service.review_logged"


def queue_review(*, public_id: str, hand: int) -> None:
    """Once committed, the job that reviews hand ``hand`` (0-based) of ``public_id`` (unless
    ``COACH_REVIEWS`` is off: the tests that do not look at reviews)."""
    if not settings.COACH_REVIEWS:
        return
    transaction.on_commit(
        partial(jobs.run_later, REVIEW_JOB, queue="coach", delay=0, public_id=public_id, hand=hand)
    )


def review_finished_hand(*, public_id: str, hand: int) -> list[HandReview]:
    """Grade every person's decisions in hand ``hand`` of the table and store them; the reviews
    already stored are kept. Raises HandNotOver for a hand that can still be played."""
    table = Table.objects.prefetch_related("seats").get(public_id=public_id)
    people = [seat.index for seat in table.seats.all() if not seat.is_bot]
    done = set(table.reviews.filter(hand=hand).values_list("seat", flat=True))
    record = table.record
    rows = []
    for seat in people:
        if seat in done:
            continue
        # Seeded by the table and hand: the same hand is graded the same way every time.
        seed = zlib.crc32(f"{public_id}:{hand}:{seat}".encode())
        review = review_hand(record, hand=hand, seat=seat, seed=seed)
        rows.append(
            HandReview(
                table=table,
                hand=hand,
                seat=seat,
                decisions=[d.to_json() for d in review.decisions],
                critical=[d.ply for d in review.critical],
                forced=review.forced,
                accuracy=review.accuracy,
                luck=review.luck,
            )
        )
    stored = []
    for row in rows:
        try:
            with transaction.atomic():
                row.save()
                # The seat's page shows it between hands (games.live.consumers), once it is stored.
                transaction.on_commit(
                    partial(events.publish_review, public_id, hand=hand, seat=row.seat)
                )
        except IntegrityError:  # a second run of the job got there first
            continue
        stored.append(row)
    return stored


def review_logged(*, public_id: str, hand: int) -> None:
    """:func:`review_finished_hand`, a failure logged (the hand is played whatever the coach
    does)."""
    try:
        review_finished_hand(public_id=public_id, hand=hand)
    except HandNotOver:
        logger.warning("review of %s hand %d asked before the hand ended", public_id, hand)
    except Exception:
        logger.exception("reviewing %s hand %d failed", public_id, hand)
