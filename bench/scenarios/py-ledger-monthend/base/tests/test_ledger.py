from datetime import date

from ledger import balance, load_entries, month_end, month_start, quarter_of

LINES = ["2024-01-05,1000,salary", "# a comment", "2024-01-20,-250,rent", "2024-02-03,-100,food"]


def test_load_and_balance():
    entries = load_entries(LINES)
    assert len(entries) == 3
    assert balance(entries) == 650
    assert balance(entries, until=date(2024, 1, 31)) == 750


def test_month_bounds():
    assert month_start(date(2024, 2, 17)) == date(2024, 2, 1)
    assert month_end(date(2024, 2, 17)) == date(2024, 2, 29)
    assert month_end(date(2023, 4, 2)) == date(2023, 4, 30)


def test_quarter_of():
    assert quarter_of(date(2024, 11, 1)) == 4
