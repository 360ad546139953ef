"""Replays: who may view a finished match with every hand shown, the record download (with
seeds), its import, and clear errors for bad files."""

import json
from html import unescape

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from factories import make_user
from stats_builders import computer_match, player_of, upload

from accounts.guests import GUEST_SESSION_KEY
from games import services
from games.engine import Deal, Rules, load, replay_text
from games.fairness import commitment
from tournaments.services import make_host

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def replay_data(response):
    html = response.content.decode()
    start = html.index('<script id="replay-data" type="application/json">') + 49
    return json.loads(html[start : html.index("</script>", start)])


def test_the_players_of_a_finished_match_replay_every_move_with_every_hand_shown(client):
    alice = make_user("alice@example.com", first_name="Alice")
    table = computer_match(player_of(alice), "classic", "easy")
    client.force_login(alice)
    response = client.get(reverse("games:replay", args=[table.public_id]))
    assert response.status_code == 200
    data = replay_data(response)
    match = load(table.record)
    moves = sum(len(hand["moves"]) for hand in table.record["hands"])
    assert len(data["steps"]) == len(match.deals) + moves
    assert data["names"] == ["Alice", "Dot"]  # the easy computer of seat 2 (bot_name)
    for number, (deal, hand) in enumerate(zip(match.deals, data["hands"], strict=True)):
        first = data["steps"][hand["first_step"]]
        assert first["hand"] == number
        shown = [sorted(tiles) for tiles in first["tiles"]]
        assert shown == [sorted(map(str, h)) for h in deal.hands], "every hand, from the deal on"
        assert first["boneyard"] == [str(t) for t in deal.boneyard]
        assert hand["verified"] is True and hand["commitment"] == commitment(hand["seed"])
    assert data["steps"][-1]["scores"] == list(match.scores)
    assert data["finished"] and "won the match" in data["summary"]


def test_who_may_replay_players_only_and_only_once_finished(client):
    alice, mallory = make_user("alice@example.com"), make_user("mallory@example.com")
    finished = computer_match(player_of(alice), "single_round")
    running = services.create_computer_table(
        player=player_of(alice),
        name="Alice",
        rules=Rules.for_preset("classic", seats=2),
        levels=["easy"],
    )
    for name in ("games:replay", "games:record"):
        url = reverse(name, args=[finished.public_id])
        assert client.get(url).status_code == 403, "anonymous"
        client.force_login(mallory)
        response = client.get(url)
        assert response.status_code == 403
        assert b"Only the players of a match may replay it." in response.content
        client.force_login(alice)
        assert client.get(url).status_code == 200
        response = client.get(reverse(name, args=[running.public_id]))
        assert response.status_code == 403 and b"still being played" in response.content
        assert client.get(reverse(name, args=["no-such-table"])).status_code == 404
        client.logout()


@pytest.mark.parametrize("name", ["games:replay", "games:record"])
def test_staff_status_alone_reads_no_one_elses_match_the_permission_does(client, name):
    """Tournament hosts are staff: being one must not open every player's hidden tiles."""
    alice, host = make_user("alice@example.com"), make_user("host@example.com")
    url = reverse(name, args=[computer_match(player_of(alice), "single_round").public_id])
    make_host(user=host)
    client.force_login(host)
    response = client.get(url)
    assert response.status_code == 403
    assert b"Only the players of a match may replay it." in response.content

    host.user_permissions.add(Permission.objects.get(codename="view_any_record"))
    assert client.get(url).status_code == 200
    superuser = make_user("root@example.com")
    superuser.is_superuser = True
    superuser.save()
    client.force_login(superuser)
    assert client.get(url).status_code == 200


def test_a_guest_replays_their_own_finished_match_by_their_browser_session(client):
    session = client.session
    session[GUEST_SESSION_KEY] = "this-browsers-guest-token"
    session.save()
    guest = services.Player(user_id=None, session_key="this-browsers-guest-token")
    table = computer_match(guest, "single_round")
    assert client.get(reverse("games:replay", args=[table.public_id])).status_code == 200
    client.cookies.clear()
    assert client.get(reverse("games:replay", args=[table.public_id])).status_code == 403


def test_the_downloaded_record_carries_the_seeds_and_importing_it_shows_the_same_match(client):
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), "all_fives", "easy")
    client.force_login(alice)
    response = client.get(reverse("games:record", args=[table.public_id]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        f'attachment; filename="dominoes-{table.public_id}.json"'
    )
    record = json.loads(response.content)
    assert record["format"] == "dominoes-record/1" and record["rules"] == table.rules
    rules = Rules.from_record(record["rules"])
    for hand, cached in zip(record["hands"], table.record["hands"], strict=True):
        assert {k: v for k, v in hand.items() if k != "seed"} == cached
        assert Deal.from_seed(rules, hand["seed"]) == Deal.from_record(rules, hand["deal"])
    assert replay_text(response.content).ok, "still a valid dominoes-record/1"

    viewed = replay_data(client.get(reverse("games:replay", args=[table.public_id])))
    client.logout()  # anyone may open a record file: nothing is stored
    imported = upload(client, response.content)
    assert imported.status_code == 200
    data = replay_data(imported)

    # The file names no players (seats are "Seat 1", "Seat 2"): all else is the same match.
    def without_names(steps):
        return [{k: v for k, v in step.items() if k != "words"} for step in steps]

    assert without_names(data["steps"]) == without_names(viewed["steps"])
    assert data["steps"][1]["words"].startswith("Seat ")
    assert [h["verified"] for h in data["hands"]] == [True] * len(data["hands"])
    assert b'id="imported"' in imported.content


def test_a_tampered_deal_is_shown_as_not_following_from_its_seed(client):
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), "single_round")
    client.force_login(alice)
    record = json.loads(client.get(reverse("games:record", args=[table.public_id])).content)
    other = computer_match(player_of(alice), "single_round")
    record["hands"][0]["seed"] = other.log.first().payload["seed"]
    response = upload(client, json.dumps(record).encode())
    assert response.status_code == 200
    assert replay_data(response)["hands"][0]["verified"] is False
    assert "does not follow from its seed" in response.content.decode()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is not json", "This file is not a valid match record: not JSON"),
        (b"[1, 2]", "not a record: a record is a JSON object"),
        (
            json.dumps({"format": "other", "rules": {"preset": "classic", "seats": 2}}).encode(),
            'not a record: "format" must be "dominoes-record/1"',
        ),
        (
            json.dumps({"format": "dominoes-record/1", "rules": {"preset": "chess"}}).encode(),
            "rules: 'chess' is not a preset",
        ),
    ],
)
def test_a_bad_file_gets_a_clear_error_and_nothing_else(client, content, message):
    response = upload(client, content)
    assert response.status_code == 400
    html = unescape(response.content.decode())
    assert message in html and 'id="import-errors"' in html
    assert "replay-data" not in html


def test_an_illegal_move_in_a_file_is_named_by_hand_and_move(client):
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), "single_round")
    record = json.loads(json.dumps(table.record))
    record["hands"][0]["moves"][1] = {"seat": 0, "pass": True}
    response = upload(client, json.dumps(record).encode())
    assert response.status_code == 400
    assert "This file is not a valid match record: hand 1, move 2: " in response.content.decode()


def test_a_file_without_seeds_replays_without_a_deal_check(client):
    alice = make_user("alice@example.com")
    table = computer_match(player_of(alice), "single_round")
    response = upload(client, json.dumps(table.record).encode())  # the plain record: no seeds
    assert response.status_code == 200
    assert [h["verified"] for h in replay_data(response)["hands"]] == [None]
    assert "No seed for this hand" in response.content.decode()


def test_a_record_with_no_hand_is_refused(client):
    empty = {"format": "dominoes-record/1", "rules": {"preset": "draw", "seats": 2}, "hands": []}
    response = upload(client, json.dumps(empty).encode())
    assert response.status_code == 400
    assert "This record has no hand to show" in response.content.decode()


def test_a_file_too_large_to_be_a_record_is_refused_unread(client):
    from games.records.player_views import MAX_RECORD_BYTES

    response = upload(client, b" " * (MAX_RECORD_BYTES + 1))
    assert response.status_code == 400
    assert "This file is too large to be a match record" in response.content.decode()
