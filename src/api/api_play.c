/* A play session of the one-call API (cgsolve.h): cg_play, unchanged, runs
 * on a thread of its own reading its commands from a pipe, and writes its
 * JSON events to a memory stream. The scanner tells when cg_play is about to
 * wait for the next command (cg_scanner_set_before_wait): every event of the
 * last command has then been written, so cg_session_send writes one line
 * into the pipe and sleeps until that moment comes again, or the game ends.
 * Nothing is replayed: a command costs what it costs at `cgsolve play`. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "api/api_internal.h"

const cg_option_spec cg_play_options[] = {
    {.name = "first",
     .short_name = 'F',
     .arg = CG_ARG_CHOICE,
     .arg_name = "WHO",
     .help = "who moves first: you (default) or computer",
     CG_OPTION_FIELD(computer_first),
     .choices = "you|computer|human"},
    {.name = "case",
     .short_name = 'k',
     .arg = CG_ARG_INT,
     .arg_name = "K",
     .help = "play case K of the position file",
     CG_OPTION_FIELD(case_number),
     .def = 1,
     .min = 1,
     .max = INT64_MAX},
    {.name = "random",
     .short_name = 'r',
     .arg = CG_ARG_NONE,
     .help = "start from a random position",
     CG_OPTION_FIELD(random_start)},
    {.name = "seed",
     .short_name = 's',
     .arg = CG_ARG_INT,
     .arg_name = "S",
     .help = "seed for the random start and moves (default: the clock)",
     CG_OPTION_FIELD(seed),
     .def = 1,
     .min = 0,
     .max = INT64_MAX},
    {.name = "level",
     .short_name = 'p',
     .arg = CG_ARG_CHOICE,
     .arg_name = "LEVEL",
     .help = "computer's play: perfect (default), strong or casual",
     CG_OPTION_FIELD(level),
     .choices = "perfect|strong|casual"},
    {.name = "show-values",
     .arg = CG_ARG_NONE,
     .help = "before each of your moves, say the position's value",
     CG_OPTION_FIELD(show_values)},
    {.name = "misere",
     .arg = CG_ARG_NONE,
     .help = "misère play: whoever cannot move wins (grundy)",
     CG_OPTION_FIELD(misere)},
    {.name = NULL},
};

struct cg_session {
    const cg_game *game;
    cg_options options;
    cg_option_value *given; /* the call's options, values copied (text options keep pointers) */
    char **values;          /* the copies, given_count of them */
    size_t given_count;
    char *position;
    cg_play_start start;
    int command_fd;   /* the pipe's end the session writes, or -1 */
    FILE *command_in; /* the end cg_play reads */
    cg_scanner *commands;
    FILE *out; /* cg_play's events */
    char *events;
    size_t events_len, events_read;
    pthread_t thread;
    bool started;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool waiting; /* cg_play waits for a command: every event is written */
    bool done;    /* cg_play returned */
    cg_status status;
    cg_error err;
    atomic_bool stop;      /* cg_session_stop asked; the next look at the hook takes it, the next
                              command's cg_session_post drops it */
    cg_progress_hook hook; /* the call's own hook, or NULL */
    void *hook_context;
};

static void set_flag(cg_session *s, bool *flag) {
    pthread_mutex_lock(&s->lock);
    *flag = true;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}

/* The game's progress hook: a stop asked by cg_session_stop, once, else
 * the call's own hook. */
static bool session_hook(void *context, const char *what, uint64_t done, uint64_t total) {
    cg_session *s = context;
    if (atomic_exchange(&s->stop, false)) {
        return true;
    }
    return s->hook != NULL && s->hook(s->hook_context, what, done, total);
}

/* Called by the scanner on the game's thread before it reads the pipe. */
static void before_wait(void *context) {
    cg_session *s = context;
    fflush(s->out);
    set_flag(s, &s->waiting);
}

static void *play_thread(void *context) {
    cg_session *s = context;
    cg_error err;
    cg_error_clear(&err);
    cg_status st = cg_play(s->game, s->position != NULL ? &s->start : NULL, s->commands,
                           &s->options, false, s->out, &err);
    fflush(s->out);
    pthread_mutex_lock(&s->lock);
    s->status = st;
    s->err = err;
    pthread_mutex_unlock(&s->lock);
    set_flag(s, &s->done);
    return NULL;
}

/* Sleep until cg_play waits for a command or has returned. */
static void wait_answered(cg_session *s) {
    pthread_mutex_lock(&s->lock);
    while (!s->waiting && !s->done) {
        pthread_cond_wait(&s->changed, &s->lock);
    }
    pthread_mutex_unlock(&s->lock);
}

/* Keep copies of the call's option values: text options are kept as
 * pointers by cg_option_set, and the session outlives the call. */
static cg_status copy_options(cg_session *s, const cg_call *call, cg_call *copy) {
    *copy = *call;
    if (call->option_count == 0 || call->options == NULL) {
        return CG_OK;
    }
    s->given = calloc(call->option_count, sizeof *s->given);
    s->values = calloc(call->option_count, sizeof *s->values);
    if (s->given == NULL || s->values == NULL) {
        return CG_ERR_NOMEM;
    }
    s->given_count = call->option_count;
    for (size_t i = 0; i < call->option_count; i++) {
        const cg_option_value *o = &call->options[i];
        s->given[i].name = o->name;
        if (o->value != NULL && (s->values[i] = strdup(o->value)) == NULL) {
            return CG_ERR_NOMEM;
        }
        s->given[i].value = s->values[i];
    }
    copy->options = s->given;
    return CG_OK;
}

static const char play_refused[] = "explain|format|json|color";

/* Everything but the thread: options, position, pipe, scanner, output. */
static cg_status prepare(cg_session *s, const char *position, size_t len, const cg_call *call,
                         cg_error *err) {
    static const cg_call defaults = {NULL, 0, NULL, false, NULL, NULL};
    cg_call copy;
    if (copy_options(s, call != NULL ? call : &defaults, &copy) != CG_OK) {
        return cg_error_nomem(err, "copying the options");
    }
    const api_accepts accepts = {
        {cg_common_options, s->game->options, cg_play_options}, play_refused, "play"};
    cg_status st = api_options(&s->options, &copy, &accepts, err);
    if (st != CG_OK) {
        return st;
    }
    s->options.output = CG_OUTPUT_JSON;
    s->hook = s->options.progress_hook;
    s->hook_context = s->options.progress_context;
    s->options.progress_hook = session_hook;
    s->options.progress_context = s;
    if (position != NULL) {
        if ((s->position = malloc(len + 1)) == NULL) {
            return cg_error_nomem(err, "copying the position");
        }
        memcpy(s->position, position, len);
        s->position[len] = '\0';
        s->start = (cg_play_start){s->position, len,
                                   call != NULL && call->name != NULL ? call->name : "<position>"};
    }
    int fds[2];
    if (pipe(fds) != 0) {
        return cg_error_set(err, CG_ERR_IO, "cannot open a pipe for the commands");
    }
    s->command_fd = fds[1];
    if ((s->command_in = fdopen(fds[0], "r")) == NULL) {
        close(fds[0]);
        return cg_error_nomem(err, "opening the commands");
    }
    if ((st = cg_scanner_open_stream(&s->commands, s->command_in, "<commands>", err)) != CG_OK) {
        return st;
    }
    cg_scanner_set_before_wait(s->commands, before_wait, s);
    if ((s->out = open_memstream(&s->events, &s->events_len)) == NULL) {
        return cg_error_nomem(err, "opening the events");
    }
    return CG_OK;
}

/* The game's thread takes no signal: they go to the caller's threads. */
static cg_status start_thread(cg_session *s, cg_error *err) {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    s->started = pthread_create(&s->thread, NULL, play_thread, s) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return s->started ? CG_OK : cg_error_set(err, CG_ERR_NOMEM, "cannot start the game's thread");
}

cg_status cg_session_open(cg_session **session, const char *game_name, const char *position,
                          size_t len, const cg_call *call, cg_api_error *err) {
    if (session == NULL) {
        return api_usage(err, "cg_session_open: session is NULL");
    }
    *session = NULL;
    if (game_name == NULL) {
        return api_usage(err, "cg_session_open: game is NULL");
    }
    const cg_game *game = cg_find_game(game_name);
    game = game != NULL ? game : cg_find_play_only_game(game_name);
    if (game == NULL) {
        return api_usage(err, "unknown game '%s'", game_name);
    }
    if (game->play == NULL) {
        return api_usage(err, "cannot play '%s': %s", game->name,
                         game->play_refusal != NULL ? game->play_refusal : "it has no play part");
    }
    cg_session *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return api_usage(err, "out of memory while opening a session");
    }
    s->game = game;
    s->command_fd = -1;
    atomic_init(&s->stop, false);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->changed, NULL);
    cg_error e;
    cg_error_clear(&e);
    cg_status st = prepare(s, position, len, call, &e);
    if (st == CG_OK) {
        st = start_thread(s, &e);
    }
    if (st == CG_OK) {
        wait_answered(s);
        st = cg_session_status(s, err);
    } else {
        api_fail(err, &e);
    }
    if (st != CG_OK) {
        cg_session_close(s);
        return st;
    }
    *session = s;
    return CG_OK;
}

cg_status cg_session_post(cg_session *s, const char *line, cg_api_error *err) {
    if (s == NULL || line == NULL) {
        return api_usage(err, "cg_session_post: %s is NULL", s == NULL ? "session" : "line");
    }
    size_t len = strlen(line);
    if (len > CG_SESSION_LINE_MAX) {
        return api_usage(err, "a command line of %zu bytes (at most %d)", len, CG_SESSION_LINE_MAX);
    }
    if (cg_session_over(s)) {
        return api_usage(err, "the game is over");
    }
    /* One write of at most PIPE_BUF bytes: cg_play reads the line whole. */
    char text[CG_SESSION_LINE_MAX + 2];
    snprintf(text, sizeof text, "%s\n", line);
    len++;
    pthread_mutex_lock(&s->lock);
    s->waiting = false;
    /* A stop asked before this command (one that came as the last command
     * finished, or that it never looked at) is not for it. */
    atomic_store(&s->stop, false);
    pthread_mutex_unlock(&s->lock);
    if (write(s->command_fd, text, len) != (ssize_t)len) {
        set_flag(s, &s->waiting);
        return api_usage(err, "cannot send the command to the game");
    }
    return CG_OK;
}

cg_status cg_session_wait(cg_session *s, int timeout_ms, bool *answered, cg_api_error *err) {
    if (s == NULL || answered == NULL) {
        return api_usage(err, "cg_session_wait: %s is NULL", s == NULL ? "session" : "answered");
    }
    if (timeout_ms < 0) {
        wait_answered(s);
        *answered = true;
        return cg_session_status(s, err);
    }
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until); /* the condition's clock */
    until.tv_sec += timeout_ms / 1000;
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&s->lock);
    int rc = 0;
    while (!s->waiting && !s->done && rc != ETIMEDOUT) {
        rc = pthread_cond_timedwait(&s->changed, &s->lock, &until);
    }
    *answered = s->waiting || s->done;
    pthread_mutex_unlock(&s->lock);
    return *answered ? cg_session_status(s, err) : CG_OK;
}

void cg_session_stop(cg_session *s) {
    if (s != NULL) {
        atomic_store(&s->stop, true);
    }
}

cg_status cg_session_send(cg_session *s, const char *line, cg_api_error *err) {
    cg_status st = cg_session_post(s, line, err);
    bool answered;
    return st == CG_OK ? cg_session_wait(s, -1, &answered, err) : st;
}

cg_status cg_session_read(cg_session *s, cg_text *events, cg_api_error *err) {
    if (s == NULL || events == NULL) {
        return api_usage(err, "cg_session_read: %s is NULL", s == NULL ? "session" : "events");
    }
    events->data = NULL;
    events->len = 0;
    pthread_mutex_lock(&s->lock);
    size_t len = s->events_len - s->events_read;
    char *copy = len > 0 ? malloc(len + 1) : NULL;
    if (copy != NULL) {
        memcpy(copy, s->events + s->events_read, len);
        copy[len] = '\0';
        s->events_read += len;
    }
    pthread_mutex_unlock(&s->lock);
    if (len > 0 && copy == NULL) {
        cg_error e;
        cg_error_nomem(&e, "reading the events");
        api_fail(err, &e);
        return CG_ERR_NOMEM;
    }
    events->data = copy;
    events->len = len;
    return CG_OK;
}

bool cg_session_over(cg_session *s) {
    if (s == NULL) {
        return true;
    }
    pthread_mutex_lock(&s->lock);
    bool done = s->done;
    pthread_mutex_unlock(&s->lock);
    return done;
}

cg_status cg_session_status(cg_session *s, cg_api_error *err) {
    if (s == NULL) {
        return api_usage(err, "cg_session_status: session is NULL");
    }
    pthread_mutex_lock(&s->lock);
    cg_status st = s->done ? s->status : CG_OK;
    cg_error e = s->err;
    pthread_mutex_unlock(&s->lock);
    if (st != CG_OK) {
        api_fail(err, &e);
    }
    return st;
}

void cg_session_close(cg_session *s) {
    if (s == NULL) {
        return;
    }
    if (s->command_fd >= 0) {
        close(s->command_fd); /* the end of the commands: cg_play abandons the game */
    }
    if (s->started) {
        pthread_join(s->thread, NULL);
    }
    cg_scanner_close(s->commands);
    if (s->command_in != NULL) {
        fclose(s->command_in);
    }
    if (s->out != NULL) {
        fclose(s->out);
    }
    free(s->events);
    for (size_t i = 0; i < s->given_count; i++) {
        free(s->values[i]);
    }
    free(s->values);
    free(s->given);
    free(s->position);
    pthread_cond_destroy(&s->changed);
    pthread_mutex_destroy(&s->lock);
    free(s);
}
