from .summary import summarize

SLO_P95_MS = 250


def endpoint_report(samples_by_endpoint):
    """One line per endpoint, slowest p95 first, flagging those over the SLO."""
    rows = []
    for endpoint, samples in samples_by_endpoint.items():
        if not samples:
            continue
        s = summarize(samples)
        rows.append((s["p95"], endpoint, s))
    rows.sort(key=lambda r: (-r[0], r[1]))
    lines = []
    for p95, endpoint, s in rows:
        flag = "  OVER SLO" if p95 > SLO_P95_MS else ""
        lines.append(f"{endpoint:<12} n={s['count']:<4} p50={s['p50']:>7} p95={p95:>7} p99={s['p99']:>7}{flag}")
    return "\n".join(lines)


def over_slo(samples_by_endpoint):
    return sorted(e for e, samples in samples_by_endpoint.items() if samples and summarize(samples)["p95"] > SLO_P95_MS)
