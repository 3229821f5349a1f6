"""The one error the reference raises for broken content."""

from __future__ import annotations


class ContentError(ValueError):
    """Reference content is broken; the message names the file and line to fix."""
