from invoicer import Invoice


def test_exactly_at_a_tier():
    inv = Invoice("zed").add("pins", 100, 10)
    assert inv.lines[0].discount == 5
    assert inv.total == 950


def test_biggest_tier():
    assert Invoice("zed").add("pins", 1, 1000).total == 800
