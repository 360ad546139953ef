from django.contrib import admin
from django.urls import include, path

from dominoes import views
from games.views import settings as settings_page

# The settings page edits the preferences for new games (games) with the display name, beside
# allauth's pages; its name stays accounts:settings.
account_pages = ([path("settings/", settings_page, name="settings")], "accounts")

urlpatterns = [
    path("", views.home, name="home"),
    path("", include("games.urls")),
    path("accounts/", include(account_pages)),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("billing/", include("billing.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("quick/", include("matchmaking.urls")),
    path("notifications/", include("notifications.urls")),
]
