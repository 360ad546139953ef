"""The logging configuration (settings.LOGGING): one console handler, every line with its
request's id (dominoes.logs), as JSON lines in production or as text."""

from typing import Any

from django.core.exceptions import ImproperlyConfigured


def logging_config(*, level: str, log_format: str) -> dict[str, Any]:
    """``log_format``: "json" (one object a line: time, level, logger, message, request_id)
    or "text"."""
    if log_format not in {"json", "text"}:
        raise ImproperlyConfigured(f"LOG_FORMAT={log_format!r}: use json or text.")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_id": {"()": "dominoes.logs.RequestIdFilter"},
            "no_http2_note": {"()": "dominoes.logs.WithoutHttp2Note"},
        },
        "formatters": {
            "json": {"()": "dominoes.logs.JsonFormatter"},
            "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
        },
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": log_format,
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Django's defaults give the "django" loggers a console handler of their own that
            # writes while DEBUG is on: with this one every request was logged twice under
            # `make run`. Theirs go to the root's handler alone.
            "django": {"handlers": [], "propagate": True},
            # daphne's "HTTP/2 support not enabled" at every start reads like a to-do; the site
            # serves HTTP/1.1 behind its proxy (docs/operations.md "Behind the proxy").
            "daphne.server": {"filters": ["no_http2_note"]},
        },
    }
