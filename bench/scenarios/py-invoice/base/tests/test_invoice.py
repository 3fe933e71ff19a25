import pytest

from invoicer import Invoice, volume_discount


@pytest.mark.parametrize("quantity,percent", [(1, 0), (9, 0), (10, 5), (49, 5), (50, 10), (100, 15), (500, 15)])
def test_volume_discount_tiers(quantity, percent):
    assert volume_discount(quantity) == percent


def test_line_total_with_discount():
    inv = Invoice("acme").add("bolts", 20, 50)
    assert inv.subtotal == 900


def test_tax_rounds_half_up():
    inv = Invoice("acme", tax_percent=19).add("widget", 250)
    assert inv.tax == 48
    assert inv.total == 298


def test_render():
    inv = Invoice("acme").add("nuts", 10, 10).add("manual", 1500)
    assert inv.render() == "Invoice for acme\n10 x nuts (-5%): 0.95\n1 x manual: 15.00\nTotal: 15.95"


def test_rejects_zero_quantity():
    with pytest.raises(ValueError):
        Invoice("acme").add("x", 1, 0)
