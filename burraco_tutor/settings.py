"""Settings for Burraco Tutor, read from the environment.

Without any variable set this is a development site (DEBUG on, a SQLite file beside
manage.py). Production sets at least DEBUG=0, SECRET_KEY and ALLOWED_HOSTS; the README
lists every variable.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
import xstatic.pkg.bootstrap
from django.contrib.messages import constants as messages
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

# Django's generic classes take type arguments at run time too (ModelAdmin[Profile]), as
# django-stubs writes them for mypy.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_bool(name: str, default: bool) -> bool:
    """A yes/no variable: 1/0, true/false, yes/no or on/off."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of 1/0, true/false, yes/no, on/off")


def env_str(name: str, default: str | None = None) -> str:
    """A text variable; without a default it must be set."""
    value = os.environ.get(name, "").strip()
    if value:
        return value
    if default is None:
        raise ImproperlyConfigured(f"{name} must be set")
    return default


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

if DEBUG:
    SECRET_KEY = env_str("SECRET_KEY", "django-insecure-development-only-never-in-production")
else:
    SECRET_KEY = env_str("SECRET_KEY")

# Empty under DEBUG still admits localhost, 127.0.0.1 and [::1].
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "lessons",
    "accounts",
    "classroom",
    "counters",
    "rulebook",
    "play",
    "daily",
]

MIDDLEWARE = [
    # /healthz answered before anything else runs (burraco_tutor/health.py).
    "burraco_tutor.health.HealthMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "burraco_tutor.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and htmx fragments gzipped (static files come compressed from WhiteNoise, above).
    # Django's gzip pads each response at random against BREACH, and CSRF tokens are masked.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Each visitor's CPU a minute, charged with what each request cost (burraco_tutor.cost):
    # after the session, the account and htmx are known, before the view and the limits.
    "burraco_tutor.cost.CostMiddleware",
    # A rate limit's Ratelimited becomes the 429 page (burraco_tutor.limits.too_many).
    "django_ratelimit.middleware.RatelimitMiddleware",
    # Last, as django-axes asks: turns a locked-out log-in into the 429 (accounts.lockout).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "burraco_tutor.urls"
# `make bench` only: the site plus /bench/ok, the bare view it measures against (bench/urls.py).
if env_bool("BENCH_VIEWS", False):
    ROOT_URLCONF = "bench.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # {% partialdef %} and {% partial %} without a {% load %}, as Django 6 has them;
            # {% url %} as Django's, each URL worked out once a process (burraco_tutor.reversing).
            "builtins": [
                "template_partials.templatetags.partials",
                "burraco_tutor.templatetags.kept_urls",
            ],
        },
    },
]

WSGI_APPLICATION = "burraco_tutor.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("CONN_MAX_AGE", 600),
        conn_health_checks=True,
    )
}
# The database cache: shared by every gunicorn worker (the log-in lock-out, the rate limits
# and the one-time tokens of "add students" count there). `migrate` does not make its table;
# `make run`, `make serve` and the test runner call `createcachetable`, which does nothing
# when it is there. Django's default of 300 entries would cull live counters (and with them
# the limits) as soon as a few hundred visitors were counted; each write counts the table's
# rows, so the ceiling is not set higher than needed (a rate limit's count is one row per
# visitor and window; expired rows go when the table is over the ceiling).
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "burraco_cache",
        "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 20_000)},
    },
    # The rate limits' counts: one statement a count (counters/cache.py).
    "counters": {"BACKEND": "counters.cache.CounterCache"},
    # HTML cached under a digest of everything it shows (the class grid: grid_version): a
    # key never names stale content, so each worker's memory serves, without a query.
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "OPTIONS": {"MAX_ENTRIES": 1000},
    },
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several gunicorn workers write to one file: WAL lets readers go on while one writes,
    # IMMEDIATE takes the write lock when a transaction starts rather than failing half way
    # with "database is locked", and a writer waits up to 20 s for its turn.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        transaction_mode="IMMEDIATE",
        timeout=20,
    )
    # The workers' writes queued on a lock file, not polling SQLite's lock (sqlite/base.py).
    DATABASES["default"]["ENGINE"] = "burraco_tutor.sqlite"
    # Tests keep SQLite's database in memory, one a process, as for Django's own engine
    # (pytest-django knows that engine by name only, and would name a file per xdist worker).
    DATABASES["default"].setdefault("TEST", {}).setdefault("NAME", ":memory:")
if DATABASES["default"]["ENGINE"].endswith("postgresql") and env_bool("PG_PREPARED", True):
    # Server-side binding lets psycopg prepare a statement the second time a connection
    # sends it, and PostgreSQL then skips planning it again: the connections are long-lived
    # (CONN_MAX_AGE). The class grid's digest query went from 1.15 to 0.62 ms, the grid from
    # 271 to 294 requests/s (bench/http.py). PG_PREPARED=0 behind a transaction-mode pooler
    # (PgBouncer), which cannot keep a connection's prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=2
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's own, then the lighter one for the passwords "add students" makes up, which a
# student's first log-in replaces with the first (accounts/hashers.py).
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
    "accounts.hashers.GeneratedPasswordHasher",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in (
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    )
]
# How many proxies in front append to X-Forwarded-For (0: use the connection's address).
# The log-in lock-out and the rate limits count per client address
# (burraco_tutor.http.client_address). Production sits behind a proxy (it trusts the
# proxy's X-Forwarded-Proto, below), so there the default is one: with 0 behind a proxy
# every visitor would have the proxy's address, and one person's failures would lock out all.
PROXY_COUNT = env_int("PROXY_COUNT", 0 if DEBUG else 1)
# django-axes checks every log-in (the site's, the admin's, any authenticate() with a
# request) before the password is hashed; accounts.lockout holds the rules.
AUTHENTICATION_BACKENDS = ["accounts.lockout.LockoutBackend", "accounts.backends.ProfileBackend"]
AXES_HANDLER = "accounts.lockout.LoginFailures"
# Failed tries for one username from one address (the username NFKC-normalised and
# case-folded, as Django reads it), then that pair waits AXES_COOLOFF_TIME. A lock on the
# username alone would let anyone lock a victim out; this one locks only the address trying.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = 10
# Failed tries from one address across all usernames (accounts.lockout): a spray of many
# names is stopped before it costs a slow password hash each. A school behind one address
# may need more (README, "Security").
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 40)

# A learner's practice games kept whole (play.games.put_away): past PLAY_FINISHED_GAMES
# finished games, the oldest are thinned to their results (what /progress/ reads); past
# PLAY_UNFINISHED_GAMES unfinished ones, starting another puts the oldest away the same way.
# The start page lists ten unfinished games, so the default keeps every one of them reachable.
PLAY_FINISHED_GAMES = env_int("PLAY_FINISHED_GAMES", 200)
PLAY_UNFINISHED_GAMES = env_int("PLAY_UNFINISHED_GAMES", 10)
if PLAY_FINISHED_GAMES < 1 or PLAY_UNFINISHED_GAMES < 1:
    raise ImproperlyConfigured("PLAY_FINISHED_GAMES and PLAY_UNFINISHED_GAMES must be 1 or more")
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
# A try while locked out is refused without being counted: the wait stays a quarter of an hour.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_USERNAME_CALLABLE = "accounts.lockout.username_key"
AXES_CLIENT_IP_CALLABLE = "burraco_tutor.http.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.locked_out"
# The counts are in the cache handler's database cache, not axes' tables (which stay empty).
AXES_CACHE = "default"
AXES_ENABLE_ADMIN = False
AXES_VERBOSE = False
# django-ratelimit (burraco_tutor.limits): counts in the database, one statement a count
# (counters/cache.py), shared by every worker; a limit answers the 429 page.
RATELIMIT_USE_CACHE = "counters"
# The budgets of CPU time a minute (burraco_tutor.cost), in milliseconds: per learner (the
# account, else the session, else the address) and per address. A class of 30 at
# four-player club tables spent 36 s of CPU a minute in all under `make soak`, a little over
# a second each. An expert move with the coach on full costs up to 0.4 s, and a person's turn
# (thought, then the others' moves shown a frame at a time) takes some seconds, so six
# seconds lets one play at any human pace; a school address may spend a class's worth three
# times over. Past a budget, a 429 until its minute ends (README, "Security").
CPU_MS_PER_LEARNER = env_int("CPU_MS_PER_LEARNER", 6_000)
CPU_MS_PER_ADDRESS = env_int("CPU_MS_PER_ADDRESS", 120_000)
# A worker sends a visitor's charges together once they reach this many milliseconds (or
# are a second old): one statement for some twenty answers rather than one each.
COST_BATCH_MS = env_int("COST_BATCH_MS", 50)
# How long a heavy request's claim lives (burraco_tutor.cost.heavy) if its worker dies
# before letting it go: gunicorn's own timeout, after which it kills a worker anyway.
HEAVY_REQUEST_SECONDS = env_int("HEAVY_REQUEST_SECONDS", 30)
# A heavy request that took this many CPU milliseconds or more is long: its learner's long
# requests then take turns in their address's lane for a minute (burraco_tutor.cost.Lane),
# each followed by a pause that keeps the address's long work to LANE_SHARE_PERCENT of one core.
EXPENSIVE_MS = env_int("EXPENSIVE_MS", 80)
LANE_SHARE_PERCENT = env_int("LANE_SHARE_PERCENT", 50)
if not 1 <= LANE_SHARE_PERCENT <= 100:
    raise ImproperlyConfigured("LANE_SHARE_PERCENT must be between 1 and 100")
# A learner who has spent this many CPU milliseconds in a minute has their requests served,
# until the minute ends, by each worker's thread at the lowest CPU priority, one of their
# address's at a time (burraco_tutor.cost.BackSeat); 0 turns it off. A player at club
# tables spends a little over a second a minute; expert bots with the full coach at speed,
# three or more.
BACK_SEAT_MS = env_int("BACK_SEAT_MS", 2_000)
# The same in any ten seconds, so that the minute's allowance cannot all go in its first
# seconds: a player at club tables spends about 0.2 s in ten seconds, 0.6 s at most when
# thirty deal at once (make soak).
BACK_SEAT_BURST_MS = env_int("BACK_SEAT_BURST_MS", 800)
# After each request in the back seat, its address's seat stays shut to the others for as
# long as the request held its worker, times 100 / BACK_SEAT_SHARE_PERCENT - 1: an address
# over its budget holds a worker at most this share of the time, so the workers stay free
# for everyone else.
BACK_SEAT_SHARE_PERCENT = env_int("BACK_SEAT_SHARE_PERCENT", 50)
if not 1 <= BACK_SEAT_SHARE_PERCENT <= 100:
    raise ImproperlyConfigured("BACK_SEAT_SHARE_PERCENT must be between 1 and 100")
# The key of the deal of the day's seeds (daily.deal): empty, one derived from SECRET_KEY.
# Either way the days' cards cannot be worked out from the source.
DAILY_SECRET = env_str("DAILY_SECRET", "")
# Django's database sessions, read in a written-out query (burraco_tutor/sessions.py).
SESSION_ENGINE = "burraco_tutor.sessions"
RATELIMIT_VIEW = "burraco_tutor.limits.too_many"
# Bootstrap's name for the error alert: messages.error() comes out as "alert-danger".
MESSAGE_TAGS = {messages.ERROR: "danger"}
LOGIN_URL = "/accounts/login/"
# Where logging in (without a safe ?next=) and logging out lead (accounts/views.py).
LOGIN_REDIRECT_URL = "lessons:progress"
LOGOUT_REDIRECT_URL = "lessons:home"

LANGUAGE_CODE = "it"
LANGUAGES = [("it", _("Italian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Rome"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    # Bootstrap's dist files come from the XStatic-Bootstrap package, served as static/bootstrap/.
    ("bootstrap", xstatic.pkg.bootstrap.BASE_DIR),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # The manifest needs `collectstatic` first, which development and the tests never run.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# No inline script or style, nothing from another host (burraco_tutor/csp.py). Bootstrap's
# stylesheet draws its checkmarks and the menu icon as data: SVG images.
SECURE_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "webmaster@localhost")
# For the SMTP backend (password-reset e-mails); the console backend ignores them.
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)

if not DEBUG:
    # Production sits behind a proxy that ends TLS and says so in X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Load balancers probe over plain HTTP.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Django's default sends errors to the console only under DEBUG; production logs go to stderr too.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
