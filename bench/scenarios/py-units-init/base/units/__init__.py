"""Length units: conversion between metric and imperial units."""

from .convert import convert, to_meters
from .table import FACTORS, known_units

__all__ = ["FACTORS", "convert", "known_units", "to_meters"]
