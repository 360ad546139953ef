"""WebSocket URL routes, included by dominoes.asgi."""

from django.urls import path

from games.live.consumers import TableConsumer

websocket_urlpatterns = [
    path("ws/tables/<str:public_id>/", TableConsumer.as_asgi()),
]
