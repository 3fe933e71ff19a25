from .rates import JURISDICTIONS, sales_tax

__all__ = ["JURISDICTIONS", "sales_tax"]
