"""The address of a player's public profile: ``/players/<handle>/``, the handle they were
given from their display name (accounts.handles), a word a person can read and share.

Profiles were first ``/players/<id>/`` (counting up listed every player), then a signed key
``<id>.<signature>`` (``django.core.signing``, salted for profiles): links of that kind were
given out, so such a key still finds its player and is sent on to the handle's address. A
probed id or a forged key is "no such player".
"""

from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse

_SIGNER = signing.Signer(salt="games.records.profiles", sep=".")


def profile_key(user_id: int) -> str:
    """The old signed key of a profile (still answered by a redirect)."""
    return _SIGNER.sign(str(user_id))


def user_id_of(key: str) -> int | None:
    """The user id an old profile key was made for; None for anything the site did not sign."""
    try:
        return int(_SIGNER.unsign(key))
    except (signing.BadSignature, ValueError):
        return None


def profile_url_of(handle: str) -> str:
    return reverse("games:profile", args=[handle])


def handle_of(user_id: int) -> str:
    """The handle of the active player with this id, or ``DoesNotExist``."""
    users = get_user_model().objects.filter(is_active=True)
    return users.values_list("username", flat=True).get(pk=user_id)


def profile_url(user_id: int) -> str:
    """The profile of the player with this id (one query: pages with rows of players pass the
    handle they loaded to :func:`profile_url_of` instead). No active player has the id: its
    old signed key, which answers "no such player"."""
    try:
        return profile_url_of(handle_of(user_id))
    except get_user_model().DoesNotExist:
        return reverse("games:profile", args=[profile_key(user_id)])
