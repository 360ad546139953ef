"""The coach's thin views: a person's own reviews (JSON, for the table between hands) and
"play on from here" (a POST from the replay)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from accounts.guests import player_for
from dominoes.request_input import whole_number
from games.models import Table
from games.services import NotYourSeat, TableError, TableNotFound, play_on

from . import selectors


@require_GET
@never_cache
def own_reviews(request: HttpRequest, public_id: str) -> HttpResponse:
    try:
        table = Table.objects.prefetch_related("seats").get(public_id=public_id)
    except Table.DoesNotExist:
        raise Http404("There is no such table.") from None
    player = player_for(request.user, request.session)
    return JsonResponse({"reviews": selectors.own_reviews(table=table, player=player)})


@require_POST
def play_on_from_here(request: HttpRequest, public_id: str) -> HttpResponse:
    replay = redirect("games:replay", public_id=public_id)
    hand, ply = whole_number(request.POST.get("hand")), whole_number(request.POST.get("ply"))
    if hand is None or ply is None:
        messages.error(request, gettext("Choose a moment of the match to play on from."))
        return replay
    try:
        player = player_for(request.user, request.session)  # a player of the match has one
        table = play_on(public_id=public_id, player=player, hand=hand, ply=ply)
    except TableNotFound:
        raise Http404("There is no such table.") from None
    except NotYourSeat:
        messages.error(request, gettext("Only the players of a match may play on from it."))
        return replay
    except TableError as error:
        messages.error(request, str(error))
        return replay
    return redirect("games:table", public_id=table.public_id)
