"""WebSocket URL routes, included by dominoes.asgi."""

from django.urls import path

from games.live.consumers import TableConsumer

websocket_urlpatterns = [
    # Channels routes an ASGI app with Django's path(); django-stubs types path() for views.
    path("ws/tables/<str:public_id>/", TableConsumer.as_asgi()),  # type: ignore[arg-type]
]
