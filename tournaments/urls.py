from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("<slug:public_id>/", views.detail, name="detail"),
    path("<slug:public_id>/live/", views.live, name="live"),
    path("<slug:public_id>/join/", views.join, name="join"),
    path("<slug:public_id>/rematch/", views.rematch, name="rematch"),
    path("matches/<int:match_id>/ready/", views.ready, name="ready"),
]
