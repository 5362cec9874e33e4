"""One e-mail address, one account: a unique index on auth_user over LOWER(email), for
addresses that are not empty (accounts a teacher makes have none).

The sign-up form checks first and says so in a sentence; the index is what holds when two
sign-ups race past that check at once (the form then says the same sentence). Written as SQL
because auth_user is Django's table, not this app's model; both SQLite and PostgreSQL take a
partial index on an expression.

Addresses already used twice (the form's check could be raced before) stay with the oldest
account; the later accounts lose the address, which the migration prints, so that they can
be told, and reset their passwords through the admin if they need to.
"""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models.functions import Lower

def clear_duplicate_emails(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    User = apps.get_model("auth", "User")
    seen: set[str] = set()
    cleared = []
    users = User.objects.exclude(email="").annotate(lower=Lower("email")).order_by("date_joined", "pk")
    for user in users.iterator():
        if user.lower in seen:
            cleared.append((user.pk, user.username, user.email))
            User.objects.filter(pk=user.pk).update(email="")
        else:
            seen.add(user.lower)
    for pk, username, email in cleared:
        print(f"\n  accounts: {username} (id {pk}) lost the address {email}, used by an older account")


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_made_by"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(clear_duplicate_emails, migrations.RunPython.noop),
        migrations.RunSQL(
            "CREATE UNIQUE INDEX accounts_user_email_ci_unique"
            " ON auth_user (LOWER(email)) WHERE email <> ''",
            "DROP INDEX accounts_user_email_ci_unique",
        ),
    ]
