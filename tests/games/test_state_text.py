"""The text a connection sends (``selectors.state_text``) is the payload of ``state_of``, for every
seat and a spectator, at every moment of a match; the part all receivers share is built once per
snapshot, and never carried over to the next version."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from socket_support import snapshot_of

from games import selectors
from games.engine import PRESET_SEATS, Deal, Match, Preset, Rules

RECEIVERS_OF = {seats: (*range(seats), None) for seats in (2, 3, 4)}


def assert_sent_as_state_of(snapshot) -> None:
    for seat in RECEIVERS_OF[snapshot.rules.seats]:
        assert json.loads(selectors.state_text(snapshot, seat)) == selectors.state_of(
            snapshot, seat
        )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(list(Preset)),
    seat_choice=st.integers(0, 2),
    seed=st.integers(0, 2**32),
    changes=st.integers(0, 120),
)
def test_the_text_sent_is_the_payload_of_every_receiver(preset, seat_choice, seed, changes):
    """From the lobby through deals, plays, draws, passes, hands' ends and the match's end
    (All Fives' spinner and counts included): every receiver's text parses to its payload."""
    seat_counts = PRESET_SEATS[preset]
    rules = Rules.for_preset(preset, seats=seat_counts[seat_choice % len(seat_counts)])
    names = [f"Player {seat + 1}" for seat in range(rules.seats)]
    rng, match = random.Random(seed), Match(rules)
    assert_sent_as_state_of(snapshot_of(match, 0, names, seed=""))  # nothing dealt yet
    hand_seed = ""
    for version in range(1, changes + 1):
        if match.finished:
            break
        match = match.copy()  # a snapshot's match is never changed afterwards
        if match.needs_deal:
            hand_seed = format(rng.getrandbits(256), "064x")
            match.start_hand(Deal.from_seed(rules, hand_seed))
        else:
            match.apply(match.turn, rng.choice(match.legal_moves()))
        assert_sent_as_state_of(snapshot_of(match, version, names, hand_seed))


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(
        # Any text but lone surrogates, which services.display_name refuses (as it does
        # control characters, allowed here): any script, emoji included.
        st.text(st.characters(exclude_categories=("Cs",)), min_size=1),
        min_size=2,
        max_size=2,
    )
)
def test_names_in_any_script_are_sent_as_they_are(names):
    """The text is UTF-8 as sent (orjson writes no \\u escapes): a name parses back to itself."""
    rules = Rules.for_preset(Preset.DRAW, seats=2)
    match = Match(rules)
    match.start_hand(Deal.shuffled(rules, random.Random(3)))
    snapshot = snapshot_of(match, 1, names, seed="")
    assert_sent_as_state_of(snapshot)
    sent = json.loads(selectors.state_text(snapshot, 0))
    assert [seat["name"] for seat in sent["table"]["seats"]] == names


def dealt_snapshot(version: int = 1):
    rules = Rules.for_preset(Preset.DRAW, seats=2)
    match = Match(rules)
    match.start_hand(Deal.shuffled(rules, random.Random(3)))
    return snapshot_of(match, version, ["Alice", "Bob"], seed="")


def test_the_shared_part_is_built_once_for_all_receivers(monkeypatch):
    snapshot = dealt_snapshot()
    built = []
    real_state_of = selectors.state_of
    monkeypatch.setattr(
        selectors, "state_of", lambda s, seat: built.append(seat) or real_state_of(s, seat)
    )
    texts = [selectors.state_text(snapshot, seat) for seat in (0, 1, None, 0)]
    assert built == [None]  # once, as the spectator's payload, whoever asked first
    hands = [json.loads(text)["view"]["hand"] for text in texts]
    assert len(hands[0]) == len(hands[1]) == 7 and hands[2] == [] and hands[3] == hands[0]
    assert set(hands[0]).isdisjoint(hands[1])


def test_the_next_version_builds_its_own_shared_part():
    snapshot = dealt_snapshot()
    selectors.state_text(snapshot, 0)
    match = snapshot.match.copy()
    match.apply(match.turn, match.legal_moves()[0])
    moved = snapshot.moved(match, version=2, deadline=None, finished=False)
    sent = json.loads(selectors.state_text(moved, 0))
    assert sent["version"] == 2 and len(sent["view"]["history"]) == 1
    assert sent == selectors.state_of(moved, 0)


@pytest.mark.parametrize("seat", [0, 1, None])
def test_a_seat_and_a_spectator_differ_only_in_their_own_keys(seat):
    snapshot = dealt_snapshot()
    sent, spectator = (json.loads(selectors.state_text(snapshot, s))["view"] for s in (seat, None))
    differing = {key for key in sent if sent[key] != spectator[key]}
    assert differing <= {"seat", "hand", "legal"}
