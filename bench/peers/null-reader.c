/* null-reader: reads an evdev node and does nothing with what it reads. What it costs is the
 * harness's share of every tool's figure (its wake-ups and the reads of the emulated node),
 * so the other tools are reported net of it. Prints how much it read when stopped. */
#include <fcntl.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static volatile sig_atomic_t stopping;

static void stop(int signal_number) { (void) signal_number; stopping = 1; }

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: null-reader /dev/input/eventN\n");
        return 2;
    }
    int node = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (node < 0) {
        perror(argv[1]);
        return 1;
    }
    struct sigaction action = { .sa_handler = stop };
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    struct input_event events[64];
    unsigned long count = 0;
    struct pollfd readable = { .fd = node, .events = POLLIN };
    while (!stopping) {
        if (poll(&readable, 1, -1) <= 0) continue;
        ssize_t got;
        /* until the queue is empty, as a tool reading frames does */
        while ((got = read(node, events, sizeof events)) > 0) count += (unsigned long) got / sizeof events[0];
    }
    fprintf(stderr, "null-reader: %lu events\n", count);
    return 0;
}
