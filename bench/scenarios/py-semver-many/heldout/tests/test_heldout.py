from versionist import compare, max_satisfying


def test_numeric_prerelease_parts():
    assert compare("1.0.0-alpha.11", "1.0.0-alpha.2") == 1
    assert compare("1.0.0-2", "1.0.0-10") == -1


def test_newest_prerelease():
    assert max_satisfying(["3.0.0-rc.9", "3.0.0-rc.12"], "2.0.0", allow_prerelease=True) == "3.0.0-rc.12"
