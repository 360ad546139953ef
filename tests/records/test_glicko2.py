"""Glicko-2 against Glickman's worked example, and the properties any rating update keeps."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.records.glicko2 import Glicko, rate, team_average


def test_the_worked_example_of_glickmans_paper():
    player = Glicko(1500, 200, 0.06)
    opponents = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    after = rate(player, opponents, tau=0.5)
    # The paper rounds its intermediate steps; it prints 1464.06, 151.52 and 0.05999.
    assert after.rating == pytest.approx(1464.06, abs=0.05)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    after = rate(Glicko(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.rd == pytest.approx(200.27, abs=0.01)  # the paper's step 6, sqrt(phi²+sigma²)


def test_a_rating_is_provisional_while_its_deviation_is_large():
    assert Glicko().provisional
    assert not Glicko(1500, 80).provisional


def test_a_team_is_rated_as_its_members_average():
    team = team_average([Glicko(1400, 100, 0.06), Glicko(1600, 200, 0.08)])
    assert (team.rating, team.rd, team.volatility) == pytest.approx((1500, 150, 0.07))


ratings = st.builds(
    Glicko,
    rating=st.floats(800, 2600),
    rd=st.floats(30, 350),
    volatility=st.floats(0.03, 0.09),
)


@given(ratings, ratings)
def test_winning_never_lowers_and_losing_never_raises_a_rating(player, opponent):
    assert rate(player, [(opponent, 1.0)]).rating >= player.rating
    assert rate(player, [(opponent, 0.0)]).rating <= player.rating


@given(ratings, ratings, st.sampled_from([0.0, 0.5, 1.0]))
def test_a_game_is_information_the_deviation_ends_below_a_period_without_it(
    player, opponent, score
):
    after = rate(player, [(opponent, score)])
    # Step 6 widens the deviation by the (new) volatility; the game then narrows it again.
    without_the_game = rate(Glicko(player.rating, player.rd, after.volatility), []).rd
    assert 0 < after.rd < without_the_game
    assert 0 < after.volatility < 1


@given(
    st.builds(Glicko, st.floats(1000, 2000), st.floats(150, 350), st.floats(0.04, 0.06)),
    st.floats(-400, 400),
    st.floats(30, 350),
    st.sampled_from([0.0, 0.5, 1.0]),
)
def test_a_game_against_a_comparable_opponent_shrinks_an_unsure_deviation(
    player, gap, opponent_rd, score
):
    after = rate(player, [(Glicko(player.rating + gap, opponent_rd), score)])
    assert after.rd < player.rd


@given(ratings, ratings)
def test_a_win_is_worth_more_than_a_draw_and_a_draw_more_than_a_loss(player, opponent):
    win, draw, loss = (rate(player, [(opponent, s)]).rating for s in (1.0, 0.5, 0.0))
    assert win > draw > loss


@given(ratings, st.floats(800, 2600), st.floats(800, 2600))
def test_beating_a_stronger_opponent_gains_more(player, first, second):
    weaker, stronger = sorted((first, second))
    if stronger - weaker < 1:
        return
    gain_weak = rate(player, [(Glicko(weaker, 100), 1.0)]).rating
    gain_strong = rate(player, [(Glicko(stronger, 100), 1.0)]).rating
    assert gain_strong > gain_weak
