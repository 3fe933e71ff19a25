"""Meters per unit. The one place the factors live."""

FACTORS = {
    "mm": 0.001,
    "cm": 0.01,
    "m": 1.0,
    "km": 1000.0,
    "in": 0.0254,
    "ft": 0.3048,
    "yd": 0.9114,
    "mi": 1609.344,
    "nmi": 1852.0,
}

ALIASES = {
    "inch": "in",
    "inches": "in",
    "foot": "ft",
    "feet": "ft",
    "yard": "yd",
    "yards": "yd",
    "mile": "mi",
    "miles": "mi",
}


def canonical(unit):
    unit = unit.strip().lower()
    unit = ALIASES.get(unit, unit)
    if unit not in FACTORS:
        raise ValueError(f"unknown unit {unit!r}; known: {', '.join(sorted(FACTORS))}")
    return unit


def known_units():
    return sorted(FACTORS)
