"""The tournaments' emails, each written in its reader's language: an account's pick; an
invitation to an address with no account, in the language of the host who sent it. Django's
mail API hands each message to a job with retries once the transaction commits
(:mod:`dominoes.mail`): a mail server that is down fails nothing here."""

from collections.abc import Callable, Iterable

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.mail import send_mail, send_mass_mail
from django.utils.translation import gettext

from accounts.selectors import display_name_words
from dominoes.language import each_in_their_language
from tournaments.models import Entrant, Invitation, Tournament

#: A message's subject and text, written for one reader.
Letter = tuple[str, str]


def send_each(
    users: Iterable[AbstractBaseUser], write: Callable[[AbstractBaseUser], Letter]
) -> int:
    """One message to each user with an address, ``write`` called in that reader's language,
    so nobody sees the others' addresses. Returns how many were sent."""
    messages = []
    for reader in each_in_their_language([user for user in users if user.email], lambda u: u):
        subject, text = write(reader)
        messages.append((subject, text, None, [reader.email]))
    return send_mass_mail(messages)


def send_invitation(*, invitation_id: int, link: str) -> bool:
    """Email the invitation's link to its address."""
    invitation = (
        Invitation.objects.select_related("tournament__host", "replaces__user", "match")
        .filter(pk=invitation_id)
        .first()
    )
    if invitation is None:
        return False
    tournament = invitation.tournament
    words = {"host": display_name_words(tournament.host), "name": tournament.name}
    subject = gettext("%(host)s invites you to %(name)s") % words
    text = (
        gettext(
            "%(host)s invites you to play in %(name)s, a dominoes tournament "
            "(%(format)s · %(game)s)."
        )
        % {**words, "format": tournament.format_description, "game": tournament.game_description},
        place_words(invitation),
        gettext("Sign up and join from this link (it works once):") + f"\n{link}",
        gettext("If you did not expect this, ignore it: nothing happens."),
    )
    send_mail(
        subject=subject,
        message="\n\n".join(paragraph for paragraph in text if paragraph),
        from_email=None,
        recipient_list=[invitation.email],
    )
    return True


def place_words(invitation: Invitation) -> str:
    """A replacement's place, in a sentence (nothing for a plain invitation)."""
    if invitation.replaces is None:
        return ""
    name = display_name_words(invitation.replaces.user)
    if invitation.match is None:
        return gettext("You take %(name)s's place.") % {"name": name}
    return gettext(
        "You take %(name)s's place in round %(round)s, which is checking in now: sign up "
        'and accept soon, then press "I\'m ready".'
    ) % {"name": name, "round": invitation.match.round}


def send_notice(*, tournament_id: int, text: str) -> int:
    """Email the host's notice to every entrant (confirmed or invited): the host's own words,
    under a subject in each reader's language. Returns how many were sent."""
    tournament = Tournament.objects.select_related("host").get(pk=tournament_id)
    readers = get_user_model().objects.filter(
        tournament_entries__tournament=tournament,
        tournament_entries__status__in=[Entrant.Status.CONFIRMED, Entrant.Status.INVITED],
    )

    def write(reader: AbstractBaseUser) -> Letter:
        subject = gettext("%(name)s: a notice from %(host)s") % {
            "name": tournament.name,
            "host": display_name_words(tournament.host),
        }
        return subject, text

    return send_each(readers, write)
