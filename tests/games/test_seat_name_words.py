"""The names the site gives (a computer's, a guest's who wrote none) are kept in English and
said in the reader's words; a name a person wrote is theirs."""

import pytest
from django.utils import translation

from accounts.selectors import guest_name
from games.names import seat_name_words


@pytest.mark.parametrize(
    ("language", "computer", "guest"),
    [
        ("en", "Computer (hard)", "Guest "),
        ("es", "Computadora (difícil)", "Invitado "),
        ("pt-br", "Computador (difícil)", "Convidado "),
    ],
)
def test_the_sites_names_in_the_readers_language(language, computer, guest):
    stored = guest_name("some-token")
    with translation.override(language):
        assert seat_name_words(name="Computer (hard)", bot_level="hard") == computer
        assert seat_name_words(name=stored, bot_level="") == guest + stored.split()[1]
        assert seat_name_words(name="Guest star", bot_level="") == "Guest star"
        assert seat_name_words(name="Ana", bot_level="") == "Ana"
