from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("play/", views.setup, name="setup"),
    path("tables/<slug:public_id>/", views.table, name="table"),
]
