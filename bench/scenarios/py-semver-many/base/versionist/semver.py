"""Semantic versions (semver.org 2.0): parsing, precedence, and picking the newest."""
import re
from dataclasses import dataclass

_PATTERN = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")


@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    prerelease: tuple = ()

    def __str__(self):
        core = f"{self.major}.{self.minor}.{self.patch}"
        return f"{core}-{'.'.join(self.prerelease)}" if self.prerelease else core


def parse(text):
    m = _PATTERN.match(text.strip())
    if not m:
        raise ValueError(f"not a semantic version: {text!r}")
    pre = tuple(m.group(4).split(".")) if m.group(4) else ()
    return Version(int(m.group(1)), int(m.group(2)), int(m.group(3)), pre)


def _compare_identifiers(a, b):
    # Numeric identifiers compare as numbers and come before alphanumeric ones.
    if a.isdigit() and b.isdigit():
        return (int(a) > int(b)) - (int(a) < int(b))
    if a.isdigit():
        return -1
    if b.isdigit():
        return 1
    return (a > b) - (a < b)


def compare(a, b):
    """-1, 0 or 1 as version a precedes, equals or follows b."""
    va, vb = parse(a) if isinstance(a, str) else a, parse(b) if isinstance(b, str) else b
    core_a, core_b = (va.major, va.minor, va.patch), (vb.major, vb.minor, vb.patch)
    if core_a != core_b:
        return (core_a > core_b) - (core_a < core_b)
    if not va.prerelease or not vb.prerelease:
        return (not va.prerelease) - (not vb.prerelease)
    for x, y in zip(va.prerelease, vb.prerelease):
        c = _compare_identifiers(x, y)
        if c:
            return c
    return (len(va.prerelease) > len(vb.prerelease)) - (len(va.prerelease) < len(vb.prerelease))


def max_satisfying(versions, minimum, allow_prerelease=False):
    """The newest version at or above `minimum`, or None."""
    best = None
    for v in versions:
        if parse(v).prerelease and not allow_prerelease:
            continue
        if compare(v, minimum) >= 0 and (best is None or compare(v, best) > 0):
            best = v
    return best
