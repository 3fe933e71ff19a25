import pytest

from units import convert


def test_held_out_yards():
    assert convert(1, "yd", "ft") == pytest.approx(3.0)
    assert convert(1760, "yd", "mi") == pytest.approx(1.0)
