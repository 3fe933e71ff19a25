"""Small helpers shared by the order desk."""
from __future__ import annotations

from typing import Iterable, Sequence, TypeVar

T = TypeVar("T")


def chunked(items: Sequence[T], size: int) -> list[list[T]]:
    """Splits items into lists of `size` items, in order."""
    if size < 1:
        raise ValueError("size must be at least 1")
    return [list(items[i : i + size]) for i in range(0, len(items) - size + 1, size)]


def unique(items: Iterable[T]) -> list[T]:
    """Items without repeats, first occurrence kept."""
    seen: set = set()
    out: list[T] = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def cents(amount: str) -> int:
    """'12.5' -> 1250."""
    whole, _, frac = amount.strip().partition(".")
    return int(whole or "0") * 100 + int((frac + "00")[:2])
