// Live input: libinput, libevdev and udev readers, and the event loop.
