"""Finding the words a script shows a person outside the catalog (static/js/i18n.js's gettext,
ngettext, pgettext, and fill's format): a careful heuristic, not a JavaScript parser.

A script's string literals and template literals are read with a small scanner (comments and
regular expressions skipped). A literal is text when it holds a capitalised word or two words
in a row ("Draw", "no tiles"), once ``${...}`` and ``%(name)s`` are taken out; markup counts by
its text and its aria-label, title, alt and placeholder only. A name tested (``key ===
"Escape"``, ``"Notification" in window``) is not text. Text is shown when the statement it is
in puts it where a person reads it: textContent, innerText, innerHTML, title, ariaLabel,
placeholder, alt or label assigned, setAttribute of a read attribute, a value returned (the
table's words functions), said (say, showAlert, a Notification) or pushed onto the lines said.
A plural built by hand (``n === 1 ? "tile" : "tiles"``) is found too."""

import re
from dataclasses import dataclass

TRANSLATION_CALL = re.compile(r"\b(gettext|ngettext|pgettext|fill)\s*\(")
SHOWN = re.compile(
    r"\.(?:textContent|innerText|innerHTML|title|ariaLabel|placeholder|alt|label)\s*=(?!=)"
    r"|\breturn\b|\b(?:say|showAlert|alert|confirm|Notification)\s*\(|\.push\s*\("
)
SET_READ_ATTRIBUTE = re.compile(
    r"""setAttribute\(\s*["'](?:aria-label|aria-description|aria-valuetext|title|alt|placeholder)["']"""
)
HAND_BUILT_PLURAL = re.compile(r"""[!=]==?\s*1\s*\?\s*["'`]""")
PLACEHOLDER = re.compile(r"%\(\w+\)s|%s")
CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
TWO_WORDS = re.compile(r"\b[A-Za-z]{2,}[ ]+[A-Za-z]{2,}\b")
READ_ATTRIBUTE = re.compile(r"""\b(?:aria-label|title|alt|placeholder)="([^"]*)\"""")
# After these a slash starts a regular expression, not a division.
REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


@dataclass
class Literal:
    start: int
    end: int
    text: str  # the literal's words; a template's ${...} parts as "\0"


def scan(source: str) -> tuple[list[Literal], str]:
    """The string and template literals of ``source``, and the source with comments, regular
    expressions and the literals' own text blanked out (same length: positions agree)."""
    literals: list[Literal] = []
    masked = list(source)

    def blank(start: int, end: int) -> None:
        for k in range(start, end):
            if masked[k] != "\n":
                masked[k] = " "

    def previous_token(i: int) -> str:
        k = i - 1
        while k >= 0 and masked[k] in " \t\n":
            k -= 1
        if k < 0:
            return ""
        if masked[k].isalnum() or masked[k] in "_$":
            word = re.search(r"[\w$]+$", "".join(masked[max(0, k - 20) : k + 1]))
            return word.group() if word else masked[k]
        return masked[k]

    def code(i: int, in_template: bool) -> int:
        depth = 0
        while i < len(source):
            c = source[i]
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = len(source) if end < 0 else end
                blank(i, end)
                i = end
            elif source.startswith("/*", i):
                end = source.find("*/", i + 2) + 2
                end = len(source) if end < 2 else end
                blank(i, end)
                i = end
            elif c in "\"'":
                k = i + 1
                while k < len(source) and source[k] != c:
                    k += 2 if source[k] == "\\" else 1
                literals.append(Literal(i, k + 1, source[i + 1 : k]))
                blank(i + 1, k)
                i = k + 1
            elif c == "`":
                i = template(i)
            elif c == "/" and previous_token(i) in REGEX_BEFORE | {"return", "typeof"}:
                k, in_class = i + 1, False
                while k < len(source) and (in_class or source[k] != "/"):
                    if source[k] == "\\":
                        k += 1
                    elif source[k] == "[":
                        in_class = True
                    elif source[k] == "]":
                        in_class = False
                    k += 1
                k += 1
                while k < len(source) and source[k].isalpha():
                    k += 1
                blank(i, k)
                i = k
            elif c == "{":
                depth += 1
                i += 1
            elif c == "}":
                if in_template and depth == 0:
                    return i
                depth -= 1
                i += 1
            else:
                i += 1
        return i

    def template(i: int) -> int:
        start, k, text = i, i + 1, []
        while k < len(source) and source[k] != "`":
            if source[k] == "\\":
                text.append(source[k : k + 2])
                masked[k] = masked[k + 1] = " "
                k += 2
            elif source.startswith("${", k):
                text.append("\0")
                k = code(k + 2, in_template=True) + 1
            else:
                text.append(source[k])
                if source[k] != "\n":
                    masked[k] = " "
                k += 1
        literals.append(Literal(start, k + 1, "".join(text)))
        return k + 1

    code(0, in_template=False)
    return literals, "".join(masked)


def is_text(words: str) -> bool:
    """Whether a literal's words are something a person reads (not a selector, a class list,
    an event's or a key's name, a URL, markup's structure)."""
    words = words.strip()
    if not words or words[0] in "#.[/:" or words.startswith(("http", "ws")):
        return False
    if "<" in words:  # markup: its text and the attributes read aloud
        parts = re.findall(r">([^<]*)<", words) + READ_ATTRIBUTE.findall(words)
        return any(is_text(part) for part in parts)
    plain = PLACEHOLDER.sub(" ", words).replace("\0", " ")
    return bool(CAPITALISED.search(plain) or TWO_WORDS.search(plain))


def _translated_spans(masked: str) -> list[tuple[int, int]]:
    """The argument lists of gettext, ngettext and pgettext calls, and fill's first
    argument (its format)."""
    spans = []
    for call in TRANSLATION_CALL.finditer(masked):
        depth, k = 1, call.end()
        first_comma = None
        while k < len(masked) and depth:
            if masked[k] in "([{":
                depth += 1
            elif masked[k] in ")]}":
                depth -= 1
            elif masked[k] == "," and depth == 1 and first_comma is None:
                first_comma = k
            k += 1
        end = first_comma if call.group(1) == "fill" and first_comma else k
        spans.append((call.end(), end))
    return spans


def _compared(masked: str, literal: Literal) -> bool:
    """A name tested, not shown: ``"Notification" in window``, ``key === "Escape"``."""
    return bool(
        re.match(r"\s*(?:in\b|[!=]==?)", masked[literal.end :])
        or re.search(r"[!=]==?\s*$", masked[: literal.start])
    )


def _statement_start(masked: str, position: int) -> int:
    return max(masked.rfind(mark, 0, position) for mark in ";{}") + 1


def untranslated_text(source: str) -> list[str]:
    """``line: words`` for each literal a person would read, untranslated, in ``source``; and
    each plural built by hand."""
    literals, masked = scan(source)
    translated = _translated_spans(masked)
    found = []
    for literal in literals:
        if any(start <= literal.start < end for start, end in translated):
            continue
        if not is_text(literal.text) or _compared(masked, literal):
            continue
        # The statement's code before the literal (other literals' words blanked), and as
        # written for the attribute setAttribute names.
        start = _statement_start(masked, literal.start)
        if SHOWN.search(masked[start : literal.start]) or SET_READ_ATTRIBUTE.search(
            source[start : literal.start]
        ):
            line = source.count("\n", 0, literal.start) + 1
            found.append(f"{line}: {literal.text.replace(chr(0), '${}')}")
    for plural in HAND_BUILT_PLURAL.finditer(masked):
        line = source.count("\n", 0, plural.start()) + 1
        found.append(f"{line}: a plural built by hand")
    return found
