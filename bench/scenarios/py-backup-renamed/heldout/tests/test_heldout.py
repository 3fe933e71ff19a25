from backupctl.cli import run
from backupctl.policy import Retention


def test_schedule_in_plain_seconds():
    assert run(["schedule", "3600"], [], 0) == "a snapshot every 1h"


def test_policy_from_config():
    assert Retention.from_config({"max_age": "1w"}).max_age_s == 604800
