"""The name a player shows everywhere."""

from django.contrib.auth import get_user_model

from accounts.selectors import display_name


def test_the_chosen_display_name_wins_over_the_email():
    user = get_user_model()(email="ada@example.com", first_name="Ada L.")
    assert display_name(user) == "Ada L."


def test_without_a_display_name_the_email_before_the_at_is_shown():
    assert display_name(get_user_model()(email="grace@example.com")) == "grace"
