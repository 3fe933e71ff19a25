import pytest

from orderdesk.util import cents, chunked, unique


def test_chunked_even():
    assert chunked([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]


def test_chunked_rejects_zero():
    with pytest.raises(ValueError):
        chunked([1], 0)


def test_unique_keeps_first():
    assert unique(["b", "a", "b", "c", "a"]) == ["b", "a", "c"]


def test_cents():
    assert cents("12.5") == 1250
    assert cents("0.07") == 7
