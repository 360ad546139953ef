"""Quick match entries whose waiting page went while no server could hear it (a restart): the
sweep takes them out of the queue; a page that was only cut off comes back into it, its wait
still counted from when it joined. Through the real PostgreSQL."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.services import Player, sweep_deadlines
from matchmaking import services
from matchmaking.models import Entry

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ANN = Player(user_id=None, session_key="ann-session")
BOB = Player(user_id=None, session_key="bob-session")


@pytest.fixture(autouse=True)
def no_recent_pairing(monkeypatch):
    monkeypatch.setattr(services, "_last_pairing", {})


def join(player: Player, name: str) -> Entry:
    return services.join_queue(player=player, name=name, preset="draw", seats=2)


def server_down_for(entry: Entry, seconds: float) -> None:
    """No heartbeat reached any server for ``seconds`` since ``entry`` joined: its lease ran
    out meanwhile (the clock moved back rather than the test waiting)."""
    ago = timedelta(seconds=seconds)
    Entry.objects.filter(pk=entry.pk).update(
        joined_at=entry.joined_at - ago, lease_until=entry.lease_until - ago
    )


def test_a_page_closed_while_the_server_was_down_is_swept_out_of_the_queue():
    ann = join(ANN, "Ann")
    server_down_for(ann, 30)  # Ann closed her page then: her beacon reached nobody

    assert sweep_deadlines() == 1  # the sweep process's round, once the servers are back
    ann.refresh_from_db()
    assert ann.state == Entry.State.GONE
    assert sweep_deadlines() == 0
    # Nobody is matched with her, nor counted as looking.
    bob = join(BOB, "Bob")
    assert bob.state == Entry.State.WAITING
    assert services.status_of(bob).looking == 1
    assert Entry.objects.get(pk=ann.pk).state == Entry.State.GONE


def test_a_page_only_cut_off_is_back_in_the_queue_at_its_next_heartbeat_its_wait_honest():
    ann = join(ANN, "Ann")
    server_down_for(ann, 30)
    sweep_deadlines()

    status = services.heartbeat(public_id=ann.public_id, player=ANN)
    assert status.state == Entry.State.WAITING
    assert status.waited_seconds >= 30  # from when she joined, as the server knows it
    ann.refresh_from_db()
    assert ann.lease_until > timezone.now()
    bob = join(BOB, "Bob")
    assert bob.state == Entry.State.MATCHED
    ann.refresh_from_db()
    assert ann.state == Entry.State.MATCHED and ann.table_id == bob.table_id


def test_a_gone_entry_left_behind_by_a_new_search_stays_out():
    old = join(ANN, "Ann")
    server_down_for(old, 30)
    sweep_deadlines()
    join(ANN, "Ann")  # she searched again, elsewhere

    status = services.heartbeat(public_id=old.public_id, player=ANN)  # the old page, still open
    assert status.state == Entry.State.LEFT
    assert (
        Entry.objects.filter(user__isnull=True, guest=ANN.session_key)
        .filter(state=Entry.State.WAITING)
        .count()
        == 1
    )
