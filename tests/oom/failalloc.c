/* An LD_PRELOAD shim that makes one allocation fail, the way SQLite's
 * tests do: CG_FAIL_ALLOC=N fails the Nth call to malloc, calloc or
 * realloc counted from the start of main (0: none); with
 * CG_FAIL_ALLOC_PERSIST=1 every call from the Nth on fails too. With
 * CG_COUNT_ALLOC=FILE the number of calls made is written to FILE at exit,
 * so a test knows how many there are to fail. Only a program named cgsolve
 * counts. glibc only (__libc_malloc). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *block, size_t size);

static unsigned long calls, fail_at;
static bool persist, counting;

__attribute__((constructor)) static void start(void) {
    const char *at = getenv("CG_FAIL_ALLOC");
    const char *from = getenv("CG_FAIL_ALLOC_PERSIST");
    fail_at = at != NULL ? strtoul(at, NULL, 10) : 0;
    persist = from != NULL && from[0] == '1';
    /* only cgsolve itself: not a shell or debugger that inherits the preload */
    counting = strcmp(program_invocation_short_name, "cgsolve") == 0;
}

__attribute__((destructor)) static void stop(void) {
    counting = false;
    const char *path = getenv("CG_COUNT_ALLOC");
    if (path != NULL) {
        FILE *f = fopen(path, "w");
        if (f != NULL) {
            fprintf(f, "%lu\n", calls);
            fclose(f);
        }
    }
}

static bool fails(void) {
    if (!counting) {
        return false;
    }
    calls++;
    bool failed = fail_at != 0 && (calls == fail_at || (persist && calls > fail_at));
    if (failed) {
        errno = ENOMEM;
    }
    return failed;
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
