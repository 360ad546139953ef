"""Thin views: the tournament page and its live part, and the players' buttons (join, "I'm
ready", rematch), each a service call. The page polls ``live`` with the version it shows; an
unchanged tournament costs one indexed read and an answer of a few bytes."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.selectors import owns_email
from dominoes.csv_export import csv_response
from dominoes.request_input import whole_number
from tournaments import selectors, services
from tournaments.models import Entrant
from tournaments.selectors import TournamentNotFound

#: How often the page asks whether the tournament changed.
POLL_SECONDS = 3


@require_GET
@login_required
def tournament_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/list.html",
        {
            "tournaments": selectors.tournaments_for(request.user),
            "can_host": services.can_host(request.user),
        },
    )


def _page(request: HttpRequest, public_id: str) -> selectors.Page:
    """The tournament's page as ``request.user`` may see it (the page, its live part and its
    results file alike: :func:`selectors.visible_page`)."""
    services.enforce_check_ins(public_id=public_id)
    try:
        return selectors.visible_page(public_id=public_id, user=request.user)
    except TournamentNotFound:
        raise Http404(gettext("There is no such tournament.")) from None


@require_GET
@never_cache
def detail(request: HttpRequest, public_id: str) -> HttpResponse:
    return render(
        request,
        "tournaments/detail.html",
        {"page": _page(request, public_id), "poll_seconds": POLL_SECONDS},
    )


@require_GET
@never_cache
def live(request: HttpRequest, public_id: str) -> JsonResponse:
    """``{"version": n}`` while the tournament is at the version the page shows (``?version``);
    else the version and the page's live part, rendered again."""
    seen = whole_number(request.GET.get("version"))
    if seen is not None and selectors.version_of(public_id) == seen:
        return JsonResponse({"version": seen})
    page = _page(request, public_id)
    html = render_to_string("tournaments/_live.html", {"page": page}, request=request)
    return JsonResponse({"version": page.tournament.version, "html": html})


def _act(request: HttpRequest, public_id: str, action) -> HttpResponse:
    try:
        action()
    except services.TournamentError as error:
        messages.error(request, str(error))
    return redirect("tournaments:detail", public_id=public_id)


@require_POST
@login_required
def join(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(request, public_id, lambda: services.join(player=request.user, public_id=public_id))


@require_POST
@login_required
def rematch(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        lambda: services.opt_in_rematch(player=request.user, public_id=public_id),
    )


@require_POST
@login_required
def ready(request: HttpRequest, match_id: int) -> HttpResponse:
    try:
        public_id = services.tournament_of_match(user=request.user, match_id=match_id)
    except TournamentNotFound:
        raise Http404(gettext("There is no such match.")) from None
    return _act(
        request, public_id, lambda: services.check_in(player=request.user, match_id=match_id)
    )


@require_http_methods(["GET", "POST"])
@never_cache
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An emailed invitation's link: a newcomer signs up (or in) from it and comes back here;
    signed in, "Accept" joins them (its addressee; anyone else asks the host)."""
    found = selectors.invitation_for(token)
    if found is None:
        return render(request, "tournaments/invitation.html", {"invitation": None}, status=404)
    if request.method == "POST":
        try:
            entrant = services.accept_invitation(player=request.user, token=token)
        except services.TournamentError as error:
            messages.error(request, str(error))
            return redirect("tournaments:invitation", token=token)
        words = {"name": found.tournament.name}
        if entrant.status == Entrant.Status.CONFIRMED:
            messages.success(request, gettext("You are in %(name)s.") % words)
        else:  # the link was for another address: the host decides
            messages.success(
                request,
                gettext(
                    "This invitation was sent to another email address: you have asked to join "
                    "%(name)s, and its host decides."
                )
                % words,
            )
        return redirect("tournaments:detail", public_id=found.tournament.public_id)
    # Said before the click: a link that reached someone else asks the host (or, for a
    # replacement's place, is not theirs to take).
    addressee = request.user.is_authenticated and owns_email(request.user, found.email)
    return render(
        request, "tournaments/invitation.html", {"invitation": found, "addressee": addressee}
    )


@require_GET
@never_cache
def results_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    """Every match as a row of a CSV file (:func:`selectors.results_rows`), to whoever may see
    the tournament's page, each cell safe to open in a spreadsheet."""
    page = _page(request, public_id)
    return csv_response(
        filename=f"{slugify(page.tournament.name) or 'tournament'}-results.csv",
        rows=selectors.results_rows(page),
    )
