"""The names the site gives (a computer's, a guest's who wrote none) are kept as the site wrote
them, in English, the same for every reader: said where shown in the reader's words. A
computer is called by the name its level gives its seat (games.engine.bots.bot_name), on every
page and the wire alike."""

from accounts.selectors import name_words
from games.engine.bots import bot_name


def seat_name_words(*, name: str, bot_level: str, index: int) -> str:
    """A seat's name as the reader says it: a computer's by its level and seat ("Rosa"), a
    guest's who gave none ("Guest 4821") and an account's that chose none ("Player 42") in
    their language, any other as it was written."""
    return bot_name(bot_level, index) if bot_level else name_words(name)
