/* Published extents for a census (census_published_internal.h). */
#include "octal/census_published_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow_internal.h"

/* the checks for a code listed twice are quadratic: 2^14 codes (every
 * code of up to four digits is fewer) check in well under a second */
#define MAX_ENTRIES ((size_t)1 << 14)
#define LINE_SIZE 1024

/* The code and extent of one line (text, without its newline) into entry;
 * a failure names the column. */
static cg_status read_line(const char *path, size_t number, char *text, cg_census_published *entry,
                           cg_error *err) {
    size_t code_len = strcspn(text, "\t");
    char *extent = text + code_len + (text[code_len] == '\t');
    text[code_len] = '\0';
    cg_octal_code code;
    if (code_len == 0 || cg_octal_parse(text, &code, NULL) != CG_OK) {
        return cg_error_set_at(
            err, CG_ERR_INPUT, path, number, 1,
            "expected an octal code such as 0.137 (hexadecimal digits allowed), then a tab");
    }
    cg_octal_format(&code, entry->code, sizeof entry->code);
    entry->extent = 0;
    size_t digits = strspn(extent, "0123456789");
    uint64_t column = (uint64_t)(extent - text) + 1;
    if (digits > 0) {
        errno = 0;
        char *end = NULL;
        unsigned long long n = strtoull(extent, &end, 10);
        if (errno != 0 || digits > 19 || n == 0) {
            return cg_error_set_at(err, CG_ERR_INPUT, path, number, column,
                                   "expected the number of heaps computed, 1 to 10^19");
        }
        entry->extent = (uint64_t)n;
    }
    if (extent[digits] != '\0' && extent[digits] != '\t') {
        return cg_error_set_at(err, CG_ERR_INPUT, path, number, column + digits,
                               "expected the number of heaps computed (or nothing), then a tab");
    }
    return CG_OK;
}

cg_status cg_census_read_published(const char *path, cg_census_published **entries, size_t *count,
                                   cg_error *err) {
    *entries = NULL;
    *count = 0;
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        return cg_error_set(err, CG_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
    }
    char line[LINE_SIZE];
    size_t number = 0, capacity = 0;
    cg_status st = CG_OK;
    while (st == CG_OK && fgets(line, sizeof line, f) != NULL) {
        number++;
        size_t len = strlen(line);
        if (line[len - 1] != '\n' && !feof(f)) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number, LINE_SIZE - 1,
                                 "expected a line of at most %d bytes", LINE_SIZE - 2);
            break;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#') {
            continue;
        }
        cg_census_published entry;
        st = read_line(path, number, line, &entry, err);
        if (st == CG_OK && cg_census_published_of(*entries, *count, entry.code) != NULL) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number, 1, "%s is listed twice",
                                 entry.code);
        }
        if (st == CG_OK && *count == MAX_ENTRIES) {
            st = cg_error_set_at(err, CG_ERR_INPUT, path, number, 1, "more than %zu codes",
                                 MAX_ENTRIES);
        }
        if (st == CG_OK) {
            st = cg_append(entries, count, &capacity, &entry, sizeof entry,
                           "reading the published extents", err);
        }
    }
    if (st == CG_OK && ferror(f)) {
        st = cg_error_set(err, CG_ERR_IO, "read error on '%s'", path);
    }
    fclose(f);
    if (st != CG_OK) {
        free(*entries);
        *entries = NULL;
        *count = 0;
    }
    return st;
}

const cg_census_published *cg_census_published_of(const cg_census_published *entries, size_t count,
                                                  const char *code) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(entries[i].code, code) == 0) {
            return &entries[i];
        }
    }
    return NULL;
}
