#ifndef TACTILE_LAZY_LIBRARY_H
#define TACTILE_LAZY_LIBRARY_H

/// libinput, libsystemd and libyaml are loaded when a command first calls into them, not when
/// tactile starts. Linked normally, they and the fourteen libraries they bring (GLib and libwacom
/// under libinput; libgcrypt, liblzma, libzstd and liblz4 under libsystemd) are mapped and
/// relocated by every `tactile` process: a short command that never touches a device or D-Bus
/// (`tactile config --default`, `tactile check`) took 4.3 ms of CPU to start instead of 2.5.
/// libyaml alone is small, but only a `libinput record` file needs it, and the daemon paid
/// ~80 KB of peak RSS for it.
///
/// This target defines the functions of those libraries that Tactile calls, under their own
/// names and with the prototypes of their headers (which the compiler checks against): each
/// resolves its real counterpart once, through dlopen and dlsym, then calls it. Swift code calls
/// libinput, sd-bus and libyaml as if they were linked.

/// A shared library loaded on first use.
struct tactile_lazy_library {
    /// The ABI name, as a link would have recorded it (`libinput.so.10`).
    const char *soname;
    /// The dlopen handle, once loaded.
    void *handle;
};

/// The address of `symbol` in `library`, loading the library first if it is not loaded yet.
/// A library or symbol that cannot be found is a broken installation: it says which on stderr
/// and exits with status 1, as the dynamic linker would have refused to start tactile.
void *tactile_lazy_resolve(struct tactile_lazy_library *library, const char *symbol);

#endif
