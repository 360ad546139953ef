"""WebSocket URL routes, included by dominoes.asgi (game table consumers go here)."""

websocket_urlpatterns: list = []
