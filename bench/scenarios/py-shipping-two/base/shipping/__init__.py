from .quote import quote

__all__ = ["quote"]
