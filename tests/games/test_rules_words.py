"""A table's rules in words (games.words.describe_rules, the table page's rules box): each rule
said once, from the table's own rules, so that no two lines disagree: one target or best-of,
the one the table plays; partners only at a 4-seat table that has them; the match format
never among the house rules."""

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games import services
from games.engine import PRESET_SEATS, BestOf, InvalidRules, Preset, Rules, SingleRound, Target
from games.words import HOUSE_RULES, describe_rules


def lines_of(words: dict) -> list[str]:
    """Every line the rules box shows but the preset's name (a name: "Brazilian partnership",
    "Single round")."""
    return [words["players"], words["summary"], f"Match: {words['format']}.", *words["house_rules"]]


def assert_consistent(rules: Rules) -> None:
    words = describe_rules(rules)
    text = " ".join(lines_of(words))
    targets = {int(n) for n in re.findall(r"(\d+) points", text, flags=re.IGNORECASE)}
    best_ofs = {int(n) for n in re.findall(r"best of (\d+)", text, flags=re.IGNORECASE)}
    match rules.match:
        case Target(points):
            assert targets == {points} and best_ofs == set(), text
        case BestOf(hands):
            assert best_ofs == {hands} and targets == set(), text
        case SingleRound():
            assert targets == best_ofs == set() and "single round" in text.lower(), text
    partners = re.search(r"\bpartner", text, flags=re.IGNORECASE) is not None
    assert partners == (rules.teams and rules.seats == 4), text
    assert re.search(r"\bfour players\b", text, flags=re.IGNORECASE) is None
    assert words["format"] not in words["house_rules"]
    assert len(set(lines_of(words))) == len(lines_of(words)), "a rule said twice"


MATCHES = st.one_of(
    st.none(),
    st.integers(25, 500).map(lambda points: {"target": points}),
    st.integers(1, 5).map(lambda hands: {"best_of": hands}),
    st.just({"single_round": True}),
)


@st.composite
def valid_rules(draw) -> Rules:
    """Any preset at any of its seat counts, with any house rules, partners and match."""
    preset = draw(st.sampled_from(list(Preset)))
    seats = draw(st.sampled_from(PRESET_SEATS[preset]))
    options: dict[str, object] = {}
    for name, _, choices in HOUSE_RULES:
        value = draw(st.none() | st.sampled_from([value for value, _ in choices]))
        if value is not None:
            options[name] = (
                value == "true"
                if value in ("true", "false")
                else int(value)
                if value.isdigit()
                else value
            )
    teams = draw(st.none() | st.booleans())
    if teams is not None:
        options["teams"] = teams
    match = draw(MATCHES)
    if match is not None:
        options["match"] = match
    try:
        return Rules.for_preset(preset, seats=seats, **options)
    except InvalidRules:
        assume(False)
        raise


@given(valid_rules())
def test_no_two_lines_of_a_tables_rules_disagree(rules):
    assert_consistent(rules)


@pytest.mark.parametrize("preset", list(Preset))
def test_every_preset_at_every_seat_count_as_it_comes(preset):
    for seats in PRESET_SEATS[preset]:
        assert_consistent(Rules.for_preset(preset, seats=seats))


def test_a_target_set_at_the_table_is_the_only_target_said():
    words = describe_rules(Rules.for_preset("draw", seats=2, match={"target": 50}))
    assert words["format"] == "To 50 points"
    assert "100" not in " ".join(lines_of(words))


def test_best_of_is_the_match_not_a_house_rule():
    words = describe_rules(Rules.for_preset("classic", seats=2, match={"best_of": 3}))
    assert words["format"] == "Best of 3 hands"
    assert words["house_rules"] == []


def test_a_two_player_team_draw_has_no_partners():
    words = describe_rules(Rules.for_preset("team_draw", seats=2))
    assert words["players"] == "2 players"
    assert "partner" not in " ".join(lines_of(words)).lower()
    four = describe_rules(Rules.for_preset("team_draw", seats=4))
    assert four["players"] == "4 players as partners"
    assert "Partners: seats facing each other play together." in four["summary"]


def test_a_house_rule_is_said_instead_of_the_presets_rule_not_besides_it():
    words = describe_rules(Rules.for_preset("draw", seats=2, stuck="pass"))
    assert words["house_rules"] == ["Pass: no drawing"]
    assert "Draw from the boneyard" not in words["summary"]


@pytest.mark.django_db
def test_the_table_page_shows_the_tables_own_rules(client):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(username="ada", first_name="Ada")
    client.force_login(user)
    table = services.create_computer_table(
        player=services.Player(user_id=user.pk, session_key=None),
        name="Ada",
        rules=Rules.for_preset("team_draw", seats=2, match={"target": 50}),
        levels=["easy"],
    )
    page = client.get(f"/tables/{table.public_id}/").content.decode()
    box = re.search(r'<details[^>]* id="rules".*?</details>', page, flags=re.DOTALL).group(0)
    assert "Match: To 50 points." in box
    assert "100" not in box and "partner" not in box.lower()
