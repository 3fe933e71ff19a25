from .invoice import Invoice, Line
from .discounts import volume_discount

__all__ = ["Invoice", "Line", "volume_discount"]
