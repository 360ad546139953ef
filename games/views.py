"""Thin views (the setup page: dominoes.front_door): the table page renders the
player's own view of it (made by the engine for that seat) and the script takes over from there.
"""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.guests import acting_player, player_for
from dominoes import limits
from dominoes.first_hand import guided
from dominoes.request_input import whole_number
from games import preferences, selectors, services
from games.engine import Rules
from games.models import Table
from games.preferences.form import SettingsForm
from games.services import Player, TableError, TableNotFound
from games.words import describe_rules, table_info


def _player(request: HttpRequest, *, start_session: bool = False) -> Player:
    """Who is asking: the signed-in user, or this browser's guest (given a token if asked)."""
    return player_for(request.user, request.session, start_guest=start_session)


@require_GET
@never_cache
def table(request: HttpRequest, public_id: str) -> HttpResponse:
    try:
        read = partial(selectors.table_for, public_id)
        table = services.read_on_time(public_id=public_id, read=read)
    except TableNotFound:
        raise Http404("There is no such table.") from None
    online = table.kind == Table.Kind.ONLINE
    # Anyone with an online table's link may watch: looking starts no session (join does).
    player = _player(request)
    seated = player.seat_in(table.seats.all())
    seat = None if seated is None else seated.index
    if seat is None and not online:
        return render(request, "games/table.html", {"not_your_table": True}, status=403)
    if seat is None and table.deals_withheld:
        return render(request, "games/table.html", {"private_deals": True}, status=403)
    rules = Rules.from_record(table.rules)
    return render(
        request,
        "games/table.html",
        {
            "table": table,
            # Read with the table (selectors.table_for); None when it is no tournament's.
            "match": getattr(table, "tournament_match", None),
            "state": selectors.table_state(table, seat),
            "info": table_info(rules),
            "rules": describe_rules(rules),
            "online": online,
            "spectator": seat is None,
            # The table's socket knows this person (an account, a guest's session): they join
            # over it; anyone else joins by the form's POST, whose answer starts their session.
            "known": player.user_id is not None or bool(player.session_key),
            "share_url": request.build_absolute_uri(),
            # The guided first hand's tips (dominoes.first_hand), for its own person.
            "first_hand": seat is not None and guided(request.session, table.public_id),
        },
    )


@require_POST
def join(request: HttpRequest, public_id: str) -> HttpResponse:
    """Join an online table from its page: a browser new to the site gets its guest session
    here (a WebSocket cannot give it a cookie); back on the page, the socket knows it."""
    name = request.POST.get("name", "")
    seat = whole_number(request.POST.get("seat"), largest=99)  # None: the first free seat
    limits.check_request(limits.JOINS, request)  # the socket's join counts the same budget
    try:
        with acting_player(request.user, request.session) as player:
            table = services.join_table(public_id=public_id, player=player, name=name, seat=seat)
    except TableNotFound:
        raise Http404("There is no such table.") from None
    except TableError as error:
        messages.error(request, str(error))
    else:
        # Said on the page it comes back to (the socket's join says it in its live region).
        if table.started_at is not None:  # a computer's seat, from the next hand (the lobby's)
            joined = gettext(
                "You joined the game as %(name)s: you take the computer's seat when the next "
                "hand is dealt."
            )
        else:
            joined = gettext("You joined the game as %(name)s.")
        messages.success(request, joined % {"name": name.strip()})
    return redirect("games:table", public_id=public_id)


@login_required
@require_http_methods(["GET", "POST"])
def settings(request: HttpRequest) -> HttpResponse:
    """The settings page (accounts:settings): the signed-in player's display name and
    preferences for new games, their own only."""
    user = request.user
    form = SettingsForm(
        request.POST if request.method == "POST" else None,
        instance=preferences.preferences_of(user),
        user=user,
    )
    if form.is_valid():
        try:
            preferences.save_settings(user=user, **form.cleaned_data)
        except ValidationError as error:  # a handle taken meanwhile
            form.add_error("handle", error)
        else:
            messages.success(
                request, gettext("Your settings are saved. They apply to the games you create.")
            )
            return redirect("accounts:settings")
    return render(request, "account/settings.html", {"form": form})
