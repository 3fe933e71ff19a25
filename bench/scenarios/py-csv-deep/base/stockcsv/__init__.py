from .loader import load_csv

__all__ = ["load_csv"]
