"""Jinja2 templates (the printable score sheet, :mod:`monopoly.sheet`)."""
