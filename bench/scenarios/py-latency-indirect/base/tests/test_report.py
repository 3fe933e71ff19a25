from latency.report import endpoint_report, over_slo

SAMPLES = {
    "/search": [120, 80, 95, 300, 110, 105, 90, 98, 101, 400],
    "/login": [40, 42, 39, 41, 45],
    "/export": [900],
}


def test_report_orders_by_p95_and_flags():
    assert endpoint_report(SAMPLES).splitlines() == [
        "/export      n=1    p50=  900.0 p95=  900.0 p99=  900.0  OVER SLO",
        "/search      n=10   p50=  103.0 p95=  355.0 p99=  391.0  OVER SLO",
        "/login       n=5    p50=   41.0 p95=   44.4 p99=   44.9",
    ]


def test_over_slo():
    assert over_slo(SAMPLES) == ["/export", "/search"]


def test_empty_endpoints_are_skipped():
    assert endpoint_report({"/idle": []}) == ""
