"""Issue 35, point 25: what a newcomer's `make run` prints. One line a request (Django's
defaults and the site's handler both wrote each), no HTTP/2 note that reads like a to-do, and
mail in the console as a person reads it (a quoted-printable body split the confirmation link
over lines ending in "=")."""

import io
import os
import subprocess
import sys
from pathlib import Path

from django.core.mail import EmailMultiAlternatives

from dominoes.console_mail import EmailBackend

ROOT = Path(__file__).resolve().parents[2]

# `make run`'s settings (no environment: development, DEBUG on), a request logged as daphne's
# runserver logs it, and daphne's note at start.
LOG_A_REQUEST = """
import django, logging
django.setup()
logging.getLogger("django.channels.server").info("HTTP GET /play/ 200 [0.02, 127.0.0.1:5]")
daphne = logging.getLogger("daphne.server")
daphne.info("HTTP/2 support not enabled (install the http2 and tls Twisted extras)")
daphne.info("Listening on TCP address 127.0.0.1:8000")
logging.getLogger("django.request").warning("Not Found: /nowhere/")
"""


def test_make_run_logs_each_request_once_and_no_http2_note():
    result = subprocess.run(
        [sys.executable, "-c", LOG_A_REQUEST],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": "dominoes.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = (result.stdout + result.stderr).splitlines()
    assert len([line for line in lines if "HTTP GET /play/ 200" in line]) == 1, lines
    assert len([line for line in lines if "Not Found: /nowhere/" in line]) == 1, lines
    assert not [line for line in lines if "HTTP/2" in line], lines
    assert len([line for line in lines if "Listening on" in line]) == 1, lines


def test_console_mail_is_readable_with_its_link_whole():
    link = "http://127.0.0.1:8000/accounts/confirm-email/" + "MjM:1vXyZa:" + "k" * 60 + "/"
    message = EmailMultiAlternatives(
        subject="Confirm your email address",
        body=f"Hello Ana,\n\nTo finish signing up, open this link: {link}\n\nÉ bom jogar.\n",
        from_email="Dominoes <noreply@localhost>",
        to=["ana@example.com"],
    )
    message.attach_alternative(f'<a href="{link}">{link}</a>', "text/html")
    stream = io.StringIO()
    EmailBackend(stream=stream).send_messages([message])
    written = stream.getvalue()
    assert f"open this link: {link}\n" in written  # on one line, as sent
    assert "Subject: Confirm your email address" in written
    assert "To: ana@example.com" in written
    assert "É bom jogar." in written  # decoded, not =C3=89
    assert "=\n" not in written and "Content-Transfer-Encoding" not in written


def test_the_first_install_is_quiet():
    script = (ROOT / "scripts/ensure-venv.sh").read_text()
    sync = script[script.index('"$venv/bin/uv" pip sync') :].split("\n", 1)[0]
    assert "--quiet" in sync, "uv lists every package it installs without --quiet"
