"""Moving content packs in and out of the app: import from a file or an https address, export to a file.

Every game that keeps user-entered data as packs (a map, a board, a rival deck) shows the same three
buttons; what is imported is checked by the pack's kind and a bad one is refused with its reason.
"""

from __future__ import annotations

import flet as ft

from trackers.core.packs import Pack, dumps
from views.model import AppModel, Notice
from views.widgets import Entry, action_button, choice_row


@ft.component
def PackTransfer(
    model: AppModel, kind: str, *, prefix: str, noun: str, export_saved: bool = True
) -> ft.Control:
    """Buttons keyed `import-<prefix>`, `fetch-<prefix>` (with the field `<prefix>-url`) and, for saved
    packs, `export-<prefix>-<name>`."""
    url = Entry()
    saved = model.packs(kind) if export_saved else []

    async def import_file() -> None:
        try:
            files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True)
        except Exception as exc:  # the platform's file dialog can fail in many ways; say so
            model.show_notice(Notice(f"Could not open the file: {exc}", kind="error"))
            return
        if files and files[0].bytes is not None:
            model.import_pack(files[0].bytes, kind)

    async def export(name: str) -> None:
        await save_pack_file(next(p for p in saved if p.name == name))

    controls: list[ft.Control] = [
        ft.Row(
            [
                action_button(
                    f"Import a {noun} file", import_file, key=f"import-{prefix}", icon=ft.Icons.UPLOAD_FILE
                ),
                url.field(f"https:// address of a {noun}", key=f"{prefix}-url", width=240),
                action_button("Fetch", lambda: model.fetch_pack(url.value, kind), key=f"fetch-{prefix}"),
            ],
            wrap=True,
        )
    ]
    if saved:
        controls.append(
            choice_row(
                f"Export a saved {noun} to a file:",
                [(p.name, p.name) for p in saved],
                None,
                export,
                key=f"export-{prefix}",
            )
        )
    return ft.Column(controls, spacing=6)


async def save_pack_file(pack: Pack) -> None:
    """Offer the pack as a JSON file named after it, the form `import` reads back."""
    stem = "".join(c if c.isalnum() else "-" for c in pack.name.lower()).strip("-") or "pack"
    await ft.FilePicker().save_file(file_name=f"{stem}.json", src_bytes=dumps(pack).encode())
