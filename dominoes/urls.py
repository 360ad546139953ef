from django.contrib import admin
from django.urls import include, path

from dominoes import views

urlpatterns = [
    path("", views.home, name="home"),
    path("", include("games.urls")),
    path("accounts/", include("accounts.urls")),  # the settings page, beside allauth's pages
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
    path("billing/", include("billing.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("quick/", include("matchmaking.urls")),
    path("notifications/", include("notifications.urls")),
]
