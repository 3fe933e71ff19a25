import csv
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Entry:
    day: date
    cents: int
    memo: str = ""


def load_entries(lines):
    """Entries from CSV lines `YYYY-MM-DD,cents,memo`."""
    out = []
    for row in csv.reader(lines):
        if not row or row[0].startswith("#"):
            continue
        day, cents, *rest = row
        out.append(Entry(date.fromisoformat(day.strip()), int(cents), rest[0].strip() if rest else ""))
    return out


def balance(entries, until=None):
    return sum(e.cents for e in entries if until is None or e.day <= until)
