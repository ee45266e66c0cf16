"""Where the test machines keep the older Pythons the packed Botzone bot must run on."""

from __future__ import annotations

from pathlib import Path

PYTHON36 = Path("/root/.pyenv/versions/3.6.15/bin/python3.6")
"""Botzone's newer Python runtime (``/usr/bin/python3.6`` there); tests that need it skip,
naming this path, where it is not installed."""
