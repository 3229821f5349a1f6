"""Placeholder while this part is written."""

from __future__ import annotations

from collections.abc import Mapping

from trackers.ashes.flow import Rule
from trackers.core.actions import Action

RULES: Mapping[type[Action], Rule] = {}
