// The Linux descriptors the event loop is built on, which Swift's Glibc module leaves out.
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>

// glibc declares accept4 only under _GNU_SOURCE, which Swift's Glibc module is built without.
int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
