"""What a strict Content-Security-Policy would block in a page: the checks shared by the page
tests (Django's test client) and the browser tests."""

import re
from html.parser import HTMLParser

# Script types a browser does not run (data blocks such as json_script's): CSP ignores them.
DATA_SCRIPT_TYPES = {"application/json", "application/ld+json"}


def header_problems(policy: str | None) -> list[str]:
    """Why this Content-Security-Policy header is not strict (empty: it is)."""
    if not policy:
        return ["no Content-Security-Policy header"]
    directives = {part.split()[0] for part in policy.split(";") if part.strip()}
    unsafe = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'")
    problems = [f"{token} in the policy" for token in unsafe if token in policy]
    for name in ("default-src", "script-src", "style-src", "object-src", "base-uri"):
        if name not in directives:
            problems.append(f"no {name}")
    if "*" in policy.split():
        problems.append("a wildcard source")
    return problems


def nonce_of(policy: str | None) -> str | None:
    found = re.search(r"'nonce-([^']+)'", policy or "")
    return found.group(1) if found else None


class _InlineFinder(HTMLParser):
    def __init__(self, nonce: str | None) -> None:
        super().__init__(convert_charrefs=True)
        self.nonce = nonce
        self.problems: list[str] = []
        self._inside: str | None = None  # an inline <script> or <style> being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...> (an inline handler)")
            elif name == "style":
                self.problems.append(f'<{tag} style="{value}"> (a style attribute)')
            elif name in (
                "href",
                "src",
                "action",
                "formaction",
            ) and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}> (a javascript: URL)")
        inline = tag == "style" or (
            tag == "script"
            and "src" not in values
            and values.get("type", "").lower() not in DATA_SCRIPT_TYPES
        )
        # Only a nonce the header names lets it run (Django's admin and CSRF page use one).
        if inline and (self.nonce is None or values.get("nonce") != self.nonce):
            self._inside = tag

    def handle_data(self, data: str) -> None:
        if self._inside and data.strip():
            self.problems.append(f"an inline <{self._inside}>: {data.strip()[:60]!r}")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._inside:
            self._inside = None


def inline_problems(html: str, policy: str | None) -> list[str]:
    """Inline scripts, styles, style attributes, handlers and javascript: URLs that the policy
    would block."""
    finder = _InlineFinder(nonce_of(policy))
    finder.feed(html)
    finder.close()
    return finder.problems
