/* Running the user's program for `cgsolve stress`: directly (no shell),
 * its standard input fed and its output captured through pipes without
 * deadlock, its output bounded, and held to the time limit from start to
 * exit (closing its output early does not stop the clock). Every run ends
 * with the program's whole process group killed, and, where the system
 * allows it (a child subreaper), any descendant that left the group too. */
#include "process.h"

#include "cli.h"
#include "core/clock_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#define POLL_SLICE_MS 50 /* how often an interrupt is noticed while a program runs */
#define STDERR_KEPT 2048 /* bytes of a program's stderr shown with a crash */
#define MAX_LIVE 256     /* programs running at once, at most (stress -j: 2 per job) */

/* The programs running now, each the leader of its own process group. A
 * run's end kills its group and, with a subreaper, the orphans that left
 * it, but never another run's: held under spawn_lock, which also keeps any
 * fork from happening while a pipe is being made (every pipe is made
 * close-on-exec before any other thread may fork, so no program inherits
 * another's pipe and keeps it open). */
static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t live[MAX_LIVE];
static size_t live_count;

static bool is_live(long pid) {
    for (size_t i = 0; i < live_count; i++) {
        if ((long)live[i] == pid) {
            return true;
        }
    }
    return false;
}

static void forget_live(pid_t pid) {
    for (size_t i = 0; i < live_count; i++) {
        if (live[i] == pid) {
            live[i] = live[--live_count];
            return;
        }
    }
}

void cli_cancel_program(void *context, bool on) {
    program *p = context;
    atomic_store(&p->cancel, on);
}

void cli_prepare_running(void) {
    /* A closed standard descriptor would be reused by pipe(), and the child
     * would then close its own stdin or stdout: fill 0..2 first. */
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            int null = open("/dev/null", O_RDWR);
            if (null >= 0 && null != fd) {
                dup2(null, fd);
                close(null);
            }
        }
    }
    signal(SIGPIPE, SIG_IGN); /* a program that stops reading is no reason to die */
    signal(SIGCHLD, SIG_DFL); /* inherited as ignored, it would reap the programs for us */
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
    /* Orphans of the program (a daemon that left its group) become ours, so
     * they can be found and killed after the run. */
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

static void set_nonblocking(int fd) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

static int make_pipe(int fds[2]) {
    if (pipe(fds) != 0) {
        return -1;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static void close_fd(int *fd) {
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

static void sleep_ms(int ms) {
    struct timespec t = {0, (long)ms * 1000000L};
    nanosleep(&t, NULL);
}

typedef enum run_end { RAN, TIMED_OUT, INTERRUPTED } run_end;

/* Keep what the program wrote, to the limit; false at the end of its output. */
static bool take_output(int *from_child, size_t output_limit, cg_buf *output, bool *too_long) {
    char chunk[65536];
    ssize_t n = read(*from_child, chunk, sizeof chunk);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
        return false;
    }
    if (n <= 0) {
        close_fd(from_child);
        return false;
    }
    if (output->len + (size_t)n <= output_limit) {
        cg_buf_append(output, chunk, (size_t)n);
    } else {
        *too_long = true;
    }
    return true;
}

/* The parent's side of a run while it is supervised: its ends of the three
 * pipes (-1 once closed), the input and how much of it the program took,
 * and what it wrote (its output to the limit, the first bytes of stderr). */
typedef struct run_streams {
    int to_child, from_child, errors_from;
    const char *input;
    size_t len, written;
    size_t output_limit;
    cg_buf *output;
    cg_buf *errors;
    bool too_long; /* more output than output_limit: a failed run */
} run_streams;

/* Only the first STDERR_KEPT bytes of stderr are kept; more is no failure. */
static bool take_errors(run_streams *s) {
    bool ignored = false;
    return take_output(&s->errors_from, STDERR_KEPT, s->errors, &ignored);
}

/* After the program's exit: what is still in the pipes is its output. */
static void drain_streams(run_streams *s) {
    while (s->from_child >= 0 &&
           take_output(&s->from_child, s->output_limit, s->output, &s->too_long)) {
    }
    while (s->errors_from >= 0 && take_errors(s)) {
    }
}

/* Write what the program's stdin takes now; closed when all is written or
 * the program stopped reading. */
static void feed_input(run_streams *s) {
    ssize_t n = write(s->to_child, s->input + s->written, s->len - s->written);
    s->written += n > 0 ? (size_t)n : 0;
    if ((n < 0 && errno != EAGAIN && errno != EINTR) || s->written == s->len) {
        close_fd(&s->to_child);
    }
}

static bool ready(const struct pollfd *fd, short events) {
    return (fd->revents & (events | POLLERR | POLLHUP)) != 0;
}

/* One poll of the open pipes for at most slice_ms, then the input fed and
 * the output taken where they are ready. */
static void exchange(run_streams *s, int slice_ms) {
    /* a closed descriptor (-1) is ignored by poll */
    struct pollfd fds[3] = {
        {s->from_child, POLLIN, 0}, {s->errors_from, POLLIN, 0}, {s->to_child, POLLOUT, 0}};
    if (poll(fds, 3, slice_ms) < 0) {
        return; /* EINTR: an interrupt, seen by the caller */
    }
    if (s->to_child >= 0 && ready(&fds[2], POLLOUT)) {
        feed_input(s);
    }
    if (ready(&fds[1], POLLIN)) {
        take_errors(s);
    }
    if (ready(&fds[0], POLLIN)) {
        take_output(&s->from_child, s->output_limit, s->output, &s->too_long);
        if (s->from_child < 0) {
            close_fd(&s->to_child); /* it closed its output: no more input either */
        }
    }
}

/* How long the next wait may be: to the deadline, at most POLL_SLICE_MS. */
static int slice_ms(double seconds_left) {
    int slice = (int)(seconds_left * 1000) + 1;
    return slice < POLL_SLICE_MS ? slice : POLL_SLICE_MS;
}

/* Sleep while waiting for an exit with both outputs closed, from 1 ms
 * doubling to POLL_SLICE_MS (never past slice); the next sleep's length. */
static int back_off(int wait_ms, int slice) {
    sleep_ms(wait_ms < slice ? wait_ms : slice);
    return wait_ms < POLL_SLICE_MS ? wait_ms * 2 : wait_ms;
}

/* Feed input, collect output, until the program has exited or the time
 * runs out (or an interrupt arrives). *status is its wait status on RAN.
 * A program that exits while a child of its own holds its output open has
 * ended: what is in the pipe is its output. */
static run_end supervise(const program *p, pid_t child, run_streams *s, int *status) {
    double deadline = cg_seconds() + p->time_limit;
    int wait_ms = 1;
    for (;;) {
        if (cli_interrupted() || atomic_load(&p->cancel)) {
            return INTERRUPTED;
        }
        if (waitpid(child, status, WNOHANG) == child) {
            drain_streams(s);
            return RAN;
        }
        double left = deadline - cg_seconds();
        if (left <= 0) {
            return TIMED_OUT;
        }
        if (s->from_child < 0 && s->errors_from < 0) {
            wait_ms = back_off(wait_ms, slice_ms(left));
        } else {
            exchange(s, slice_ms(left));
        }
    }
}

#if defined(__linux__)
/* A process's state, parent and group, from /proc/PID/stat; false when it
 * is gone or the line is not as expected. */
static bool read_process_stat(long pid, char *state, long *parent, long *group) {
    char path[64], stat[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "re");
    if (f == NULL) {
        return false;
    }
    size_t got = fread(stat, 1, sizeof stat - 1, f);
    fclose(f);
    stat[got] = '\0';
    const char *after_name = strrchr(stat, ')'); /* the name may hold spaces */
    return after_name != NULL && sscanf(after_name + 1, " %c %ld %ld", state, parent, group) == 3;
}

/* One look through /proc, under spawn_lock: each child of ours that is no
 * run still going and in no such run's group is an orphan a program left
 * behind; a zombie is reaped, a living one killed. True when one was
 * killed, so another look is due (it may have forked meanwhile). */
static bool kill_orphans_once(void) {
    DIR *proc = opendir("/proc");
    if (proc == NULL) {
        return false;
    }
    bool killed = false;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        long pid = strtol(entry->d_name, NULL, 10);
        char state;
        long parent, group;
        if (pid <= 0 || !read_process_stat(pid, &state, &parent, &group) ||
            parent != (long)getpid() || is_live(pid) || is_live(group)) {
            continue; /* not ours, or another run's */
        }
        if (state == 'Z') {
            waitpid((pid_t)pid, NULL, WNOHANG);
        } else {
            kill((pid_t)pid, SIGKILL);
            killed = true;
        }
    }
    closedir(proc);
    return killed;
}
#endif

/* Under spawn_lock, with the run forgotten: the orphans that are ours and
 * no other run's, killed and reaped. */
static void kill_orphans(void) {
#if defined(__linux__)
    for (int round = 0; round < 100 && kill_orphans_once(); round++) {
        sleep_ms(1);
    }
#else
    if (live_count == 0) { /* no other run's child to take by mistake */
        while (waitpid(-1, NULL, WNOHANG) > 0) {
        }
    }
#endif
}

/* Kill what is left of the run: its process group, the program itself
 * (reaped, unless reaped already), then (with a subreaper) any orphan that
 * now is our child and belongs to no other run still going, reaped too. */
static void kill_everything(pid_t child, bool reaped) {
    kill(-child, SIGKILL);
    if (!reaped) {
        kill(child, SIGKILL);
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {
        }
    }
    pthread_mutex_lock(&spawn_lock);
    forget_live(child);
    kill_orphans();
    pthread_mutex_unlock(&spawn_lock);
}

/* In the child: the pipes on 0 and 1, the signals as a fresh program
 * expects them, its own process group; exec, or tell the parent why not
 * through report (closed on exec). */
static void start_child(const program *p, int in_fd, int out_fd, int err_fd, int report) {
    dup2(in_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(err_fd, STDERR_FILENO);
    /* Handlers are reset by exec, ignored signals are not: SIGPIPE above
     * all, which this process ignores, and any the shell ignored. */
    static const int reset[] = {SIGPIPE, SIGINT,  SIGQUIT, SIGTERM, SIGHUP,  SIGCHLD,
                                SIGALRM, SIGUSR1, SIGUSR2, SIGTSTP, SIGTTIN, SIGTTOU};
    for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) {
        signal(reset[i], SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0);             /* its own group, so killing the group kills its children too */
    if (p->memory_limit > 0) { /* the judge's memory limit: allocations past it fail */
        struct rlimit limit = {(rlim_t)p->memory_limit, (rlim_t)p->memory_limit};
        setrlimit(RLIMIT_AS, &limit);
    }
    execvp(p->argv[0], p->argv);
    int e = errno;
    ssize_t ignored = write(report, &e, sizeof e);
    (void)ignored;
    _exit(127);
}

/* Whether exec failed (the errno the child sent), after the child's start. */
static int exec_error(int report) {
    int e = 0;
    ssize_t n;
    while ((n = read(report, &e, sizeof e)) < 0 && errno == EINTR) {
    }
    return n == (ssize_t)sizeof e ? e : 0;
}

cg_status cli_run_program(void *context, const char *input, size_t len, cg_buf *output,
                          cg_run_outcome *outcome, cg_buf *how, cg_error *err) {
    const program *p = context;
    int in_pipe[2] = {-1, -1}, out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1}, report[2] = {-1, -1};
    pthread_mutex_lock(&spawn_lock); /* no other fork until the pipes are close-on-exec */
    if (live_count == MAX_LIVE || make_pipe(in_pipe) != 0 || make_pipe(out_pipe) != 0 ||
        make_pipe(err_pipe) != 0 || make_pipe(report) != 0) {
        int e = live_count == MAX_LIVE ? EAGAIN : errno;
        pthread_mutex_unlock(&spawn_lock);
        for (int i = 0; i < 2; i++) {
            close_fd(&in_pipe[i]);
            close_fd(&out_pipe[i]);
            close_fd(&err_pipe[i]);
            close_fd(&report[i]);
        }
        return cg_error_set(err, CG_ERR_IO, "cannot make a pipe: %s", strerror(e));
    }
    pid_t child = fork();
    if (child == 0) {
        start_child(p, in_pipe[0], out_pipe[1], err_pipe[1], report[1]);
    }
    int fork_errno = errno;
    if (child > 0) {
        setpgid(child, child); /* also here, so the group exists before any kill */
        live[live_count++] = child;
    }
    close_fd(&in_pipe[0]); /* the child's ends, before another fork can copy them */
    close_fd(&out_pipe[1]);
    close_fd(&err_pipe[1]);
    close_fd(&report[1]);
    pthread_mutex_unlock(&spawn_lock);
    if (child < 0) {
        close_fd(&in_pipe[1]);
        close_fd(&out_pipe[0]);
        close_fd(&err_pipe[0]);
        close_fd(&report[0]);
        return cg_error_set(err, CG_ERR_IO, "cannot start '%s': %s", p->argv[0],
                            strerror(fork_errno));
    }
    int not_run = exec_error(report[0]);
    close_fd(&report[0]);
    if (not_run != 0) {
        close_fd(&in_pipe[1]);
        close_fd(&out_pipe[0]);
        close_fd(&err_pipe[0]);
        kill_everything(child, false);
        return cg_error_set(
            err,
            not_run == ENOENT || not_run == EACCES || not_run == ENOEXEC ? CG_ERR_USAGE : CG_ERR_IO,
            "cannot run '%s': %s", p->argv[0], strerror(not_run));
    }
    set_nonblocking(in_pipe[1]);
    set_nonblocking(out_pipe[0]);
    set_nonblocking(err_pipe[0]);
    int status = 0;
    cg_buf errors = CG_BUF_INIT;
    run_streams streams = {.to_child = in_pipe[1],
                           .from_child = out_pipe[0],
                           .errors_from = err_pipe[0],
                           .input = input,
                           .len = len,
                           .output_limit = p->output_limit,
                           .output = output,
                           .errors = &errors};
    run_end end = supervise(p, child, &streams, &status);
    close_fd(&streams.to_child);
    close_fd(&streams.from_child);
    close_fd(&streams.errors_from);
    kill_everything(child, end == RAN);
    cg_buf_clear(how);
    if (end == INTERRUPTED) {
        cg_buf_free(&errors);
        return cg_error_set(err, CG_ERR_STOPPED, "interrupted");
    }
    if (end == TIMED_OUT) {
        *outcome = CG_RUN_TIMED_OUT;
        cg_buf_printf(how, "no answer within %g s", p->time_limit);
    } else if (WIFSIGNALED(status)) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "killed by signal %d (%s)", WTERMSIG(status),
                      strsignal(WTERMSIG(status)));
    } else if (WEXITSTATUS(status) != 0) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "exit status %d", WEXITSTATUS(status));
    } else if (streams.too_long) {
        *outcome = CG_RUN_CRASHED;
        cg_buf_printf(how, "more than %zu bytes of output", p->output_limit);
    } else {
        *outcome = CG_RUN_FINISHED;
    }
    if (errors.len > 0) { /* after the first line: what it wrote on stderr */
        cg_buf_putc(how, '\n');
        cg_buf_append(how, errors.data, errors.len);
        if (errors.len >= STDERR_KEPT) {
            cg_buf_puts(how, "\n... (more on stderr, not kept)");
        }
    }
    bool failed = cg_buf_failed(&errors);
    cg_buf_free(&errors);
    return failed || cg_buf_failed(output) || cg_buf_failed(how)
               ? cg_error_nomem(err, "capturing the program's output")
               : CG_OK;
}
