from .table import FACTORS, canonical


def to_meters(value, unit):
    return value * FACTORS[canonical(unit)]


def convert(value, from_unit, to_unit):
    return to_meters(value, from_unit) / FACTORS[canonical(to_unit)]
