"""The front door's views: the setup page, the home page's Play the computer (one tap: the
last choices again, or back to the unfinished game of those choices), the guided first hand
(dominoes.first_hand) and Your games (``/me/``, Drop). Thin: the form checks, the services
create and drop, the choices are kept (games.setup_memory)."""

from django.contrib import messages
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.guests import player_for
from dominoes import first_hand as guided
from dominoes import limits
from games import services, setup_memory
from games.engine import PRESET_SEATS, Preset
from games.forms import SetupForm
from games.models import Table
from games.services import TableError
from games.your_games import games_in_progress, same_computer_game
from matchmaking import lobby


@require_http_methods(["GET", "POST"])
def setup(request: HttpRequest) -> HttpResponse:
    initial = setup_memory.initial(request)
    if request.GET.get("mode") in ("computer", "online"):  # the home page's two ways in
        initial["mode"] = request.GET["mode"]
    if request.GET.get("preset") in Preset.__members__.values():  # a home page's game card
        initial |= _preset_chosen(Preset(request.GET["preset"]), initial.get("seats"))
    form = SetupForm(request.POST if request.method == "POST" else None, initial=initial)
    if form.is_valid():
        table = _create(request, form)
        if table is not None:
            return redirect("games:table", public_id=table.public_id)
    offer = request.method == "GET" and guided.offered(request)
    return render(request, "games/setup.html", {"form": form, "offer_first_hand": offer})


def _preset_chosen(preset: Preset, seats: object) -> dict[str, object]:
    """The setup's preset and seats for a game chosen: the seats kept when the game allows
    them, else the nearest it does (as the page's script moves them)."""
    allowed = sorted(PRESET_SEATS[preset])
    wanted = int(str(seats)) if str(seats).isdigit() else allowed[0]
    return {"preset": preset.value, "seats": min(allowed, key=lambda n: (abs(n - wanted), n))}


@require_POST
def first_hand(request: HttpRequest) -> HttpResponse:
    """The offer taken: the guided first hand's table, and no more offers."""
    limits.check_request(limits.TABLES_CREATED, request)
    player = player_for(request.user, request.session, start_guest=True)
    try:
        table = services.create_first_hand(player=player)
    except TableError as error:
        messages.error(request, str(error))
        return redirect("setup")
    guided.guide(request.session, table.public_id)
    response = redirect("games:table", public_id=table.public_id)
    guided.answered(response, guided.TAKEN)
    return response


@require_POST
def first_hand_skip(request: HttpRequest) -> HttpResponse:
    """No thanks (the offer), or Skip the tips (at the guided table): no more offers, no more
    tips; back to the page it was said on."""
    guided.stop_guiding(request.session)
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = redirect(back if safe and back.startswith("/") else reverse("home"))
    guided.answered(response, guided.SKIPPED)
    return response


@require_POST
def play_computer(request: HttpRequest) -> HttpResponse:
    """One tap from the home page: a table against the computer with the last choices; or,
    while an unfinished game of exactly those choices is open, back to it, said so. A game site
    takes a person back to the game they have going (chess.com's "game in progress", lichess's
    current game) rather than pile identical ones up; Drop and Resign start afresh."""
    form = setup_memory.computer_game(request)
    data = form.cleaned_data
    going = same_computer_game(
        player_for(request.user, request.session),
        rules=data["rules"],
        levels=data["levels"],
        show_hints=data["show_hints"],
        auto_pass=data["auto_pass_on"],
    )
    if going is not None:
        messages.info(
            request,
            gettext(
                "Your game with these settings is still on: here it is. "
                "To start afresh, resign it or drop it from Your games."
            ),
        )
        return redirect("games:table", public_id=going)
    table = _create(request, form)
    if table is None:
        return render(request, "games/setup.html", {"form": form})
    return redirect("games:table", public_id=table.public_id)


@require_GET
def me(request: HttpRequest) -> HttpResponse:
    """Your games: the person's tables in progress (a guest's in this browser, an account's
    on every device)."""
    player = player_for(request.user, request.session)
    return render(request, "games/me.html", {"games": games_in_progress(player)})


@require_POST
def drop_game(request: HttpRequest, public_id: str) -> HttpResponse:
    """Your games' Drop of a game against the computer (games.services.drop_computer_game),
    back to the list it was pressed on."""
    # Back to one of the two lists it is on: the home page or Your games (anything else, /me/).
    back = "home" if request.POST.get("next") == reverse("home") else "me"
    player = player_for(request.user, request.session)
    try:
        dropped = services.drop_computer_game(public_id=public_id, player=player)
    except TableError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            gettext("Game dropped: nothing was played, so nothing counts.")
            if dropped is services.Dropped.ABORTED
            else gettext("Game resigned: it counts as a loss."),
        )
    return redirect(back)


def _create(request: HttpRequest, form: SetupForm) -> Table | None:
    """The table of a valid form, or None with the reason added to the form's errors."""
    data = form.cleaned_data
    name = data["name"] or _default_name(request.user, data["mode"])
    if not name:
        form.add_error("name", "Write the name your friends will see at the table.")
        return None
    # Counted before the guest's session starts: a refused request stores nothing.
    limits.check_request(limits.TABLES_CREATED, request)
    player = player_for(request.user, request.session, start_guest=True)
    common = {
        "player": player,
        "name": name,
        "rules": data["rules"],
        "show_hints": data["show_hints"],
        "auto_pass": data["auto_pass_on"],
    }
    try:
        if data["mode"] == "online":
            turn_seconds = services.CASUAL_TURN_SECONDS if data["clock"] else None
            with transaction.atomic():
                table = services.create_online_table(**common, turn_seconds=turn_seconds)
                if data["listed"]:
                    lobby.list_table(table=table, player=player)
        else:
            table = services.create_computer_table(**common, levels=data["levels"])
    except TableError as error:
        form.add_error(None, str(error))
        return None
    setup_memory.remember(request, form)
    return table


def _default_name(user: AbstractBaseUser | AnonymousUser, mode: str) -> str:
    """A blank name is the person's own (the services' one rule, services.OWN_NAME: an
    account's display name, a guest's "Guest 4821"), except a guest's at a table for friends:
    they write the name their friends will see."""
    if user.is_authenticated or mode == "computer":
        return services.OWN_NAME
    return ""
