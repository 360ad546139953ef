"""Every table service refuses a person acting on a table, or a seat, that is not theirs, and
the refusal changes nothing. (Tournaments are built elsewhere: their hosts' rights are tested
there.)"""

import pytest
from django.contrib.auth import get_user_model
from factories import online_table

from games import services
from games.engine import IllegalMove, Pass, Rules, load
from games.models import Seat, Table
from games.services import NotYourSeat, Player, TableError

pytestmark = pytest.mark.django_db(transaction=True)

ALICE = Player(user_id=None, session_key="alice-guest-token")
BOB = Player(user_id=None, session_key="bob-guest-token")
MALLORY = Player(user_id=None, session_key="mallory-guest-token")
# A browser with no guest token yet, and a forged empty one: neither owns any seat.
NOBODY = Player(user_id=None, session_key=None)
EMPTY_TOKEN = Player(user_id=None, session_key="")


def snapshot(public_id: str) -> tuple:
    table = Table.objects.get(public_id=public_id)
    seats = list(Seat.objects.filter(table=table).values_list("index", "user", "guest", "away"))
    return (table.version, table.record, table.rematch_votes, table.started_at, seats)


def computer_table(player: Player = ALICE) -> str:
    return services.create_computer_table(
        player=player, name="Alice", rules=Rules.for_preset("draw", seats=2), levels=["easy"]
    ).public_id


def alice_hosting_bob(started: bool) -> str:
    """Alice hosts, Bob has joined; started or still in the lobby."""
    return online_table(
        [ALICE, BOB],
        names=["Alice", "Bob"],
        preset="block",
        turn_seconds=None,
        start="medium" if started else None,
    ).public_id


def version_of(public_id: str) -> int:
    return Table.objects.get(public_id=public_id).version


def a_legal_move(public_id: str):
    """A move the seat to move could make (a pass before the deal: nothing is legal then)."""
    table = Table.objects.get(public_id=public_id)
    return load(table.record).legal_moves()[0] if table.started_at else Pass()


ACTIONS = {
    "play": lambda p, who: services.play(
        public_id=p, player=who, move=a_legal_move(p), seen_version=version_of(p)
    ),
    "next_hand": lambda p, who: services.next_hand(
        public_id=p, player=who, seen_version=version_of(p)
    ),
    "undo": lambda p, who: services.undo(public_id=p, player=who, seen_version=version_of(p)),
    "hint": lambda p, who: services.hint_for(public_id=p, player=who),
    "leave": lambda p, who: services.leave_table(public_id=p, player=who),
    "come_back": lambda p, who: services.come_back(public_id=p, player=who),
    "rematch": lambda p, who: services.vote_rematch(public_id=p, player=who),
    "start": lambda p, who: services.start_table(public_id=p, player=who),
}


@pytest.mark.parametrize("stranger", [MALLORY, NOBODY, EMPTY_TOKEN], ids=["other", "none", "empty"])
@pytest.mark.parametrize("action", list(ACTIONS))
@pytest.mark.parametrize("kind", ["computer", "online-lobby", "online-started"])
def test_a_stranger_can_do_nothing_at_someone_elses_table(kind, action, stranger):
    public_id = {
        "computer": lambda: computer_table(),
        "online-lobby": lambda: alice_hosting_bob(started=False),
        "online-started": lambda: alice_hosting_bob(started=True),
    }[kind]()
    before = snapshot(public_id)
    with pytest.raises(TableError) as refused:
        ACTIONS[action](public_id, stranger)
    # Moves at a table still in the lobby are refused before anyone's seat is looked up.
    assert isinstance(refused.value, NotYourSeat) or (
        kind == "online-lobby" and str(refused.value) == "The table has not started yet."
    )
    assert snapshot(public_id) == before


def test_a_signed_in_persons_table_is_not_a_guests_even_with_an_empty_token():
    user = get_user_model().objects.create_user(username="carol", password="x")
    public_id = computer_table(Player(user_id=user.pk, session_key=None))
    before = snapshot(public_id)
    for stranger in (NOBODY, EMPTY_TOKEN, Player(user_id=user.pk + 1, session_key=None)):
        with pytest.raises(NotYourSeat):
            ACTIONS["play"](public_id, stranger)
    assert snapshot(public_id) == before


def test_a_seated_person_cannot_move_for_the_other_seat():
    public_id = alice_hosting_bob(started=True)
    match = load(Table.objects.get(public_id=public_id).record)
    off_turn = BOB if match.turn == 0 else ALICE
    before = snapshot(public_id)
    with pytest.raises(IllegalMove, match="turn"):
        ACTIONS["play"](public_id, off_turn)  # the move is legal, for the seat to move
    with pytest.raises(TableError, match="only for games against the computer"):
        ACTIONS["hint"](public_id, off_turn)
    assert snapshot(public_id) == before


def test_only_the_host_starts_a_table():
    public_id = alice_hosting_bob(started=False)
    before = snapshot(public_id)
    with pytest.raises(TableError, match="Only the host"):
        services.start_table(public_id=public_id, player=BOB)
    assert snapshot(public_id) == before


def test_a_stranger_is_turned_away_from_a_full_or_started_table():
    lobby = alice_hosting_bob(started=False)  # two seats, both taken
    with pytest.raises(TableError, match="Every seat"):
        services.join_table(public_id=lobby, player=MALLORY, name="Mallory")
    started = alice_hosting_bob(started=True)
    before = snapshot(started)
    with pytest.raises(TableError, match="started"):
        services.join_table(public_id=started, player=MALLORY, name="Mallory")
    assert snapshot(started) == before


def test_nobody_joins_a_computer_table():
    public_id = computer_table()
    before = snapshot(public_id)
    with pytest.raises(TableError):
        services.join_table(public_id=public_id, player=MALLORY, name="Mallory")
    assert snapshot(public_id) == before
