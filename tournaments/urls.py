from django.urls import path

from tournaments import host_round_views, host_views, views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("host/", host_views.my_tournaments, name="hosting"),
    path("invitations/<slug:token>/", views.invitation, name="invitation"),
    path("<slug:public_id>/host/", host_views.console, name="console"),
    path("<slug:public_id>/host/live/", host_views.console_live, name="console_live"),
    path("<slug:public_id>/host/invite/", host_views.invite, name="invite"),
    path(
        "<slug:public_id>/host/invitations/<int:invitation_id>/resend/",
        host_views.resend_invitation,
        name="resend_invitation",
    ),
    path(
        "<slug:public_id>/host/invitations/<int:invitation_id>/withdraw/",
        host_views.withdraw_invitation,
        name="withdraw_invitation",
    ),
    path("<slug:public_id>/host/start/", host_views.start, name="start"),
    path("<slug:public_id>/host/notice/", host_views.notice, name="notice"),
    path("<slug:public_id>/host/cancel/", host_views.cancel, name="cancel"),
    path(
        "<slug:public_id>/host/entrants/<int:entrant_id>/confirm/",
        host_views.confirm,
        name="confirm",
    ),
    path(
        "<slug:public_id>/host/entrants/<int:entrant_id>/remove/",
        host_views.remove,
        name="remove",
    ),
    path(
        "<slug:public_id>/host/entrants/<int:entrant_id>/replace/",
        host_views.replace,
        name="replace",
    ),
    path(
        "<slug:public_id>/host/entrants/<int:entrant_id>/seed/",
        host_views.seed_move,
        name="seed_move",
    ),
    path(
        "<slug:public_id>/host/entrants/<int:entrant_id>/drop/",
        host_round_views.drop,
        name="drop",
    ),
    path("<slug:public_id>/host/seeding/", host_views.seed_order, name="seed_order"),
    path(
        "<slug:public_id>/host/matches/<int:match_id>/extend/",
        host_round_views.extend,
        name="extend",
    ),
    path(
        "<slug:public_id>/host/matches/<int:match_id>/replace/",
        host_round_views.replace_no_show,
        name="replace_no_show",
    ),
    path(
        "<slug:public_id>/host/matches/<int:match_id>/no-show/",
        host_round_views.no_show,
        name="no_show",
    ),
    path(
        "<slug:public_id>/host/matches/<int:match_id>/result/",
        host_round_views.override,
        name="override",
    ),
    path("<slug:public_id>/", views.detail, name="detail"),
    path("<slug:public_id>/live/", views.live, name="live"),
    path("<slug:public_id>/results.csv", views.results_csv, name="results_csv"),
    path("<slug:public_id>/join/", views.join, name="join"),
    path("<slug:public_id>/rematch/", views.rematch, name="rematch"),
    path("matches/<int:match_id>/ready/", views.ready, name="ready"),
]
