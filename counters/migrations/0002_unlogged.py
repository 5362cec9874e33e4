"""On PostgreSQL the counters' table is UNLOGGED: counts for windows of an hour at most need
no write-ahead log, so counting an answer does not wait for the disk. A crash forgets them,
which only gives every visitor a fresh window."""

from typing import Any

from django.db import migrations


def unlogged(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE counters_counter SET UNLOGGED")


def logged(apps: Any, schema_editor: Any) -> None:
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE counters_counter SET LOGGED")


class Migration(migrations.Migration):
    dependencies = [("counters", "0001_counters")]
    operations = [migrations.RunPython(unlogged, logged)]
