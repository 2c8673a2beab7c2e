#include "core/report_internal.h"

#include "core/grow_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cg_report_init(cg_report *r) {
    memset(r, 0, sizeof *r);
    cg_buf_init(&r->strings);
    r->max_bytes = SIZE_MAX;
    cg_report_reset(r);
}

size_t cg_report_bytes(const cg_report *r) {
    return r->cap * sizeof *r->nodes + r->strings.cap;
}

/* Whether growing a block of `now` bytes to hold `needed` bytes by doubling
 * keeps the report within max_bytes while old and new blocks coexist. */
static bool growth_fits(cg_report *r, size_t now, size_t needed) {
    if (needed <= now || r->max_bytes == SIZE_MAX) {
        return true;
    }
    size_t grown = now < 64 ? 64 : now;
    while (grown < needed && grown <= SIZE_MAX / 4) {
        grown *= 2;
    }
    size_t total = cg_report_bytes(r);
    if (grown > r->max_bytes || total > r->max_bytes - grown) {
        r->failed = true;
        r->over_limit = true;
        return false;
    }
    return true;
}

void cg_report_free(cg_report *r) {
    free(r->nodes);
    cg_buf_free(&r->strings);
    memset(r, 0, sizeof *r);
}

bool cg_report_failed(const cg_report *r) {
    return r->failed || cg_buf_failed(&r->strings);
}

static size_t new_node(cg_report *r, cg_value_kind kind) {
    if (!growth_fits(r, r->cap * sizeof *r->nodes, (r->count + 1) * sizeof *r->nodes)) {
        return CG_REPORT_NONE;
    }
    cg_report_node *grown = cg_grow(r->nodes, &r->cap, r->count + 1, sizeof *grown);
    if (grown == NULL) {
        r->failed = true;
        return CG_REPORT_NONE;
    }
    r->nodes = grown;
    cg_report_node *n = &r->nodes[r->count];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->key = CG_REPORT_NONE;
    n->first_child = CG_REPORT_NONE;
    n->last_child = CG_REPORT_NONE;
    n->next = CG_REPORT_NONE;
    return r->count++;
}

void cg_report_reset(cg_report *r) {
    r->count = 0;
    r->depth = 0;
    r->failed = false;
    r->over_limit = false;
    cg_buf_clear(&r->strings);
    size_t root = new_node(r, CG_VALUE_OBJECT);
    if (root != CG_REPORT_NONE) {
        r->open[r->depth++] = root;
    }
}

static size_t store_string(cg_report *r, const char *text, size_t len) {
    size_t at = r->strings.len;
    if (len > SIZE_MAX / 2 - at || !growth_fits(r, r->strings.cap, at + len + 2)) {
        r->failed = true;
        return at;
    }
    cg_buf_append(&r->strings, text, len);
    cg_buf_putc(&r->strings, '\0');
    if (cg_buf_failed(&r->strings)) {
        r->failed = true; /* the offset points at nothing: nothing may read it */
    }
    return at;
}

/* Append a node of `kind` to the innermost open container. */
static cg_report_node *add(cg_report *r, const char *key, cg_value_kind kind) {
    if (r->failed || r->depth == 0) {
        r->failed = true;
        return NULL;
    }
    size_t parent = r->open[r->depth - 1];
    bool in_object = r->nodes[parent].kind == CG_VALUE_OBJECT;
    if (in_object && key == NULL) {
        r->failed = true;
        return NULL;
    }
    size_t key_at = in_object ? store_string(r, key, strlen(key)) : CG_REPORT_NONE;
    size_t index = new_node(r, kind);
    if (index == CG_REPORT_NONE) {
        return NULL;
    }
    cg_report_node *p = &r->nodes[parent];
    if (p->last_child == CG_REPORT_NONE) {
        p->first_child = index;
    } else {
        r->nodes[p->last_child].next = index;
    }
    p->last_child = index;
    r->nodes[index].key = key_at;
    return &r->nodes[index];
}

static void open_container(cg_report *r, const char *key, cg_value_kind kind) {
    if (r->depth >= CG_REPORT_MAX_DEPTH) {
        r->failed = true;
        return;
    }
    cg_report_node *n = add(r, key, kind);
    if (n != NULL) {
        r->open[r->depth++] = (size_t)(n - r->nodes);
    }
}

void cg_report_open_object(cg_report *r, const char *key) {
    open_container(r, key, CG_VALUE_OBJECT);
}

void cg_report_open_list(cg_report *r, const char *key) {
    open_container(r, key, CG_VALUE_LIST);
}

void cg_report_close(cg_report *r) {
    if (r->depth <= 1) {
        r->failed = true;
        return;
    }
    r->depth--;
}

void cg_report_int(cg_report *r, const char *key, int64_t value) {
    cg_report_node *n = add(r, key, CG_VALUE_INT);
    if (n != NULL) {
        n->number = value;
    }
}

void cg_report_bool(cg_report *r, const char *key, bool value) {
    cg_report_node *n = add(r, key, CG_VALUE_BOOL);
    if (n != NULL) {
        n->number = value;
    }
}

void cg_report_null(cg_report *r, const char *key) {
    add(r, key, CG_VALUE_NULL);
}

static void add_text(cg_report *r, const char *key, cg_value_kind kind, const char *text,
                     size_t len) {
    cg_report_node *n = add(r, key, kind);
    if (n != NULL) {
        size_t index = (size_t)(n - r->nodes);
        size_t at = store_string(r, text, len);
        r->nodes[index].text = at;
        r->nodes[index].text_len = len;
    }
}

void cg_report_string_n(cg_report *r, const char *key, const char *text, size_t len) {
    add_text(r, key, CG_VALUE_STRING, text, len);
}

void cg_report_string(cg_report *r, const char *key, const char *text) {
    add_text(r, key, CG_VALUE_STRING, text, strlen(text));
}

void cg_report_text(cg_report *r, const char *key, const char *text, size_t len) {
    add_text(r, key, CG_VALUE_TEXT, text, len);
}

void cg_report_styled(cg_report *r, const char *key, const char *text, size_t len) {
    add_text(r, key, CG_VALUE_STYLED, text, len);
}

void cg_report_printf(cg_report *r, const char *key, const char *format, ...) {
    char line[512];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    cg_report_string(r, key, line);
}

/* ---- rendering ---------------------------------------------------------- */

static const char *key_of(const cg_report *r, const cg_report_node *n) {
    return r->strings.data + n->key;
}

static const char *text_of(const cg_report *r, const cg_report_node *n) {
    return r->strings.data + n->text;
}

static bool is_scalar(const cg_report_node *n) {
    return n->kind == CG_VALUE_INT || n->kind == CG_VALUE_BOOL || n->kind == CG_VALUE_STRING ||
           n->kind == CG_VALUE_NULL || n->kind == CG_VALUE_STYLED;
}

/* Containers print on one line when their children are all scalars, except
 * lists of strings: those are sentences, one a line. */
static bool is_flat(const cg_report *r, const cg_report_node *n) {
    for (size_t c = n->first_child; c != CG_REPORT_NONE; c = r->nodes[c].next) {
        const cg_report_node *child = &r->nodes[c];
        if (!is_scalar(child) || (n->kind == CG_VALUE_LIST && child->kind == CG_VALUE_STRING)) {
            return false;
        }
    }
    return true;
}

/* Whether a string can stand unquoted in YAML, block or flow: a word of
 * letters, digits and underscores starting with a letter, and not one that
 * YAML 1.1 reads as a boolean or null. Everything else is double-quoted,
 * with JSON's escapes (which YAML reads the same). */
static bool plain_yaml(const char *text, size_t len) {
    static const char *const reserved[] = {"y",   "n",    "yes",   "no",  "on",
                                           "off", "true", "false", "null"};
    if (len == 0 || !((text[0] >= 'a' && text[0] <= 'z') || (text[0] >= 'A' && text[0] <= 'Z'))) {
        return false;
    }
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_')) {
            return false;
        }
    }
    for (size_t k = 0; k < sizeof reserved / sizeof reserved[0]; k++) {
        size_t n = strlen(reserved[k]);
        bool same = n == len;
        for (size_t i = 0; same && i < n; i++) {
            char c = text[i];
            same = (c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c) == reserved[k][i];
        }
        if (same) {
            return false;
        }
    }
    return true;
}

static void text_scalar(const cg_report *r, const cg_report_node *n, cg_buf *out) {
    switch (n->kind) {
    case CG_VALUE_INT:
        cg_buf_put_int(out, n->number);
        break;
    case CG_VALUE_BOOL:
        cg_buf_puts(out, n->number ? "true" : "false");
        break;
    case CG_VALUE_NULL:
        cg_buf_puts(out, "null");
        break;
    case CG_VALUE_STYLED:
        cg_buf_append(out, text_of(r, n), n->text_len);
        break;
    default:
        if (plain_yaml(text_of(r, n), n->text_len)) {
            cg_buf_append(out, text_of(r, n), n->text_len);
        } else {
            cg_buf_put_json_string(out, text_of(r, n), n->text_len);
        }
        break;
    }
}

/* A flat container on one line, in YAML's flow style: {a: 1, b: 2} or
 * [1, 2, 3]. */
static void text_flat(const cg_report *r, const cg_report_node *n, cg_buf *out) {
    bool object = n->kind == CG_VALUE_OBJECT;
    cg_buf_putc(out, object ? '{' : '[');
    for (size_t c = n->first_child; c != CG_REPORT_NONE; c = r->nodes[c].next) {
        const cg_report_node *child = &r->nodes[c];
        if (c != n->first_child) {
            cg_buf_puts(out, ", ");
        }
        if (object) {
            cg_buf_puts(out, key_of(r, child));
            cg_buf_puts(out, ": ");
        }
        text_scalar(r, child, out);
    }
    cg_buf_putc(out, object ? '}' : ']');
}

static void text_children(const cg_report *r, const cg_report_node *n, size_t indent, cg_buf *out);

/* Render one value after "key:" or "-" has been written on the current line. */
static void text_value(const cg_report *r, const cg_report_node *n, size_t indent, cg_buf *out) {
    if (is_scalar(n) || n->kind == CG_VALUE_TEXT) {
        cg_buf_putc(out, ' ');
        text_scalar(r, n, out);
        cg_buf_putc(out, '\n');
    } else if (is_flat(r, n)) {
        cg_buf_putc(out, ' ');
        text_flat(r, n, out);
        cg_buf_putc(out, '\n');
    } else {
        cg_buf_putc(out, '\n');
        text_children(r, n, indent + 2, out);
    }
}

static void text_children(const cg_report *r, const cg_report_node *n, size_t indent, cg_buf *out) {
    for (size_t c = n->first_child; c != CG_REPORT_NONE; c = r->nodes[c].next) {
        const cg_report_node *child = &r->nodes[c];
        cg_buf_repeat(out, ' ', indent);
        if (n->kind == CG_VALUE_OBJECT) {
            cg_buf_puts(out, key_of(r, child));
            cg_buf_putc(out, ':');
            text_value(r, child, indent, out);
        } else if (child->kind == CG_VALUE_OBJECT && !is_flat(r, child)) {
            /* "- first: 1", then the other fields aligned under "first". */
            cg_buf_puts(out, "- ");
            for (size_t f = child->first_child; f != CG_REPORT_NONE; f = r->nodes[f].next) {
                if (f != child->first_child) {
                    cg_buf_repeat(out, ' ', indent + 2);
                }
                cg_buf_puts(out, key_of(r, &r->nodes[f]));
                cg_buf_putc(out, ':');
                text_value(r, &r->nodes[f], indent + 2, out);
            }
        } else {
            cg_buf_putc(out, '-');
            text_value(r, child, indent, out);
        }
    }
}

/* A failed report's offsets may point past its strings: rendering it would
 * read what is not there, so it fails the output instead. */
static bool refuse_failed(const cg_report *r, cg_buf *out) {
    if (cg_report_failed(r)) {
        cg_buf_fail(out);
        return true;
    }
    return false;
}

void cg_report_render_text(const cg_report *r, size_t indent, cg_buf *out) {
    if (refuse_failed(r, out)) {
        return;
    }
    if (r->count > 0) {
        text_children(r, &r->nodes[0], indent, out);
    }
}

static void json_value(const cg_report *r, const cg_report_node *n, cg_buf *out) {
    switch (n->kind) {
    case CG_VALUE_INT:
        cg_buf_put_int(out, n->number);
        return;
    case CG_VALUE_BOOL:
        cg_buf_puts(out, n->number ? "true" : "false");
        return;
    case CG_VALUE_NULL:
        cg_buf_puts(out, "null");
        return;
    case CG_VALUE_STRING:
    case CG_VALUE_TEXT:
    case CG_VALUE_STYLED:
        cg_buf_put_json_string(out, text_of(r, n), n->text_len);
        return;
    case CG_VALUE_OBJECT:
    case CG_VALUE_LIST:
        break;
    }
    bool object = n->kind == CG_VALUE_OBJECT;
    cg_buf_putc(out, object ? '{' : '[');
    for (size_t c = n->first_child; c != CG_REPORT_NONE; c = r->nodes[c].next) {
        const cg_report_node *child = &r->nodes[c];
        if (c != n->first_child) {
            cg_buf_putc(out, ',');
        }
        if (object) {
            const char *key = key_of(r, child);
            cg_buf_put_json_string(out, key, strlen(key));
            cg_buf_putc(out, ':');
        }
        json_value(r, child, out);
    }
    cg_buf_putc(out, object ? '}' : ']');
}

void cg_report_render_json(const cg_report *r, cg_buf *out) {
    if (refuse_failed(r, out)) {
        return;
    }
    if (r->count == 0) {
        cg_buf_puts(out, "{}");
        return;
    }
    json_value(r, &r->nodes[0], out);
}

void cg_report_text_buf(cg_report *report, const char *key, const cg_buf *text) {
    if (cg_buf_failed(text)) {
        report->failed = true;
        return;
    }
    cg_report_text(report, key, text->data != NULL ? text->data : "", text->len);
}

void cg_report_write_envelope(cg_buf *out, const char *game, const char *file, uint64_t number,
                              const char *answer, size_t answer_len, const cg_report *analysis) {
    if (refuse_failed(analysis, out)) {
        return;
    }
    while (answer_len > 0 && answer[answer_len - 1] == '\n') {
        answer_len--;
    }
    cg_buf_puts(out, "{\"schema\":\"" CG_JSON_SCHEMA_VERSION "\",\"game\":");
    cg_buf_put_json_string(out, game, strlen(game));
    cg_buf_puts(out, ",\"file\":");
    if (file != NULL) {
        cg_buf_put_json_string(out, file, strlen(file));
    } else {
        cg_buf_puts(out, "null");
    }
    cg_buf_printf(out, ",\"case\":%llu,\"answer\":", (unsigned long long)number);
    cg_buf_put_json_string(out, answer != NULL ? answer : "", answer_len);
    cg_buf_puts(out, ",\"analysis\":");
    cg_report_render_json(analysis, out);
    cg_buf_puts(out, "}\n");
}
