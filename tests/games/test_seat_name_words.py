"""The names the site gives (a computer's, a guest's who wrote none, an account's that chose
none) are kept in English and said in the reader's words; a name a person wrote is theirs."""

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from accounts.selectors import display_name, display_name_words, guest_name
from games.names import seat_name_words


@pytest.mark.parametrize(
    ("language", "computer", "guest", "account"),
    [
        ("en", "Computer (hard)", "Guest ", "Player 42"),
        ("es", "Computadora (difícil)", "Invitado ", "Jugador 42"),
        ("pt-br", "Computador (difícil)", "Convidado ", "Jogador 42"),
    ],
)
def test_the_sites_names_in_the_readers_language(language, computer, guest, account):
    stored = guest_name("some-token")
    with translation.override(language):
        assert seat_name_words(name="Computer (hard)", bot_level="hard") == computer
        assert seat_name_words(name=stored, bot_level="") == guest + stored.split()[1]
        assert seat_name_words(name="Guest star", bot_level="") == "Guest star"
        assert seat_name_words(name="Player 42", bot_level="") == account
        assert seat_name_words(name="Player one", bot_level="") == "Player one"
        assert seat_name_words(name="Ana", bot_level="") == "Ana"
        nameless = get_user_model()(pk=42, email="grace@example.com")
        assert display_name_words(nameless) == account
        assert display_name(nameless) == "Player 42"  # as a seat keeps it
