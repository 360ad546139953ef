"""WebSocket URL routes, included by dominoes_site.asgi (game table consumers go here)."""

websocket_urlpatterns: list = []
