"""Volume discounts: the more units on a line, the lower the unit price."""

# (minimum quantity, percent off), highest first.
TIERS = [
    (100, 15),
    (50, 10),
    (10, 5),
]


def volume_discount(quantity: int) -> int:
    """Percent off for a line of `quantity` units."""
    for minimum, percent in TIERS:
        if quantity >= minimum:
            return percent
    return 0


def apply_percent(cents: int, percent: int) -> int:
    """Cents after taking `percent` off, rounded half up."""
    return (cents * (100 - percent) + 50) // 100
