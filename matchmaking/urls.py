from django.urls import path

from matchmaking import views

app_name = "matchmaking"

urlpatterns = [
    path("", views.quick_match, name="quick_match"),
    path("lobby/", views.lobby_page, name="lobby"),
    path("lobby/tables.json", views.lobby_tables, name="lobby_tables"),
    path("lobby/join/", views.lobby_join, name="lobby_join"),
    path("<slug:public_id>/", views.waiting, name="waiting"),
    path("<slug:public_id>/status.json", views.status, name="status"),
    path("<slug:public_id>/cancel/", views.cancel, name="cancel"),
    path("<slug:public_id>/computer/", views.computer, name="computer"),
]
