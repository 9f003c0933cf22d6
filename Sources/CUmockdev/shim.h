// umockdev's testbed, for the live-input tests only: it emulates sysfs, udev and device nodes.
#include <umockdev.h>
