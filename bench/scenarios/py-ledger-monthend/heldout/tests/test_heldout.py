from datetime import date

from ledger import month_end


def test_held_out_december():
    assert month_end(date(2024, 12, 1)) == date(2024, 12, 31)
    assert month_end(date(1999, 12, 31)) == date(1999, 12, 31)
