from orderdesk.export import export_orders
from orderdesk.util import chunked


def test_heldout_last_partial_chunk_kept():
    assert chunked([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]
    assert chunked([1], 5) == [[1]]
    assert chunked([], 3) == []


def test_heldout_two_orders_one_request():
    sent = []
    assert export_orders(["x", "y", "x"], sent.append) == 1
    assert sent == [{"orders": ["x", "y"]}]
