"""Joining from another phone (issue 9, point 3), in a real browser: the server listens on loopback until the
host turns "Play on several phones" on and starts it again; then a page at another address (127.0.0.2 stands
for a second device) sees no game without the join code, a wrong code changes nothing, and with the code it
sees and plays the game, as the player it picked, and the host's screen shows who joined."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.flutter import ident, open_page, serve, type_into


def test_another_device_needs_the_join_code_to_see_and_play_a_game(browser: Any, tmp_path: Path) -> None:
    data, logs = tmp_path / "data", tmp_path / "logs"
    data.mkdir()
    logs.mkdir()
    with serve(data, logs, host="") as url:  # `make run` with no HOST: loopback by default
        with pytest.raises(OSError):
            urllib.request.urlopen(url.replace("127.0.0.1", "127.0.0.2"), timeout=5)
        with open_page(browser, url) as host:
            host.get_by_role("button", name="New game").click()
            host.get_by_role("button", name="Score pad").click()
            type_into(host, host.get_by_role("textbox", name="Player 1"), "Ann")
            type_into(host, host.get_by_role("textbox", name="Player 2"), "Bob")
            host.get_by_role("button", name="Start").click()
            expect(ident(host, "status")).to_contain_text("Round 1")
            host.get_by_role("tab", name="Settings").click()
            expect(ident(host, "network-status")).to_have_text("Lantern answers this device only.")
            host.get_by_role("switch", name="Let devices on this network join").click()
            expect(ident(host, "network-status")).to_contain_text("start it again")

    with serve(data, logs, host="") as url, open_page(browser, url) as host:  # the next start
        host.get_by_role("tab", name="Settings").click()
        expect(ident(host, "network-status")).to_contain_text("open to the network")
        expect(ident(host, "network-qr")).to_have_count(1)
        expect(ident(host, "join-code-shown")).to_have_text(re.compile(r"^[0-9]{3} [0-9]{3}$"))
        code = ident(host, "join-code-shown").inner_text().replace(" ", "")

        with open_page(browser, url.replace("127.0.0.1", "127.0.0.2")) as phone:
            field = phone.get_by_role("textbox", name="Join code")
            field.wait_for(timeout=30000)
            assert "Ann" not in phone.content()
            expect(phone.get_by_role("tab", name="Games")).to_have_count(0)

            type_into(phone, field, "000000" if code != "000000" else "111111")
            phone.get_by_role("button", name="Join").click()
            expect(ident(phone, "join-refusal")).to_contain_text("That is not the join code")
            expect(phone.get_by_role("button", name="Resume")).to_have_count(0)
            assert "Ann" not in phone.content()

            type_into(phone, field, code)
            phone.get_by_role("button", name="Join").click()
            phone.get_by_role("button", name="Resume").first.click()
            phone.get_by_role("button", name="Play as…").click()
            ident(phone, "seat-choices").get_by_role("button", name="Bob").click()
            expect(ident(phone, "company")).to_contain_text("You play Bob.")
            phone.get_by_role("button", name="+5").first.click()
            expect(ident(phone, "score-0")).to_have_text("5")

            host.get_by_role("tab", name="Games").click()
            host.get_by_role("button", name="Resume").first.click()
            expect(ident(host, "score-0")).to_have_text("5")
            expect(ident(host, "company")).to_have_text("You play the whole table. Also on this game: Bob.")
            host.get_by_role("button", name="+1").nth(1).click()
            expect(ident(phone, "score-1")).to_have_text("1")
