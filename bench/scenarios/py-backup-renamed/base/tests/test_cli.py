from backupctl.cli import run

DAY = 86400
SNAPSHOTS = [{"id": f"s{i}", "time": i * DAY} for i in range(10)]


def test_schedule():
    assert run(["schedule", "90m"], [], 0) == "a snapshot every 1h30m"


def test_prune_keeps_the_newest():
    assert run(["prune", "--keep-last", "3", "--max-age", "5d"], SNAPSHOTS, 10 * DAY) == "pruned 5: s4, s3, s2, s1, s0"


def test_nothing_to_prune():
    assert run(["prune"], SNAPSHOTS, 10 * DAY) == "nothing to prune"
