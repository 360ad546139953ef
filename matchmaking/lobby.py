"""The lobby of open tables: friends tables whose host listed them, not started, with a free
seat, newest first. Joining is the table's own join (games.services.join_table)."""

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.engine import Rules
from games.models import Table
from games.services import Player, TableError
from games.words import describe_rules
from matchmaking.models import OpenTable

#: A lobby table not changed for this long is no longer listed.
LISTED_FOR = timedelta(hours=2)
SHOWN = 50


@dataclass(frozen=True, slots=True)
class Listed:
    public_id: str
    host: str
    game: str  # "Draw, 2 players"
    format: str  # "To 100 points"
    house_rules: list[str]
    free: int
    seats: int
    players: list[str]


def list_table(*, table: Table, player: Player) -> OpenTable:
    """List the host's friends table in the lobby (the setup's "List it in the lobby")."""
    with transaction.atomic():
        host = table.seats.filter(index=0).first()
        if host is None or not player.owns(host):
            raise TableError(gettext("Only the host may list this table in the lobby."))
        if table.kind != Table.Kind.ONLINE or table.started_at is not None:
            raise TableError(gettext("Only a friends table that has not started can be listed."))
        listing, _ = OpenTable.objects.get_or_create(table=table)
    return listing


def open_tables() -> list[Listed]:
    listings = (
        OpenTable.objects.filter(
            table__started_at__isnull=True,
            table__finished=False,
            table__updated_at__gte=timezone.now() - LISTED_FOR,
        )
        .select_related("table")
        .prefetch_related("table__seats")
        .order_by("-listed_at")[:SHOWN]
    )
    shown = []
    for listing in listings:
        table = listing.table
        rules = Rules.from_record(table.rules)
        seats = sorted(table.seats.all(), key=lambda seat: seat.index)
        if len(seats) >= rules.seats:
            continue
        words = describe_rules(rules)
        shown.append(
            Listed(
                public_id=table.public_id,
                host=seats[0].name if seats else "",
                game=f"{words['preset']}, {words['players']}",
                format=words["format"],
                house_rules=[rule for rule in words["house_rules"] if rule != words["format"]],
                free=rules.seats - len(seats),
                seats=rules.seats,
                players=[seat.name for seat in seats],
            )
        )
    return shown
