"""Calendar periods. Dates are datetime.date; a period includes both its ends."""

from datetime import date, timedelta


def month_start(d):
    return d.replace(day=1)


def month_end(d):
    first_of_next = date(d.year, d.month + 1, 1)
    return first_of_next - timedelta(days=1)


def quarter_of(d):
    return (d.month - 1) // 3 + 1


def quarter_start(d):
    return date(d.year, 3 * (quarter_of(d) - 1) + 1, 1)


def days_in(start, end):
    if end < start:
        raise ValueError(f"period ends ({end}) before it starts ({start})")
    return (end - start).days + 1
