#include "core/strlist_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

void cg_strlist_free(cg_strlist *list) {
    cg_buf_free(&list->text);
    free(list->offsets);
    memset(list, 0, sizeof *list);
}

void cg_strlist_clear(cg_strlist *list) {
    cg_buf_clear(&list->text);
    list->count = 0;
}

bool cg_strlist_failed(const cg_strlist *list) {
    return list->failed || cg_buf_failed(&list->text);
}

void cg_strlist_addf(cg_strlist *list, const char *format, ...) {
    if (cg_strlist_failed(list)) {
        return;
    }
    size_t *grown = cg_grow(list->offsets, &list->capacity, list->count + 1, sizeof *grown);
    if (grown == NULL) {
        list->failed = true;
        return;
    }
    list->offsets = grown;
    size_t at = list->text.len;
    va_list args;
    va_start(args, format);
    cg_buf_vprintf(&list->text, format, args);
    va_end(args);
    cg_buf_putc(&list->text, '\0');
    list->offsets[list->count++] = at;
}

const char *cg_strlist_at(const cg_strlist *list, size_t i) {
    return list->text.data + list->offsets[i];
}

bool cg_strlist_contains(const cg_strlist *list, const char *text) {
    for (size_t i = 0; i < list->count; i++) {
        if (strcmp(cg_strlist_at(list, i), text) == 0) {
            return true;
        }
    }
    return false;
}
