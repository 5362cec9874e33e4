"""The password hasher for the passwords a teacher's "add students" makes up.

Hashing a password is slow on purpose: about 0.3 s of CPU here with Django's PBKDF2. A
teacher adding a class of 40 would make one request cost 12 s of CPU, more than any request
may (README, Security). Those passwords are made up by the site (38 bits, lessons for
children: classroom.services.new_password), so they are hashed with fewer PBKDF2 rounds:
40 of them cost about 0.25 s. Django re-hashes a password with the preferred hasher when
its hash names another algorithm, so a student's first log-in replaces this hash with a
full-strength one; a password the teacher resets, or the student changes, never uses it.
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class GeneratedPasswordHasher(PBKDF2PasswordHasher):
    """PBKDF2-SHA256 with 20,000 rounds, under a name of its own so that Django upgrades it
    at the first log-in."""

    algorithm = "pbkdf2_sha256_generated"
    iterations = 20_000
