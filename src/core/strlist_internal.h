/* A list of short strings in one buffer: moves as a person types them.
 *
 * Like cg_buf, appending never fails loudly: the first allocation failure is
 * remembered (cg_strlist_failed) and later appends are ignored. */
#ifndef CGSOLVE_STRLIST_H
#define CGSOLVE_STRLIST_H

#include <stdbool.h>
#include <stddef.h>

#include "core/buf_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_strlist {
    cg_buf text;     /* the strings, each followed by its NUL */
    size_t *offsets; /* where each string starts in text */
    size_t count;
    size_t capacity;
    bool failed;
} cg_strlist;

#define CG_STRLIST_INIT                                                                            \
    { CG_BUF_INIT, NULL, 0, 0, false }

void cg_strlist_free(cg_strlist *list);
/* Forget the strings, keeping the storage. */
void cg_strlist_clear(cg_strlist *list);
bool cg_strlist_failed(const cg_strlist *list);

/* Append one string built like printf. */
void cg_strlist_addf(cg_strlist *list, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The i-th string (i < count), valid until the next change to the list. */
const char *cg_strlist_at(const cg_strlist *list, size_t i);

/* Whether text is one of the strings. */
bool cg_strlist_contains(const cg_strlist *list, const char *text);

#ifdef __cplusplus
}
#endif

#endif
