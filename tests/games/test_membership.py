"""games.membership: table sockets are closed (to reconnect) when Redis has lost their group
memberships, and only then: a slow process is not deaf."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from games import membership

pytestmark = [pytest.mark.integration, pytest.mark.asyncio]


class Socket:
    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def close(self, code: int | None = None) -> None:
        self.closed_with = code


async def test_sockets_stay_while_the_memberships_exist_and_reconnect_once_they_are_lost(
    monkeypatch,
):
    monkeypatch.setattr(membership, "CHECK_SECONDS", 0.05)
    layer = get_channel_layer()
    socket = Socket()
    membership.joined(socket)
    await asyncio.sleep(0.5)  # ten checks: the membership is there, nobody is closed
    assert socket.closed_with is None

    # Redis loses every group (a restart with nothing kept, a flush, a failover).
    groups = [key async for key in layer.connection(0).scan_iter(f"{layer.prefix}:group:*")]
    assert groups, "the check's own membership is in Redis"
    await layer.connection(0).delete(*groups)
    for _ in range(100):
        await asyncio.sleep(0.02)
        if socket.closed_with is not None:
            break
    assert socket.closed_with == membership.CLOSE_SERVICE_RESTART
    membership.left(socket)
