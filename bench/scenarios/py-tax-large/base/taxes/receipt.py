from .rates import sales_tax


def receipt(jurisdiction, items):
    """Lines of a receipt: (name, cents, category) items, tax per line, and the total."""
    lines = []
    total = 0
    for name, cents, category in items:
        tax = sales_tax(jurisdiction, cents, category)
        lines.append(f"{name:<20}{cents / 100:>9.2f}{tax / 100:>8.2f}")
        total += cents + tax
    lines.append(f"{'TOTAL':<20}{total / 100:>17.2f}")
    return "\n".join(lines)
