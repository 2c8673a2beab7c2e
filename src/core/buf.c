#include "core/buf_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cg_buf_init(cg_buf *buf) {
    buf->data = NULL;
    buf->len = 0;
    buf->cap = 0;
    buf->failed = false;
}

void cg_buf_free(cg_buf *buf) {
    free(buf->data);
    cg_buf_init(buf);
}

void cg_buf_clear(cg_buf *buf) {
    buf->len = 0;
    if (buf->data != NULL) {
        buf->data[0] = '\0';
    }
}

bool cg_buf_failed(const cg_buf *buf) {
    return buf->failed;
}

void cg_buf_fail(cg_buf *buf) {
    buf->failed = true;
}

/* Make room for `extra` more bytes plus the terminating NUL. */
static bool reserve(cg_buf *buf, size_t extra) {
    if (buf->failed) {
        return false;
    }
    if (extra > SIZE_MAX - buf->len - 1) {
        buf->failed = true;
        return false;
    }
    size_t need = buf->len + extra + 1;
    if (need <= buf->cap) {
        return true;
    }
    size_t cap = buf->cap < 64 ? 64 : buf->cap;
    while (cap < need) {
        cap = cap > SIZE_MAX / 2 ? need : cap * 2;
    }
    char *grown = realloc(buf->data, cap);
    if (grown == NULL) {
        buf->failed = true;
        return false;
    }
    buf->data = grown;
    buf->cap = cap;
    return true;
}

void cg_buf_append(cg_buf *buf, const char *bytes, size_t len) {
    if (!reserve(buf, len)) {
        return;
    }
    memcpy(buf->data + buf->len, bytes, len);
    buf->len += len;
    buf->data[buf->len] = '\0';
}

void cg_buf_puts(cg_buf *buf, const char *text) {
    cg_buf_append(buf, text, strlen(text));
}

void cg_buf_putc(cg_buf *buf, char c) {
    cg_buf_append(buf, &c, 1);
}

size_t cg_format_uint(char *out, uint64_t value) {
    char digits[CG_UINT_DIGITS];
    size_t n = 0;
    do {
        digits[sizeof digits - 1 - n] = (char)('0' + value % 10);
        value /= 10;
        n++;
    } while (value != 0);
    memcpy(out, digits + sizeof digits - n, n);
    return n;
}

void cg_buf_put_uint(cg_buf *buf, uint64_t value) {
    char digits[CG_UINT_DIGITS];
    cg_buf_append(buf, digits, cg_format_uint(digits, value));
}

void cg_buf_put_int(cg_buf *buf, int64_t value) {
    if (value < 0) {
        cg_buf_putc(buf, '-');
        /* Negate in unsigned arithmetic so INT64_MIN does not overflow. */
        cg_buf_put_uint(buf, (uint64_t)0 - (uint64_t)value);
    } else {
        cg_buf_put_uint(buf, (uint64_t)value);
    }
}

void cg_buf_printf(cg_buf *buf, const char *format, ...) {
    va_list args;
    va_start(args, format);
    cg_buf_vprintf(buf, format, args);
    va_end(args);
}

void cg_buf_vprintf(cg_buf *buf, const char *format, va_list args) {
    va_list copy;
    va_copy(copy, args);
    int need = vsnprintf(NULL, 0, format, copy);
    va_end(copy);
    if (need < 0) {
        buf->failed = true;
    } else if (reserve(buf, (size_t)need)) {
        vsnprintf(buf->data + buf->len, (size_t)need + 1, format, args);
        buf->len += (size_t)need;
    }
}

/* The length of the valid UTF-8 sequence starting at text[i] (1 to 4), or 0
 * when the bytes there are not one (a stray continuation byte, a truncated
 * sequence, an overlong form, a surrogate, or beyond U+10FFFF). */
static size_t utf8_length(const unsigned char *text, size_t len, size_t i) {
    unsigned char c = text[i];
    size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
    if (c < 0x80) {
        return 1;
    }
    if (n == 0 || c > 0xF4 || i + n > len) {
        return 0;
    }
    for (size_t k = 1; k < n; k++) {
        if ((text[i + k] & 0xC0) != 0x80) {
            return 0;
        }
    }
    unsigned char d = text[i + 1];
    if ((c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0) || (c == 0xF0 && d < 0x90) ||
        (c == 0xF4 && d >= 0x90)) {
        return 0;
    }
    return n;
}

void cg_buf_put_json_string(cg_buf *buf, const char *text, size_t len) {
    static const char hex[] = "0123456789abcdef";
    const unsigned char *bytes = (const unsigned char *)text;
    cg_buf_putc(buf, '"');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = bytes[i];
        if (c >= 0x80) {
            /* JSON is UTF-8: a byte that does not start a valid sequence
             * becomes U+FFFD, the replacement character. */
            size_t n = utf8_length(bytes, len, i);
            if (n == 0) {
                cg_buf_puts(buf, "\\ufffd");
            } else {
                cg_buf_append(buf, text + i, n);
                i += n - 1;
            }
        } else if (c == '"' || c == '\\') {
            cg_buf_putc(buf, '\\');
            cg_buf_putc(buf, (char)c);
        } else if (c == '\n') {
            cg_buf_puts(buf, "\\n");
        } else if (c == '\t') {
            cg_buf_puts(buf, "\\t");
        } else if (c < 0x20 || c == 0x7f) {
            char esc[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            cg_buf_append(buf, esc, sizeof esc);
        } else {
            cg_buf_putc(buf, (char)c);
        }
    }
    cg_buf_putc(buf, '"');
}

void cg_buf_repeat(cg_buf *buf, char c, size_t n) {
    if (!reserve(buf, n)) {
        return;
    }
    memset(buf->data + buf->len, c, n);
    buf->len += n;
    buf->data[buf->len] = '\0';
}

void cg_buf_put_styled(cg_buf *buf, char c, cg_style style, bool color) {
    if (!color) {
        cg_buf_putc(buf, c);
        return;
    }
    cg_buf_puts(buf, style == CG_STYLE_MARK ? "\033[1;30;43m" : "\033[1;7m");
    cg_buf_putc(buf, c);
    cg_buf_puts(buf, "\033[0m");
}
