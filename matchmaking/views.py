"""Quick match pages: choose a game, wait (the page polls its status, which keeps the person
in the queue), cancel or play the computer instead. Thin: matchmaking.services decides."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.guests import acting_player, offered_token, player_for
from accounts.selectors import display_name, guest_name, name_words
from dominoes import limits
from games import setup_memory
from games.engine import Preset
from games.services import TableError, TableNotFound, join_table
from games.words import PRESET_NAMES
from matchmaking import lobby, services
from matchmaking.forms import QuickMatchForm
from matchmaking.models import Entry
from matchmaking.services import QueueError

#: The tag of the "Matched: you play Lia." banner: the table's page takes it away once the
#: match is over (static/js/table/view.js).
MATCHED = "matched"


@require_http_methods(["GET", "POST"])
def quick_match(request: HttpRequest) -> HttpResponse:
    signed_in = request.user.is_authenticated
    remembered = setup_memory.remembered(request)
    initial = {key: remembered[key] for key in ("preset", "seats", "name") if key in remembered}
    # A guest is offered the name the site gives them, as at a computer's table ("Guest 4821"),
    # theirs to change: a browser new to the site is offered a token with it (nothing stored).
    token, offer = offered_token(request.session, request.POST.get("guest_offer", ""))
    own = guest_name(token)
    if not signed_in:
        initial.setdefault("name", name_words(own))
    form = QuickMatchForm(
        request.POST if request.method == "POST" else None, initial=initial, signed_in=signed_in
    )
    if form.is_valid():
        data = form.cleaned_data
        limits.check_request(limits.JOINS, request)
        name = display_name(request.user) if signed_in else data["name"]
        if name == name_words(own):  # the name the site gives is kept as the site says it
            name = own
        try:
            with acting_player(request.user, request.session, offered=offer) as player:
                entry = services.join_queue(
                    player=player, name=name, preset=data["preset"], seats=data["seats"]
                )
        except QueueError as error:
            form.add_error(None, str(error))
        else:
            return redirect("matchmaking:waiting", public_id=entry.public_id)
    context = {"form": form, "guest_offer": "" if signed_in else offer}
    return render(request, "matchmaking/quick_match.html", context)


@require_GET
@never_cache
def waiting(request: HttpRequest, public_id: str) -> HttpResponse:
    try:
        status = services.heartbeat(public_id=public_id, player=_player(request))
    except QueueError:
        return redirect("matchmaking:quick_match")
    if status.table is not None:
        return _to_table(request, status)
    if status.state != Entry.State.WAITING:  # left: a new search starts from the form
        return redirect("matchmaking:quick_match")
    entry = Entry.objects.get(public_id=public_id)
    game = f"{PRESET_NAMES[Preset(entry.preset)]}, {entry.seats} players, "
    game += "rated" if entry.rated else "casual"
    context = {"entry": entry, "status": status, "game": game}
    return render(request, "matchmaking/waiting.html", context)


@require_GET
@never_cache
def status(request: HttpRequest, public_id: str) -> JsonResponse:
    """The waiting page's poll (every half second): it keeps the person in the queue."""
    try:
        status = services.heartbeat(public_id=public_id, player=_player(request))
    except QueueError as error:
        return JsonResponse({"error": str(error)}, status=404)
    if status.table is not None:
        messages.info(request, _who_you_play(status.opponents), extra_tags=MATCHED)
    return JsonResponse(
        {
            "state": status.state,
            "waited": status.waited_seconds,
            "looking": status.looking,
            "offer_computer": status.offer_computer,
            "table_url": f"/tables/{status.table}/" if status.table else None,
            "opponents": status.opponents,
        }
    )


@require_POST
def cancel(request: HttpRequest, public_id: str) -> HttpResponse:
    """Cancel, or the page closing (a beacon: answered with no content)."""
    try:
        entry = services.leave_queue(public_id=public_id, player=_player(request))
    except QueueError:
        entry = None
    if request.POST.get("beacon"):
        return HttpResponse(status=204)
    if entry is not None and entry.table is not None:
        return redirect("games:table", public_id=entry.table.public_id)
    return redirect("home")


@require_POST
def computer(request: HttpRequest, public_id: str) -> HttpResponse:
    try:
        table = services.play_the_computer_instead(public_id=public_id, player=_player(request))
    except (QueueError, TableError) as error:
        messages.error(request, str(error))
        return redirect("matchmaking:quick_match")
    return redirect("games:table", public_id=table.public_id)


def _player(request: HttpRequest) -> services.Player:
    return player_for(request.user, request.session)


def _to_table(request: HttpRequest, status: services.Status) -> HttpResponse:
    messages.info(request, _who_you_play(status.opponents), extra_tags=MATCHED)
    return redirect("games:table", public_id=status.table)


def _who_you_play(opponents: list[str]) -> str:
    if len(opponents) > 1:
        return gettext("Matched: you play %(some)s and %(last)s.") % {
            "some": ", ".join(opponents[:-1]),
            "last": opponents[-1],
        }
    return gettext("Matched: you play %(name)s.") % {"name": opponents[0]}


# --- the lobby of open tables ---------------------------------------------------------------
@require_GET
def lobby_page(request: HttpRequest) -> HttpResponse:
    remembered = setup_memory.remembered(request).get("name", "")
    context = {"tables": lobby.open_tables(), "name": remembered}
    return render(request, "matchmaking/lobby.html", context)


@require_GET
@never_cache
def lobby_tables(request: HttpRequest) -> JsonResponse:
    """The lobby's list, for its page to refresh every few seconds (live)."""
    html = render_to_string("matchmaking/_open_tables.html", {"tables": lobby.open_tables()})
    return JsonResponse({"html": html})


@require_POST
def lobby_join(request: HttpRequest) -> HttpResponse:
    """Join a table from the lobby: one click (a guest's name is the form's one field)."""
    public_id = request.POST.get("table", "")
    name = display_name(request.user) if request.user.is_authenticated else ""
    name = name or request.POST.get("name", "")
    limits.check_request(limits.JOINS, request)
    try:
        with acting_player(request.user, request.session) as player:
            join_table(public_id=public_id, player=player, name=name)
    except TableNotFound:
        messages.error(request, gettext("That table is gone."))
        return redirect("matchmaking:lobby")
    except TableError as error:
        messages.error(request, str(error))
        return redirect("matchmaking:lobby")
    messages.success(request, gettext("You joined the game as %(name)s.") % {"name": name.strip()})
    return redirect("games:table", public_id=public_id)
