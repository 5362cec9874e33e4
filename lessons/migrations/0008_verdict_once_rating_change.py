"""The verdict stored once, the rating change on the history row.

An attempt's verdict was kept twice: ``correct``, ``code`` and ``rule`` in columns and again
in the ``verdict`` JSON (with its English sentence). The JSON now keeps only the rest (its
params, the solution, the detail, and a right answer's rule, which the column leaves empty):
lessons.models.Attempt.verdict_columns writes it, lessons.models.kept_verdict reads either
shape. A rating point now keeps how far it moved the learner's rating (``change``), which
the answer's page showed by reading the point before it; the data step works it out, as
that page did, for the points kept before.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations, models

#: The keys the columns keep (and the sentence, rendered again when read).
DUPLICATED = ("correct", "code", "reason")
BATCH = 500


def _rest(verdict: dict[str, Any]) -> dict[str, Any]:
    """A verdict as 0004 kept it, without what the columns keep."""
    rest = {key: value for key, value in verdict.items() if key not in DUPLICATED}
    rule = rest.pop("rule", None)
    if verdict.get("correct") and rule:
        rest["rule"] = rule
    return rest


def verdict_once(apps: Any, schema_editor: Any) -> None:
    Attempt = apps.get_model("lessons", "Attempt")
    changed = []
    for attempt in Attempt.objects.exclude(verdict={}).only("pk", "verdict").iterator(BATCH):
        if isinstance(attempt.verdict, dict) and "code" in attempt.verdict:
            attempt.verdict = _rest(attempt.verdict)
            changed.append(attempt)
        if len(changed) >= BATCH:
            Attempt.objects.bulk_update(changed, ["verdict"])
            changed = []
    Attempt.objects.bulk_update(changed, ["verdict"])


def verdict_twice(apps: Any, schema_editor: Any) -> None:
    """Back to 0004's shape (without the sentence, which from_json never needed)."""
    Attempt = apps.get_model("lessons", "Attempt")
    changed = []
    rows = Attempt.objects.exclude(verdict={}).only("pk", "correct", "code", "rule", "verdict")
    for attempt in rows.iterator(BATCH):
        rest = dict(attempt.verdict)
        rule = rest.pop("rule", None) or attempt.rule or None
        attempt.verdict = {"correct": attempt.correct, "code": attempt.code, "rule": rule, **rest}
        changed.append(attempt)
        if len(changed) >= BATCH:
            Attempt.objects.bulk_update(changed, ["verdict"])
            changed = []
    Attempt.objects.bulk_update(changed, ["verdict"])


#: A newcomer's rating (lessons.glicko.Rating), the start of every learner's history.
START = 1500.0


def rating_changes(apps: Any, schema_editor: Any) -> None:
    """Each point's change from the point before it, as lessons.ratings.change worked it out
    on every page that showed one."""
    RatingHistory = apps.get_model("lessons", "RatingHistory")
    changed = []
    learner, before = None, START
    rows = RatingHistory.objects.order_by("learner_id", "at", "pk").only("pk", "learner", "rating")
    for point in rows.iterator(BATCH):
        if point.learner_id != learner:
            learner, before = point.learner_id, START
        point.change = round(point.rating) - round(before)
        before = point.rating
        changed.append(point)
        if len(changed) >= BATCH:
            RatingHistory.objects.bulk_update(changed, ["change"])
            changed = []
    RatingHistory.objects.bulk_update(changed, ["change"])


class Migration(migrations.Migration):
    dependencies = [("lessons", "0007_step_progress_answered")]

    # The column first: PostgreSQL refuses to alter a table in a transaction that has
    # updated rows with deferred constraints pending.
    operations = [
        migrations.AddField(
            model_name="ratinghistory",
            name="change",
            field=models.IntegerField(default=0),
        ),
        migrations.RunPython(verdict_once, verdict_twice, elidable=True),
        migrations.RunPython(rating_changes, migrations.RunPython.noop, elidable=True),
    ]
