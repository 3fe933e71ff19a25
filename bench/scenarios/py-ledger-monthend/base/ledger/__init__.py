"""A small double-entry-free ledger: dated amounts in cents, grouped by period."""

from .entries import Entry, balance, load_entries
from .periods import month_end, month_start, quarter_of

__all__ = ["Entry", "balance", "load_entries", "month_end", "month_start", "quarter_of"]
