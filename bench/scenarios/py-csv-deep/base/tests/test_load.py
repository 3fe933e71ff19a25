from decimal import Decimal

import pytest

from stockcsv import load_csv
from stockcsv.rows import RowError

CSV = """SKU,Product Name,Quantity,Unit Price,Note
A-1,Hex bolt,100,0.25,
B-2,Washer,2000,"1,000.00",bulk
"""


def test_reads_records():
    records = load_csv(CSV)
    assert records[0] == {"sku": "A-1", "name": "Hex bolt", "qty": 100, "price": Decimal("0.25"), "note": None}
    assert records[1]["price"] == Decimal("1000.00")


def test_headers_in_any_case_and_spacing():
    records = load_csv(" sku ,PRODUCT  NAME,quantity,unit price\nZ,Nut,5,0.1\n")
    assert records == [{"sku": "Z", "name": "Nut", "qty": 5, "price": Decimal("0.1"), "note": None}]


def test_skips_blank_lines():
    assert len(load_csv(CSV + "\n,,,,\n")) == 2


def test_bad_number_names_line_and_column():
    with pytest.raises(RowError, match="line 2, Quantity: cannot read 'many'"):
        load_csv("SKU,Product Name,Quantity,Unit Price\nA,B,many,1\n")


def test_missing_column():
    with pytest.raises(ValueError, match="missing columns: Unit Price"):
        load_csv("SKU,Product Name,Quantity\nA,B,1\n")
