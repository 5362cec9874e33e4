"""What the classroom keeps about a person, for their "download my data" file
(accounts.signals.data_requested, connected in ClassroomConfig.ready)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from classroom.models import Extension


def account_sections(request: HttpRequest, user: Any, **kwargs: Any) -> dict[str, Any]:
    """The classes joined and taught, the later due dates a teacher gave this student, and
    the teacher's library, beside the account's fields."""
    return {
        "profile": {
            "classes_joined": [
                {"class": m.classroom.name, "joined": m.joined_at}
                for m in user.memberships.select_related("classroom")
            ],
            "extensions": [
                {
                    "class": extension.assignment.classroom.name,
                    "assignment": extension.assignment.title,
                    "due": extension.due_at,
                }
                for extension in Extension.objects.filter(student=user)
                .select_related("assignment__classroom")
                .order_by("due_at", "pk")
            ],
            "classes_taught": [
                {
                    "class": c.name,
                    "code": c.code,
                    "rules": c.rules,
                    "created": c.created_at,
                    "archived": c.archived_at,
                    "students": c.memberships.count(),
                    "assignments": [
                        {
                            "title": a.title,
                            "content": a.content,
                            "lesson": a.lesson.slug if a.lesson else None,
                            "puzzles": [
                                item.puzzle.slug for item in a.items.all() if not item.student_id
                            ],
                            "set": a.set_at,
                            "due": a.due_at,
                        }
                        for a in c.assignments.all()
                    ],
                }
                for c in user.classes_taught.prefetch_related(
                    "assignments__lesson", "assignments__items__puzzle"
                )
            ],
            "library": [library_entry(entry) for entry in user.library.select_related("puzzle")],
        }
    }


def library_entry(entry: Any) -> dict[str, Any]:
    """A puzzle the teacher made in the editor: the position and the question as stored."""
    puzzle = entry.puzzle
    return {
        "title": entry.title,
        "created": entry.created_at,
        "puzzle": puzzle.slug,
        "kind": puzzle.kind,
        "rules": puzzle.rules,
        "position": puzzle.position,
        "question": puzzle.params,
        "prompt": {"it": puzzle.prompt_it, "en": puzzle.prompt_en},
        "hint": {"it": puzzle.hint_it, "en": puzzle.hint_en},
    }
