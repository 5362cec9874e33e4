"""Django in this process, as the in-process benchmarks run it (profile.py, costly.py,
generated.py): production settings (DEBUG=0) on a fresh SQLite file with its tables made,
and static files by their plain names, since nothing is collected for these runs."""

from __future__ import annotations

import os
import secrets
import tempfile
import warnings
from pathlib import Path


def start(name: str, **environ: str) -> None:
    """Set Django up for a run called ``name``; ``environ`` adds or overrides settings."""
    folder = Path(tempfile.mkdtemp(prefix=f"burraco-{name}-"))
    os.environ.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="testserver",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=f"sqlite:///{folder / f'{name}.sqlite3'}",
        DJANGO_SETTINGS_MODULE="burraco_tutor.settings",
        **environ,
    )
    # WhiteNoise warns that no static files were collected: none need to be.
    warnings.filterwarnings("ignore", message="No directory at")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    plain = "django.contrib.staticfiles.storage.StaticFilesStorage"
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": plain}}
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
