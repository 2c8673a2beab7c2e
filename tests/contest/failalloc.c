/* LD_PRELOAD shim for tests/contest/alloc.sh: malloc, calloc and realloc
 * fail at the Nth call (FAIL_ALLOC_AT=N), or from the Nth call on with
 * FAIL_ALLOC_FROM set. FAIL_ALLOC_REPORT set: the number of calls is
 * written to stderr at exit. LD_PRELOAD is removed from the environment,
 * so the programs a command runs allocate normally. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *old, size_t size);

static long calls, fail_at = -1;
static int fail_from, report;

__attribute__((constructor)) static void start(void) {
    const char *at = getenv("FAIL_ALLOC_AT");
    fail_at = at != NULL ? atol(at) : -1;
    fail_from = getenv("FAIL_ALLOC_FROM") != NULL;
    report = getenv("FAIL_ALLOC_REPORT") != NULL;
    unsetenv("LD_PRELOAD");
    calls = 0; /* count from main's side of the start */
}

__attribute__((destructor)) static void finish(void) {
    if (report) {
        char line[64];
        int n = snprintf(line, sizeof line, "allocations: %ld\n", calls);
        ssize_t ignored = write(STDERR_FILENO, line, (size_t)n);
        (void)ignored;
    }
}

static int fails(void) {
    long n = ++calls;
    if (fail_at >= 0 && (fail_from ? n >= fail_at : n == fail_at)) {
        errno = ENOMEM; /* as the real allocator says */
        return 1;
    }
    return 0;
}

void *malloc(size_t size) {
    return fails() ? NULL : __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    return fails() ? NULL : __libc_calloc(count, size);
}

void *realloc(void *old, size_t size) {
    return fails() ? NULL : __libc_realloc(old, size);
}
