"""Development's mail (the "outgoing" mailer under `make run`): each message written to the
console as a person reads it.

Django's console backend writes the MIME source: bodies in quoted-printable, so a
confirmation link was split over lines ending in "=" and copying its first line gave a 404.
Here the headers a reader needs come first, then each text part decoded, links whole.
"""

from django.core.mail import EmailMessage
from django.core.mail.backends.console import EmailBackend as DjangoConsoleBackend


class EmailBackend(DjangoConsoleBackend):
    def write_message(self, message: EmailMessage) -> None:
        self.stream.write(readable(message))
        self.stream.write("-" * 79 + "\n")


def readable(message: EmailMessage) -> str:
    """``message`` as plain text: From, To, Subject, then its text body (an HTML alternative
    is only named: its text twin says the same)."""
    lines = [
        f"From: {message.from_email}",
        f"To: {', '.join(message.to)}",
        f"Subject: {message.subject}",
        "",
        message.body.rstrip("\n"),
    ]
    html = [kind for _, kind in getattr(message, "alternatives", []) if kind == "text/html"]
    if html:
        lines += ["", "(an HTML version of this text is sent alongside)"]
    return "\n".join(lines) + "\n"
