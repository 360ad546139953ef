from django.urls import path

from matchmaking import views

app_name = "matchmaking"

urlpatterns = [
    path("", views.quick_match, name="quick_match"),
    path("<slug:public_id>/", views.waiting, name="waiting"),
    path("<slug:public_id>/status.json", views.status, name="status"),
    path("<slug:public_id>/cancel/", views.cancel, name="cancel"),
    path("<slug:public_id>/computer/", views.computer, name="computer"),
]
