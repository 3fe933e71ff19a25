import pytest

from taxes import sales_tax


def test_state_rate():
    assert sales_tax("AL", 10000) == 500


def test_prescriptions_are_never_taxed():
    assert sales_tax("AK", 2599, "prescription") == 0


def test_rounding_up_states():
    assert sales_tax("AZ", 333) == 23


def test_city_adds_local_rate():
    city = "AL/al_city4"
    assert sales_tax(city, 10000) > sales_tax("AL", 10000)


def test_unknown():
    with pytest.raises(ValueError, match="unknown jurisdiction"):
        sales_tax("ZZ", 100)
