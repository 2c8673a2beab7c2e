#include "core/stop_internal.h"

#include "core/clock_internal.h"
#include "core/options_internal.h"

cg_stop cg_stop_make(const cg_options *options, const char *what) {
    cg_stop stop = {NULL, NULL, what, 0, CG_STOP_EVERY, 0};
    if (options != NULL) {
        stop.hook = options->progress_hook;
        stop.context = options->progress_context;
    }
    return stop;
}

cg_status cg_stop_ask(cg_stop *stop, cg_error *err) {
    stop->countdown = CG_STOP_EVERY;
    double now = cg_seconds();
    if (now < stop->next) {
        return CG_OK;
    }
    stop->next = now + CG_STOP_INTERVAL;
    if (!stop->hook(stop->context, stop->what, stop->positions, 0)) {
        return CG_OK;
    }
    return cg_error_set(err, CG_ERR_STOPPED, "stopped after %llu positions of %s",
                        (unsigned long long)stop->positions, stop->what);
}
