"""``Table.record``, the whole match, kept in two columns: the record as last written whole
(``settled_record``) and the moves of its last hand played since (``hand_moves``)."""

import copy

import pytest

from games.engine import Deal, Match, Rules, export
from games.models import Table


def a_match_in_its_second_hand(moves_in_it: int) -> Match:
    """A two-seat match whose first hand is played out and whose second has ``moves_in_it``
    moves."""
    match = Match(Rules.for_preset("draw", seats=2))
    match.start_hand(Deal.from_seed(match.rules, "first hand"))
    while not match.needs_deal:
        match.apply(match.turn, match.legal_moves()[0])
    match.start_hand(Deal.from_seed(match.rules, "second hand"))
    for _ in range(moves_in_it):
        match.apply(match.turn, match.legal_moves()[0])
    return match


def settled_before_the_last(record: dict, moves: int) -> tuple[dict, list]:
    """``record`` as the columns keep it when its last ``moves`` moves came one at a time: the
    record without them, and them."""
    settled = copy.deepcopy(record)
    last = settled["hands"][-1]["moves"]
    apart = last[len(last) - moves :]
    del last[len(last) - moves :]
    return settled, apart


def test_the_record_is_the_settled_record_with_the_moves_apart_appended_to_its_last_hand():
    whole = export(a_match_in_its_second_hand(moves_in_it=3))
    settled, apart = settled_before_the_last(whole, moves=2)
    kept = copy.deepcopy(settled)
    table = Table(rules=whole["rules"], settled_record=settled, hand_moves=apart)
    assert table.record == whole
    assert (table.settled_record, table.hand_moves) == (kept, apart), "reading changes neither"


def test_with_no_moves_apart_the_record_is_the_settled_record():
    whole = export(a_match_in_its_second_hand(moves_in_it=1))
    assert Table(settled_record=whole, hand_moves=[]).record is whole
    assert Table(settled_record={}).record == {}  # a table in its lobby: nothing dealt


def test_setting_the_record_keeps_it_whole_with_no_moves_apart():
    whole = export(a_match_in_its_second_hand(moves_in_it=2))
    settled, apart = settled_before_the_last(whole, moves=2)
    table = Table(settled_record=settled, hand_moves=apart)
    table.record = whole
    assert (table.settled_record, table.hand_moves) == (whole, [])
    assert table.record == whole


def test_a_table_is_made_with_its_whole_record():
    whole = export(a_match_in_its_second_hand(moves_in_it=0))
    table = Table(record=whole)
    assert (table.settled_record, table.hand_moves, table.record) == (whole, [], whole)


@pytest.mark.django_db
def test_a_table_created_with_its_record_stores_it_whole_and_reads_it_back():
    whole = export(a_match_in_its_second_hand(moves_in_it=4))
    created = Table.objects.create(rules=whole["rules"], record=whole)
    stored = Table.objects.values("settled_record", "hand_moves").get(pk=created.pk)
    assert stored == {"settled_record": whole, "hand_moves": []}
    assert Table.objects.get(pk=created.pk).record == whole


# --- storing a whole match: the moves since, or the whole record ----------------------------
def stored_as(table: Table, record: dict) -> tuple[list[str], dict, list]:
    fields = table.store(record)
    return fields, table.settled_record, table.hand_moves


def test_a_match_with_moves_added_to_its_last_hand_stores_only_the_moves_since():
    before = export(a_match_in_its_second_hand(moves_in_it=2))
    table = Table(record=copy.deepcopy(before))
    after = export(a_match_in_its_second_hand(moves_in_it=5))
    assert stored_as(table, after) == (["hand_moves"], before, after["hands"][-1]["moves"][2:])
    assert table.record == after
    # And again, with moves already apart: those since the settled record, all of them.
    later = export(a_match_in_its_second_hand(moves_in_it=6))
    assert stored_as(table, later) == (["hand_moves"], before, later["hands"][-1]["moves"][2:])
    assert table.record == later


@pytest.mark.parametrize(
    "change",
    [
        lambda record: a_match_in_its_second_hand(moves_in_it=1),  # a move taken back
        lambda record: Match(Rules.for_preset("draw", seats=2)),  # nothing dealt (a lobby)
        lambda record: a_match_in_its_first_hand(),  # another hand count
    ],
    ids=["fewer-moves", "nothing-dealt", "other-hands"],
)
def test_a_match_that_is_not_the_stored_one_plus_moves_is_stored_whole(change):
    table = Table(record=export(a_match_in_its_second_hand(moves_in_it=3)))
    whole = export(change(table.record))
    assert stored_as(table, whole) == (["settled_record", "hand_moves"], whole, [])


@pytest.mark.parametrize(
    "edit",
    [
        lambda record: record["hands"][0]["moves"].pop(),
        lambda record: record["hands"][-1]["deal"]["boneyard"].reverse(),
        lambda record: record.update(rules={**record["rules"], "stuck": "pass"}),
    ],
    ids=["earlier-hand", "last-deal", "rules"],
)
def test_a_record_changed_anywhere_but_its_last_moves_is_stored_whole(edit):
    table = Table(record=export(a_match_in_its_second_hand(moves_in_it=3)))
    whole = export(a_match_in_its_second_hand(moves_in_it=4))
    edit(whole)
    assert stored_as(table, whole) == (["settled_record", "hand_moves"], whole, [])


def test_a_table_in_its_lobby_stores_its_first_deal_whole():
    whole = export(a_match_in_its_second_hand(moves_in_it=0))
    table = Table(record={})
    assert stored_as(table, whole) == (["settled_record", "hand_moves"], whole, [])


def a_match_in_its_first_hand() -> Match:
    match = Match(Rules.for_preset("draw", seats=2))
    match.start_hand(Deal.from_seed(match.rules, "first hand"))
    return match
