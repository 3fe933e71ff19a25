from .semver import Version, compare, max_satisfying, parse

__all__ = ["Version", "compare", "max_satisfying", "parse"]
