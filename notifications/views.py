"""The notifications page (reading it marks what it shows read) and the bell's state."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from notifications import selectors, services


@login_required
@require_GET
def notification_list(request: HttpRequest) -> HttpResponse:
    shown = list(selectors.recent(user=request.user))
    services.mark_read(user=request.user, ids=[n.pk for n in shown if n.read_at is None])
    return render(request, "notifications/list.html", {"notifications": shown})


@login_required
@require_GET
def bell_state(request: HttpRequest) -> JsonResponse:
    return JsonResponse(selectors.bell_state(user=request.user))
