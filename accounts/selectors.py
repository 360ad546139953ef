"""Reads about players that other apps show."""

import hashlib
import re

from django.contrib.auth.models import AbstractBaseUser, User
from django.utils.translation import gettext

from accounts.avatars import person_avatar


def owns_email(user: AbstractBaseUser, email: str) -> bool:
    """Whether ``email`` is one of ``user``'s verified addresses (allauth's proof of the
    mailbox): what an emailed link's receiver must show to act as its addressee."""
    from allauth.account.models import EmailAddress  # a model: not at import

    return bool(EmailAddress.objects.filter(user=user, email__iexact=email, verified=True).exists())


def handle_taken(handle: str, *, user: AbstractBaseUser) -> bool:
    """Whether ``handle`` (in any case) is another player's than ``user``: their handle now,
    or one they gave up, whose links lead to them (accounts.models.FormerHandle)."""
    from accounts.models import FormerHandle  # a model: not at import

    others = User.objects.exclude(pk=user.pk)
    return (
        others.filter(username__iexact=handle).exists()
        or FormerHandle.objects.filter(handle__iexact=handle).exclude(user_id=user.pk).exists()
    )


def handle_taken_words(handle: str) -> str:
    return gettext("The handle “%(handle)s” is taken: choose another.") % {"handle": handle}


def current_handle(handle: str) -> str | None:
    """The handle now of the active player a profile address names otherwise: a handle they
    gave up (accounts.models.FormerHandle), or theirs in other letter case. None: nobody's."""
    from accounts.models import FormerHandle  # a model: not at import

    users = User.objects.filter(is_active=True)
    now = users.filter(username__iexact=handle).values_list("username", flat=True).first()
    if now is not None:
        return now
    former = FormerHandle.objects.filter(handle__iexact=handle, user__is_active=True)
    return former.values_list("user__username", flat=True).first()


def chosen_avatar(user: AbstractBaseUser) -> tuple[str, str]:
    """The colour and the emoji ``user`` chose in settings (blanks: the defaults)."""
    # No row, nothing chosen: the reverse accessor's DoesNotExist is an AttributeError too.
    chosen = getattr(user, "avatar", None)
    return (chosen.colour, chosen.emoji) if chosen is not None else ("", "")


def avatar_of(user: User) -> dict[str, str]:
    """The avatar ``user`` shows (accounts.avatars): the one they chose, else their own."""
    colour, emoji = chosen_avatar(user)
    return person_avatar(name=display_name(user), user_id=user.pk, colour=colour, emoji=emoji)


def display_name(user: User) -> str:
    """The name a player shows at tables, on profiles and in standings: the display name they
    chose (``first_name``), else "Player <id>". Never anything from the email: these names
    are public (profiles, leaderboards, tournament pages)."""
    return user.first_name or f"Player {user.pk}"


def display_name_words(user: User) -> str:
    """:func:`display_name` as the reader says it: "Jugador 42" to a Spanish reader."""
    return name_words(display_name(user))


#: The names the site gives (:func:`display_name`'s "Player 42", :func:`guest_name`'s "Guest
#: 4821") are kept in English like every stored name: a table's seats keep the name a person
#: sat down with, read by people of other languages. Pages say them in the reader's words
#: (:func:`name_words`, static/js/table/words.js).
ACCOUNT_NAME = re.compile(r"Player (\d+)")
GUEST_NAME = re.compile(r"Guest (\d{4})")


def name_words(name: str) -> str:
    """A stored name as the reader says it: one the site gave in the reader's language, any
    other as it was written."""
    if account := ACCOUNT_NAME.fullmatch(name):
        return gettext("Player %(number)s") % {"number": account[1]}
    if guest := GUEST_NAME.fullmatch(name):
        return gettext("Guest %(number)s") % {"number": guest[1]}
    return name


def guest_name(token: str) -> str:
    """The name of a guest who gave none, as "Player <id>" is an account's: "Guest 4821",
    the same at every table for the same browser (it follows from the guest token, of which
    it tells nothing: 13 bits of its hash), so friends can tell two guests apart."""
    number = int.from_bytes(hashlib.sha256(token.encode()).digest()[:4]) % 9000 + 1000
    return f"Guest {number}"
