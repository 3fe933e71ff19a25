from decimal import Decimal

from stockcsv import load_csv


def test_short_row_with_blank_quantity_names_the_column():
    import pytest
    from stockcsv.rows import RowError

    with pytest.raises(RowError, match="line 2, Unit Price"):
        load_csv("SKU,Product Name,Quantity,Unit Price,Note\nK,Key,1\n")


def test_byte_order_mark():
    assert load_csv("\ufeffSKU,Product Name,Quantity,Unit Price\nK,Key,2,1\n")[0]["qty"] == 2
