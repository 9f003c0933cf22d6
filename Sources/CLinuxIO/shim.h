// The Linux descriptors the event loop is built on, which Swift's Glibc module leaves out.
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
