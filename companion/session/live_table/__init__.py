"""A live table: one hosted match that the phones at the table follow and change through the host's process
(table.py), behind the one door of both servers (session/access.py): the service the table's screens and
`companion table` use."""

from companion.session.access import TABLE_COOKIE as COOKIE
from companion.session.lan import lan_address
from companion.session.live_table.table import (
    POLL,
    LiveTable,
    NotSeated,
    SeatPolicy,
    host_unavailable,
)

__all__ = ["COOKIE", "POLL", "LiveTable", "NotSeated", "SeatPolicy", "host_unavailable", "lan_address"]
