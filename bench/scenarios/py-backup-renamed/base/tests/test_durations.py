import pytest

from backupctl.durations import format_duration, parse_duration


@pytest.mark.parametrize("text,seconds", [("45s", 45), ("1h30m", 5400), ("2d", 172800), ("1w 1d", 691200)])
def test_parse(text, seconds):
    assert parse_duration(text) == seconds


def test_rejects_garbage():
    with pytest.raises(ValueError):
        parse_duration("soon")


def test_format():
    assert format_duration(5400) == "1h30m"
