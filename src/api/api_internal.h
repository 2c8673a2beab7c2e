/* What the one-call API's files (api.c, api_play.c) share: options given as
 * strings, and failures turned into cg_api_error. */
#ifndef CGSOLVE_API_INTERNAL_H
#define CGSOLVE_API_INTERNAL_H

#include "framework/cgsolve_internal.h"

/* The option tables a call accepts (NULL-name ended each; a NULL table is
 * none), less the options named in refused ("explain|format", or NULL). */
#define API_TABLES 3
typedef struct api_accepts {
    const cg_option_spec *tables[API_TABLES];
    const char *refused;
    const char *command; /* for messages: "treblecross", "grundy", "play" */
} api_accepts;

/* Start options from the defaults and apply call's options in order.
 * CG_ERR_USAGE naming the option for an unknown one, a missing or needless
 * value, or a value cg_option_set rejects. */
cg_status api_options(cg_options *options, const cg_call *call, const api_accepts *accepts,
                      cg_error *err);

/* out from a library failure: its status, message and the place where it
 * arose (err->line, err->column: 0 when it names none). */
void api_fail(cg_api_error *out, const cg_error *err);

/* A usage failure of the API itself (a NULL argument...). */
cg_status api_usage(cg_api_error *out, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Move what buf holds into text (buf is left empty). */
void api_take(cg_buf *buf, cg_text *text);

#endif
