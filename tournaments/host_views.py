"""The hosts' pages outside the admin: "My tournaments" (and a new one) and each tournament's
console. Thin: every change is one call of :mod:`tournaments.services`, which checks that the
tournament is the host's own and words each refusal; the pages only show what it says."""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing import plans
from dominoes import client_address
from dominoes.request_input import whole_number
from tournaments import host_selectors, selectors, services
from tournaments.forms import TournamentSettingsForm
from tournaments.models import Tournament
from tournaments.views import POLL_SECONDS


def _require_host(request: HttpRequest) -> None:
    if not services.can_host(request.user):
        raise PermissionDenied(gettext("Only tournament hosts have these pages."))


def _plan_limit(host) -> int:
    return plans.tournament_player_limit(host=host)


def own(request: HttpRequest, public_id: str) -> Tournament:
    """The tournament, if the signed-in person manages it; a 404 for anyone else, as for no
    tournament at all."""
    try:
        tournament = selectors.tournament_for(public_id)
    except selectors.TournamentNotFound:
        raise Http404(gettext("There is no such tournament.")) from None
    if not services.manages(request.user, tournament):
        raise Http404(gettext("There is no such tournament."))
    return tournament


@require_http_methods(["GET", "POST"])
@login_required
def my_tournaments(request: HttpRequest) -> HttpResponse:
    _require_host(request)
    form = TournamentSettingsForm(request.POST or None, player_limit=_plan_limit(request.user))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(host=request.user, **form.settings())
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                gettext("%(name)s is created: invite its players.") % {"name": tournament.name},
            )
            return redirect("tournaments:console", public_id=tournament.public_id)
    return render(
        request,
        "tournaments/host_list.html",
        {"tournaments": selectors.hosted_by(request.user), "form": form},
    )


@require_http_methods(["GET", "POST"])
@login_required
def console(request: HttpRequest, public_id: str) -> HttpResponse:
    """The console; a POST saves the settings (before the start)."""
    tournament = own(request, public_id)
    form = TournamentSettingsForm(
        request.POST or None, instance=tournament, player_limit=_plan_limit(tournament.host)
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(user=request.user, public_id=public_id, **form.settings())
        except services.TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, gettext("Settings saved."))
            return redirect("tournaments:console", public_id=public_id)
    return render(
        request,
        "tournaments/console.html",
        {
            "console": host_selectors.console(tournament, request.user),
            "form": form,
            "poll_seconds": POLL_SECONDS,
        },
    )


@require_GET
@never_cache
@login_required
def console_live(request: HttpRequest, public_id: str) -> JsonResponse:
    """The console's live part, as the players' page's (tournaments.views.live): the version
    alone while unchanged, else the part rendered again (a player's "ready", a result)."""
    tournament = own(request, public_id)
    seen = whole_number(request.GET.get("version"))
    if seen == tournament.version:
        return JsonResponse({"version": seen})
    services.enforce_check_ins(public_id=public_id)
    tournament = own(request, public_id)
    html = render_to_string(
        "tournaments/_console_live.html",
        {"console": host_selectors.console(tournament, request.user)},
        request=request,
    )
    return JsonResponse({"version": tournament.version, "html": html})


def act(request: HttpRequest, public_id: str, action, done) -> HttpResponse:
    """Do ``action`` (a service call) and say ``done``, or the refusal; ``done`` may be a
    function of what the action returned."""
    own(request, public_id)
    try:
        result = action()
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done(result) if callable(done) else done)
    return redirect("tournaments:console", public_id=public_id)


@require_POST
@login_required
def invite(request: HttpRequest, public_id: str) -> HttpResponse:
    own(request, public_id)
    try:
        invited = services.invite_by_email(
            host=request.user,
            public_id=public_id,
            emails=request.POST.get("emails", ""),
            site=request.build_absolute_uri("/").rstrip("/"),
            address=client_address.of_request(request),
        )
    except services.TournamentError as error:
        messages.error(request, str(error))
        return redirect("tournaments:console", public_id=public_id)
    if invited.players:
        count = len(invited.players)
        messages.success(
            request,
            ngettext("Invited %(count)s player.", "Invited %(count)s players.", count)
            % {"count": count},
        )
    if invited.newcomers:
        messages.success(
            request,
            gettext("Emailed a link to sign up and join: %(addresses)s.")
            % {"addresses": ", ".join(invited.newcomers)},
        )
    if invited.malformed:
        messages.error(
            request,
            gettext("Not an email address: %(text)s.") % {"text": ", ".join(invited.malformed)},
        )
    return redirect("tournaments:console", public_id=public_id)


@require_POST
@login_required
def resend_invitation(request: HttpRequest, public_id: str, invitation_id: int) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.resend_invitation(
            host=request.user,
            public_id=public_id,
            invitation_id=invitation_id,
            site=request.build_absolute_uri("/").rstrip("/"),
            address=client_address.of_request(request),
        ),
        lambda invitation: (
            gettext("Sent the invitation again to %(email)s.") % {"email": invitation.email}
        ),
    )


@require_POST
@login_required
def withdraw_invitation(request: HttpRequest, public_id: str, invitation_id: int) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.withdraw_invitation(
            host=request.user, public_id=public_id, invitation_id=invitation_id
        ),
        lambda email: (
            gettext("Withdrew the invitation to %(email)s: its link no longer works.")
            % {"email": email}
        ),
    )


@require_POST
@login_required
def confirm(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.confirm_entrant(
            host=request.user, public_id=public_id, entrant_id=entrant_id
        ),
        gettext("Confirmed."),
    )


@require_POST
@login_required
def remove(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.remove_entrant(
            user=request.user, public_id=public_id, entrant_id=entrant_id
        ),
        gettext("Removed."),
    )


@require_POST
@login_required
def start(request: HttpRequest, public_id: str) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.start_tournament(host=request.user, public_id=public_id),
        gettext("Started: the first round is checking in."),
    )


@require_POST
@login_required
def cancel(request: HttpRequest, public_id: str) -> HttpResponse:
    if request.POST.get("confirm") != "yes":
        own(request, public_id)
        messages.error(request, gettext("Tick the box to confirm the cancellation."))
        return redirect("tournaments:console", public_id=public_id)
    reason = request.POST.get("reason", "").strip()
    return act(
        request,
        public_id,
        lambda: services.cancel_tournament(user=request.user, public_id=public_id, reason=reason),
        gettext("Cancelled."),
    )


@require_POST
@login_required
def notice(request: HttpRequest, public_id: str) -> HttpResponse:
    text = request.POST.get("text", "")
    return act(
        request,
        public_id,
        lambda: services.send_notice(
            host=request.user,
            public_id=public_id,
            text=text,
            address=client_address.of_request(request),
        ),
        gettext("The notice is on its way to every entrant."),
    )


@require_POST
@login_required
def seed_move(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    places = -1 if request.POST.get("direction") == "up" else 1
    own(request, public_id)
    try:
        place = services.move_seed(
            host=request.user, public_id=public_id, entrant_id=entrant_id, places=places
        )
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, gettext("Moved to seed %(place)s.") % {"place": place})
    return redirect(reverse("tournaments:console", args=[public_id]) + "#seeding-title")


@require_POST
@login_required
def seed_order(request: HttpRequest, public_id: str) -> HttpResponse:
    """The whole order at once (the drag and drop's form): entrant ids, best seed first."""
    # A bad id is left out: the service then refuses an order that misses an entrant.
    order = [pk for text in request.POST.getlist("entrant") if (pk := whole_number(text))]
    return act(
        request,
        public_id,
        lambda: services.set_seed_order(host=request.user, public_id=public_id, entrant_ids=order),
        gettext("Seeding order saved."),
    )


def replaced(request: HttpRequest, public_id: str, replace, done: str) -> HttpResponse:
    """A replacement's answer: the place given (``done``), or the link emailed to a newcomer."""
    own(request, public_id)
    try:
        replacement = replace(site=request.build_absolute_uri("/").rstrip("/"))
    except services.TournamentError as error:
        messages.error(request, str(error))
    else:
        if replacement.emailed:
            messages.success(
                request,
                gettext(
                    "%(email)s has no account: emailed a link to sign up and take %(name)s's "
                    "place, which stays theirs until then."
                )
                % {"email": replacement.emailed, "name": replacement.entrant},
            )
        else:
            messages.success(request, done)
    return redirect("tournaments:console", public_id=public_id)


@require_POST
@login_required
def replace(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    email = request.POST.get("email", "")
    return replaced(
        request,
        public_id,
        partial(
            services.replace_entrant,
            host=request.user,
            public_id=public_id,
            entrant_id=entrant_id,
            email=email,
        ),
        gettext("Replaced: %(email)s has the place.") % {"email": email.strip()},
    )
