"""The table a game's spec test keeps in its docstring: one row per validation rule (`XX-Vnn`) and worked
case (`Tnn`) of the game's spec, each naming the test that covers it. Two checks keep it honest: every row
names a test that exists, and the rows are exactly the codes the spec has."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SPECS = Path(__file__).resolve().parents[1].parent / "shared/design/games"
"""The specs sit beside the repository (../shared), which a bare clone may lack."""


@dataclass(frozen=True)
class SpecTable:
    rule_prefix: str
    """"AS-V" or "HC-V"."""
    spec: Path
    here: Path
    """The test package, where `file::test` rows point."""

    def rows(self, doc: str | None) -> list[tuple[str, str]]:
        pattern = re.compile(rf"^({re.escape(self.rule_prefix)}\d+|T\d+)\s+(\S+)$", re.MULTILINE)
        return pattern.findall(doc or "")

    def unnamed(
        self,
        doc: str | None,
        tests: Mapping[str, Any],
        refusal: Callable[..., Any],
        refusal_ids: Iterable[str],
    ) -> list[tuple[str, str]]:
        """Rows whose test does not exist, and refusal cases no row lists (as ("", id))."""
        ids = set(refusal_ids)

        def names_a_test(ref: str) -> bool:
            path, _, name = ref.rpartition("::")
            if path:
                return f"def {name}(" in (self.here / path).read_text(encoding="utf-8")
            name, _, param = name.partition("[")
            if param:
                return name == refusal.__name__ and param.removesuffix("]") in ids
            return name.startswith("test_") and callable(tests.get(name))

        rows = self.rows(doc)
        listed = {ref for _, ref in rows}
        missing = [(code, ref) for code, ref in rows if not names_a_test(ref)]
        return missing + [("", i) for i in sorted(ids) if f"{refusal.__name__}[{i}]" not in listed]

    def spec_codes(self) -> set[str] | None:
        """Every validation rule and worked case the spec names; None when the spec is not here."""
        if not self.spec.is_file():
            return None
        text = self.spec.read_text(encoding="utf-8")
        rules = set(re.findall(rf"\b{re.escape(self.rule_prefix)}\d+\b", text))
        return rules | set(re.findall(r"^\|\s*(T\d+)\s*\|", text, re.MULTILINE))
