from .rates import price
from .zones import zone_for


def quote(country, postcode, weight_kg, express=False):
    """The shipping price in cents; express costs half again, rounded up to 10 cents."""
    cents = price(zone_for(country, postcode), weight_kg)
    if express:
        cents = -(-cents * 3 // 20) * 10
    return cents
