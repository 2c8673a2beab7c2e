/* What the front end's long runs (grundy, stress, a program under a time
 * limit) share: a monotonic clock, and Ctrl-C turned into a flag the run
 * polls so it can stop cleanly and keep what it has done. */
#include <signal.h>
#include <time.h>

#include "cli.h"

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signal_number) {
    (void)signal_number;
    interrupted = 1;
}

double cli_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void cli_catch_interrupts(void) {
    signal(SIGINT, on_interrupt);
}

bool cli_interrupted(void) {
    return interrupted != 0;
}
