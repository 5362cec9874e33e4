"""Every refusal the engine raises has a sentence (engine/messages.py): a code without one
reached learners as the bare code (nothing_to_attach did)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.messages import MESSAGES, render

ENGINE = Path(__file__).resolve().parents[2] / "engine"
RAISED = re.compile(r'(?:Refusal|InvalidMeldError|IllegalActionError|TooBigError)\(\s*"([a-z_]+)"')


def test_every_refusal_code_the_engine_raises_has_a_sentence() -> None:
    codes = {code for path in ENGINE.glob("*.py") for code in RAISED.findall(path.read_text())}
    assert len(codes) > 30, "the pattern still finds the engine's refusals"
    assert sorted(codes - set(MESSAGES)) == []


def test_nothing_to_attach_reads_as_a_sentence() -> None:
    assert render("nothing_to_attach", {}) == (
        "choose at least one card to attach to the meld (R17)"
    )
