from .stats import mean, percentile, stdev


def summarize(samples_ms):
    """Key figures of a list of latencies in milliseconds."""
    return {
        "count": len(samples_ms),
        "mean": round(mean(samples_ms), 1),
        "p50": round(percentile(samples_ms, 50), 1),
        "p95": round(percentile(samples_ms, 95), 1),
        "p99": round(percentile(samples_ms, 99), 1),
        "stdev": round(stdev(samples_ms), 1),
    }
