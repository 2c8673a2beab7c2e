/* What the front end's long runs (grundy, stress, a program under a time
 * limit) share: Ctrl-C turned into a flag the run polls so it can stop
 * cleanly and keep what it has done. (Their clock is the library's
 * cg_seconds.) */
#include <signal.h>
#include <stdatomic.h>

#include "cli.h"

/* Atomic, not only sig_atomic_t: stress -j's worker threads poll it too
 * (a lock-free atomic is safe to store from a signal handler). */
static atomic_int interrupted;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the interrupt flag must be lock-free");

static void on_interrupt(int signal_number) {
    (void)signal_number;
    atomic_store(&interrupted, 1);
}

/* Ctrl-C, and the signals a scheduler or a closed terminal sends to stop a
 * job (Slurm sends SIGTERM before it kills): each ends the run cleanly,
 * its checkpoint saved. */
void cli_catch_interrupts(void) {
    signal(SIGINT, on_interrupt);
    signal(SIGTERM, on_interrupt);
    signal(SIGHUP, on_interrupt);
}

bool cli_interrupted(void) {
    return atomic_load(&interrupted) != 0;
}
