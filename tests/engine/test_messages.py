"""Every error the engine raises has a code, and every code a sentence (engine/messages/):
a code without one reached learners as the bare code (nothing_to_attach did), and 108
errors were English sentences written where they were raised, which an Italian teacher
then read in the editor."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import errors
from engine.cards import Card, Rank, Suit
from engine.messages import MESSAGES, Plural, card_words, render

ENGINE = Path(__file__).resolve().parents[2] / "engine"

#: Every class of error the engine has: BurracoError and its subclasses, in any module.
ERROR_NAMES = {
    "BurracoError",
    "InvalidNotationError",
    "InvalidPositionError",
    "Refusal",
    "InvalidMeldError",
    "IllegalActionError",
    "TooBigError",
    "InvalidPuzzleError",
    "InvalidAnswerError",
    "NotAskedError",
}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _module_dicts(tree: ast.Module) -> dict[str, list[ast.expr]]:
    """The values of each module-level dict literal, by name (``_ARITY = {...}``)."""
    found: dict[str, list[ast.expr]] = {}
    for node in tree.body:
        target = node.targets[0] if isinstance(node, ast.Assign) else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        if isinstance(target, ast.Name) and isinstance(node.value, ast.Dict):  # type: ignore[union-attr]
            found[target.id] = [value for value in node.value.values if value is not None]  # type: ignore[union-attr]
    return found


def _codes(node: ast.expr, dicts: dict[str, list[ast.expr]]) -> list[str] | None:
    """The codes an expression can give: a literal, either side of ``a if c else b``, or any
    value of a module-level dict it indexes. None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _codes(node.body, dicts), _codes(node.orelse, dicts)
        return None if body is None or orelse is None else body + orelse
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        values = dicts.get(node.value.id)
        if values is None:
            return None
        found = [_codes(value, dicts) for value in values]
        return None if any(codes is None for codes in found) else sum(found, [])  # type: ignore[arg-type]
    return None


def engine_files() -> list[Path]:
    """The engine's modules, those of its packages included (the bots and the puzzle
    generator, never walked, raise through their own helpers)."""
    skipped = {"bots", "generate"}
    return sorted(
        path for path in ENGINE.rglob("*.py") if path.relative_to(ENGINE).parts[0] not in skipped
    )


def raise_sites() -> list[tuple[str, int, list[str] | None]]:
    """Every place in engine/ that makes an error: ``XxxError(...)`` called directly (raised
    or returned as a refusal), with the codes its first argument can give."""
    sites = []
    for path in engine_files():
        tree = ast.parse(path.read_text(), str(path))
        dicts = _module_dicts(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in ERROR_NAMES:
                codes = _codes(node.args[0], dicts) if node.args else None
                sites.append((f"{path.relative_to(ENGINE)}:{node.lineno}", node.lineno, codes))
    return sites


SITES = raise_sites()


def test_the_walk_finds_the_engine_s_errors() -> None:
    assert len(SITES) > 150, "the walk still finds the raise sites"


def test_no_error_is_a_bare_value_error_or_exception() -> None:
    bare = []
    for path in engine_files():
        for node in ast.walk(ast.parse(path.read_text())):
            call = node.exc if isinstance(node, ast.Raise) else None
            if isinstance(call, ast.Call) and _name(call.func) in ("ValueError", "Exception"):
                bare.append(f"{path.name}:{node.lineno}")
    assert bare == []


@pytest.mark.parametrize(("where", "line", "codes"), SITES, ids=[site[0] for site in SITES])
def test_every_error_the_engine_makes_passes_a_code_with_a_sentence(
    where: str, line: int, codes: list[str] | None
) -> None:
    assert codes is not None, f"{where}: the first argument is not a code the test can read"
    assert [code for code in codes if code not in MESSAGES] == [], where


def test_re_raised_errors_keep_their_code() -> None:
    """``InvalidAnswerError.of(error)`` is the one way an error changes class: the same code."""
    error = errors.InvalidNotationError("not_a_card", text="1H")
    again = errors.InvalidMeldError.of(error)
    assert (again.code, again.params, str(again)) == (error.code, error.params, str(error))


def test_every_sentence_begins_with_a_capital_and_ends_with_a_stop() -> None:
    templates = [
        text
        for code, template in MESSAGES.items()
        if not code.startswith("place_")  # places are parts of a sentence
        for text in (
            (template.singular, template.plural) if isinstance(template, Plural) else (template,)
        )
    ]
    for text in templates:
        assert text[0].isupper() or text[0] in "{“", text
        assert text.endswith((".", "{reason}")), text


def test_no_sentence_names_its_rule_the_page_shows_it_beside() -> None:
    import re

    named = [code for code, text in MESSAGES.items() if re.search(r"\(R\d+", str(text))]
    assert named == []


def test_nothing_to_attach_reads_as_a_sentence() -> None:
    assert render("nothing_to_attach", {}) == "Choose at least one card to attach to the meld."


def test_an_error_renders_its_sentence_where_it_was_raised_as_a_code() -> None:
    error = errors.InvalidPositionError("empty_hand_to_play", "R32", player=1)
    assert str(error).startswith("The player to move has no cards in the middle of a turn")
    assert "seat" not in str(error)


def test_a_nested_reason_reads_inside_the_sentence() -> None:
    inner = errors.InvalidNotationError("not_a_card", text="1H")
    outer = errors.InvalidNotationError(
        "action_numbered", index=2, number=3, reason=inner.as_param()
    )
    assert str(outer) == (
        "Move 3: “1H” is not a card: write the rank (A, 2–10, J, Q, K) then the suit (H, D,"
        " C, S), or JK for the joker."
    )


@pytest.mark.parametrize(
    ("count", "sentence"),
    [
        (1, "Your side has only 1 meld on the table"),
        (3, "Your side has only 3 melds on the table"),
    ],
)
def test_plurals_follow_the_number(count: int, sentence: str) -> None:
    assert render("no_such_meld", {"index": count, "count": count}).startswith(sentence)


def test_a_verdict_kept_with_the_old_parameters_still_reads() -> None:
    assert render("no_such_meld", {"index": 3, "last": 1}).startswith(
        "Your side has only 2 melds on the table"
    )
    assert render("not_in_hand", {}) == "You do not hold ?."


# --- cards by name -------------------------------------------------------------------------

ENGLISH_RANKS = {
    Rank.ACE: "the ace",
    Rank.JACK: "the jack",
    Rank.QUEEN: "the queen",
    Rank.KING: "the king",
}
ENGLISH_SUITS = {Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
ENGLISH_SUITS[Suit.SPADES] = "spades"


@pytest.mark.parametrize("rank", list(Rank))
@pytest.mark.parametrize("suit", list(Suit))
def test_every_card_has_an_english_name_with_its_article(rank: Rank, suit: Suit) -> None:
    words = card_words(Card(rank, suit))
    article_rank = ENGLISH_RANKS.get(rank, f"the {rank.symbol}")
    assert words == f"{article_rank} of {ENGLISH_SUITS[suit]}"
    assert words.bare == words.removeprefix("the ")


def test_the_joker_is_named() -> None:
    assert (card_words("JK"), card_words("JK").bare) == ("the joker", "joker")


def test_an_english_sentence_names_the_card_with_its_article() -> None:
    assert render("close_wild", {"card": "JK"}).startswith(
        "You cannot close by discarding the joker:"
    )
    assert render("rank_mismatch", {"card": "8C", "rank": "9"}).startswith(
        "The 8 of clubs does not belong"
    )
