#!/usr/bin/python3
"""A Touchégg client as GNOME's "X11 Gestures" extension and Gala are: GLib's GDBus.

Connects to the peer-to-peer address given (as they connect to unix:abstract=touchegg),
subscribes to the interface's signals on Touchégg's object path, and prints one line per signal:
MEMBER type direction percentage fingers device elapsed_ms. Prints "connected" once subscribed
and exits 0 when the server closes the connection; a refused connection prints the error on
stderr and exits 1.
"""
import sys
from gi.repository import Gio, GLib

address = sys.argv[1]
loop = GLib.MainLoop()
try:
    connection = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
except GLib.Error as error:
    print(f"refused: {error.message}", file=sys.stderr, flush=True)
    sys.exit(1)


def on_signal(_connection, _sender, path, interface, member, parameters):
    if parameters.get_type_string() != "(uudiut)":
        print(f"malformed {member} {parameters.get_type_string()}", flush=True)
        return
    kind, direction, percentage, fingers, device, elapsed = parameters.unpack()
    print(f"{member} {kind} {direction} {percentage:.3f} {fingers} {device} {elapsed}", flush=True)


connection.signal_subscribe(None, "io.github.joseexposito.Touchegg", None, "/io/github/joseexposito/Touchegg",
                            None, Gio.DBusSignalFlags.NONE, on_signal)
connection.connect("closed", lambda *_: loop.quit())
print("connected", flush=True)
loop.run()
