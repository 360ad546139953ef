from django.contrib import admin
from django.urls import include, path
from django.views.decorators.cache import cache_control
from django.views.i18n import JavaScriptCatalog

from dominoes import front_door, views
from dominoes.language import set_language
from games.views import settings as settings_page

# The settings page edits the preferences for new games (games) with the display name, beside
# allauth's pages; its name stays accounts:settings.
account_pages = ([path("settings/", settings_page, name="settings")], "accounts")

urlpatterns = [
    path("", views.home, name="home"),
    # The front door's pages bring the apps together (a table listed in matchmaking's lobby).
    path("play/", front_door.setup, name="setup"),
    path("play/computer/", front_door.play_computer, name="play_computer"),
    path("play/first-hand/", front_door.first_hand, name="first_hand"),
    path("play/first-hand/skip/", front_door.first_hand_skip, name="first_hand_skip"),
    path("me/", front_door.me, name="me"),
    path("me/drop/<slug:public_id>/", front_door.drop_game, name="drop_game"),
    path("", include("games.urls")),
    path("accounts/", include(account_pages)),
    path("accounts/", include("allauth.urls")),
    # The header's language picker (dominoes.language), and the catalog the scripts read
    # (static/js/i18n.js). Pages ask for the catalog with their language in the query
    # (base.html), so a browser may keep each language's for an hour.
    path("i18n/setlang/", set_language, name="set_language"),
    path(
        "i18n/catalog.js",
        cache_control(max_age=3600)(JavaScriptCatalog.as_view()),
        name="javascript-catalog",
    ),
    path("admin/", admin.site.urls),
    path("billing/", include("billing.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("quick/", include("matchmaking.urls")),
    path("notifications/", include("notifications.urls")),
]
