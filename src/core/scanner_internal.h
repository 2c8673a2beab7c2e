/* The token scanner every game reads its input through.
 *
 * Input is a sequence of tokens separated by white space (space, tab, CR, LF,
 * VT, FF); a UTF-8 byte-order mark at the very start is skipped. The scanner
 * tracks the line and column (1-based, in bytes) of every token so errors
 * can name the place, reads streams in blocks of up to 64 KiB but hands over
 * whatever has arrived (a line typed on a terminal is scanned at once), and
 * rejects NUL bytes
 * and over-long tokens with a clear error instead of growing without bound. */
#ifndef CGSOLVE_SCANNER_H
#define CGSOLVE_SCANNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/status_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A token; text is NUL-terminated and valid until the next scan call. */
typedef struct cg_token {
    const char *text;
    size_t len;
    uint64_t line;   /* line of the first byte, from 1 */
    uint64_t column; /* column of the first byte, from 1 */
} cg_token;

typedef struct cg_scanner cg_scanner;

/* Default bound on one token's length in bytes. */
#define CG_SCANNER_DEFAULT_TOKEN_LIMIT ((size_t)64 << 20)

/* Scan a stream the caller keeps open; name is used in messages (copied). */
cg_status cg_scanner_open_stream(cg_scanner **out, FILE *stream, const char *name, cg_error *err);
/* Scan a memory block the caller keeps alive while scanning. */
cg_status cg_scanner_open_memory(cg_scanner **out, const void *data, size_t len, const char *name,
                                 cg_error *err);
void cg_scanner_close(cg_scanner *scanner);

/* Call before_wait(context) each time the scanner is about to read a stream
 * and may wait for its input (e.g. to flush answers written so far). */
void cg_scanner_set_before_wait(cg_scanner *scanner, void (*before_wait)(void *), void *context);

/* Tokens longer than max_len bytes are rejected with CG_ERR_LIMIT. */
void cg_scanner_set_token_limit(cg_scanner *scanner, size_t max_len);
const char *cg_scanner_name(const cg_scanner *scanner);
/* The line (from 1) of the next unread byte. */
uint64_t cg_scanner_line(const cg_scanner *scanner);

/* Skip white space and tell whether the input is exhausted. */
cg_status cg_scan_at_end(cg_scanner *scanner, bool *at_end, cg_error *err);

/* Read the next token. `expected` describes what the caller wants and is used
 * in the message when the input ends instead ("expected <expected>, found end
 * of input"). */
cg_status cg_scan_token(cg_scanner *scanner, const char *expected, cg_token *token, cg_error *err);

/* Read a decimal integer token (optional sign) in [min, max]. Malformed text,
 * overflow and range violations are input errors naming the token. token may
 * be NULL; otherwise it receives the token's position and length (its text is
 * NULL: numbers are parsed in place, without a copy). */
cg_status cg_scan_int(cg_scanner *scanner, const char *expected, int64_t min, int64_t max,
                      int64_t *value, cg_token *token, cg_error *err);

/* The size that opens a case of an input terminated by a 0 line: an integer
 * in [0, max]. CG_END when it is 0 or when the input ends here (a missing
 * terminator is tolerated). token as for cg_scan_int. */
cg_status cg_scan_case_size(cg_scanner *scanner, const char *expected, int64_t max, int64_t *value,
                            cg_token *token, cg_error *err);

/* An input error located `offset` bytes into token: "<name>:L:C: message". */
cg_status cg_scan_error_at(const cg_scanner *scanner, const cg_token *token, size_t offset,
                           cg_error *err, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Describe a byte for a message: "'Y'" when printable, else "byte 0x01". */
void cg_describe_byte(unsigned char byte, char out[16]);

/* Describe a token for a message: quoted, shortened when long. */
void cg_describe_token(const cg_token *token, char out[48]);

#ifdef __cplusplus
}
#endif

#endif
