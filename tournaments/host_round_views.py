"""The console's actions on the rounds under way: more check-in time, a no-show recorded or
replaced, a result overridden, a player dropped from a Swiss. Thin, as :mod:`.host_views`: one
service call each, its refusal said in its words."""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from dominoes.request_input import whole_number
from tournaments import services
from tournaments.host_views import act, own, replaced


@require_POST
@login_required
def extend(request: HttpRequest, public_id: str, match_id: int) -> HttpResponse:
    more = whole_number(request.POST.get("minutes")) or 0  # 0: refused in the service's words
    return act(
        request,
        public_id,
        lambda: services.extend_check_in(
            host=request.user,
            public_id=public_id,
            match_id=match_id,
            minutes=more,
        ),
        ngettext(
            "Check-in extended by %(minutes)s minute.",
            "Check-in extended by %(minutes)s minutes.",
            more,
        )
        % {"minutes": more},
    )


@require_POST
@login_required
def replace_no_show(request: HttpRequest, public_id: str, match_id: int) -> HttpResponse:
    email = request.POST.get("email", "")
    return replaced(
        request,
        public_id,
        partial(
            services.replace_no_show,
            host=request.user,
            public_id=public_id,
            match_id=match_id,
            entrant_id=whole_number(request.POST.get("entrant")) or 0,  # 0: no such entrant
            email=email,
        ),
        gettext("Replaced: %(email)s has the place and a new check-in window.")
        % {"email": email.strip()},
    )


@require_POST
@login_required
def override(request: HttpRequest, public_id: str, match_id: int) -> HttpResponse:
    first, second = request.POST.get("first_score", ""), request.POST.get("second_score", "")
    own(request, public_id)
    if (first == "") != (second == ""):
        messages.error(request, gettext("Give both scores, or neither."))
        return redirect("tournaments:console", public_id=public_id)
    scores = (whole_number(first), whole_number(second))
    if first and None in scores:
        messages.error(request, gettext("A score is a whole number, 0 or more."))
        return redirect("tournaments:console", public_id=public_id)
    return act(
        request,
        public_id,
        lambda: services.override_result(
            host=request.user,
            public_id=public_id,
            match_id=match_id,
            winner_id=whole_number(request.POST.get("winner")) or 0,  # 0: no such player
            reason=request.POST.get("reason", ""),
            scores=scores if first else None,
        ),
        gettext("Result changed."),
    )


@require_POST
@login_required
def no_show(request: HttpRequest, public_id: str, match_id: int) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.record_no_show(
            host=request.user,
            public_id=public_id,
            match_id=match_id,
            absent_id=whole_number(request.POST.get("entrant")) or 0,  # 0: no such player
        ),
        gettext("Recorded: the player who came wins by forfeit."),
    )


@require_POST
@login_required
def drop(request: HttpRequest, public_id: str, entrant_id: int) -> HttpResponse:
    return act(
        request,
        public_id,
        lambda: services.drop_from_swiss(
            host=request.user, public_id=public_id, entrant_id=entrant_id
        ),
        lambda entrant: (
            gettext("%(name)s is dropped: paired no more, their results stay.") % {"name": entrant}
        ),
    )
