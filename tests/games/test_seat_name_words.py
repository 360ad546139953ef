"""The names the site gives (a guest's who wrote none, an account's that chose none) are kept in
English and said in the reader's words; a name a person wrote is theirs; a computer is called
by its level's name for its seat, in every language (issue 35, point 5)."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from accounts.selectors import display_name, display_name_words, guest_name
from games.names import seat_name_words


@pytest.mark.parametrize(
    ("language", "guest", "account"),
    [
        ("en", "Guest ", "Player 42"),
        ("es", "Invitado ", "Jugador 42"),
        ("pt-br", "Convidado ", "Jogador 42"),
    ],
)
def test_the_sites_names_in_the_readers_language(language, guest, account):
    stored = guest_name("some-token")
    with translation.override(language):
        # The computer's name follows from its level and seat, whatever the row stored.
        assert seat_name_words(name="Computer (hard)", bot_level="hard", index=1) == "Bruno"
        assert seat_name_words(name=stored, bot_level="", index=1) == guest + stored.split()[1]
        assert seat_name_words(name="Guest star", bot_level="", index=1) == "Guest star"
        assert seat_name_words(name="Player 42", bot_level="", index=1) == account
        assert seat_name_words(name="Player one", bot_level="", index=1) == "Player one"
        assert seat_name_words(name="Ana", bot_level="", index=1) == "Ana"
        nameless = get_user_model()(pk=42, email="grace@example.com")
        assert display_name_words(nameless) == account
        assert display_name(nameless) == "Player 42"  # as a seat keeps it
