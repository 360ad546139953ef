"""Provably fair deals: the commitment is in the payload from the deal on, the seed is in no
payload (any seat's, or a spectator's) until the hand is over, then it is revealed and checks."""

import hashlib
import json

import pytest
from factories import make_user, online_table
from stats_builders import forfeit_now, player_of

from games import fairness, selectors, services
from games.engine import Deal, Rules, load
from games.models import LogEntry

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def deal_entries(table):
    return list(table.log.filter(kind=LogEntry.Kind.DEAL).values_list("payload", flat=True))


def payloads(table):
    """The payload of every seat and of a spectator, as sent (JSON text)."""
    fresh = selectors.table_for(table.public_id)
    seats = [*range(Rules.from_record(fresh.rules).seats), None]
    return {seat: selectors.table_state(fresh, seat) for seat in seats}


def test_the_seed_is_committed_hidden_during_the_hand_and_revealed_after_it():
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    people = {0: player_of(alice), 1: player_of(bob)}
    # Best of 3: at least two hands, so the test sees a seed revealed and the next committed.
    table = online_table(
        list(people.values()),
        preset="classic",
        match={"best_of": 3},
        turn_seconds=None,
        start="easy",
    )
    for _ in range(400):
        table.refresh_from_db()
        match = load(table.record)
        if table.finished:
            break
        seed = deal_entries(table)[-1]["seed"]
        hand_over = match.needs_deal
        for seat, state in payloads(table).items():
            fair = state["table"]["fair_deal"]
            assert fair["commitment"] == hashlib.sha256(seed.encode()).hexdigest(), seat
            assert fair["hand"] == len(match.deals) - 1
            text = json.dumps(state)
            if hand_over:
                assert fair["seed"] == seed, seat
            else:
                assert fair["seed"] is None and seed not in text, seat
        if hand_over:
            services.next_hand(
                public_id=table.public_id, player=people[0], seen_version=table.version
            )
        else:
            services.play(
                public_id=table.public_id,
                player=people[match.turn],
                move=match.legal_moves()[0],
                seen_version=table.version,
            )
    else:
        raise AssertionError("the match did not end")
    last = deal_entries(table)[-1]["seed"]
    assert all(state["table"]["fair_deal"]["seed"] == last for state in payloads(table).values())
    seeds = [entry["seed"] for entry in deal_entries(table)]
    assert len(seeds) >= 2
    assert len(set(seeds)) == len(seeds)


def test_a_forfeit_ends_the_match_and_reveals_the_seed_of_the_hand_cut_short():
    alice, bob = make_user("alice@example.com"), make_user("bob@example.com")
    table = online_table(
        [player_of(alice), player_of(bob)], preset="classic", turn_seconds=None, start="easy"
    )
    seed = deal_entries(table)[-1]["seed"]
    assert seed not in json.dumps(payloads(table))
    forfeit_now(table)
    assert all(s["table"]["fair_deal"]["seed"] == seed for s in payloads(table).values())


def test_a_lobby_has_no_deal_and_so_no_commitment():
    alice = make_user("alice@example.com")
    table = services.create_online_table(
        player=player_of(alice), name="Alice", rules=Rules.for_preset("classic", seats=2)
    )
    assert (
        selectors.table_state(selectors.table_for(table.public_id), 0)["table"]["fair_deal"] is None
    )


def test_every_logged_deal_follows_from_its_seed_and_a_tampered_deal_does_not():
    guest = services.Player(user_id=None, session_key="guest")
    rules = Rules.for_preset("draw", seats=3)
    table = services.create_computer_table(
        player=guest, name="Guest", rules=rules, levels=["easy", "easy"]
    )
    (entry,) = deal_entries(table)
    seed, deal = entry["seed"], Deal.from_record(rules, entry["deal"])
    shown = fairness.commitment(seed)
    assert fairness.verify(rules, seed, shown, deal)

    hands = [list(hand) for hand in deal.hands]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # swap one tile between two hands
    tampered = Deal.from_hands(rules, hands, deal.boneyard)
    assert not fairness.deal_follows(rules, seed, tampered)
    assert not fairness.verify(rules, seed, shown, tampered)
    other_seed = seed[:-1] + ("0" if seed[-1] != "0" else "1")
    assert not fairness.verify(rules, other_seed, shown, deal), "the seed no longer matches"
    assert not fairness.verify(rules, other_seed, fairness.commitment(other_seed), deal)
