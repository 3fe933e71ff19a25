from taxes import sales_tax


def test_bankers_rounding_in_nh():
    assert sales_tax("NH", 100) == 6
