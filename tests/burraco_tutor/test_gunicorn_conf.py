"""gunicorn.conf.py's hooks: each worker learns its listening sockets (burraco_tutor.cost.
waiting reads their accept queues) and runs a little below the master, whose thread answers
the load balancer's probes."""

from __future__ import annotations

import multiprocessing
import os
import runpy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from burraco_tutor import cost

HOOKS = runpy.run_path(str(Path(__file__).resolve().parents[2] / "gunicorn.conf.py"))


def test_a_worker_learns_its_listening_sockets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cost, "LISTENERS", [])
    sockets = [object(), object()]
    HOOKS["post_worker_init"](SimpleNamespace(sockets=sockets))
    assert sockets == cost.LISTENERS


def _forked_nice(queue: Any, setting: str | None) -> None:
    if setting is None:
        os.environ.pop("WORKER_NICE", None)
    else:
        os.environ["WORKER_NICE"] = setting
    before = os.nice(0)
    HOOKS["post_fork"](None, None)
    queue.put(os.nice(0) - before)


@pytest.mark.parametrize(("setting", "lowered"), [(None, 5), ("0", 0), ("2", 2)])
def test_a_forked_worker_runs_below_the_master(setting: str | None, lowered: int) -> None:
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_forked_nice, args=(queue, setting))
    child.start()
    child.join(30)
    assert queue.get(timeout=5) == min(lowered, 19 - os.nice(0))
