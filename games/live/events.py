"""Announcing changes: the channel layer carries only "table T is now at version V".

Each connected consumer then loads the table and sends its own seat's view, so nothing secret
ever travels through the channel layer, and a lost announcement costs only a resync.
"""

import logging

from dominoes.broadcast import broadcast, channel_layer

logger = logging.getLogger(__name__)

CHANGED = "table.changed"
REMARK = "table.remark"
REVIEW = "table.review"


def group_name(public_id: str) -> str:
    return f"table-{public_id}"


def publish(public_id: str, version: int) -> None:
    """Tell everyone watching the table that it reached ``version`` (called after commit, by
    games.services.pipeline only: the one road of a version's announcement)."""
    broadcast(*_announcement(public_id, version))


def publish_remark(public_id: str, remark: dict[str, object]) -> None:
    """Tell everyone watching the table that ``remark`` was said (called after commit). The
    one message of the group that carries content: a phrase of games.phrases and a name, public
    to its audience, which each connection checks (a spectator's, to spectators only)."""
    broadcast(group_name(public_id), {"type": REMARK, "remark": remark})


def publish_review(public_id: str, *, hand: int, seat: int) -> None:
    """Tell the table that the coach stored ``seat``'s review of ``hand`` (called after
    commit). Only the numbers travel: the seat's own connection loads the review and checks
    that its player may see it now (games.coach.selectors)."""
    broadcast(group_name(public_id), {"type": REVIEW, "hand": hand, "seat": seat})


async def apublish(public_id: str, version: int) -> None:
    """:func:`publish` from the server's event loop (games.services.pipeline). A lost
    announcement costs a late update, never a wrong one (and never the change, committed
    already): it is logged."""
    try:
        await channel_layer().group_send(*_announcement(public_id, version))
    except Exception:
        logger.exception("announcing a table change failed")


def _announcement(public_id: str, version: int) -> tuple[str, dict[str, object]]:
    return group_name(public_id), {"type": CHANGED, "version": version}
