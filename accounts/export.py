"""The "download my data" file written as it is read: JSON in chunks, never whole in memory.

A learner's games, answers and rating history grow with their use of the site, so the apps
give their long lists as :class:`Rows` (an iterator over the database, a chunk of rows at a
time), and :func:`json_chunks` writes the file around them: the same text as
``json.dumps(data, cls=DjangoJSONEncoder, indent=2, ensure_ascii=False)`` of the whole, in
pieces of about :data:`CHUNK` characters, each costing the encoding of its rows only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

#: About how many characters each piece of the file holds.
CHUNK = 64 * 1024
INDENT = "  "


class Rows:
    """A list in the file whose items are made as the file is written: ``rows`` is read
    once (a queryset's ``iterator()``), each turned into its item by ``item``."""

    def __init__(self, rows: Iterable[Any], item: Callable[[Any], Any] = lambda row: row) -> None:
        self.rows = rows
        self.item = item

    def __iter__(self) -> Iterator[Any]:
        return (self.item(row) for row in self.rows)


def batches(rows: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """``rows`` in lists of ``size`` (the last shorter): a chunk read, then the next."""
    batch: list[Any] = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def encode(value: Any, level: int = 0) -> str:
    """One value as ``json.dumps`` with an indent of two writes it at nesting ``level``."""
    text = json.dumps(value, cls=DjangoJSONEncoder, indent=len(INDENT), ensure_ascii=False)
    # A newline inside a JSON string is escaped, so every newline here is the layout's.
    return text.replace("\n", "\n" + INDENT * level) if level else text


def pieces(value: Any, level: int = 0) -> Iterator[str]:
    """The JSON text of ``value`` in pieces; a mapping or list holding :class:`Rows` is
    opened, every other value encoded whole."""
    if isinstance(value, Rows):
        yield from _items(iter(value), level)
    elif _holds_rows(value):
        if isinstance(value, Mapping):
            yield from _members(value, level)
        else:
            yield from _items(iter(value), level)
    else:
        yield encode(value, level)


def _holds_rows(value: Any) -> bool:
    if isinstance(value, Rows):
        return True
    if isinstance(value, Mapping):
        return any(_holds_rows(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_rows(item) for item in value)
    return False


def _members(value: Mapping[str, Any], level: int) -> Iterator[str]:
    if not value:
        yield "{}"
        return
    inner = "\n" + INDENT * (level + 1)
    separator = "{"
    for key, item in value.items():
        yield f"{separator}{inner}{encode(key)}: "
        yield from pieces(item, level + 1)
        separator = ","
    yield "\n" + INDENT * level + "}"


def _items(values: Iterator[Any], level: int) -> Iterator[str]:
    inner = "\n" + INDENT * (level + 1)
    separator = "["
    for item in values:
        yield separator + inner
        yield from pieces(item, level + 1)
        separator = ","
    yield "[]" if separator == "[" else "\n" + INDENT * level + "]"


def json_chunks(value: Any, size: int = CHUNK) -> Iterator[bytes]:
    """The UTF-8 JSON text of ``value`` in chunks of about ``size`` characters (a row's
    item is never split, so a chunk may be longer by one item)."""
    buffer: list[str] = []
    length = 0
    for piece in pieces(value):
        buffer.append(piece)
        length += len(piece)
        if length >= size:
            yield "".join(buffer).encode()
            buffer, length = [], 0
    if buffer:
        yield "".join(buffer).encode()
