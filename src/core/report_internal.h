/* Structured analysis of one solved case, filled in by a game and rendered
 * by the core as indented text (--explain) or JSON (--format=json).
 *
 * A report is a tree: the root is an object; objects hold keyed values,
 * lists hold unkeyed values. Games add values in order and never check each
 * call: the first allocation failure is remembered (cg_report_failed) and the
 * runner reports it once. The failure is sticky: later additions are
 * ignored, and every renderer of a failed report writes nothing and fails its
 * output buffer instead (so a caller that checks cg_buf_failed on the output
 * reports it). Nesting is bounded by CG_REPORT_MAX_DEPTH. */
#ifndef CGSOLVE_REPORT_H
#define CGSOLVE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/buf_internal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CG_REPORT_MAX_DEPTH 16

typedef enum cg_value_kind {
    CG_VALUE_OBJECT,
    CG_VALUE_LIST,
    CG_VALUE_INT,
    CG_VALUE_BOOL,
    CG_VALUE_STRING, /* one line */
    CG_VALUE_TEXT,   /* several lines, e.g. a drawn board */
    CG_VALUE_NULL,   /* no value (JSON null, null in YAML) */
    CG_VALUE_STYLED  /* one line holding terminal escapes: a string in JSON, written as it
                        is in text (which is then for a terminal, not for a YAML reader) */
} cg_value_kind;

typedef struct cg_report_node {
    cg_value_kind kind;
    size_t key;     /* offset of the key in strings, or CG_REPORT_NONE */
    int64_t number; /* CG_VALUE_INT and CG_VALUE_BOOL */
    size_t text;    /* offset of the text in strings */
    size_t text_len;
    size_t first_child; /* containers: first child node, or CG_REPORT_NONE */
    size_t last_child;
    size_t next; /* next sibling, or CG_REPORT_NONE */
} cg_report_node;

#define CG_REPORT_NONE ((size_t)-1)

typedef struct cg_report {
    cg_report_node *nodes;
    size_t count;
    size_t cap;
    cg_buf strings;
    size_t open[CG_REPORT_MAX_DEPTH]; /* the containers being filled */
    size_t depth;
    bool failed;
    bool over_limit;  /* failed because it would outgrow max_bytes */
    size_t max_bytes; /* storage the report may reach, growth included (SIZE_MAX: any) */
} cg_report;

void cg_report_init(cg_report *report);
void cg_report_free(cg_report *report);
/* Bytes of storage the report holds. */
size_t cg_report_bytes(const cg_report *report);
/* Empty the report (a fresh root object), keeping storage. */
void cg_report_reset(cg_report *report);
/* True when an allocation failed or the calls were unbalanced. */
bool cg_report_failed(const cg_report *report);

/* key is ignored (pass NULL) inside a list and required inside an object. */
void cg_report_open_object(cg_report *report, const char *key);
void cg_report_open_list(cg_report *report, const char *key);
void cg_report_close(cg_report *report);
void cg_report_int(cg_report *report, const char *key, int64_t value);
void cg_report_bool(cg_report *report, const char *key, bool value);
void cg_report_null(cg_report *report, const char *key);
void cg_report_string(cg_report *report, const char *key, const char *text);
void cg_report_string_n(cg_report *report, const char *key, const char *text, size_t len);
void cg_report_text(cg_report *report, const char *key, const char *text, size_t len);
void cg_report_styled(cg_report *report, const char *key, const char *text, size_t len);
/* cg_report_text of a buffer's contents; a failed buffer fails the report. */
void cg_report_text_buf(cg_report *report, const char *key, const cg_buf *text);
void cg_report_printf(cg_report *report, const char *key, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Render as YAML, every line prefixed by `indent` spaces: with that prefix
 * removed, the text is a YAML document whose content equals the JSON
 * rendering (styled strings excepted). */
void cg_report_render_text(const cg_report *report, size_t indent, cg_buf *out);
/* Render the root object as one line of JSON (no newline). */
void cg_report_render_json(const cg_report *report, cg_buf *out);

/* The version of the JSON format (docs/json.md, docs/schema/): the first
 * field of every JSON line cgsolve writes. */
#define CG_JSON_SCHEMA_VERSION "cgsolve/1"

/* Write one JSON line (newline included), the envelope every JSON output of
 * cgsolve shares: {"schema","game","file","case","answer","analysis"}. file NULL is
 * written as null; answer is the judge's text (trailing newlines dropped);
 * analysis is the report's root object. */
void cg_report_write_envelope(cg_buf *out, const char *game, const char *file, uint64_t number,
                              const char *answer, size_t answer_len, const cg_report *analysis);

#ifdef __cplusplus
}
#endif

#endif
