#include "core/scanner_internal.h"

#include "core/grow_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK_SIZE ((size_t)1 << 16)

struct cg_scanner {
    FILE *stream; /* NULL when scanning memory */
    const unsigned char *data;
    size_t len;                  /* valid bytes in data */
    size_t pos;                  /* next unread byte */
    unsigned char *block;        /* owned read buffer for streams */
    bool eof;                    /* the stream has no more bytes beyond data */
    int fd;                      /* the stream's descriptor, or -1 to read through stdio */
    void (*before_wait)(void *); /* called before a read that may block */
    void *before_wait_context;
    bool io_error;
    int io_errno;  /* errno of the failed read */
    bool at_start; /* nothing consumed yet: a BOM may follow */
    uint64_t line;
    uint64_t column;
    char *token; /* owned token text */
    size_t token_cap;
    size_t token_limit;
    char *name;
};

static char *copy_string(const char *text) {
    size_t n = strlen(text) + 1;
    char *copy = malloc(n);
    if (copy != NULL) {
        memcpy(copy, text, n);
    }
    return copy;
}

static cg_status open_common(cg_scanner **out, const char *name, cg_error *err) {
    cg_scanner *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return cg_error_nomem(err, "opening the input");
    }
    s->name = copy_string(name != NULL ? name : "<input>");
    if (s->name == NULL) {
        free(s);
        return cg_error_nomem(err, "opening the input");
    }
    s->line = 1;
    s->column = 1;
    s->at_start = true;
    s->token_limit = CG_SCANNER_DEFAULT_TOKEN_LIMIT;
    *out = s;
    return CG_OK;
}

cg_status cg_scanner_open_stream(cg_scanner **out, FILE *stream, const char *name, cg_error *err) {
    if (out == NULL || stream == NULL) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_scanner_open_stream: NULL %s",
                            out == NULL ? "scanner" : "stream");
    }
    cg_status st = open_common(out, name, err);
    if (st != CG_OK) {
        return st;
    }
    (*out)->block = malloc(BLOCK_SIZE);
    if ((*out)->block == NULL) {
        cg_scanner_close(*out);
        *out = NULL;
        return cg_error_nomem(err, "opening the input");
    }
    (*out)->stream = stream;
    (*out)->fd = fileno(stream);
    (*out)->data = (*out)->block;
    return CG_OK;
}

cg_status cg_scanner_open_memory(cg_scanner **out, const void *data, size_t len, const char *name,
                                 cg_error *err) {
    if (out == NULL || (data == NULL && len > 0)) {
        return cg_error_set(err, CG_ERR_USAGE, "cg_scanner_open_memory: NULL %s",
                            out == NULL ? "scanner" : "data");
    }
    cg_status st = open_common(out, name, err);
    if (st != CG_OK) {
        return st;
    }
    (*out)->data = data;
    (*out)->len = len;
    (*out)->eof = true;
    return CG_OK;
}

void cg_scanner_close(cg_scanner *s) {
    if (s == NULL) {
        return;
    }
    free(s->block);
    free(s->token);
    free(s->name);
    free(s);
}

void cg_scanner_set_token_limit(cg_scanner *s, size_t max_len) {
    s->token_limit = max_len;
}

const char *cg_scanner_name(const cg_scanner *s) {
    return s->name;
}

uint64_t cg_scanner_line(const cg_scanner *s) {
    return s->line;
}

void cg_scanner_set_before_wait(cg_scanner *s, void (*before_wait)(void *), void *context) {
    s->before_wait = before_wait;
    s->before_wait_context = context;
}

/* Read what the stream has now (at least one byte, or the end) into the
 * block after its first `kept` bytes. A descriptor is read directly, so a
 * terminal or a pipe hands over each line as it comes instead of a full
 * block; a stream without one (fmemopen) goes through stdio. */
static void fill(cg_scanner *s, size_t kept) {
    if (s->before_wait != NULL) {
        s->before_wait(s->before_wait_context);
    }
    size_t got = 0;
    if (s->fd >= 0) {
        ssize_t n;
        do {
            n = read(s->fd, s->block + kept, BLOCK_SIZE - kept);
        } while (n < 0 && errno == EINTR);
        if (n < 0) {
            s->io_error = true;
            s->io_errno = errno;
        }
        got = n > 0 ? (size_t)n : 0;
        s->eof = n <= 0;
    } else {
        got = fread(s->block + kept, 1, BLOCK_SIZE - kept, s->stream);
        if (got < BLOCK_SIZE - kept) {
            s->eof = true;
            s->io_error = ferror(s->stream) != 0;
            s->io_errno = s->io_error ? errno : 0;
        }
    }
    s->len = kept + got;
}

/* Make sure a byte is available at pos unless the input is exhausted. */
static bool have_byte(cg_scanner *s) {
    if (s->pos < s->len) {
        return true;
    }
    if (s->eof) {
        return false;
    }
    s->pos = 0;
    fill(s, 0);
    return s->len > 0;
}

static void advance(cg_scanner *s, unsigned char c) {
    s->pos++;
    if (c == '\n') {
        s->line++;
        s->column = 1;
    } else {
        s->column++;
    }
}

static bool is_space(unsigned char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Both format their message like printf (checked where it is written). */
static cg_status located(const cg_scanner *s, uint64_t line, uint64_t column, cg_error *err,
                         cg_status status, const char *format, va_list args)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 0)))
#endif
    ;
static cg_status error_here(const cg_scanner *s, cg_error *err, cg_status status,
                            const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static cg_status located(const cg_scanner *s, uint64_t line, uint64_t column, cg_error *err,
                         cg_status status, const char *format, va_list args) {
    return cg_error_vset_at(err, status, s->name, line, column, format, args);
}

static cg_status error_here(const cg_scanner *s, cg_error *err, cg_status status,
                            const char *format, ...) {
    va_list args;
    va_start(args, format);
    located(s, s->line, s->column, err, status, format, args);
    va_end(args);
    return status;
}

cg_status cg_scan_error_at(const cg_scanner *s, const cg_token *token, size_t offset, cg_error *err,
                           const char *format, ...) {
    va_list args;
    va_start(args, format);
    located(s, token->line, token->column + offset, err, CG_ERR_INPUT, format, args);
    va_end(args);
    return CG_ERR_INPUT;
}

/* Skip a UTF-8 byte-order mark at the very start of the input (which may
 * arrive in pieces). */
static void skip_bom(cg_scanner *s) {
    s->at_start = false;
    if (!have_byte(s)) {
        return;
    }
    while (s->stream != NULL && !s->eof && s->len < 3 &&
           memcmp(s->data, "\xEF\xBB\xBF", s->len) == 0) {
        fill(s, s->len);
    }
    if (s->len - s->pos < 3) {
        return;
    }
    if (memcmp(s->data + s->pos, "\xEF\xBB\xBF", 3) == 0) {
        s->pos += 3;
    }
}

static cg_status skip_space(cg_scanner *s, cg_error *err) {
    if (s->at_start) {
        skip_bom(s);
    }
    while (have_byte(s)) {
        /* Tight loop over the block; a NUL or a token byte stops it. */
        const unsigned char *d = s->data;
        size_t pos = s->pos, len = s->len;
        while (pos < len && is_space(d[pos])) {
            if (d[pos] == '\n') {
                s->line++;
                s->column = 1;
            } else {
                s->column++;
            }
            pos++;
        }
        s->pos = pos;
        if (pos < len) {
            if (d[pos] == '\0') {
                return error_here(s, err, CG_ERR_INPUT, "unexpected NUL byte");
            }
            return CG_OK;
        }
    }
    if (s->io_error) {
        return cg_error_set(err, CG_ERR_IO, "%s: read error: %s", s->name, strerror(s->io_errno));
    }
    return CG_OK;
}

cg_status cg_scan_at_end(cg_scanner *s, bool *at_end, cg_error *err) {
    cg_status st = skip_space(s, err);
    if (st != CG_OK) {
        return st;
    }
    *at_end = !have_byte(s);
    return CG_OK;
}

static bool reserve_token(cg_scanner *s, size_t len) {
    char *grown = cg_grow(s->token, &s->token_cap, len + 1, 1);
    if (grown != NULL) {
        s->token = grown;
    }
    return grown != NULL;
}

static cg_status token_too_long(const cg_scanner *s, const cg_token *token, cg_error *err) {
    return cg_error_set_at(err, CG_ERR_LIMIT, s->name, token->line, token->column,
                           "token longer than the limit of %zu bytes", s->token_limit);
}

cg_status cg_scan_token(cg_scanner *s, const char *expected, cg_token *token, cg_error *err) {
    cg_status st = skip_space(s, err);
    if (st != CG_OK) {
        return st;
    }
    if (!have_byte(s)) {
        return error_here(s, err, CG_ERR_INPUT, "expected %s, found end of input", expected);
    }
    token->line = s->line;
    token->column = s->column;
    /* Fast path: the whole token lies in the current block. A token holds
     * no newline, so only the column moves. */
    size_t end = s->pos;
    while (end < s->len && !is_space(s->data[end]) && s->data[end] != '\0') {
        end++;
    }
    if (end < s->len || s->eof) {
        size_t len = end - s->pos;
        if (len > s->token_limit) {
            return token_too_long(s, token, err);
        }
        if (!reserve_token(s, len)) {
            return cg_error_nomem(err, "reading a token");
        }
        memcpy(s->token, s->data + s->pos, len);
        s->pos = end;
        s->column += len;
        if (end < s->len && s->data[end] == '\0') {
            return error_here(s, err, CG_ERR_INPUT, "unexpected NUL byte");
        }
        s->token[len] = '\0';
        token->text = s->token;
        token->len = len;
        return CG_OK;
    }
    /* Slow path: byte by byte across block boundaries. */
    size_t len = 0;
    while (have_byte(s)) {
        unsigned char c = s->data[s->pos];
        if (is_space(c)) {
            break;
        }
        if (c == '\0') {
            return error_here(s, err, CG_ERR_INPUT, "unexpected NUL byte");
        }
        if (len >= s->token_limit) {
            return token_too_long(s, token, err);
        }
        if (!reserve_token(s, len + 1)) {
            return cg_error_nomem(err, "reading a token");
        }
        s->token[len++] = (char)c;
        advance(s, c);
    }
    if (s->io_error) {
        return cg_error_set(err, CG_ERR_IO, "%s: read error: %s", s->name, strerror(s->io_errno));
    }
    s->token[len] = '\0';
    token->text = s->token;
    token->len = len;
    return CG_OK;
}

void cg_describe_byte(unsigned char byte, char out[16]) {
    if (byte >= 0x21 && byte < 0x7f) {
        snprintf(out, 16, "'%c'", (char)byte);
    } else {
        snprintf(out, 16, "byte 0x%02x", (unsigned)byte);
    }
}

void cg_describe_token(const cg_token *token, char out[48]) {
    size_t shown = 0;
    size_t o = 0;
    out[o++] = '\'';
    for (; shown < token->len && shown < 32; shown++) {
        unsigned char c = (unsigned char)token->text[shown];
        out[o++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    out[o++] = '\'';
    if (shown < token->len) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
}

/* The error for a token that is not an integer in [min, max]. */
static cg_status int_error(const cg_scanner *s, const cg_token *token, const char *expected,
                           bool malformed, int64_t min, int64_t max, cg_error *err) {
    char shown[48];
    cg_describe_token(token, shown);
    if (malformed) {
        return cg_scan_error_at(s, token, 0, err, "expected %s, found %s", expected, shown);
    }
    return cg_scan_error_at(s, token, 0, err, "%s: %s is out of range (expected %lld..%lld)",
                            expected, shown, (long long)min, (long long)max);
}

/* Parse text[0..len) as a decimal integer with optional sign. Returns false
 * when malformed; *overflow when the magnitude exceeds the int64 range. */
static bool parse_int(const char *text, size_t len, int64_t *value, bool *overflow) {
    size_t i = 0;
    bool negative = false;
    *overflow = false;
    if (i < len && (text[i] == '+' || text[i] == '-')) {
        negative = text[i] == '-';
        i++;
    }
    if (i == len) {
        return false;
    }
    /* Accumulate the magnitude in unsigned arithmetic, stopping before it can
     * exceed 2^63 (the magnitude of INT64_MIN). */
    const uint64_t limit = (uint64_t)INT64_MAX + 1;
    uint64_t magnitude = 0;
    for (; i < len; i++) {
        unsigned digit = (unsigned)(unsigned char)text[i] - '0';
        if (digit > 9) {
            return false;
        }
        if (magnitude > (limit - digit) / 10) {
            *overflow = true;
        } else {
            magnitude = magnitude * 10 + digit;
        }
    }
    if (*overflow || (!negative && magnitude == limit)) {
        *overflow = true;
    } else if (!negative) {
        *value = (int64_t)magnitude;
    } else if (magnitude == limit) {
        *value = INT64_MIN;
    } else {
        *value = -(int64_t)magnitude;
    }
    return true;
}

cg_status cg_scan_int(cg_scanner *s, const char *expected, int64_t min, int64_t max, int64_t *value,
                      cg_token *token_out, cg_error *err) {
    cg_token local = {NULL, 0, 0, 0};
    cg_token *token = token_out != NULL ? token_out : &local;
    cg_status st = skip_space(s, err);
    if (st != CG_OK) {
        return st;
    }
    /* Fast path: up to 18 plain digits inside the current block, followed by
     * white space, parsed in place in one pass (18 digits cannot overflow). */
    const unsigned char *d = s->data;
    size_t start = s->pos, end = start;
    uint64_t magnitude = 0;
    while (end < s->len && end - start < 18 && (unsigned)(d[end] - '0') <= 9) {
        magnitude = magnitude * 10 + (unsigned)(d[end] - '0');
        end++;
    }
    if (end > start && end < s->len && is_space(d[end]) && (int64_t)magnitude >= min &&
        (int64_t)magnitude <= max) {
        token->line = s->line;
        token->column = s->column;
        token->text = NULL;
        token->len = end - start;
        s->column += end - start;
        s->pos = end;
        *value = (int64_t)magnitude;
        return CG_OK;
    }
    int64_t v = 0;
    bool overflow = false;
    /* Otherwise read the token whole, for the general case and messages. */
    if ((st = cg_scan_token(s, expected, token, err)) != CG_OK) {
        return st;
    }
    if (!parse_int(token->text, token->len, &v, &overflow)) {
        return int_error(s, token, expected, true, min, max, err);
    }
    if (overflow || v < min || v > max) {
        return int_error(s, token, expected, false, min, max, err);
    }
    token->text = NULL;
    *value = v;
    return CG_OK;
}

cg_status cg_scan_case_size(cg_scanner *s, const char *expected, int64_t max, int64_t *value,
                            cg_token *token, cg_error *err) {
    bool at_end;
    cg_status st = cg_scan_at_end(s, &at_end, err);
    if (st != CG_OK) {
        return st;
    }
    if (at_end) {
        return CG_END;
    }
    st = cg_scan_int(s, expected, 0, max, value, token, err);
    return st == CG_OK && *value == 0 ? CG_END : st;
}
