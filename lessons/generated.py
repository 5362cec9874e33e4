"""Generated puzzles on the site: what engine.generate makes, as Puzzle rows.

The engine gives a prompt as a code and parameters; here the code becomes a sentence in
Italian and in English, with cards written as notation tokens (``[10H]``) that the site
draws as cards. A row's slug is ``gen-`` and the puzzle's key, so saving the same puzzle
twice finds the row already there. :func:`next_generated` makes a fresh puzzle for
``/puzzles/next/`` when a learner has solved everything on a theme.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override

from engine.generate import GENERATOR, KINDS, Generated, generate, recipe_kinds
from engine.rules import PRESETS
from lessons.models import LANGUAGES, Puzzle, Theme

#: A generated puzzle's first rating deviation: a heuristic's guess is less sure than an
#: author's (curated puzzles start at 200).
RATING_DEVIATION = 250.0
#: How many candidates next_generated weighs against the learner's rating.
CANDIDATES = 4

PROMPTS: dict[str, Promise] = {
    "attach_focus": _(
        "Can you attach the card {card} to one of your melds? If so, do it; if not, say so."
    ),
    "lay_any": _(
        "Can you lay down a new meld from your hand? Choose its cards, or say that it cannot"
        " be done."
    ),
    "lay_any_focus": _(
        "Can you lay down a new meld that includes the card {card}? Choose its cards, or say"
        " that it cannot be done."
    ),
    "lay_best": _(
        "Which new meld from your hand is worth the most points? Choose its cards, or say"
        " that no meld can be laid."
    ),
    "lay_burraco": _(
        "Can you lay down a burraco, a meld of seven cards or more, straight from your hand?"
        " Choose its cards, or say that it cannot be done."
    ),
    "wildcard_after": _(
        "You attach {cards} to your meld no. {meld}. Is that allowed? If it is, which card"
        " does the wildcard stand for afterwards, or is no wildcard left because the pinella"
        " has become a natural 2?"
    ),
    "classify": _(
        "Look at your meld no. {meld}: is it a clean, dirty or semi-clean burraco, or no"
        " burraco at all?"
    ),
    "score_hand": _("{closing} How many points do you score for this hand?"),
    "score_total": _(
        "{closing} Before this hand your total was {ours} and your opponent's {theirs}. What"
        " is your total after it?"
    ),
    "score_match_points": _(
        "{closing} Before this hand your total was {ours} and your opponent's {theirs}. If the"
        " game ends with this hand, how many match points do you have (your total minus"
        " theirs)?"
    ),
    "score_victory_points": _(
        "{closing} Before this hand your total was {ours} and your opponent's {theirs}. The"
        " match ends with this hand: how many victory points out of 20 do you get, by the"
        " table for {hands} hands?"
    ),
    "score_winner": _(
        "{closing} Before this hand your total was {ours} and your opponent's {theirs}; the"
        " game is played to {target}. Who has won after this hand: you, your opponent, or"
        " nobody yet?"
    ),
    "close_turn": _(
        "It is your turn and you have drawn. Can you close the hand this turn? If so, play"
        " the whole turn; if not, say so."
    ),
    "pile_pozzetto_al_volo": _(
        "It is your turn to draw. Can you take your pozzetto al volo this turn, emptying your"
        " hand without a discard? If so, play the turn up to that moment; if not, say so."
    ),
    "pile_pozzetto_con_lo_scarto": _(
        "It is your turn to draw. Can you take your pozzetto con lo scarto this turn,"
        " emptying your hand with your discard? If so, play the whole turn; if not, say so."
    ),
    "pile_stock_exhausted": _(
        "It is your turn to draw and the stock is almost gone. Can you make the hand end this"
        " turn because the stock runs out? If so, play the whole turn; if not, say so."
    ),
    "pile_turn_ends": _(
        "It is your turn to draw. Play a whole legal turn, ending with your discard, or say"
        " that there is none."
    ),
}

#: How the hand ended, the first sentence of a score prompt. A generated score puzzle is of two
#: players (engine.generate.score): one opponent, "your opponent" (issue 27).
CLOSINGS: dict[str, Promise] = {
    "us": _("You closed the hand."),
    "them": _("Your opponent closed the hand."),
    "nobody": _("The hand ended when the stock ran out: nobody closed."),
}

#: A hint for the rule a puzzle is most about: where to look, never the answer.
HINTS: dict[str, Promise] = {
    "R2": _("Joker 30, pinella 20, ace 15, eight to king 10, three to seven 5."),
    "R7": _("Taking the pile means taking every card in it."),
    "R8": _("A single card taken from the pile may not be thrown straight back."),
    "R11": _("A set is cards of one rank, in any suits, with at most one wildcard."),
    "R12": _("Wildcards alone never make a meld: a meld needs natural cards."),
    "R13": _("A sequence stays in one suit with no gaps, unless a wildcard fills one."),
    "R14": _("The ace goes below the 2 or above the king, never both, and never round the corner."),
    "R15": _("Your side already has a set of that rank on the table."),
    "R17": _("An attachment must leave a valid meld."),
    "R18": _("Jokers and 2s can stand for any card of a meld."),
    "R19": _("Count the wildcards: a meld holds at most one."),
    "R20": _("A 2 of the sequence's suit between the ace and the 3 is a natural card."),
    "R21": _(
        "A wildcard added at the end of a run sits at the low end, unless the run starts"
        " with the ace."
    ),
    "R22": _("A wildcard at the end of a sequence may move to make room for a card."),
    "R23": _(
        "A wildcard between two cards stands for one exact card, and only that card moves it."
    ),
    "R24": _("A wildcard that is replaced stays in its meld and moves to one end."),
    "R25": _(
        "A pinella of the sequence's suit goes back to its own place next to the 3 when it can."
    ),
    "R26": _("A burraco is a meld of at least seven cards."),
    "R27": _("A burraco with no wildcard in it is clean; with one, it is dirty."),
    "R28": _(
        "Semi-clean needs seven natural cards in an unbroken run on one side of the"
        " wildcard, and only some rules admit it."
    ),
    "R29": _(
        "The first time your hand empties you take your pozzetto: al volo without a"
        " discard, con lo scarto with it."
    ),
    "R30": _("To close you need your pozzetto taken, a burraco on the table and a final discard."),
    "R31": _("The discard that closes may not be a joker or a pinella."),
    "R32": _("Always keep a card to discard."),
    "R33": _("When the third-to-last card of the stock is drawn, the hand ends with that turn."),
    "R34": _("After a run of one-card piles, the player who began it must draw from the stock."),
    "R35": _(
        "Add the cards on the table, the burraco bonuses and the closing; take away the"
        " cards in hand, and 100 if the pozzetto was never taken."
    ),
    "R36": _("Add this hand's score to the running total."),
    "R37": _("Match points are the difference between the two totals."),
    "R38": _("Find the difference between the totals in the victory-point table."),
}


def card_tokens(cards: str | Iterable[str]) -> str:
    """Cards as notation tokens the site draws: ``[7C] [10C]``."""
    if isinstance(cards, str):
        cards = [cards]
    return " ".join(f"[{card}]" for card in cards)


def _words(generated: Generated) -> dict[str, Any]:
    """The prompt's parameters as the sentence shows them (in the active language)."""
    params: dict[str, Any] = dict(generated.prompt_params)
    for name in ("card", "cards"):
        if name in params:
            params[name] = card_tokens(params[name])
    if "closing" in params:
        params["closing"] = str(CLOSINGS[params["closing"]])
    totals = generated.fields["position"].get("totals")
    if totals is not None:
        params["ours"], params["theirs"] = totals
    params["target"] = PRESETS[generated.fields["rules"]].target
    return params


def prompt_text(generated: Generated, language: str) -> str:
    """The puzzle's question in a language (``it`` or ``en``)."""
    with override(language):
        return str(PROMPTS[generated.prompt]).format(**_words(generated))


#: Hints whose words change with the rules the puzzle is played under: (rule, option of
#: engine.rules.Rules, its value) → the hint there, instead of HINTS' (R22, R41).
HINTS_UNDER: dict[tuple[str, str, Any], Promise] = {
    ("R22", "wild_moves", False): _(
        "Under these rules a wildcard stays where it was laid: it never moves to make room."
    ),
    ("R11", "variant", "international"): _(
        "Under the international rules a set is of aces or of threes only, with at most one"
        " wildcard."
    ),
    ("R30", "variant", "international"): _(
        "To close you need your pozzetto taken, a clean burraco on the table and a final discard."
    ),
}


def hint_text(generated: Generated, language: str) -> str:
    """A hint for the rule the puzzle is most about, true under the puzzle's rules, or ""
    when there is none."""
    rules = PRESETS[generated.fields["rules"]]
    hint = next(
        (
            text
            for (rule, option, value), text in HINTS_UNDER.items()
            if rule == generated.rule and getattr(rules, option) == value
        ),
        HINTS.get(generated.rule),
    )
    if hint is None:
        return ""
    with override(language):
        return str(hint)


def slug_for(generated: Generated) -> str:
    return f"gen-{generated.key}"


def _row(generated: Generated) -> Puzzle:
    texts = {
        f"{part}_{language}": render(generated, language)
        for language in LANGUAGES
        for part, render in (("prompt", prompt_text), ("hint", hint_text))
    }
    return Puzzle(
        slug=slug_for(generated),
        **Puzzle.columns(generated.fields),
        rating=float(generated.difficulty),
        rating_deviation=RATING_DEVIATION,
        source=Puzzle.Source.GENERATED,
        generator=GENERATOR,
        seed=generated.seed,
        **texts,
    )


def save_many(generated: Iterable[Generated]) -> tuple[list[Puzzle], int]:
    """Save generated puzzles as rows; those already saved (same key) are left as they are.

    Returns every puzzle's row, in order, and how many rows are new.
    """
    generated = list(generated)
    slugs = [slug_for(g) for g in generated]
    with transaction.atomic():
        existing = {p.slug: p for p in Puzzle.objects.filter(slug__in=slugs)}
        fresh = {slug: g for slug, g in zip(slugs, generated, strict=True) if slug not in existing}
        created = Puzzle.objects.bulk_create([_row(g) for g in fresh.values()])
        rows = {p.slug: p for p in Puzzle.objects.filter(slug__in=list(fresh))}
        themes = Theme.named(name for g in fresh.values() for name in g.themes)
        links = [
            Puzzle.themes.through(puzzle_id=rows[slug].pk, theme_id=themes[name].pk)
            for slug, g in fresh.items()
            for name in g.themes
        ]
        Puzzle.themes.through.objects.bulk_create(links)
    everything = existing | rows
    return [everything[slug] for slug in slugs], len(created)


def save_generated(generated: Generated) -> tuple[Puzzle, bool]:
    """The row for a generated puzzle, and whether it is new: saving the same puzzle again
    returns the row already there."""
    try:
        rows, new = save_many([generated])
    except IntegrityError:
        # Another request saved the same puzzle in the meantime.
        return Puzzle.objects.get(slug=slug_for(generated)), False
    return rows[0], bool(new)


def _steerable(theme: str | None) -> list[str | None]:
    """The themes (of a comma-separated list) a puzzle can be generated for."""
    names = [name for name in (theme or "").split(",") if name]
    usable: list[str | None] = [name for name in names if recipe_kinds(name)]
    return usable or [None]


def next_generated(
    theme: str | None,
    rating: float,
    rng: random.Random,
    kind: str | None = None,
    allows: Callable[[Generated], bool] | None = None,
) -> Puzzle:
    """A freshly generated puzzle on the theme (a rule id, a topic, or several
    comma-separated), of the kind if given and the generator makes it, near the learner's
    rating, saved and returned.

    A theme no generated position can show (R1, the deck) falls back to any theme, so a
    learner never runs out. Quick: a few candidates, most of them kinds that build fast.
    ``allows`` keeps only the candidates it accepts (a lesson's practice: what it has taught),
    unless none is.
    """
    themes = _steerable(theme)
    candidates: list[Generated] = []
    for _attempt in range(CANDIDATES * 3):
        if len(candidates) >= CANDIDATES:
            break
        chosen = rng.choice(themes)
        kinds = recipe_kinds(chosen) if chosen is not None else KINDS
        if kind in KINDS:
            kinds = (kind,) if kind in kinds or chosen is None else ()
        if not kinds:
            continue
        made = generate(rng.choice(kinds), rng, chosen, attempts=60)
        if made is not None and (allows is None or allows(made)):
            candidates.append(made)
    if not candidates:
        made = (generate(kind, rng) if kind in KINDS else None) or generate("attach", rng)
        if made is None:
            raise RuntimeError("the generator made no attach puzzle in a row of seeds")
        candidates.append(made)
    taken = set(
        Puzzle.objects.filter(slug__in=[slug_for(g) for g in candidates]).values_list(
            "slug", flat=True
        )
    )
    unseen = [g for g in candidates if slug_for(g) not in taken] or candidates
    best = min(unseen, key=lambda g: abs(g.difficulty - rating))
    return save_generated(best)[0]
