/* The published extents a census is read against (`census --published
 * FILE`): a tab-separated file, one code a line, as in docs/octal-census.md's
 * source list:
 *
 *     CODE <TAB> EXTENT <TAB> NOTE...
 *
 * where EXTENT is the number of heaps the source computed (G(0..EXTENT-1))
 * or empty when the source names none, and the note is free text. Blank
 * lines and lines starting with '#' are skipped. A code is read as the
 * census reads it (4.4 and 4.40 are one code). */
#ifndef CGSOLVE_CENSUS_PUBLISHED_H
#define CGSOLVE_CENSUS_PUBLISHED_H

#include <stddef.h>
#include <stdint.h>

#include "core/status_internal.h"
#include "octal/octal_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One code's published extent. */
typedef struct cg_census_published {
    char code[CG_OCTAL_NAME_SIZE]; /* canonical (cg_octal_format) */
    uint64_t extent;               /* heaps computed; 0: none published */
} cg_census_published;

/* The entries of the file at path (*count of them, freed by the caller):
 * a bad line is CG_ERR_INPUT naming the file, line and column; an
 * unreadable file CG_ERR_IO. At most 2^14 entries. */
cg_status cg_census_read_published(const char *path, cg_census_published **entries, size_t *count,
                                   cg_error *err);

/* The entry of a canonical code, or NULL. */
const cg_census_published *cg_census_published_of(const cg_census_published *entries, size_t count,
                                                  const char *code);

#ifdef __cplusplus
}
#endif

#endif
