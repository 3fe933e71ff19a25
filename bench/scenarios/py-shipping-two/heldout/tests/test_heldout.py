from shipping import quote
from shipping.rates import price


def test_geneva_two_digit_prefix():
    assert quote("CH", "1204", 0.5) == 1299 + 100


def test_grams_at_a_band_edge():
    assert price(2, weight_g=1000) == 549
