"""A live table: one hosted match that the phones at the table follow and change through the host's process
(table.py), and who may change it (access.py): the service the table's screens and `companion table` use."""

from companion.session.lan import lan_address
from companion.session.live_table.access import COOKIE, TableAccess
from companion.session.live_table.table import (
    POLL,
    LiveTable,
    NotSeated,
    SeatSession,
    host_unavailable,
)

__all__ = ["COOKIE", "POLL", "LiveTable", "NotSeated", "SeatSession", "TableAccess", "host_unavailable",
           "lan_address"]
