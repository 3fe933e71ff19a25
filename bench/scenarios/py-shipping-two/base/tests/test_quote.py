import pytest

from shipping import quote
from shipping.zones import zone_for


def test_light_parcel_in_berlin():
    assert quote("DE", "10115", 0.8) == 499


def test_band_edges():
    assert quote("DE", "80331", 5) == 849
    assert quote("DE", "80331", 5.01) == 1149


def test_austria():
    assert quote("at", "6020", 12) == 3199


def test_express_rounds_up():
    assert quote("DE", "20095", 2, express=True) == 1130


def test_unknown_country():
    with pytest.raises(ValueError, match="we do not ship to FR"):
        zone_for("FR", "75001")


def test_too_heavy():
    with pytest.raises(ValueError, match="too heavy"):
        quote("DE", "10115", 40)
