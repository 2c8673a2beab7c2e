#include "core/status_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

cg_status cg_error_vset(cg_error *err, cg_status status, const char *format, va_list args) {
    if (err != NULL) {
        err->status = status;
        err->over_budget = false;
        err->on_output = false;
        err->line = err->column = 0;
        vsnprintf(err->message, sizeof err->message, format, args);
    }
    return status;
}

cg_status cg_error_vset_at(cg_error *err, cg_status status, const char *name, uint64_t line,
                           uint64_t column, const char *format, va_list args) {
    if (err == NULL) {
        return status;
    }
    err->status = status;
    err->over_budget = false;
    err->on_output = false;
    err->line = line;
    err->column = column;
    int head = column != 0 ? snprintf(err->message, sizeof err->message, "%s:%llu:%llu: ", name,
                                      (unsigned long long)line, (unsigned long long)column)
                           : snprintf(err->message, sizeof err->message, "%s:%llu: ", name,
                                      (unsigned long long)line);
    size_t used = head > 0 ? (size_t)head : 0;
    if (used < sizeof err->message) {
        vsnprintf(err->message + used, sizeof err->message - used, format, args);
    }
    return status;
}

cg_status cg_error_set_at(cg_error *err, cg_status status, const char *name, uint64_t line,
                          uint64_t column, const char *format, ...) {
    va_list args;
    va_start(args, format);
    cg_error_vset_at(err, status, name, line, column, format, args);
    va_end(args);
    return status;
}

cg_status cg_error_set(cg_error *err, cg_status status, const char *format, ...) {
    va_list args;
    va_start(args, format);
    cg_error_vset(err, status, format, args);
    va_end(args);
    return status;
}

cg_status cg_error_nomem(cg_error *err, const char *what) {
    return cg_error_set(err, CG_ERR_NOMEM, "out of memory while %s", what);
}

cg_status cg_error_system(cg_error *err, const char *action, const char *path) {
    if (errno == ENOMEM) {
        return cg_error_set(err, CG_ERR_NOMEM, "out of memory while trying to %s '%s'", action,
                            path);
    }
    return cg_error_set(err, CG_ERR_IO, "cannot %s '%s': %s", action, path, strerror(errno));
}

cg_status cg_error_output(cg_error *err) {
    cg_error_set(err, CG_ERR_IO, "write error on the output: %s", strerror(errno));
    if (err != NULL) {
        err->on_output = true;
    }
    return CG_ERR_IO;
}

void cg_error_clear(cg_error *err) {
    if (err != NULL) {
        err->status = CG_OK;
        err->over_budget = false;
        err->on_output = false;
        err->line = err->column = 0;
        err->message[0] = '\0';
    }
}

const char *cg_status_name(cg_status status) {
    switch (status) {
    case CG_OK:
        return "ok";
    case CG_END:
        return "end of input";
    case CG_ERR_INPUT:
        return "input error";
    case CG_ERR_LIMIT:
        return "limit exceeded";
    case CG_ERR_NOMEM:
        return "out of memory";
    case CG_ERR_IO:
        return "i/o error";
    case CG_ERR_USAGE:
        return "usage error";
    case CG_ERR_INTERNAL:
        return "internal error";
    case CG_ERR_STOPPED:
        return "stopped";
    }
    return "unknown status";
}
