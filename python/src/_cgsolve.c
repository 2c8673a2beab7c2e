/* cgsolve._cgsolve: the C library's one-call API (cgsolve.h) as a CPython
 * extension. Thin on purpose: strings in, strings out, errors raised as the
 * classes cgsolve/__init__.py registers. The library runs without the GIL;
 * its progress hook takes the GIL back now and then to let Python handle
 * signals (Ctrl-C) and call the caller's progress function, and asks the
 * work to stop when either raised. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "cgsolve/cgsolve.h"

/* status (int) -> exception class, from _register_errors */
static PyObject *error_classes;

/* Raise the exception for err: its class by status, with the attributes
 * status, status_name, message, line and column. */
static PyObject *raise_error(const cg_api_error *err) {
    PyObject *status = PyLong_FromLong((long)err->status);
    PyObject *cls = status != NULL && error_classes != NULL
                        ? PyDict_GetItemWithError(error_classes, status)
                        : NULL;
    if (cls == NULL) {
        cls = PyExc_RuntimeError;
    }
    PyObject *exc = PyObject_CallFunction(cls, "s", err->message);
    if (exc != NULL) {
        PyObject_SetAttrString(exc, "status", status);
        PyObject *name = PyUnicode_FromString(cg_status_name(err->status));
        PyObject_SetAttrString(exc, "status_name", name);
        Py_XDECREF(name);
        PyObject *message = PyUnicode_FromString(err->message);
        PyObject_SetAttrString(exc, "message", message);
        Py_XDECREF(message);
        PyObject *line = PyLong_FromUnsignedLongLong(err->line);
        PyObject_SetAttrString(exc, "line", line);
        Py_XDECREF(line);
        PyObject *column = PyLong_FromUnsignedLongLong(err->column);
        PyObject_SetAttrString(exc, "column", column);
        Py_XDECREF(column);
        PyErr_SetObject(cls, exc);
        Py_DECREF(exc);
    }
    Py_XDECREF(status);
    return NULL;
}

static PyObject *register_errors(PyObject *self, PyObject *classes) {
    (void)self;
    if (!PyDict_Check(classes)) {
        PyErr_SetString(PyExc_TypeError, "a dict of status -> exception class");
        return NULL;
    }
    Py_XSETREF(error_classes, Py_NewRef(classes));
    Py_RETURN_NONE;
}

/* ---- options: a sequence of (name, value-or-None) ------------------------ */

typedef struct call_args {
    cg_option_value *options;
    size_t count;
    PyObject *keep;     /* the list of encoded names and values the options point into */
    PyObject *progress; /* a callable (what, done, total) or None */
} call_args;

static void call_args_free(call_args *a) {
    PyMem_Free(a->options);
    Py_XDECREF(a->keep);
}

/* UTF-8 of a str, kept alive in keep. */
static const char *utf8_kept(PyObject *text, PyObject *keep) {
    PyObject *bytes = PyUnicode_AsUTF8String(text);
    if (bytes == NULL || PyList_Append(keep, bytes) != 0) {
        Py_XDECREF(bytes);
        return NULL;
    }
    Py_DECREF(bytes);
    return PyBytes_AS_STRING(bytes);
}

static int parse_options(PyObject *seq, call_args *a) {
    memset(a, 0, sizeof *a);
    PyObject *fast = PySequence_Fast(seq, "options must be a sequence of (name, value) pairs");
    if (fast == NULL) {
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    a->keep = PyList_New(0);
    a->options = PyMem_Calloc((size_t)(n > 0 ? n : 1), sizeof *a->options);
    if (a->keep == NULL || a->options == NULL) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name, *value;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "UO", &name, &value)) {
            Py_DECREF(fast);
            return -1;
        }
        a->options[i].name = utf8_kept(name, a->keep);
        if (a->options[i].name == NULL) {
            Py_DECREF(fast);
            return -1;
        }
        if (value != Py_None) {
            if (!PyUnicode_Check(value)) {
                Py_DECREF(fast);
                PyErr_Format(PyExc_TypeError, "the value of option '%s' must be a str or None",
                             a->options[i].name);
                return -1;
            }
            if ((a->options[i].value = utf8_kept(value, a->keep)) == NULL) {
                Py_DECREF(fast);
                return -1;
            }
        }
    }
    a->count = (size_t)n;
    Py_DECREF(fast);
    return 0;
}

/* The library's progress hook, called without the GIL on the thread that
 * called it: Ctrl-C (PyErr_CheckSignals) or an exception from the caller's
 * progress function stops the work, the exception left set. */
static bool python_progress(void *context, const char *what, uint64_t done, uint64_t total) {
    call_args *a = context;
    PyGILState_STATE gil = PyGILState_Ensure();
    bool stop = PyErr_Occurred() != NULL || PyErr_CheckSignals() != 0;
    if (!stop && a->progress != NULL && a->progress != Py_None) {
        PyObject *r = PyObject_CallFunction(a->progress, "sKK", what, (unsigned long long)done,
                                            (unsigned long long)total);
        stop = r == NULL || PyObject_IsTrue(r) == 1;
        Py_XDECREF(r);
    }
    PyGILState_Release(gil);
    return stop;
}

/* The options and progress function of a call; -1 with the exception set. */
static int begin_call(PyObject *options, PyObject *progress, const char *name, bool json,
                      call_args *a, cg_call *call) {
    if (parse_options(options, a) != 0) {
        call_args_free(a);
        return -1;
    }
    a->progress = progress;
    *call = (cg_call){a->options, a->count, name, json, python_progress, a};
    return 0;
}

/* ---- solve ------------------------------------------------------------- */

static PyObject *text_str(const cg_text *t) {
    return PyUnicode_DecodeUTF8(t->data != NULL ? t->data : "", (Py_ssize_t)t->len, "replace");
}

static PyObject *solve(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"game", "text", "options", "name", "json", "progress", NULL};
    const char *game, *name = NULL;
    Py_buffer text;
    PyObject *options;
    int json = 1;
    call_args a;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sy*O|zpO", keywords, &game, &text, &options,
                                     &name, &json, &progress)) {
        return NULL;
    }
    cg_call call;
    if (begin_call(options, progress, name, json != 0, &a, &call) != 0) {
        PyBuffer_Release(&text);
        return NULL;
    }
    cg_solve_result result;
    cg_api_error err;
    cg_status st;
    PyThreadState *saved = PyEval_SaveThread();
    st = cg_solve_text(game, text.buf, (size_t)text.len, &call, &result, &err);
    PyEval_RestoreThread(saved);
    PyBuffer_Release(&text);
    call_args_free(&a);
    PyObject *out = NULL;
    if (PyErr_Occurred()) {
        /* a KeyboardInterrupt or the progress function's exception */
    } else if (st != CG_OK) {
        raise_error(&err);
    } else {
        out = Py_BuildValue("(NNK)", text_str(&result.judge), text_str(&result.json),
                            (unsigned long long)result.cases);
    }
    cg_solve_result_free(&result);
    return out;
}

/* ---- grundy ------------------------------------------------------------ */

/* The engine's table of values, owned: numpy.asarray(table) views it
 * through __array_interface__ (no copy; the array's base is the table, which
 * frees the values when the last view of it is gone). The view is read-only:
 * every view of one table shares its memory, so a write through one would
 * change the proven values another holds. */
typedef struct {
    PyObject_HEAD cg_grundy_result result;
} Table;

static Py_ssize_t live_tables; /* Tables alive, for the tests (under the GIL) */

static void table_dealloc(Table *self) {
    cg_grundy_result_free(&self->result);
    live_tables--;
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *table_interface(Table *self, void *unused) {
    (void)unused;
    const cg_grundy_result *r = &self->result;
    /* numpy wants a data pointer even for no values */
    static uint32_t empty;
    void *data = r->table != NULL ? r->table : (void *)&empty;
    const char *type = r->width == 4 ? "=u4" : "=u2";
    return Py_BuildValue("{s:(n),s:s,s:(NO),s:i}", "shape", (Py_ssize_t)r->count, "typestr", type,
                         "data", PyLong_FromVoidPtr(data), Py_True, "version", 3);
}

static Py_ssize_t table_length(Table *self) {
    return (Py_ssize_t)self->result.count;
}

static PyGetSetDef table_getset[] = {
    {"__array_interface__", (getter)table_interface, NULL,
     "the values for numpy: shape, typestr (=u2 or =u4), data", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods table_sequence = {.sq_length = (lenfunc)table_length};

static PyTypeObject table_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cgsolve._cgsolve.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "G(0..count-1) as the engine computed them (16 or 32 bits); view with numpy",
    .tp_dealloc = (destructor)table_dealloc,
    .tp_getset = table_getset,
    .tp_as_sequence = &table_sequence,
};

/* A Table taking result's values (result is left empty). */
static PyObject *table_take(cg_grundy_result *result) {
    Table *t = PyObject_New(Table, &table_type);
    if (t == NULL) {
        cg_grundy_result_free(result);
        return NULL;
    }
    t->result = *result;
    memset(result, 0, sizeof *result);
    cg_text_free(&t->result.json); /* the analysis goes its own way */
    live_tables++;
    return (PyObject *)t;
}

static PyObject *tables_alive(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromSsize_t(live_tables);
}

/* The exception set gets `partial` (when there is one to give). */
static void attach_partial(PyObject *partial) {
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyErr_NormalizeException(&type, &value, &trace);
    if (value != NULL && partial != NULL) {
        PyObject_SetAttrString(value, "partial", partial);
    }
    PyErr_Restore(type, value, trace);
}

/* The values as a Table (the engine's own memory) and the analysis line
 * (None when stopped). When stopped by an exception, the exception gets
 * `partial`: a Table of the values so far. */
static PyObject *grundy(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"code", "upto", "options", "progress", NULL};
    const char *code;
    unsigned long long upto;
    PyObject *options, *progress = Py_None;
    call_args a;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "zKO|O", keywords, &code, &upto, &options,
                                     &progress)) {
        return NULL;
    }
    cg_call call;
    if (begin_call(options, progress, NULL, false, &a, &call) != 0) {
        return NULL;
    }
    cg_grundy_result result;
    cg_api_error err;
    cg_status st;
    PyThreadState *saved = PyEval_SaveThread();
    st = cg_grundy_values_table(code, upto, &call, &result, &err);
    PyEval_RestoreThread(saved);
    call_args_free(&a);
    PyObject *analysis = st == CG_OK && !PyErr_Occurred() ? text_str(&result.json) : NULL;
    if (PyErr_Occurred() || st == CG_ERR_STOPPED) {
        /* a KeyboardInterrupt, the progress function's exception or its stop */
        if (!PyErr_Occurred()) {
            raise_error(&err);
        }
        PyObject *partial = table_take(&result);
        attach_partial(partial);
        Py_XDECREF(partial);
        return NULL;
    }
    if (st != CG_OK) {
        cg_grundy_result_free(&result);
        return raise_error(&err);
    }
    PyObject *table = analysis != NULL ? table_take(&result) : NULL;
    cg_grundy_result_free(&result);
    if (table == NULL) {
        Py_XDECREF(analysis);
        return NULL;
    }
    return Py_BuildValue("(NN)", table, analysis);
}

/* ---- misère play ------------------------------------------------------- */

/* The analysis line of `grundy CODE --misere --json` (heaps None) or of
 * `--sum HEAP...` (heaps a sequence of str). */
static PyObject *misere(PyObject *self, PyObject *args, PyObject *kwargs) {
    (void)self;
    static char *keywords[] = {"code", "upto", "heaps", "options", "progress", NULL};
    const char *code;
    unsigned long long upto;
    PyObject *heaps, *options, *progress = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sKOO|O", keywords, &code, &upto, &heaps,
                                     &options, &progress)) {
        return NULL;
    }
    call_args a;
    cg_call call;
    if (begin_call(options, progress, NULL, false, &a, &call) != 0) {
        return NULL;
    }
    const char **words = NULL;
    size_t count = 0;
    if (heaps != Py_None) {
        PyObject *fast = PySequence_Fast(heaps, "heaps must be a sequence of str");
        Py_ssize_t n = fast != NULL ? PySequence_Fast_GET_SIZE(fast) : 0;
        words = fast != NULL ? PyMem_Calloc((size_t)n + 1, sizeof *words) : NULL;
        for (Py_ssize_t i = 0; words != NULL && i < n; i++) {
            PyObject *word = PySequence_Fast_GET_ITEM(fast, i);
            if (!PyUnicode_Check(word) || (words[i] = utf8_kept(word, a.keep)) == NULL) {
                if (!PyErr_Occurred()) {
                    PyErr_SetString(PyExc_TypeError, "each heap must be a str");
                }
                PyMem_Free(words);
                words = NULL;
            }
        }
        Py_XDECREF(fast);
        if (words == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_NoMemory();
            }
            call_args_free(&a);
            return NULL;
        }
        count = (size_t)n;
    }
    cg_text json;
    cg_api_error err;
    cg_status st;
    PyThreadState *saved = PyEval_SaveThread();
    st = cg_misere_text(code, upto, words, count, &call, &json, &err);
    PyEval_RestoreThread(saved);
    PyMem_Free(words);
    call_args_free(&a);
    PyObject *out = NULL;
    if (PyErr_Occurred() || st == CG_ERR_STOPPED) {
        /* a KeyboardInterrupt, the progress function's exception or its
         * stop: the exception gets `partial`, the analysis line of the
         * heaps done so far (None for a sum) */
        if (!PyErr_Occurred()) {
            raise_error(&err);
        }
        PyObject *type, *value, *trace;
        PyErr_Fetch(&type, &value, &trace); /* no call into Python with it pending */
        PyObject *partial = json.data != NULL ? text_str(&json) : Py_None;
        if (partial == NULL) {
            PyErr_Clear();
        } else if (partial == Py_None) {
            Py_INCREF(partial);
        }
        PyErr_Restore(type, value, trace);
        attach_partial(partial);
        Py_XDECREF(partial);
    } else if (st != CG_OK) {
        raise_error(&err);
    } else {
        out = text_str(&json);
    }
    cg_text_free(&json);
    return out;
}

/* ---- the contest tools ----------------------------------------------------- */

static PyObject *gen(PyObject *self, PyObject *args) {
    (void)self;
    const char *game;
    PyObject *options;
    call_args a;
    if (!PyArg_ParseTuple(args, "sO", &game, &options)) {
        return NULL;
    }
    cg_call call;
    if (begin_call(options, Py_None, NULL, false, &a, &call) != 0) {
        return NULL;
    }
    cg_text input;
    cg_api_error err;
    cg_status st;
    PyThreadState *saved = PyEval_SaveThread();
    st = cg_gen_text(game, &call, &input, &err);
    PyEval_RestoreThread(saved);
    call_args_free(&a);
    PyObject *out = st == CG_OK ? text_str(&input) : raise_error(&err);
    cg_text_free(&input);
    return out;
}

static PyObject *check(PyObject *self, PyObject *args) {
    (void)self;
    static const char *const verdicts[] = {"accepted", "wrong_answer", "presentation_error"};
    const char *game, *name = NULL;
    Py_buffer input, output;
    PyObject *options;
    call_args a;
    if (!PyArg_ParseTuple(args, "sy*y*O|z", &game, &input, &output, &options, &name)) {
        return NULL;
    }
    cg_call call;
    if (begin_call(options, Py_None, name, false, &a, &call) != 0) {
        PyBuffer_Release(&input);
        PyBuffer_Release(&output);
        return NULL;
    }
    cg_check_outcome o;
    cg_api_error err;
    cg_status st;
    PyThreadState *saved = PyEval_SaveThread();
    st = cg_check_text(game, input.buf, (size_t)input.len, output.buf, (size_t)output.len, &call,
                       &o, &err);
    PyEval_RestoreThread(saved);
    PyBuffer_Release(&input);
    PyBuffer_Release(&output);
    call_args_free(&a);
    PyObject *out = NULL;
    if (st != CG_OK) {
        raise_error(&err);
    } else {
        out = Py_BuildValue("{s:s,s:K,s:K,s:K,s:K,s:N,s:N,s:N,s:N}", "verdict", verdicts[o.verdict],
                            "cases", (unsigned long long)o.cases, "case",
                            (unsigned long long)o.case_number, "line", (unsigned long long)o.line,
                            "column", (unsigned long long)o.column, "summary", text_str(&o.summary),
                            "expected", text_str(&o.expected), "given", text_str(&o.given),
                            "explanation", text_str(&o.explanation));
    }
    cg_check_outcome_free(&o);
    return out;
}

/* ---- what the library offers ---------------------------------------------- */

static PyObject *catalog(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    cg_text json = {NULL, 0};
    cg_api_error err;
    if (cg_catalog(&json, &err) != CG_OK) {
        return raise_error(&err);
    }
    PyObject *out = text_str(&json);
    cg_text_free(&json);
    return out;
}

static PyObject *version(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyUnicode_FromString(cg_version());
}

/* ---- play sessions ------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD cg_session *session;
    /* Ctrl-C while opening: asked by the caller's thread, read by the
     * session's progress hook on the game's thread (it stays the hook of
     * the session, which cg_session_stop serves for later commands). */
    atomic_bool stop_opening;
} Session;

/* The session's own progress hook (set at its opening). */
static bool opening_stopped(void *context, const char *what, uint64_t done, uint64_t total) {
    (void)what;
    (void)done;
    (void)total;
    Session *self = context;
    return atomic_load(&self->stop_opening);
}

/* One cg_session_open on a thread of its own, so that the caller's thread
 * can look for Ctrl-C while the game values its start. */
typedef struct opening {
    Session *self;
    const char *game;
    Py_buffer *position;
    cg_call *call;
    cg_status status;
    cg_api_error err;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool done;
} opening;

static void *open_thread(void *context) {
    opening *o = context;
    o->status = cg_session_open(&o->self->session, o->game, o->position->buf,
                                (size_t)o->position->len, o->call, &o->err);
    pthread_mutex_lock(&o->lock);
    o->done = true;
    pthread_cond_broadcast(&o->changed);
    pthread_mutex_unlock(&o->lock);
    return NULL;
}

/* How often an opening or a command being answered looks for Ctrl-C. */
#define SIGNAL_POLL_MS 50

/* Whether the opening has ended, after waiting up to SIGNAL_POLL_MS. */
static bool opening_done(opening *o) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += SIGNAL_POLL_MS * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&o->lock);
    if (!o->done) {
        pthread_cond_timedwait(&o->changed, &o->lock, &until);
    }
    bool done = o->done;
    pthread_mutex_unlock(&o->lock);
    return done;
}

/* Open without the GIL, looking for signals now and then: on Ctrl-C (or
 * another handler's exception) the opening is asked to stop, and once it
 * has ended the exception is raised (-1), a session that opened all the
 * same closed. */
static int open_interruptibly(Session *self, const char *game, Py_buffer *position, cg_call *call) {
    opening o = {.self = self, .game = game, .position = position, .call = call};
    pthread_mutex_init(&o.lock, NULL);
    pthread_cond_init(&o.changed, NULL);
    atomic_store(&self->stop_opening, false);
    call->progress = opening_stopped;
    call->progress_context = self;
    sigset_t all, old;
    sigfillset(&all);
    pthread_t thread;
    pthread_sigmask(SIG_SETMASK, &all, &old); /* signals stay with the caller */
    bool started = pthread_create(&thread, NULL, open_thread, &o) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    bool stopping = false;
    if (!started) {
        o.status = cg_session_open(&self->session, game, position->buf, (size_t)position->len, call,
                                   &o.err);
    } else {
        for (;;) {
            PyThreadState *saved = PyEval_SaveThread();
            bool done = opening_done(&o);
            PyEval_RestoreThread(saved);
            if (done) {
                break;
            }
            if (!stopping && PyErr_CheckSignals() != 0) {
                atomic_store(&self->stop_opening, true);
                stopping = true;
            }
        }
        pthread_join(thread, NULL);
    }
    pthread_cond_destroy(&o.changed);
    pthread_mutex_destroy(&o.lock);
    atomic_store(&self->stop_opening, false);
    if (stopping) {
        cg_session_close(self->session);
        self->session = NULL;
        return -1; /* the exception of the signal's handler */
    }
    if (o.status != CG_OK) {
        raise_error(&o.err);
        return -1;
    }
    return 0;
}

static int session_init(Session *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"game", "position", "options", "name", NULL};
    const char *game, *name = NULL;
    Py_buffer position = {0};
    PyObject *options;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sz*O|z", keywords, &game, &position, &options,
                                     &name)) {
        return -1;
    }
    /* the progress hook runs on the session's thread: it only reads a flag */
    call_args a;
    if (parse_options(options, &a) != 0) {
        PyBuffer_Release(&position);
        call_args_free(&a);
        return -1;
    }
    cg_call call = {a.options, a.count, name, false, NULL, NULL};
    cg_session_close(self->session);
    self->session = NULL;
    int rc = open_interruptibly(self, game, &position, &call);
    PyBuffer_Release(&position);
    call_args_free(&a);
    return rc;
}

static void session_dealloc(Session *self) {
    cg_session_close(self->session);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static bool session_open(Session *self) {
    if (self->session == NULL) {
        PyErr_SetString(PyExc_ValueError, "the session is closed");
        return false;
    }
    return true;
}

/* Send one line and wait for its answer without the GIL, looking for
 * signals now and then: on Ctrl-C (or another handler's exception) the
 * session is asked to stop, which takes the command back, and once it has
 * answered the exception is raised. */
static PyObject *session_send(Session *self, PyObject *args) {
    const char *line;
    if (!PyArg_ParseTuple(args, "s", &line) || !session_open(self)) {
        return NULL;
    }
    cg_api_error err;
    cg_status st = cg_session_post(self->session, line, &err);
    bool answered = false, stopping = false;
    while (st == CG_OK && !answered) {
        PyThreadState *saved = PyEval_SaveThread();
        st = cg_session_wait(self->session, stopping ? -1 : SIGNAL_POLL_MS, &answered, &err);
        PyEval_RestoreThread(saved);
        if (!answered && !stopping && PyErr_CheckSignals() != 0) {
            cg_session_stop(self->session);
            stopping = true;
        }
    }
    if (stopping) {
        return NULL; /* the exception of the signal's handler */
    }
    if (st != CG_OK) {
        return raise_error(&err);
    }
    Py_RETURN_NONE;
}

static PyObject *session_read(Session *self, PyObject *unused) {
    (void)unused;
    if (!session_open(self)) {
        return NULL;
    }
    cg_text events;
    cg_api_error err;
    if (cg_session_read(self->session, &events, &err) != CG_OK) {
        return raise_error(&err);
    }
    PyObject *out = text_str(&events);
    cg_text_free(&events);
    return out;
}

static PyObject *session_over(Session *self, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(self->session == NULL || cg_session_over(self->session));
}

static PyObject *session_close(Session *self, PyObject *unused) {
    (void)unused;
    cg_session *s = self->session;
    self->session = NULL;
    PyThreadState *saved = PyEval_SaveThread();
    cg_session_close(s);
    PyEval_RestoreThread(saved);
    Py_RETURN_NONE;
}

static PyMethodDef session_methods[] = {
    {"send", (PyCFunction)session_send, METH_VARARGS,
     "send(line): send one command line and wait for its answer"},
    {"read", (PyCFunction)session_read, METH_NOARGS,
     "read() -> str: the JSON events written since the last read, one a line"},
    {"over", (PyCFunction)session_over, METH_NOARGS, "over() -> bool: the game has ended"},
    {"close", (PyCFunction)session_close, METH_NOARGS, "close(): abandon the game, release it"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject session_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cgsolve._cgsolve.Session",
    .tp_basicsize = sizeof(Session),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Session(game, position, options, name=None): cg_session_* of cgsolve.h",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)session_init,
    .tp_dealloc = (destructor)session_dealloc,
    .tp_methods = session_methods,
};

/* ---- the module ---------------------------------------------------------------- */

static PyMethodDef methods[] = {
    {"solve", (PyCFunction)(void (*)(void))solve, METH_VARARGS | METH_KEYWORDS,
     "solve(game, text, options, name=None, json=True, progress=None) -> (judge, json, cases)"},
    {"grundy", (PyCFunction)(void (*)(void))grundy, METH_VARARGS | METH_KEYWORDS,
     "grundy(code, upto, options, progress=None) -> (Table, analysis line)"},
    {"misere", (PyCFunction)(void (*)(void))misere, METH_VARARGS | METH_KEYWORDS,
     "misere(code, upto, heaps, options, progress=None) -> the --misere --json line"},
    {"_tables_alive", tables_alive, METH_NOARGS, "Tables not yet freed (for the tests)"},
    {"gen", gen, METH_VARARGS, "gen(game, options) -> str: a judge input"},
    {"check", check, METH_VARARGS,
     "check(game, input, output, options, name=None) -> dict: the verdict"},
    {"catalog", catalog, METH_NOARGS, "catalog() -> str: cg_catalog's JSON"},
    {"version", version, METH_NOARGS, "version() -> str"},
    {"_register_errors", register_errors, METH_O, "status -> exception class"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "_cgsolve",
    "The cgsolve C library's one-call API.",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit__cgsolve(void) {
    if (PyType_Ready(&session_type) < 0 || PyType_Ready(&table_type) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    if (PyModule_AddObjectRef(m, "Session", (PyObject *)&session_type) < 0 ||
        PyModule_AddObjectRef(m, "Table", (PyObject *)&table_type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
