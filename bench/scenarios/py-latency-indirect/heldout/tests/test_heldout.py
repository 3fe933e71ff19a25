from latency.report import over_slo
from latency.summary import summarize


def test_median_of_even_count():
    assert summarize([10, 20, 30, 40])["p50"] == 25.0


def test_just_under_the_slo():
    assert over_slo({"/a": [100] * 19 + [260]}) == []
