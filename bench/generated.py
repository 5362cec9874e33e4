"""How long a generated set keeps people waiting: the teacher setting it for a class, and
each student's first opening of it.

    python -m bench.generated [--students 30] [--theme R29] [--count 10] [--rating 1200]

It makes a fresh SQLite database (production settings, DEBUG=0), a teacher and a class of
``--students``, then through Django's test client: the teacher posts the form that sets a
generated set (its trial run included), and each student opens the assignment and then its
first puzzle, as the Start button does. It prints the teacher's time and, for the students,
the median and the slowest of each request and of the two together. It reads only URLs and
the form, so the same script measures any version of the site: copy it into another
worktree's bench/ and run it there (``cd /tmp/old && python -m bench.generated``) to compare.
A benchmark prints figures; no test is timed.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench import inprocess


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--theme", default="R29")
    parser.add_argument("--kind", default="")
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--rating", type=int, default=1200)
    args = parser.parse_args()
    inprocess.start("generated")
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import User
    from django.test import Client

    from accounts.models import Profile
    from classroom.models import Assignment, Classroom, Membership

    users = get_user_model()
    teacher = users.objects.create_user("bench-teacher")
    Profile.objects.update_or_create(user=teacher, defaults={"is_teacher": True})
    classroom = Classroom.objects.create(teacher=teacher, name="Bench class")
    students = []
    for number in range(args.students):
        student = users.objects.create_user(f"bench-student-{number}")
        Profile.objects.get_or_create(user=student)
        Membership.objects.create(classroom=classroom, student=student)
        students.append(student)

    def client_for(user: User) -> Client:
        client = Client()
        client.force_login(user)
        client.get("/")  # the session, the caches: once, as a browser that has logged in
        return client

    teacher_client = client_for(teacher)
    form = {
        "title": "Bench set",
        "due_at": "2031-03-04T20:00",
        "content": "generated",
        "theme": args.theme,
        "puzzle_kind": args.kind,
        "rating": str(args.rating),
        "count": str(args.count),
    }
    began = time.perf_counter()
    response = teacher_client.post(f"/classes/{classroom.pk}/assignments/new/", form)
    setting = time.perf_counter() - began
    assert response.status_code == 302, (response.status_code, response.content[:2000])
    assignment = Assignment.objects.get(classroom=classroom)
    pages, puzzles, both = [], [], []
    for student in students:
        client = client_for(student)
        began = time.perf_counter()
        page = client.get(f"/classes/assignments/{assignment.pk}/")
        opened = time.perf_counter()
        puzzle = client.get(f"/classes/assignments/{assignment.pk}/1/")
        done = time.perf_counter()
        assert page.status_code == 200 and puzzle.status_code == 200
        pages.append(opened - began)
        puzzles.append(done - opened)
        both.append(done - began)

    def figures(times: list[float]) -> str:
        ms = [t * 1000 for t in times]
        return f"median {statistics.median(ms):7.1f} ms, slowest {max(ms):7.1f} ms"

    spec = f"{args.count} puzzles on {args.theme} near {args.rating}"
    print(f"generated set: {spec}, a class of {args.students} ({Path.cwd()})")
    print(f"  the teacher sets it (the form's POST): {setting * 1000:7.1f} ms")
    print(f"  a student opens the assignment:        {figures(pages)}")
    print(f"  then its first puzzle:                 {figures(puzzles)}")
    print(f"  the two together:                      {figures(both)}")


if __name__ == "__main__":
    main()
