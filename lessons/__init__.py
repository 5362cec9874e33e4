"""The learning app: lessons and their steps, puzzles, attempts and learner progress.

It asks ``engine`` every question about the rules; the project's settings live in
``burraco_tutor``.
"""
