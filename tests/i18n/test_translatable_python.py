"""Python says nothing to a person outside the catalogs (docs/architecture.md, "Languages"):
form labels and errors, messages, the errors services raise for players, emails, and no plural
built by hand ("1 hands won"): ngettext chooses the form in every language."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ["accounts", "billing", "dominoes", "games", "matchmaking", "notifications", "tournaments"]

#: The errors shown to players as they are raised ("str(error)" on a page or a message).
PLAYER_ERRORS = {"TableError", "QueueError", "BillingError", "TournamentError", "ValidationError"}
MESSAGE_LEVELS = {"debug", "info", "success", "warning", "error"}
SHOWN_KEYWORDS = {"label", "help_text", "empty_label"}
#: Functions only staff call (from the admin), who read English: their errors stay English.
STAFF_ONLY = {
    "create_organisation_customer",
    "refresh_organisation",
    "start_organisation_subscription",
}


def _words(node: ast.AST) -> bool:
    """A literal (or f-string) holding words, not a gettext call."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(c.isalpha() for c in node.value)
    return isinstance(node, ast.JoinedStr)


TRANSLATING = {"gettext", "ngettext", "pgettext", "npgettext", "gettext_lazy", "pgettext_lazy"}


def _email_words(tree: ast.Module) -> list[str]:
    """An email module's words outside the catalog: any text (a literal with a space, or an
    f-string with letters of its own) that is neither a docstring nor a gettext call's."""
    skip = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    skip |= {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _name(node.func) in TRANSLATING
        for inner in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            skip |= {id(part) for part in node.values}
            literal = "".join(part.value for part in node.values if isinstance(part, ast.Constant))
            if any(c.isalpha() for c in literal):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and " " in node.value
            and any(c.isalpha() for c in node.value)
        ):
            found.append(f"line {node.lineno}: {node.value!r}")
    return found


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_hand_built_plural(node: ast.IfExp) -> bool:
    branches = {node.body, node.orelse}
    values = {b.value for b in branches if isinstance(b, ast.Constant)}
    return len(values) == 2 and values <= {"", "s", "es"}


def untranslated(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    is_form = path.name == "forms.py"
    found: list[str] = _email_words(tree) if path.name.endswith("emails.py") else []
    staff_only = {
        id(inner)
        for function in ast.walk(tree)
        if isinstance(function, ast.FunctionDef) and function.name in STAFF_ONLY
        for inner in ast.walk(function)
    }
    for node in ast.walk(tree):
        if id(node) in staff_only:
            continue
        if isinstance(node, ast.IfExp) and _is_hand_built_plural(node):
            found.append(f"line {node.lineno}: a plural built by hand")
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        first = node.args[0] if node.args else None
        if name in PLAYER_ERRORS and first is not None and _words(first):
            found.append(f"line {node.lineno}: {name}({ast.unparse(first)})")
        if (
            name in MESSAGE_LEVELS
            and isinstance(node.func, ast.Attribute)
            and _name(node.func.value) == "messages"
            and len(node.args) > 1
            and _words(node.args[1])
        ):
            found.append(f"line {node.lineno}: messages.{name}(..., {ast.unparse(node.args[1])})")
        if is_form:
            for keyword in node.keywords:
                if keyword.arg in SHOWN_KEYWORDS and _words(keyword.value):
                    found.append(f"line {node.lineno}: {keyword.arg}={ast.unparse(keyword.value)}")
    return found


def _modules() -> list[str]:
    return sorted(
        str(path.relative_to(ROOT))
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts and "engine" not in path.parts
    )


@pytest.mark.parametrize("name", _modules())
def test_module_says_nothing_outside_the_catalogs(name):
    found = untranslated(ROOT / name)
    assert not found, f"{name}: {found}"


def test_the_checker_sees_an_emails_words(tmp_path):
    emails = tmp_path / "host_emails.py"
    emails.write_text(
        '"""Emails."""\n'
        "from django.utils.translation import gettext\n"
        "def send(name, link):\n"
        '    """One."""\n'
        "    keys = values_list('user__email', flat=True)\n"
        "    subject = gettext('%(name)s has started') % {'name': name}\n"
        "    text = gettext('Join here:') + f'\\n{link}'\n"
        "    send_mail(subject=f'{name} has started', message='Join from this link')\n"
    )
    assert untranslated(emails) == [
        "line 8: f'{name} has started'",
        "line 8: 'Join from this link'",
    ]


def test_the_checker_sees_what_a_person_reads(tmp_path):
    forms = tmp_path / "forms.py"
    forms.write_text(
        "from django import forms\n"
        "from django.utils.translation import gettext, gettext_lazy\n"
        "a = forms.CharField(label='Name', help_text=gettext_lazy('Yours'))\n"
        "raise ValidationError(f'Bad {x}')\n"
        "raise TableError(gettext('Fine'))\n"
        "messages.error(request, 'Oops')\n"
        "word = 'hand' + ('' if n == 1 else 's')\n"
        "key = 'code' if x else 'other'\n"
    )
    assert untranslated(forms) == [
        "line 3: label='Name'",
        "line 4: ValidationError(f'Bad {x}')",
        "line 6: messages.error(..., 'Oops')",
        "line 7: a plural built by hand",
    ]
