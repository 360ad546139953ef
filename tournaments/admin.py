"""The hosts' admin: create and edit tournaments, invite and confirm entrants, start, follow the
rounds, cancel. Every change goes through :mod:`tournaments.services`; a host sees and changes
only their own tournaments (staff with "Can manage every host's tournaments" see all).

A host is a staff user with the "Tournament hosts" group: ``manage.py make_host EMAIL``.
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext

from accounts.selectors import display_name
from billing import plans
from tournaments import services
from tournaments.forms import TournamentSettingsForm
from tournaments.models import Entrant, Tournament, TournamentMatch

#: The status choice that removes a player's request (it is no status an entrant keeps).
DECLINE = "decline"


def status_choices(entrant: Entrant) -> list[tuple[str, str]]:
    """What the host may pick for ``entrant``: its status as it is, and each step the host can
    take from there. A choice that would change nothing is never offered as if it did."""
    status = Entrant.Status
    if entrant.pk is None:
        return [(status.INVITED, "Invite"), (status.CONFIRMED, "Confirm now")]
    if entrant.status == status.INVITED:
        return [(status.INVITED, "Invited: waiting for the player"), (status.CONFIRMED, "Confirm")]
    if entrant.status == status.REQUESTED:
        return [
            (status.REQUESTED, "Asked to join: waiting for you"),
            (status.CONFIRMED, "Confirm the request"),
            (DECLINE, "Decline the request"),
        ]
    return [(status.CONFIRMED, "Confirmed")]


class EntrantForm(forms.ModelForm):
    """A new row names the player by email (hosts do not browse the user list). The status
    offers only what the host can do from the entrant's state (:func:`status_choices`); any
    other value is refused with the field's message. Saving goes through the services."""

    email = forms.EmailField(required=False, help_text="The player's account email.")
    status = forms.ChoiceField(label="Status")

    class Meta:
        model = Entrant
        fields: list[str] = []  # nothing is copied onto the row: the services change it

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:  # who the row is, shown, not edited
            self.fields["email"].initial = self.instance.user.email
            self.fields["email"].disabled = True
        self.fields["status"].choices = status_choices(self.instance)
        self.fields["status"].initial = self.fields["status"].choices[0][0]

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk is None:
            email = cleaned.get("email")
            if not email:
                raise ValidationError(gettext("Give the player's email."))
            user = get_user_model().objects.filter(email__iexact=email).first()
            if user is None:
                raise ValidationError(
                    gettext("No player has the email %(email)s.") % {"email": email}
                )
            self.instance.user = user
        return cleaned


class EntrantFormSet(forms.BaseInlineFormSet):
    def clean(self):
        super().clean()
        confirmed = sum(
            1
            for form in self.forms
            if form.cleaned_data
            and not form.cleaned_data.get("DELETE")
            and form.cleaned_data.get("status") == Entrant.Status.CONFIRMED
        )
        if confirmed > plans.tournament_player_limit(host=self.instance.host):
            raise ValidationError(limit_message(self.instance.host))


def limit_message(host) -> str:
    """The plan's limit explained, with its way up as a link when there is one."""
    limit = plans.limit_explanation(host=host)
    if limit.upgrade_url is None:
        return limit.message
    return format_html(
        '{} <a href="{}">{}</a>', limit.message, limit.upgrade_url, limit.upgrade_label
    )


class EntrantInline(admin.TabularInline):
    model = Entrant
    form = EntrantForm
    formset = EntrantFormSet
    fields = ["email", "status"]
    # The admin builds the form with these fields: excluding the model's status keeps the
    # choice (a step, e.g. "decline") off the row, which the services change from its state.
    exclude = ["status"]
    extra = 1

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("user")

    def _editable(self, obj) -> bool:
        return obj is not None and obj.status == Tournament.Status.DRAFT

    def has_add_permission(self, request, obj=None) -> bool:
        return self._editable(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None) -> bool:
        return self._editable(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return self._editable(obj) and super().has_delete_permission(request, obj)


class MatchInline(admin.TabularInline):
    """Rounds and matches, read-only: they change only through play."""

    model = TournamentMatch
    fk_name = "tournament"
    fields = ["round", "slot", "first", "second", "status", "winner", "by_forfeit", "table_link"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "Rounds and matches"

    @admin.display(description="Table")
    def table_link(self, match: TournamentMatch) -> str:
        if match.table_id is None:
            return ""
        url = reverse("games:table", args=[match.table.public_id])
        return format_html('<a href="{}">watch</a>', url)

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentSettingsForm
    list_display = ["name", "format", "status", "host", "confirmed_count", "created_at"]
    list_filter = ["status", "format"]
    search_fields = ["name"]
    actions = ["start_tournaments", "cancel_tournaments"]
    inlines = [EntrantInline, MatchInline]
    # The host by name: a link to the user's admin page would be a 403 for a host.
    readonly_fields = ["status", "host_name", "player_limit", "page_link", "seed", "champion"]
    editable_fields = [
        "name",
        "preset",
        "format",
        "rounds",
        "scoring",
        "points_target",
        "best_of_hands",
        "duplicate",
    ]
    #: What a started tournament shows of its settings (no longer editable).
    settled_fields = ["name", "format_description", "game_description"]

    def _started(self, obj) -> bool:
        return obj is not None and obj.status != Tournament.Status.DRAFT

    def get_fields(self, request, obj=None):
        if obj is None:
            return self.editable_fields
        if self._started(obj):
            return [*self.settled_fields, *self.readonly_fields]
        return [*self.editable_fields, *self.readonly_fields]

    def get_readonly_fields(self, request, obj=None):
        if self._started(obj):
            return [*self.settled_fields, *self.readonly_fields]
        return self.readonly_fields

    def get_inlines(self, request, obj):
        return [] if obj is None else self.inlines

    # --- only one's own tournaments --------------------------------------------------------
    def get_queryset(self, request):
        queryset = super().get_queryset(request).select_related("host")
        if request.user.has_perm(services.MANAGE_ALL):
            return queryset
        return queryset.filter(host=request.user)

    def has_module_permission(self, request) -> bool:
        return services.can_host(request.user) or request.user.has_perm(services.MANAGE_ALL)

    def has_view_permission(self, request, obj=None) -> bool:
        return self.has_module_permission(request) and (
            obj is None or services.manages(request.user, obj)
        )

    def has_add_permission(self, request) -> bool:
        return services.can_host(request.user)

    def has_change_permission(self, request, obj=None) -> bool:
        return self.has_view_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # cancel instead: a tournament's record stays

    # --- shown -----------------------------------------------------------------------------
    @admin.display(description="Confirmed")
    def confirmed_count(self, tournament: Tournament) -> int:
        return tournament.entrants.filter(status=Entrant.Status.CONFIRMED).count()

    @admin.display(description="Host")
    def host_name(self, tournament: Tournament) -> str:
        return f"{display_name(tournament.host)} ({tournament.host.email})"

    @admin.display(description="Format")
    def format_description(self, tournament: Tournament) -> str:
        return tournament.format_description

    @admin.display(description="Game and match")
    def game_description(self, tournament: Tournament) -> str:
        return tournament.game_description

    @admin.display(description="Player limit of the host's plan")
    def player_limit(self, tournament: Tournament) -> str:
        limit = plans.limit_explanation(host=tournament.host)
        if limit.upgrade_url is None:
            return f"{limit.players} ({limit.plan})"
        return format_html(
            '{} ({}): <a href="{}">{}</a>',
            limit.players,
            limit.plan,
            limit.upgrade_url,
            limit.upgrade_label,
        )

    @admin.display(description="Page")
    def page_link(self, tournament: Tournament) -> str:
        url = reverse("tournaments:detail", args=[tournament.public_id])
        return format_html('<a href="{}">{}</a>', url, url)

    # --- saving through the services -------------------------------------------------------
    def save_model(self, request, obj, form, change):
        if change and (self._started(obj) or not form.changed_data):  # nothing (editable) edited
            return
        data = form.settings()
        if change:
            services.update_tournament(user=request.user, public_id=obj.public_id, **data)
        else:
            created = services.create_tournament(host=request.user, **data)
            obj.pk = created.pk
        obj.refresh_from_db()
        obj._state.adding = False

    def save_formset(self, request, form, formset, change):
        if formset.model is not Entrant:
            super().save_formset(request, form, formset, change)  # the read-only matches
            return
        tournament = form.instance
        formset.save(commit=False)
        try:
            with transaction.atomic():
                for entrant in formset.deleted_objects:
                    services.remove_entrant(
                        user=request.user, public_id=tournament.public_id, entrant_id=entrant.pk
                    )
                for entrant_form in formset.forms:
                    if entrant_form in formset.deleted_forms or not entrant_form.has_changed():
                        continue
                    self._save_entrant(request, tournament, entrant_form)
        except services.TournamentError as error:
            self.message_user(request, str(error), messages.ERROR)

    def _save_entrant(self, request, tournament: Tournament, entrant_form: EntrantForm) -> None:
        entrant = entrant_form.instance
        wanted = entrant_form.cleaned_data["status"]
        if wanted == DECLINE:
            services.remove_entrant(
                user=request.user, public_id=tournament.public_id, entrant_id=entrant.pk
            )
            return
        if entrant.pk is None:
            entrant = services.invite(
                host=request.user, public_id=tournament.public_id, user=entrant.user
            )
        if wanted == Entrant.Status.CONFIRMED and entrant.status != Entrant.Status.CONFIRMED:
            services.confirm_entrant(
                host=request.user, public_id=tournament.public_id, entrant_id=entrant.pk
            )

    # --- actions ---------------------------------------------------------------------------
    def _each(self, request, queryset, action, done: str) -> None:
        for tournament in queryset:
            try:
                action(tournament)
            except services.TournamentError as error:
                self.message_user(request, f"{tournament}: {error}", messages.ERROR)
            else:
                self.message_user(request, f"{tournament}: {done}.", messages.SUCCESS)

    @admin.action(description="Start the selected tournaments")
    def start_tournaments(self, request, queryset):
        self._each(
            request,
            queryset,
            lambda t: services.start_tournament(host=request.user, public_id=t.public_id),
            "started",
        )

    @admin.action(description="Cancel the selected tournaments")
    def cancel_tournaments(self, request, queryset):
        self._each(
            request,
            queryset,
            lambda t: services.cancel_tournament(user=request.user, public_id=t.public_id),
            "cancelled",
        )
