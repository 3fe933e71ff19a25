"""Prices per zone and weight band, in cents."""

# Upper weight limit in kilograms of each band.
BANDS = [1, 5, 10, 31.5]

PRICES = {
    1: [499, 699, 999, 1599],
    2: [549, 749, 1049, 1699],
    3: [599, 799, 1099, 1799],
    4: [649, 849, 1149, 1899],
    5: [1299, 1599, 1999, 2999],
    6: [1399, 1699, 2099, 3199],
}


def band_for(weight_kg):
    for i, limit in enumerate(BANDS):
        if weight_kg <= limit:
            return i
    raise ValueError(f"parcel too heavy: {weight_kg} kg (limit {BANDS[-1]} kg)")


def price(zone, weight_kg):
    return PRICES[zone][band_for(weight_kg)]
