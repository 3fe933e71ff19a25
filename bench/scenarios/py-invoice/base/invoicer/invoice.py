from dataclasses import dataclass, field

from .discounts import apply_percent, volume_discount


@dataclass
class Line:
    description: str
    unit_cents: int
    quantity: int = 1

    @property
    def discount(self) -> int:
        return volume_discount(self.quantity)

    @property
    def total(self) -> int:
        return apply_percent(self.unit_cents * self.quantity, self.discount)


@dataclass
class Invoice:
    customer: str
    lines: list[Line] = field(default_factory=list)
    tax_percent: int = 0

    def add(self, description: str, unit_cents: int, quantity: int = 1) -> "Invoice":
        if quantity <= 0:
            raise ValueError(f"quantity must be positive, got {quantity}")
        self.lines.append(Line(description, unit_cents, quantity))
        return self

    @property
    def subtotal(self) -> int:
        return sum(line.total for line in self.lines)

    @property
    def tax(self) -> int:
        return (self.subtotal * self.tax_percent + 50) // 100

    @property
    def total(self) -> int:
        return self.subtotal + self.tax

    def render(self) -> str:
        rows = [f"Invoice for {self.customer}"]
        for line in self.lines:
            off = f" (-{line.discount}%)" if line.discount else ""
            rows.append(f"{line.quantity} x {line.description}{off}: {line.total / 100:.2f}")
        rows.append(f"Total: {self.total / 100:.2f}")
        return "\n".join(rows)
