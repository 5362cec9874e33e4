"""The names of the rules (R1-R44), of the named themes and of the rules presets, in the
reader's language. Which rules, topics and presets there are is the engine's to say
(engine.puzzles.RULE_IDS and TOPICS, engine.rules.PRESETS): these tables only name them."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from engine.puzzles import RULE_IDS

RULE_TITLES: dict[str, Promise] = {
    "R1": _("The deck"),
    "R2": _("Card values"),
    "R3": _("Players"),
    "R4": _("The deal"),
    "R5": _("Seating and dealing order"),
    "R6": _("The turn"),
    "R7": _("Drawing"),
    "R8": _("The one-card pile"),
    "R9": _("The discard ends the turn"),
    "R10": _("Melds"),
    "R11": _("Sets"),
    "R12": _("No set of wildcards"),
    "R13": _("Sequences"),
    "R14": _("The ace"),
    "R15": _("Two sets of the same rank"),
    "R16": _("A laid card stays"),
    "R17": _("Attaching"),
    "R18": _("Wildcards"),
    "R19": _("One wildcard per meld"),
    "R20": _("The natural 2"),
    "R21": _("Where a wildcard sits"),
    "R22": _("A free wildcard moves"),
    "R23": _("A bound wildcard"),
    "R24": _("Wildcards never return"),
    "R25": _("A pinella goes home"),
    "R26": _("Burraco"),
    "R27": _("Clean and dirty"),
    "R28": _("Semi-clean"),
    "R29": _("Taking the pozzetto"),
    "R30": _("Closing"),
    "R31": _("No wildcard as the last discard"),
    "R32": _("No closing without a discard"),
    "R33": _("Stock exhausted"),
    "R34": _("The stall"),
    "R35": _("A hand's score"),
    "R36": _("The game"),
    "R37": _("Match points"),
    "R38": _("Victory points"),
    "R39": _("Conduct"),
    "R40": _("Other tables"),
    "R41": _("The international variant"),
    "R42": _("Other federations' burraco bonuses"),
    "R43": _("Burraco Champion"),
    "R44": _("A hand in which nobody took a pozzetto"),
}

#: The rules presets (engine.rules.PRESETS) in words, for every page that names one.
PRESET_LABELS: dict[str, Promise] = {
    "standard": _("Standard"),
    "semi-clean": _("With the semi-clean burraco"),
    "strict": _("Strict wildcards (they never move)"),
    "international": _("International variant"),
    "fe-bur-it": _("Fe.Bur.It. code (super and royal burraco)"),
    "f-it-ab": _("F.It.AB code (super, royal and their dirty forms)"),
    "champion": _("Burraco Champion"),
}

TOPIC_TITLES: dict[str, Promise] = {
    "deck": _("The deck"),
    "turn": _("The turn"),
    "pile": _("The discard pile"),
    "sets": _("Sets"),
    "sequences": _("Sequences"),
    "ace": _("The ace"),
    "wildcards": _("Wildcards"),
    "attaching": _("Attaching"),
    "burraco": _("Burraco"),
    "pozzetto": _("The pozzetto"),
    "closing": _("Closing"),
    "scoring": _("Scoring"),
    "match": _("The match"),
    "partners": _("Partners"),
    "variants": _("Variants"),
    "strategy": _("Strategy"),
}


def theme_title(name: str) -> str:
    """ "R23 · A bound wildcard", or a topic's name; an unknown theme is shown as it is."""
    if name in RULE_TITLES:
        return f"{name} · {RULE_TITLES[name]}"
    return str(TOPIC_TITLES.get(name, name))


def is_rule(name: str) -> bool:
    """Is this theme one of the rules (R1-R44), rather than a named topic?"""
    return name in RULE_IDS


def rule_number(name: str) -> int:
    """Sort key that puts R2 before R10 and topics after the rules."""
    return int(name[1:]) if is_rule(name) else 100
