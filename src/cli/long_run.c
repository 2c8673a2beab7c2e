/* What the front end's long runs (grundy, stress, a program under a time
 * limit) share: Ctrl-C turned into a flag the run polls so it can stop
 * cleanly and keep what it has done. (Their clock is the library's
 * cg_seconds.) */
#include <signal.h>

#include "cli.h"

static volatile sig_atomic_t interrupted;

static void on_interrupt(int signal_number) {
    (void)signal_number;
    interrupted = 1;
}

void cli_catch_interrupts(void) {
    signal(SIGINT, on_interrupt);
}

bool cli_interrupted(void) {
    return interrupted != 0;
}
