"""ASGI entry point: HTTP through Django, WebSockets through Channels.

Run with daphne (``manage.py runserver`` uses it in development):
``daphne dominoes.asgi:application``.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dominoes.settings")

# Set up Django (apps, settings) before importing anything that touches models.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from dominoes import gc_pauses  # noqa: E402
from dominoes.body_limit import BodyLimit  # noqa: E402
from dominoes.origins import SameOriginValidator  # noqa: E402
from dominoes.request_input import RefuseNulSockets  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402
from notifications.routing import websocket_urlpatterns as notification_routes  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": BodyLimit(django_asgi_app),
        "websocket": RefuseNulSockets(
            SameOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns + notification_routes))
            )
        ),
    }
)

# Everything above lives as long as the server: no collection need walk it again.
gc_pauses.freeze_start_up()
if settings.GC_PAUSES_LOGGED:
    gc_pauses.watch()
