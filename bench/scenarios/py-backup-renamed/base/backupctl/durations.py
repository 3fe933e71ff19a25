"""Durations like "1h30m", "2d", "45s" as seconds."""
import re

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_PART = re.compile(r"(\d+)([smhdw])")


def parse_duration(text: str) -> int:
    compact = text.replace(" ", "").lower()
    if not compact or _PART.sub("", compact):
        raise ValueError(f"not a duration: {text!r}")
    return sum(int(n) * _UNITS[u] for n, u in _PART.findall(compact))


def format_duration(seconds: int) -> str:
    if seconds == 0:
        return "0s"
    out = []
    for unit in ("w", "d", "h", "m", "s"):
        n, seconds = divmod(seconds, _UNITS[unit])
        if n:
            out.append(f"{n}{unit}")
    return "".join(out)
