/* Text folded to a terminal's width, for play's conversation. */
#include <string.h>

#include "framework/play_internal.h"

/* The visible width of the bytes text[0..len): UTF-8 characters, not
 * counting terminal escapes. */
static size_t visible_width(const char *text, size_t len) {
    size_t width = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\033') {
            while (i < len && text[i] != 'm') {
                i++;
            }
        } else if (((unsigned char)text[i] & 0xC0) != 0x80) {
            width++;
        }
    }
    return width;
}

/* Append one line (without its newline) folded at spaces to columns. Prose
 * continues flush left; an indented line (a board, a list item, a prompt's
 * echo) continues four further in. A word longer than the room is left
 * whole. */
static void fold_line(cg_buf *out, const char *line, size_t len, size_t columns) {
    size_t indent = 0;
    while (indent < len && line[indent] == ' ') {
        indent++;
    }
    size_t hang = indent > 0 ? indent + 4 : 0;
    size_t at = 0, used = 0;
    bool first = true;
    while (at < len) {
        size_t word_end = at;
        while (word_end < len && line[word_end] == ' ') {
            word_end++;
        }
        while (word_end < len && line[word_end] != ' ') {
            word_end++;
        }
        size_t width = visible_width(line + at, word_end - at);
        if (!first && used + width > columns && used > hang) {
            cg_buf_putc(out, '\n');
            cg_buf_repeat(out, ' ', hang);
            used = hang;
            while (at < word_end && line[at] == ' ') {
                at++;
            }
            width = visible_width(line + at, word_end - at);
        }
        cg_buf_append(out, line + at, word_end - at);
        used += width;
        at = word_end;
        first = false;
    }
}

void cg_play_fold(const cg_buf *text, size_t columns, cg_buf *out) {
    if (text == NULL || out == NULL) {
        return;
    }
    const char *data = text->data != NULL ? text->data : "";
    size_t at = 0;
    while (at < text->len) {
        const char *newline = memchr(data + at, '\n', text->len - at);
        size_t end = newline != NULL ? (size_t)(newline - data) : text->len;
        fold_line(out, data + at, end - at, columns);
        if (newline != NULL) {
            cg_buf_putc(out, '\n');
        }
        at = end + 1;
    }
}
