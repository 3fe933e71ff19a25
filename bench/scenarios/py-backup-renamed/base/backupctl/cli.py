import argparse

from .durations import format_duration, parse_duration
from .policy import Retention


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="backupctl")
    sub = p.add_subparsers(dest="command", required=True)
    prune = sub.add_parser("prune", help="delete expired snapshots")
    prune.add_argument("--keep-last", type=int, default=7)
    prune.add_argument("--max-age", type=parse_duration, default="30d")
    every = sub.add_parser("schedule", help="show the schedule")
    every.add_argument("interval", type=parse_duration)
    return p


def run(argv, snapshots, now):
    args = build_parser().parse_args(argv)
    if args.command == "schedule":
        return f"a snapshot every {format_duration(args.interval)}"
    policy = Retention(args.keep_last, args.max_age)
    gone = policy.expired(snapshots, now)
    return f"pruned {len(gone)}: {', '.join(gone)}" if gone else "nothing to prune"
