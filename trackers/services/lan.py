"""Playing on several phones: where the server listens, which pages are the host device's own, and the join
code every other device must give before it is shown any game.

Lantern listens on loopback unless the player turns "Play on several phones" on in Settings; the setting is
stored and read when the server starts (`listen_host`), so it takes effect on the next start, never while
games are open. A page is the host device's own when it comes from 127.0.0.1 or ::1 *and* was opened at a
loopback name: a page opened at the network address (another phone, or this device through the network) is
a visitor, and sees the join screen alone until it gives the code the host's Settings show. The code lives
in memory only (a new one at every start), and wrong guesses are limited per address and over all
addresses, so a device on the network cannot try its way in.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from urllib.parse import urlsplit

from trackers.services.per_store import PerStore
from trackers.services.storage import Store

SETTING = "play-on-network"
"""The stored setting: "on" makes the next server start listen on the network."""
LOOPBACK_HOST = "127.0.0.1"
NETWORK_HOST = "0.0.0.0"
HOST_DEVICE = frozenset({"127.0.0.1", "::1"})
"""The client addresses of the host device itself: every other one, other loopback ones included, is a
visitor (127.0.0.2 stands for a second device in the tests)."""
LOOPBACK_NAMES = frozenset({"127.0.0.1", "::1", "localhost"})
CODE_DIGITS = 6
DEVICE_LIMIT = (5, 60.0)
"""At most 5 wrong codes from one address a minute..."""
OVERALL_LIMIT = (20, 600.0)
"""...and 20 over all addresses in ten minutes: a million codes stay out of reach of guessing."""
PLACE = "Settings → Play on several phones"


def network_setting(store: Store) -> bool:
    return store.get_setting(SETTING, "off") == "on"


def listen_host(store: Store, override: str | None) -> str:
    """Where the server listens: HOST when given, else the network when the setting says so, else loopback."""
    if override:
        return override
    return NETWORK_HOST if network_setting(store) else LOOPBACK_HOST


def _address(text: str) -> str | None:
    """An IP address in its usual form (an IPv4 address mapped into IPv6 as IPv4), None for a name."""
    try:
        ip = ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def is_host_device(client_ip: str | None, page_url: str | None) -> bool:
    """Whether a page is the host device's own: it never needs the join code.

    No client address means no server between the page and the app (a desktop window, a packaged app):
    the page is on the device itself."""
    if client_ip is None:
        return True
    if _address(client_ip) not in HOST_DEVICE:
        return False
    name = (urlsplit(page_url or "").hostname or "").lower()
    return (_address(name) or name) in LOOPBACK_NAMES


def network_addresses() -> tuple[str, ...]:
    """This machine's address on its network, as the other devices reach it; empty when it has none.

    A UDP socket "connected" to a documentation address sends nothing: the system only picks the address
    it would send from, which is the one the default route uses."""
    with suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))
        found = str(probe.getsockname()[0])
        if not ipaddress.ip_address(found).is_loopback and found != NETWORK_HOST:
            return (found,)
    return ()


@dataclass(frozen=True)
class Listening:
    """Where this server listens, as the Settings screen tells the host."""

    host: str
    port: int

    @property
    def on_network(self) -> bool:
        name = self.host.strip("[]").lower()
        if name == "localhost":
            return False
        try:
            return not ipaddress.ip_address(name).is_loopback
        except ValueError:
            return True  # a host name: whatever it resolves to, it is not loopback only

    def addresses(self) -> tuple[str, ...]:
        """The addresses other devices open, first the one to share."""
        if not self.on_network:
            return ()
        hosts = network_addresses() if self.host in {NETWORK_HOST, "::", ""} else (self.host,)
        return tuple(f"http://{f'[{h}]' if ':' in h else h}:{self.port}/" for h in hosts)


@dataclass(frozen=True)
class Knock:
    """What became of one attempt at the join code: `refusal` is None when the code was right."""

    refusal: str | None

    @property
    def admitted(self) -> bool:
        return self.refusal is None


class JoinDoor:
    """The join code of this server and the wrong guesses made at it, shared by every page."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._wrong: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()
        self._told: list[Callable[[], None]] = []
        self.code = self._draw()

    @classmethod
    def of(cls, store: Store) -> JoinDoor:
        """The one door of the server that serves `store`."""
        return _DOORS(store)

    @staticmethod
    def _draw() -> str:
        return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"

    @property
    def shown(self) -> str:
        """The code as the host's screen shows it, in two groups of three."""
        return f"{self.code[:3]} {self.code[3:]}"

    def watch(self, told: Callable[[], None]) -> Callable[[], None]:
        """Be told of every new code (each of the host's tabs shows it at once); returns how to stop."""
        with self._lock:
            self._told.append(told)

        def stop() -> None:
            with self._lock:
                if told in self._told:
                    self._told.remove(told)

        return stop

    def new_code(self) -> str:
        """Replace the code (the host thinks it was seen by someone else); devices already in stay in."""
        with self._lock:
            self.code = self._draw()
            self._all.clear()
            self._wrong.clear()
            code, told = self.code, list(self._told)
        for tell in told:
            tell()
        return code

    def knock(self, address: str, typed: str) -> Knock:
        """Check a code typed on a visiting device. Malformed input is refused without counting as a guess;
        while a limit is reached no guess is checked at all, the right code included."""
        digits = re.sub(r"[\s-]", "", typed)[:64]
        if not re.fullmatch(rf"[0-9]{{{CODE_DIGITS}}}", digits):
            return Knock(
                f"A join code is {CODE_DIGITS} digits: type the one shown on the host's screen ({PLACE})."
            )
        with self._lock:
            now = self._clock()
            device = self._wrong.setdefault(address, deque())
            for guesses, (limit, window) in ((device, DEVICE_LIMIT), (self._all, OVERALL_LIMIT)):
                while guesses and guesses[0] <= now - window:
                    guesses.popleft()
                if len(guesses) >= limit:
                    wait = max(1, int(guesses[0] + window - now + 0.999))
                    who = "from this device" if guesses is device else "have been tried"
                    return Knock(f"Too many wrong codes {who}: wait {wait} s, then try again.")
            if hmac.compare_digest(digits, self.code):
                device.clear()
                return Knock(None)
            device.append(now)
            self._all.append(now)
        return Knock(
            f"That is not the join code: nothing was opened. Check the code on the host's screen ({PLACE})."
        )


_DOORS = PerStore(lambda _store: JoinDoor())
