"""The names the site gives (a computer's, a guest's who wrote none) are kept as the site wrote
them, in English, the same for every reader: said where shown in the reader's words."""

from django.utils.translation import gettext

from accounts.selectors import GUEST_NAME
from games.words import computer_name


def seat_name_words(*, name: str, bot_level: str) -> str:
    """A seat's name as the reader says it: a computer's and a guest's who gave none ("Guest
    4821") in their language, any other as it was written."""
    if bot_level:
        return computer_name(bot_level)
    if guest := GUEST_NAME.fullmatch(name):
        return gettext("Guest %(number)s") % {"number": guest[1]}
    return name
