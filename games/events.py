"""Announcing changes: the channel layer carries only "table T is now at version V".

Each connected consumer then loads the table and sends its own seat's view, so nothing secret
ever travels through the channel layer, and a lost announcement costs only a resync.
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

CHANGED = "table.changed"


def group_name(public_id: str) -> str:
    return f"table-{public_id}"


def publish(public_id: str, version: int) -> None:
    """Tell everyone watching the table that it reached ``version`` (called after commit)."""
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(group_name(public_id), {"type": CHANGED, "version": version})
