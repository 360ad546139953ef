"""Thin views of a player's record: statistics, match history, replays (with record download
and import), public profiles and the leaderboard. The reads are in :mod:`games.records.stats`."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from accounts.guests import player_for
from accounts.selectors import avatar_of, current_handle, display_name_words
from dominoes import limits
from games.coach import selectors as coach_selectors
from games.engine import ReplayError, replay_text
from games.models import Table
from games.records import profiles, stats
from games.records.charts import results_chart
from games.records.families import Family
from games.records.replay import build_replay, seeds_of
from games.services import NotYourSeat, TableError, TableNotFound, play_on_levels
from games.words import LEVEL_WORDS, PRESET_NAMES, joined

#: The largest record file accepted for import: a long match is well under 200 kB.
MAX_RECORD_BYTES = 1_000_000


@login_required
@require_GET
def statistics(request: HttpRequest) -> HttpResponse:
    figures = stats.statistics_of(request.user)
    return render(
        request,
        "games/statistics.html",
        {
            "stats": figures,
            "chart": results_chart(figures.by_day),
            "ratings": stats.ratings_of(request.user),
            "skill": coach_selectors.skill_of(request.user),
            "profile_user": request.user,
        },
    )


@login_required
@require_GET
def history(request: HttpRequest) -> HttpResponse:
    page, rows = stats.history_of(request.user, request.GET.get("page"))
    return render(request, "games/history.html", {"page": page, "rows": rows})


@require_GET
def profile(request: HttpRequest, key: str) -> HttpResponse:
    """A player's profile at their handle; an old signed key's link, or a handle the player
    changed away from, is sent on there (301)."""
    user_id = profiles.user_id_of(key)
    try:
        if user_id is not None:
            return redirect(profiles.profile_url_of(profiles.handle_of(user_id)), permanent=True)
        user = stats.profile_user(key)
    except get_user_model().DoesNotExist:
        handle = current_handle(key)
        if handle is None:
            raise Http404("There is no such player.") from None
        return redirect(profiles.profile_url_of(handle), permanent=True)
    return render(
        request,
        "games/profile.html",
        {
            "profile_user": user,
            "name": display_name_words(user),
            "avatar": avatar_of(user),
            "stats": stats.statistics_of(user),
            "ratings": stats.ratings_of(user),
            "skill": coach_selectors.skill_of(user),
        },
    )


@require_GET
def leaderboard(request: HttpRequest, family: str = Family.DRAW.value) -> HttpResponse:
    try:
        chosen = Family(family)
    except ValueError:
        raise Http404("There is no such family of games.") from None
    established, provisional = stats.leaderboard(chosen)
    return render(
        request,
        "games/leaderboard.html",
        {
            "family": chosen,
            "families": list(Family),
            "established": established,
            "provisional": provisional,
        },
    )


def _replayable(request: HttpRequest, public_id: str) -> Table | HttpResponse:
    """The finished table the visitor may replay, or the page saying why not."""
    try:
        return stats.replayable_table(
            public_id, player_for(request.user, request.session), viewer=request.user
        )
    except TableNotFound:
        raise Http404("There is no such table.") from None
    except NotYourSeat:
        message = gettext("Only the players of a match may replay it.")
    except TableError as error:
        message = str(error)
    return render(request, "games/replay_unavailable.html", {"message": message}, status=403)


@require_GET
@never_cache
def replay(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _replayable(request, public_id)
    if isinstance(table, HttpResponse):
        return table
    names = stats.seat_names(table)
    record = stats.record_with_seeds(table)
    data = build_replay(record, seeds=seeds_of(record), names=names)
    seated = player_for(request.user, request.session).seat_in(table.seats.all())
    mine = None if seated is None or seated.is_bot else seated.index
    data["coach"] = {
        "reviews": coach_selectors.match_reviews(table),
        # The seat whose view the analysis board starts from, and plays on from.
        "mine": mine,
        "play_on_url": reverse("games:play_on", args=[table.public_id]),
        "play_on_label": None if mine is None else _play_on_label(table, mine),
    }
    forfeit = None if table.forfeited_by is None else names[table.forfeited_by]
    return _render_replay(
        request,
        data,
        download_url=reverse("games:record", args=[table.public_id]),
        forfeit=forfeit,
        # Against the computer a forfeit is the person resigning (games.services.computer_games).
        resigned=table.kind == Table.Kind.COMPUTER,
    )


def _play_on_label(table: Table, mine: int) -> str:
    """The play-on button, saying the level the computer plays at (the match's own)."""
    levels = play_on_levels(table.seats.all(), mine).values()
    words = [str(LEVEL_WORDS[level]) for level in LEVEL_WORDS if level in levels]
    return gettext("Play on from here against the computer (%(levels)s)") % {
        "levels": joined(words)
    }


@require_GET
@never_cache
def record(request: HttpRequest, public_id: str) -> HttpResponse:
    table = _replayable(request, public_id)
    if isinstance(table, HttpResponse):
        return table
    response = JsonResponse(stats.record_with_seeds(table), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="dominoes-{table.public_id}.json"'
    return response


def _render_replay(request: HttpRequest, data: dict[str, Any], **extra: object) -> HttpResponse:
    preset = data["rules"]["preset"]
    context = {"replay": data, "preset_name": PRESET_NAMES.get(preset, preset), **extra}
    return render(request, "games/replay.html", context)


class ImportRecordForm(forms.Form):
    record = forms.FileField(
        label=gettext_lazy("Record file"),
        help_text=gettext_lazy(
            "A dominoes-record/1 JSON file, such as one downloaded from a replay."
        ),
    )

    def clean_record(self) -> dict[str, Any]:
        """The replayed record: a file the engine cannot replay is refused, saying why."""
        upload = self.cleaned_data["record"]
        if upload.size > MAX_RECORD_BYTES:
            raise forms.ValidationError(
                gettext("This file is too large to be a match record (1 MB).")
            )
        text = upload.read()
        report = replay_text(text)
        if report.error is not None:
            raise forms.ValidationError(
                gettext("This file is not a valid match record: %(where)s")
                % {"where": _where(report.error)}
            )
        record = json.loads(text)
        if not record["hands"]:
            raise forms.ValidationError(
                gettext("This record has no hand to show: nothing was dealt.")
            )
        return record


def _where(error: ReplayError) -> str:
    place = []
    if error.hand is not None:
        place.append(gettext("hand %(number)s") % {"number": error.hand + 1})
    if error.move is not None:
        place.append(gettext("move %(number)s") % {"number": error.move + 1})
    return (", ".join(place) + ": " if place else "") + error.reason + "."


@require_http_methods(["GET", "POST"])
def import_record(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        # Counted before the file is parsed: replaying a record is the costly part. (A body
        # larger than any record was refused unread before this view: dominoes.body_limit.)
        limits.check_request(limits.IMPORTS, request)
    form = ImportRecordForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        record = form.cleaned_data["record"]
        return _render_replay(request, build_replay(record, seeds=seeds_of(record)), imported=True)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/import_record.html", {"form": form}, status=status)
