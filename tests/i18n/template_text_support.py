"""Finds words a person reads in a template outside {% translate %} / {% blocktranslate %}:
text between tags and the attributes read aloud or shown (aria-label, title, placeholder, alt,
a button's value, a meta description). Used by test_translatable_templates."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

#: Stands for whatever a {{ variable }} or a {% tag %} puts there: never a word of the site.
HOLE = "\x00"
#: A word: two letters in a row (tile notation such as 6-4 and numbers are not words).
WORD = re.compile(r"[^\W\d_]{2,}")
READ_ATTRIBUTES = {"aria-label", "title", "placeholder", "alt", "aria-description"}
SKIPPED_ELEMENTS = {"script", "style"}


def _source_without_translations(source: str) -> str:
    """The template's text with every variable a HOLE, tags dropped (a tag may sit inside an
    HTML tag: <li{% if x %} class="y"{% endif %}>), and comments and the contents of
    blocktranslate dropped (translated as a whole)."""
    parts: list[str] = []
    skipping_until = ""
    for token in Lexer(source).tokenize():
        contents = token.contents.strip()
        if token.token_type is TokenType.BLOCK:
            name = contents.split(" ", 1)[0]
            if name == skipping_until:
                skipping_until = ""
            elif name in ("blocktranslate", "blocktrans", "comment") and not skipping_until:
                skipping_until = "end" + name
        elif skipping_until or token.token_type is TokenType.COMMENT:
            continue
        elif token.token_type is TokenType.VAR:
            parts.append(HOLE)
        else:
            parts.append(token.contents)
    return "".join(parts)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in SKIPPED_ELEMENTS:
            self._skipping.append(tag)
        values = dict(attrs)
        read = set(READ_ATTRIBUTES)
        if tag == "input" and values.get("type") in ("submit", "button", "reset"):
            read.add("value")
        if tag == "meta" and values.get("name") == "description":
            read.add("content")
        for name, value in attrs:
            if name in read and value and WORD.search(value.replace(HOLE, " ")):
                self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag: str) -> None:
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()

    def handle_data(self, data: str) -> None:
        text = " ".join(data.replace(HOLE, " ").split())
        if not self._skipping and WORD.search(text):
            self.found.append(text)


def untranslated_text(path: Path) -> list[str]:
    """The words a person would read in this template that no catalog holds."""
    reader = _Reader()
    reader.feed(_source_without_translations(path.read_text()))
    reader.close()
    return reader.found
