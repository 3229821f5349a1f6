"""Home: the games in progress (resume, export, delete), the finished games (their results), the way into a
new game and into the play history (views/plays.py)."""

from __future__ import annotations

import time

import flet as ft

from trackers.services.storage import GameInfo
from views.model import HOST_DELETES, AppModel, Notice
from views.widgets import action_button, card, heading, icon_action, keyed, tagged


def _when(stamp: float) -> str:
    return time.strftime("%d %b %Y, %H:%M", time.localtime(stamp))


async def save_file(model: AppModel, file_name: str, text: str) -> None:
    """Offer `text` as a file to save (a download in a browser); a failure is shown, not raised."""
    try:
        await ft.FilePicker().save_file(file_name=file_name, src_bytes=text.encode())
    except Exception as exc:  # the platform's file dialog can fail in many ways; say so
        model.show_notice(Notice(f"Could not save the file: {exc}", kind="error"))


@ft.component
def GameRow(model: AppModel, info: GameInfo) -> ft.Control:
    summary = info.summary
    round_no = summary.get("round")
    round_label = str(summary.get("round_label") or "round").lower()
    phase = str(summary.get("phase") or "in progress")
    status = "finished" if info.finished else (f"{round_label} {round_no}" if round_no is not None else phase)

    async def export() -> None:
        text = model.export_game(info.id)
        if text is not None:
            await save_file(model, f"lantern-{info.game}-{info.id}.json", text)

    open_it = (
        action_button("Results", lambda: model.open_game(info.id), key=f"see-results-{info.id}", primary=True)
        if info.finished
        else action_button("Resume", lambda: model.open_game(info.id), key=f"resume-{info.id}", primary=True)
    )
    return card(
        tagged(f"game-{info.id}", ft.Text(info.title, weight=ft.FontWeight.BOLD, size=18)),
        ft.Text(", ".join(info.players)),
        ft.Text(f"{status} · last played {_when(info.updated)}", size=12),
        ft.Row(
            [
                open_it,
                icon_action(ft.Icons.DOWNLOAD, "Export game file", export, key=f"export-{info.id}"),
                icon_action(
                    ft.Icons.DELETE_OUTLINE,
                    HOST_DELETES if model.visitor else "Delete game",
                    lambda: model.ask_delete(info.id),
                    key=f"delete-{info.id}",
                    disabled=model.visitor,
                ),
            ],
            wrap=True,
        ),
        key=f"row-{info.id}",
    )


@ft.component
def DeleteConfirm(model: AppModel, game_id: str) -> ft.Control:
    return card(
        ft.Text("Delete this game? Its whole history goes with it; this cannot be undone."),
        ft.Row(
            [
                action_button(
                    "Delete", lambda: model.delete_game(game_id), key="confirm-delete", primary=True
                ),
                action_button("Keep it", lambda: model.ask_delete(None), key="cancel-delete"),
            ],
            wrap=True,  # never clipped off a narrow screen: a clipped button leaves the semantics tree
        ),
        key="delete-confirm",
    )


@ft.component
def Home(model: AppModel) -> ft.Control:
    async def import_file() -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title="Import a Lantern game file", allowed_extensions=["json"], with_data=True
            )
        except Exception as exc:  # the platform's file dialog can fail in many ways; say so
            model.show_notice(Notice(f"Could not open the file: {exc}", kind="error"))
            return
        if files and files[0].bytes is not None:
            model.import_game(files[0].bytes)

    playing: list[ft.Control] = []
    finished: list[ft.Control] = []
    for info in model.games_list:
        rows = finished if info.finished else playing
        rows.append(keyed(info.id, GameRow, model, info))
        if model.confirm_delete == info.id:
            rows.append(DeleteConfirm(model, info.id))
    if not model.games_list:
        playing.append(ft.Text("No games yet. Start one: Lantern keeps every entry as you go."))
    elif not playing:
        playing.append(ft.Text("No game in progress: every game here is finished."))
    sections: list[ft.Control] = [heading("Games in progress"), *playing]
    if finished:
        sections += [heading("Finished games"), *finished]
    return ft.Column(
        [
            ft.Row(
                [
                    action_button(
                        "New game",
                        lambda: model.go("games", "new"),
                        key="new-game",
                        icon=ft.Icons.ADD,
                        primary=True,
                    ),
                    action_button("Import", import_file, key="import-game", icon=ft.Icons.UPLOAD_FILE),
                    action_button(
                        "History and stats",
                        lambda: model.go("games", "plays"),
                        key="history-stats",
                        icon=ft.Icons.INSIGHTS,
                    ),
                ],
                wrap=True,
            ),
            *sections,
        ],
        spacing=12,
    )
