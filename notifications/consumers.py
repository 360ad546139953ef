"""The bell's socket: one group per person; every message is the bell's whole state."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from notifications import selectors
from notifications.services import group_name

CLOSE_SIGNED_OUT = 4401


class NotificationConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_SIGNED_OUT)
            return
        self.group = group_name(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # The state now, after joining the group: nothing told in between is missed.
        state = await database_sync_to_async(selectors.bell_state)(user=user)
        await self.send_json({"type": "state", **state})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page sends nothing; anything it does send is ignored, unread (a frame that is
        not JSON, or binary, would fail the JSON consumer's decoding and close the socket)."""

    async def notifications_changed(self, message: dict[str, Any]) -> None:
        await self.send_json({**message, "type": "state"})
