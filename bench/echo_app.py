"""The bare Channels echo for ``bench/load.py``: the stack's own ceiling on this machine.

One consumer at ``/ws/echo/``: per message it inserts one row into ``bench_echo`` (a raw table
the bench creates in its own PostgreSQL database) through Django's connection, group-sends the
text to the connection's own channels-redis group, and sends it back from the group handler.
Same settings as the site (``dominoes.settings``: database, pool, channel layer); run from
``bench/`` on the path: ``daphne echo_app:application``.
"""

import os
import uuid

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominoes.settings")
django.setup()

from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection  # noqa: E402
from django.urls import path  # noqa: E402


@database_sync_to_async
def insert(body: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO bench_echo (body) VALUES (%s)", [body])


class EchoConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"echo.{uuid.uuid4().hex}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await insert(text_data or "")
        await self.channel_layer.group_send(self.group, {"type": "echo.message", "text": text_data})

    async def echo_message(self, event: dict) -> None:
        await self.send(text_data=event["text"])


application = ProtocolTypeRouter(
    {"websocket": URLRouter([path("ws/echo/", EchoConsumer.as_asgi())])}
)
