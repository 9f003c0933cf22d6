#!/usr/bin/python3
"""A Touchégg client on libdbus (python3-dbus), as Touchégg's own client and Cinnamon's stack use.

Same output as gdbus-client.py (it pings the server once, to know it is authenticated): "connected" once subscribed, then one line per signal,
MEMBER type direction percentage fingers device elapsed_ms; exits 0 when the server closes the
connection, 1 (the error on stderr) when it refuses it.
"""
import sys
import dbus
import dbus.connection
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
loop = GLib.MainLoop()
try:
    connection = dbus.connection.Connection(sys.argv[1])
    # libdbus authenticates lazily, at the first message: a round trip (the Peer interface every
    # D-Bus peer answers) makes "connected" mean authenticated, and a refusal show here.
    connection.call_blocking(None, "/", "org.freedesktop.DBus.Peer", "Ping", "", ())
except dbus.exceptions.DBusException as error:
    print(f"refused: {error.get_dbus_message()}", file=sys.stderr, flush=True)
    sys.exit(1)


def on_signal(*arguments, member=None, message=None):
    if message.get_signature() != "uudiut":
        print(f"malformed {member} {message.get_signature()}", flush=True)
        return
    kind, direction, percentage, fingers, device, elapsed = arguments
    print(f"{member} {int(kind)} {int(direction)} {float(percentage):.3f} {int(fingers)} {int(device)} {int(elapsed)}",
          flush=True)


connection.add_signal_receiver(on_signal, dbus_interface="io.github.joseexposito.Touchegg",
                               path="/io/github/joseexposito/Touchegg", member_keyword="member",
                               message_keyword="message")
connection.set_exit_on_disconnect(False)
connection.add_signal_receiver(lambda *_: loop.quit(), signal_name="Disconnected",
                               dbus_interface="org.freedesktop.DBus.Local")
print("connected", flush=True)
loop.run()
