import pytest

from units import convert, known_units, to_meters


def test_metric():
    assert convert(1500, "m", "km") == pytest.approx(1.5)
    assert convert(2, "cm", "mm") == pytest.approx(20)


def test_imperial_to_metric():
    assert to_meters(12, "in") == pytest.approx(0.3048)
    assert convert(1, "mile", "km") == pytest.approx(1.609344)


def test_aliases():
    assert convert(3, "feet", "inches") == pytest.approx(36)


def test_unknown_unit():
    with pytest.raises(ValueError, match="unknown unit"):
        to_meters(1, "cubit")


def test_known_units():
    assert "nmi" in known_units()
