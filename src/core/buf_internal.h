/* A growable byte buffer for building output text.
 *
 * Append operations never fail loudly: the first allocation failure is
 * remembered and later appends are ignored; check cg_buf_failed() once at the
 * end. This keeps formatting code free of per-call error handling. */
#ifndef CGSOLVE_BUF_H
#define CGSOLVE_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cg_buf {
    char *data; /* NUL-terminated when len > 0 or after any append */
    size_t len;
    size_t cap;
    bool failed; /* an allocation failed; contents are truncated */
} cg_buf;

#define CG_BUF_INIT                                                                                \
    { NULL, 0, 0, false }

void cg_buf_init(cg_buf *buf);
void cg_buf_free(cg_buf *buf);
/* Forget the contents but keep the storage. */
void cg_buf_clear(cg_buf *buf);
bool cg_buf_failed(const cg_buf *buf);
/* Record a failure met while producing the contents (e.g. a scratch
 * allocation), so the buffer reports failed like after a failed append. */
void cg_buf_fail(cg_buf *buf);

void cg_buf_append(cg_buf *buf, const char *bytes, size_t len);
void cg_buf_puts(cg_buf *buf, const char *text);
void cg_buf_putc(cg_buf *buf, char c);
void cg_buf_put_int(cg_buf *buf, int64_t value);
void cg_buf_put_uint(cg_buf *buf, uint64_t value);

/* Write value in decimal at out (room for CG_UINT_DIGITS bytes, no NUL);
 * returns the digits written. Faster than snprintf where millions of values
 * are written (the Grundy values and their checksum). */
#define CG_UINT_DIGITS 20
size_t cg_format_uint(char *out, uint64_t value);
void cg_buf_printf(cg_buf *buf, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The same with a va_list (which it consumes). */
void cg_buf_vprintf(cg_buf *buf, const char *format, va_list args)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;
/* Append text as a JSON string literal, quotes included: control characters
 * escaped, and any byte that is not part of valid UTF-8 replaced by
 * U+FFFD, so the result is valid JSON (and valid YAML) whatever text holds. */
void cg_buf_put_json_string(cg_buf *buf, const char *text, size_t len);
/* Append n copies of c. */
void cg_buf_repeat(cg_buf *buf, char c, size_t n);

/* Terminal highlighting styles for cg_buf_put_styled. */
typedef enum cg_style {
    CG_STYLE_STRONG, /* bold, inverse */
    CG_STYLE_MARK    /* bold on yellow */
} cg_style;

/* Append c in style (with ANSI escapes) when color is true, plain otherwise. */
void cg_buf_put_styled(cg_buf *buf, char c, cg_style style, bool color);

#ifdef __cplusplus
}
#endif

#endif
