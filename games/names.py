"""The names the site gives (a computer's, a guest's who wrote none) are kept as the site wrote
them, in English, the same for every reader: said where shown in the reader's words. A
computer is called by the name its level gives its seat (games.engine.bots.bot_name), on every
page and the wire alike; and every seat shows an avatar (accounts.avatars)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from accounts.avatars import bot_avatar, person_avatar
from accounts.selectors import name_words
from games.engine.bots import bot_name
from games.models import Seat


def seat_name_words(*, name: str, bot_level: str, index: int) -> str:
    """A seat's name as the reader says it: a computer's by its level and seat ("Rosa"), a
    guest's who gave none ("Guest 4821") and an account's that chose none ("Player 42") in
    their language, any other as it was written."""
    return bot_name(bot_level, index) if bot_level else name_words(name)


def seat_avatar(
    *, name: str, bot_level: str, user_id: int | None, colour: str = "", emoji: str = ""
) -> dict[str, str]:
    """The avatar a seat shows (accounts.avatars), on every page and the wire: a computer's
    level's robot, or its person's (``colour`` and ``emoji`` chosen in settings, else the
    initials of the name they sit under on their own colour)."""
    if bot_level:
        return bot_avatar(bot_level)
    return person_avatar(name=name, user_id=user_id, colour=colour, emoji=emoji)


def seats_with_avatars(lookup: str = "seats") -> Prefetch[str, QuerySet[Seat], str]:
    """A table's seats (at ``lookup``) with their people's chosen avatars, for
    :meth:`TableSnapshot.of` and the lists of games, in the one query that reads the seats."""
    return Prefetch(lookup, queryset=Seat.objects.select_related("user__avatar"))


def avatar_choice(seat: Seat) -> tuple[str, str]:
    """The colour and emoji the seat's person chose (blanks: none, or nobody's account)."""
    if seat.user_id is None:
        return "", ""
    # A person who never chose has no row: the reverse accessor's DoesNotExist is an
    # AttributeError too.
    chosen = getattr(seat.user, "avatar", None)
    return (chosen.colour, chosen.emoji) if chosen is not None else ("", "")
