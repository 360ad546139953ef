"""The names the site gives (a computer's, a guest's who wrote none) are kept as the site wrote
them, in English, the same for every reader: said where shown in the reader's words."""

from accounts.selectors import name_words
from games.words import computer_name


def seat_name_words(*, name: str, bot_level: str) -> str:
    """A seat's name as the reader says it: a computer's, a guest's who gave none ("Guest
    4821") and an account's that chose none ("Player 42") in their language, any other as it
    was written."""
    return computer_name(bot_level) if bot_level else name_words(name)
