from django.urls import path

from games import views
from games.coach import views as coach_views
from games.records import player_views

app_name = "games"

urlpatterns = [
    path("tables/<slug:public_id>/", views.table, name="table"),
    path("tables/<slug:public_id>/join/", views.join, name="join"),
    # The coach (games.coach): a person's own reviews, and playing on from a moment.
    path("tables/<slug:public_id>/reviews.json", coach_views.own_reviews, name="own_reviews"),
    path("tables/<slug:public_id>/play-on/", coach_views.play_on_from_here, name="play_on"),
]

# Statistics, history, replays, profiles and the leaderboard (games.records.player_views).
urlpatterns += [
    path("me/statistics/", player_views.statistics, name="statistics"),
    path("me/history/", player_views.history, name="history"),
    path("players/<str:key>/", player_views.profile, name="profile"),
    path("leaderboard/", player_views.leaderboard, name="leaderboard"),
    path("leaderboard/<slug:family>/", player_views.leaderboard, name="leaderboard_family"),
    path("tables/<slug:public_id>/replay/", player_views.replay, name="replay"),
    path("tables/<slug:public_id>/record.json", player_views.record, name="record"),
    path("replays/import/", player_views.import_record, name="import_record"),
]
