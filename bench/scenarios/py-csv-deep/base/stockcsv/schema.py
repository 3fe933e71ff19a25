from dataclasses import dataclass
from decimal import Decimal
from typing import Callable


@dataclass(frozen=True)
class Column:
    name: str
    label: str
    parse: Callable[[str], object]
    required: bool = True


def _decimal(raw: str) -> Decimal:
    return Decimal(raw.replace(",", ""))


SCHEMA = [
    Column("sku", "SKU", str),
    Column("name", "Product Name", str),
    Column("qty", "Quantity", int),
    Column("price", "Unit Price", _decimal),
    Column("note", "Note", str, required=False),
]
