from dataclasses import dataclass

from .durations import parse_duration


@dataclass
class Retention:
    keep_last: int
    max_age_s: int

    @classmethod
    def from_config(cls, config: dict) -> "Retention":
        return cls(int(config.get("keep_last", 7)), parse_duration(config.get("max_age", "30d")))

    def expired(self, snapshots: list[dict], now: int) -> list[str]:
        """Ids of snapshots to delete: older than max_age, but never the newest keep_last."""
        ordered = sorted(snapshots, key=lambda s: s["time"], reverse=True)
        return [s["id"] for s in ordered[self.keep_last:] if now - s["time"] > self.max_age_s]
