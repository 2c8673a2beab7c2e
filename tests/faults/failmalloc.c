/* An LD_PRELOAD shim that makes allocations fail, as SQLite's tests do:
 * with CG_FAIL_AT=N the Nth call of malloc, calloc or realloc (counted from
 * 1) returns NULL with errno ENOMEM, and with CG_FAIL_MODE=all every call
 * from the Nth on does too (CG_FAIL_MODE=once: only the Nth). CG_FAIL_AT=0
 * fails nothing. CG_FAIL_COUNT=FILE: the number of calls made is written
 * there at exit, so a test knows which N to try. Only a program named
 * cgsolve is affected (not `timeout` running it); there the variables and
 * LD_PRELOAD are removed from the environment at load, so programs it
 * starts (stress's) allocate normally.
 *
 * The real allocator is glibc's __libc_* entry points (dlsym itself would
 * allocate). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *block, size_t size);

static unsigned long long calls, fail_at;
static int fail_all;
static char count_file[4096];

__attribute__((constructor)) static void failmalloc_start(void) {
    if (strcmp(program_invocation_short_name, "cgsolve") != 0) {
        return;
    }
    const char *at = getenv("CG_FAIL_AT");
    const char *mode = getenv("CG_FAIL_MODE");
    const char *file = getenv("CG_FAIL_COUNT");
    fail_at = at != NULL ? strtoull(at, NULL, 10) : 0;
    fail_all = mode != NULL && strcmp(mode, "all") == 0;
    if (file != NULL && strlen(file) < sizeof count_file) {
        strcpy(count_file, file);
    }
    unsetenv("CG_FAIL_AT");
    unsetenv("CG_FAIL_MODE");
    unsetenv("CG_FAIL_COUNT");
    unsetenv("LD_PRELOAD");
}

__attribute__((destructor)) static void failmalloc_end(void) {
    if (count_file[0] != '\0') {
        int fd = open(count_file, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            char line[32];
            int len = snprintf(line, sizeof line, "%llu\n", calls);
            ssize_t written = write(fd, line, (size_t)len);
            (void)written;
            close(fd);
        }
    }
}

static int fails(void) {
    calls++;
    if (fail_at != 0 && (calls == fail_at || (fail_all && calls > fail_at))) {
        errno = ENOMEM;
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

void *realloc(void *block, size_t size) {
    return fails() ? NULL : __libc_realloc(block, size);
}
