"""Settings for the dominoes site, read from the environment.

Two modes, chosen by ``DJANGO_ENV`` (see docs/operations.md "Production mode"):

* ``development`` (the embedded default when ``DATABASE_URL`` is unset): DEBUG on, a dev
  secret key, SQLite at ``db.sqlite3``, the in-memory channel layer, jobs run in-process.
* ``production`` (the default as soon as ``DATABASE_URL`` is set, or when asked for):
  DEBUG off, ``SECRET_KEY`` required, HTTPS-only cookies, HSTS, persistent connections.

Every value below can be overridden by an environment variable of the same name.
"""

import os
from pathlib import Path
from typing import Any, Literal

from django.core.exceptions import ImproperlyConfigured

from dominoes.databases import default_database
from dominoes.env import env_bool, env_int, env_list, env_str
from dominoes.headers import PERMISSIONS_POLICY as PERMISSIONS_POLICY
from dominoes.headers import content_security_policy
from dominoes.logging_config import logging_config

BASE_DIR = Path(__file__).resolve().parent.parent


# --- Mode -----------------------------------------------------------------------------------

DATABASE_URL = env_str("DATABASE_URL")
REDIS_URL = env_str("REDIS_URL")

DJANGO_ENV = env_str("DJANGO_ENV") or ("production" if DATABASE_URL else "development")
if DJANGO_ENV not in {"development", "production"}:
    raise ImproperlyConfigured(f"DJANGO_ENV={DJANGO_ENV!r}: use development or production.")
PRODUCTION = DJANGO_ENV == "production"

DEBUG = env_bool("DEBUG", default=not PRODUCTION)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (production mode). "
            "Generate one with: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    SECRET_KEY = "django-insecure-local-development-only-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

# --- Applications ---------------------------------------------------------------------------

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves ASGI (HTTP and WebSocket)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_rq",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "matchmaking",
    "tournaments",
    "billing",
    "notifications",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # SECURE_CSP and PERMISSIONS_POLICY below, on every response (static files included).
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    # Static files from the app server itself, compressed and cached (no separate web server).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages gzipped (docs/operations.md, "Pages sent compressed"); WhiteNoise's files are
    # compressed already.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language: the language cookie (a person's pick, docs/architecture.md "Languages"),
    # else the browser's Accept-Language. After the session (Django's order), before
    # CommonMiddleware.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # An account's language, applied at sign-in (its cookie set on that response).
    "dominoes.language.account_language_middleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Limits (docs/operations.md, "Limits"): a body dominoes.body_limit did not read answers
    # 413, a limit passed (dominoes.limits.Refused) 429.
    "dominoes.body_limit.body_too_large_middleware",
    # A NUL in the path, the query string or a form field answers 400 before any view reads
    # it (dominoes.request_input): after the 413, whose body is never read.
    "dominoes.request_input.refuse_nul_middleware",
    "dominoes.limits.TooManyRequestsMiddleware",
    # "Busy, try again" when every password hashing slot stays taken (accounts.hashers).
    "accounts.middleware.HashingBusyMiddleware",
]

#: The largest request body read (dominoes.body_limit): a record import's file (1 MB,
#: games.records.player_views.MAX_RECORD_BYTES) and its form; anything larger is refused unread.
MAX_REQUEST_BODY_BYTES = 1_100_000

ROOT_URLCONF = "dominoes.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # Django's admin marks its one inline <style> with the CSP nonce (SECURE_CSP).
                "django.template.context_processors.csp",
            ],
        },
    },
]

ASGI_APPLICATION = "dominoes.asgi.application"

# --- Database -------------------------------------------------------------------------------

DATABASES = {"default": default_database(DATABASE_URL, production=PRODUCTION, base_dir=BASE_DIR)}

# Each server event loop's own PostgreSQL connections (games.live.async_db), for the one statement
# of a move or a deal: at most this many at once per process, besides Django's pool above.
LOOP_DB_CONNECTIONS = env_int("LOOP_DB_CONNECTIONS", 8)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channels, jobs, cache ------------------------------------------------------------------

# Where bot turns and deadlines run: "rq" (RQ workers, with Redis), "thread" (a timer thread in
# this process: the embedded default) or "inline" (at once, in the caller: tests).
JOBS_BACKEND = os.environ.get("JOBS_BACKEND", "rq" if REDIS_URL else "thread")
if JOBS_BACKEND not in ("rq", "thread", "inline"):
    raise ImproperlyConfigured("JOBS_BACKEND is rq, thread or inline")
# The pause before a computer's move, so that a person can follow the moves one by one.
# The coach reviews every finished hand (games.coach) on the "coach" queue.
COACH_REVIEWS = os.environ.get("COACH_REVIEWS", "1") == "1"
# A server logs every garbage collection that holds it 50 ms or more (dominoes.gc_pauses).
GC_PAUSES_LOGGED = env_bool("GC_PAUSES_LOGGED", True)
BOT_PAUSE_SECONDS = float(os.environ.get("BOT_PAUSE_SECONDS", "0.8"))
# Quick match: how long someone waits alone before the computer is offered (matchmaking).
QUICK_MATCH_OFFER_COMPUTER_SECONDS = float(
    os.environ.get("QUICK_MATCH_OFFER_COMPUTER_SECONDS", "20")
)
# Resolved with the turn deadlines by games.services.sweep_deadlines: each is a function that
# closes its own expired windows and returns how many it closed (games imports none of them).
DEADLINE_SWEEPERS = [
    "tournaments.services.checkin.sweep_tournaments",
    "matchmaking.services.sweep_gone_entries",
]

if REDIS_URL:
    # Redis pub/sub: each process subscribes once per group and hands a message to its sockets
    # from one reader. channels-redis's core layer makes every socket of a process take turns
    # at one asyncio lock for each message, a cost that grows with the sockets until even a
    # bare echo answers in seconds (bench/RESULTS.md, `load.echo_human`). Announcements are
    # only "table T is at version V" and every message is a whole state, so one lost while
    # Redis is away costs nothing the next one does not mend; subscriptions live in the
    # connection, not in Redis's data, so a Redis that restarts empty or is flushed loses none
    # (the reader subscribes again when it reconnects).
    from redis.exceptions import ConnectionError as RedisConnectionError

    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                # redis-py 8's defaults break channels-redis under load: its pool of 100
                # connections fails handshakes (500) past about 100 sockets, and its 5 s
                # socket timeout races channels-redis's blocking read (idle sockets closed
                # with 1011). A command that fails on a connection a restarted Redis left
                # dead reconnects and is tried once more.
                "hosts": [
                    {
                        "address": REDIS_URL,
                        "max_connections": 2000,
                        "socket_timeout": None,
                        "retry_on_error": [RedisConnectionError],
                    }
                ],
            },
        }
    }
    RQ_QUEUES = {
        name: {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 300}
        for name in ("default", "bots", "deadlines", "coach")
    }
    # A Redis that does not answer is an empty cache (logged), never a failed sign-in; it
    # counts as not answering after half a second.
    CACHES = {
        "default": {
            "BACKEND": "dominoes.cache.ForgivingRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    RQ_QUEUES = {}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Authentication (django-allauth) --------------------------------------------------------

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The proxies in front of the site that are its own: their X-Forwarded-For entries name the
# client (dominoes/client_address.py). 0 (the default): the header is ignored, as it must be
# whenever anyone can reach the server processes directly.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT

# allauth with the site's client address and sign-in budgets (accounts.adapter).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# What allauth counts, in its notation (amount/period/what: per address "ip", per "key": the
# email address, or for wrong passwords see accounts.sign_in_limits). Each budget is far above
# what a person uses; past one the request is answered 429 (templates/429.html) and nothing is
# stored or sent. docs/operations.md "Limits" lists them.
ACCOUNT_RATE_LIMITS = {
    # Every sign-up form sent from an address, mistakes included.
    "signup": "10/h/ip,30/d/ip",
    # Password-reset mail asked for: per address, and per email address (one inbox's mail).
    "reset_password": "10/h/ip,5/h/key",
    # Every sign-in form sent from an address.
    "login": "30/m/ip",
    # Wrong passwords: per address, and per (account, address) as the key (not counted for a
    # browser the account signed in from before).
    "login_failed": "10/m/ip,30/h/ip,5/5m/key",
    # Wrong passwords for one account from everywhere, not counted for a browser the account
    # signed in from before (accounts.sign_in_limits).
    "login_failed_account": "20/h/key",
    # Wrong passwords from a browser the account signed in from before: the only budget such a
    # browser counts in, so strangers at its address cannot spend it (accounts.sign_in_limits).
    "login_failed_device": "5/5m/key",
}
# Password hashes at once per process, and how long one waits for a turn before the answer is
# "busy, try again" (accounts.hashers: a flood of bogus sign-ins cannot take every core).
PASSWORD_HASHERS = [
    "accounts.hashers.BoundedPBKDF2PasswordHasher",
    "accounts.hashers.BoundedPBKDF2SHA1PasswordHasher",
]
PASSWORD_HASHING_CONCURRENCY = env_int("PASSWORD_HASHING_CONCURRENCY", 1)
PASSWORD_HASHING_WAIT_SECONDS = float(env_str("PASSWORD_HASHING_WAIT_SECONDS") or "2")

ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
LOGIN_REDIRECT_URL = "/"
# Accounts: a display name asked at sign-up (accounts.forms.SignupForm).
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"
# allauth names a person by their display name ("Signed in as Ada", not the handle) and titles
# its mail with the site's name, not the address the request came to.
ACCOUNT_USER_DISPLAY = "accounts.selectors.display_name_words"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Dominoes: "
# allauth's own sign-up form, with the same work for a known email as for a new one.
ACCOUNT_FORMS = {"signup": "accounts.signup.SignupForm"}

# --- Mail (Django 6.1: MAILERS, never EMAIL_BACKEND) ----------------------------------------

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
MAIL_BACKEND = env_str(
    "MAIL_BACKEND",
    SMTP_BACKEND if PRODUCTION else "dominoes.console_mail.EmailBackend",
)
# Every mail is queued (dominoes.mail: a job with retries, after the commit) and sent by the
# "outgoing" mailer: a mail server that is down never fails the request that sends mail.
MAILERS: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "dominoes.mail.QueuedEmailBackend"},
    "outgoing": {"BACKEND": MAIL_BACKEND},
}
if MAIL_BACKEND == SMTP_BACKEND:
    MAILERS["outgoing"]["OPTIONS"] = {
        "host": env_str("SMTP_HOST", "localhost"),
        "port": env_int("SMTP_PORT", 587),
        "username": env_str("SMTP_USERNAME"),
        "password": env_str("SMTP_PASSWORD"),
        "use_tls": env_bool("SMTP_USE_TLS", True),
        "timeout": env_int("SMTP_TIMEOUT", 10),
    }
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Dominoes <noreply@localhost>")
# The site's address, for links in mail sent from jobs (no request to build them from).
SITE_URL = env_str("SITE_URL", "http://localhost:8000").rstrip("/")

# --- Billing (Stripe; see billing/ and docs/architecture.md "Billing") ---------------------

# Without STRIPE_SECRET_KEY and STRIPE_CLUB_PRICE the pricing page says online payment is not
# configured; STRIPE_API_BASE points the API elsewhere (localstripe or a recorder in tests).
STRIPE_SECRET_KEY = env_str("STRIPE_SECRET_KEY")
STRIPE_WEBHOOK_SECRET = env_str("STRIPE_WEBHOOK_SECRET")
STRIPE_CLUB_PRICE = env_str("STRIPE_CLUB_PRICE")
STRIPE_API_BASE = env_str("STRIPE_API_BASE")

# --- Internationalization -------------------------------------------------------------------

# Every word a player or host reads comes from the catalogs in locale/ (docs/architecture.md
# "Languages"). The language follows the browser's Accept-Language until a person picks one
# from the header (Django's language cookie; an account keeps it in its preferences:
# dominoes.language). URLs carry no language prefix.
LANGUAGE_CODE = "en"
# Each language named in its own words: the picker offers them to people who cannot read the
# page's current language.
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("pt-br", "Português (Brasil)"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE: Literal["Lax"] = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
# Dates and decimals are always in the reader's form (Django's locale formats). Grouping stays
# off site-wide: templates still write ids and versions into data attributes and form values
# (the tournament console's data-match, value="{{ entrant.pk }}"), where "1.000" would break
# the script or the form. Counts and ratings a person reads use humanize's |intcomma, which
# groups in the reader's form (1,500 / 1.500).
USE_THOUSAND_SEPARATOR = False

# --- Static files ---------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
# In production `collectstatic` fills STATIC_ROOT with hashed, compressed copies; in
# development (and in tests, where nothing is collected) WhiteNoise reads the sources.
WHITENOISE_USE_FINDERS = DEBUG or not STATIC_ROOT.exists()
# Cached for ever: the names that carry a hash of their content, Django's (site.3f2a9c1e7b4d.css)
# and the table's bundle's, which `npm run build` names (dist/table/main-ABHOL76Q.js) and
# collectstatic collects as they are (dominoes/static_storage.py). WhiteNoise's own test knows
# only Django's.
WHITENOISE_IMMUTABLE_FILE_TEST = r"\.[0-9a-f]{12}\.\w+$|/dist/.+-[A-Z0-9]{8}\.js$"

# --- Security (on by default whenever DEBUG is off) -----------------------------------------

SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", SECURE)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", SECURE)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", SECURE)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000 if SECURE else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", SECURE)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", SECURE)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy and Permissions-Policy: dominoes/headers.py says why each.
SECURE_CSP = content_security_policy(stripe_api_base=STRIPE_API_BASE)

# Behind a TLS-terminating proxy that sets X-Forwarded-Proto (SECURE_PROXY_SSL_HEADER=false
# when the site is reached directly).
if env_bool("SECURE_PROXY_SSL_HEADER", SECURE):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- Operating the site (docs/operations.md "Production mode") ------------------------------

# Outermost: every request gets an id for its log lines; /healthz answers before the host check
# and the HTTPS redirect (load balancers probe instances by address, over plain HTTP).
MIDDLEWARE.insert(0, "dominoes.logs.request_id_middleware")
MIDDLEWARE.insert(1, "dominoes.health.HealthCheckMiddleware")

# JSON lines in production (one object a line: time, level, logger, message, request_id).
LOG_FORMAT = env_str("LOG_FORMAT", "json" if PRODUCTION else "text")
LOGGING = logging_config(level=env_str("LOG_LEVEL", "INFO"), log_format=LOG_FORMAT)

# With DEBUG off, `collectstatic` writes hashed, compressed copies that WhiteNoise serves with
# far-future cache headers (a changed file gets a new name).
if not DEBUG:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "dominoes.static_storage.StaticFilesStorage"},
    }
