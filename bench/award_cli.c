/* Benchmark: `bridgemp award` of one big generated event beside Python's
 * json.load of the same file, measured in the same run (issue 46 item 4;
 * docs/performance.md "Issue 46: award beside json.load").
 *
 * For each shape (bench/event_gen.h) an event of N contestants is written
 * to a temporary directory; then, REPEAT rounds, each of
 *
 *   bridgemp award FILE > /dev/null          (or --output FILE)
 *   python3 -c 'import json,sys; json.load(open(sys.argv[1]))' FILE
 *
 * runs in a child process, alternately, each timed (wall clock, and the
 * child's user + system CPU and peak RSS from wait4).  Printed per shape:
 * the medians, the median of the rounds' ratios (each round's two runs are
 * a few seconds apart, so a loaded machine weighs on both alike), and
 * bridgemp's peak RSS beside the file's size and beside its peak on a
 * 10-contestant event of the same shape (the constant).  --instructions
 * also runs each once under `valgrind --tool=callgrind` and prints the
 * instruction counts (the machine's load does not move them).
 *
 *   bench/award_cli [--quick] [--contestants N] [--shapes S1,S2] [--repeat R]
 *                   [--bridgemp PATH] [--python PY] [--instructions]
 *
 * Defaults: 40,000 contestants, every shape, 5 rounds, the bridgemp next to
 * this program.  --quick (ctest bench_award_cli_quick): 1,000 contestants,
 * 2 rounds.  No asserts on timings: the figures are for reading; the exit
 * status says only whether every run succeeded. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "event_gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct run {
    double wall, cpu;
    long maxrss_kb;
} run;

/* argv in a child, standard output to out (NULL: /dev/null), standard
 * error to err (NULL: /dev/null); its exit status, -1 if it could not
 * run. */
static int in_child(char *const *argv, const char *out, const char *err, run *r)
{
    fflush(stdout);
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int o = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err ? err : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(126);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0)
        return -1;
    r->wall = now() - t0;
    r->cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
             ru.ru_stime.tv_usec / 1e6;
    r->maxrss_kb = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The instructions callgrind counts for argv ("Collected : N"), 0 if
 * valgrind is not there. */
static unsigned long long instructions(char *const *argv, const char *dir)
{
    char *vg[16] = {"valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"};
    int k = 3;
    for (int i = 0; argv[i] && k < 15; i++)
        vg[k++] = argv[i];
    vg[k] = NULL;
    char log[PATH_MAX];
    snprintf(log, sizeof log, "%s/callgrind.log", dir);
    run r;
    unsigned long long n = 0;
    if (in_child(vg, NULL, log, &r) == 0) {
        FILE *f = fopen(log, "r");
        char line[256];
        while (f && fgets(line, sizeof line, f)) {
            const char *p = strstr(line, "Collected : ");
            if (p)
                n = strtoull(p + 12, NULL, 10);
        }
        if (f)
            fclose(f);
    }
    remove(log);
    return n;
}

typedef struct opts {
    long n;
    int repeat;
    const char *bridgemp, *python;
    bool instructions;
} opts;

/* The event written by a child: a child's peak RSS starts from this
 * process's size at the fork, and freed memory is not always given back. */
static bool gen_file(const char *path, const char *shape, long n, size_t *bytes)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        buf b = {0};
        _exit(gen_event(&b, shape, n) && write_file(path, &b) ? 0 : 1);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
        return false;
    struct stat sb;
    if (stat(path, &sb) != 0)
        return false;
    *bytes = (size_t)sb.st_size;
    return true;
}

/* The interpreter itself, not a launcher (pyenv's shim is a shell script
 * that would add its own start to every run): sys.executable. */
static const char *real_python(const char *py, char *out, size_t n)
{
    char cmd[PATH_MAX + 64];
    snprintf(cmd, sizeof cmd, "'%s' -c 'import sys; print(sys.executable)' 2>/dev/null", py);
    FILE *f = strchr(py, '\'') ? NULL : popen(cmd, "r");
    bool ok = f && fgets(out, (int)n, f) && out[0] == '/';
    if (f)
        pclose(f);
    if (!ok)
        return py;
    out[strcspn(out, "\n")] = '\0';
    return out;
}

/* One shape: the file, the constant, the rounds, the figures. */
static int bench_shape(const char *dir, const char *shape, const opts *o)
{
    char path[PATH_MAX], tiny[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s-%ld.json", dir, shape, o->n);
    snprintf(tiny, sizeof tiny, "%s/%s-10.json", dir, shape);
    size_t bytes = 0, tbytes = 0;
    if (!gen_file(path, shape, o->n, &bytes) || !gen_file(tiny, shape, 10, &tbytes)) {
        fprintf(stderr, "award_cli: cannot write %s\n", path);
        return 1;
    }
    /* issue 45's default limit is 10,000 contestants: the event's own size */
    char lim[48];
    snprintf(lim, sizeof lim, "contestants=%ld", o->n > 10000 ? o->n : 10000);
    char *bmp[] = {(char *)o->bridgemp, "award", "--limits", lim, path, NULL};
    char *bmp_tiny[] = {(char *)o->bridgemp, "award", "--limits", lim, tiny, NULL};
    char *py[] = {(char *)o->python, "-c", "import json,sys; json.load(open(sys.argv[1]))", path,
                  NULL};
    run t, b[64], p[64];
    int rc = in_child(bmp_tiny, NULL, NULL, &t);
    bool have_py = true;
    for (int i = 0; !rc && i < o->repeat; i++) {
        rc = in_child(bmp, NULL, NULL, &b[i]);
        if (!rc && have_py && in_child(py, NULL, NULL, &p[i]) != 0)
            have_py = false;
    }
    if (rc) {
        fprintf(stderr, "award_cli: %s award %s: exit status %d\n", o->bridgemp, path, rc);
        return 1;
    }
    double bw[64], bc[64], pw[64], pc[64], rw[64], rcpu[64];
    long peak = 0, pypeak = 0;
    for (int i = 0; i < o->repeat; i++) {
        bw[i] = b[i].wall;
        bc[i] = b[i].cpu;
        peak = b[i].maxrss_kb > peak ? b[i].maxrss_kb : peak;
        if (have_py) {
            pw[i] = p[i].wall;
            pc[i] = p[i].cpu;
            rw[i] = b[i].wall / p[i].wall;
            rcpu[i] = b[i].cpu / p[i].cpu;
            pypeak = p[i].maxrss_kb > pypeak ? p[i].maxrss_kb : pypeak;
        }
    }
    double mb = bytes / 1e6, peak_mb = peak * 1024 / 1e6, const_mb = t.maxrss_kb * 1024 / 1e6;
    printf("%s: %ld contestants, %.2f MB, %d rounds\n", shape, o->n, mb, o->repeat);
    printf("  bridgemp award        cpu %7.3f s  wall %7.3f s  peak %7.1f MB (medians)\n",
           median(bc, o->repeat), median(bw, o->repeat), peak_mb);
    if (have_py) {
        printf("  python3 json.load     cpu %7.3f s  wall %7.3f s  peak %7.1f MB\n",
               median(pc, o->repeat), median(pw, o->repeat), pypeak * 1024 / 1e6);
        double mc = median(rcpu, o->repeat), mw = median(rw, o->repeat); /* sorts them */
        printf("  award / json.load     cpu %6.2fx  wall %6.2fx  (median of the rounds' ratios; "
               "cpu %.2f-%.2fx, wall %.2f-%.2fx)\n",
               mc, mw, rcpu[0], rcpu[o->repeat - 1], rw[0], rw[o->repeat - 1]);
    } else {
        printf("  python3 json.load     not available (%s)\n", o->python);
    }
    printf("  peak RSS %.1f MB = file %.1f MB + %.1f MB; a 10-contestant event's peak %.1f MB; "
           "peak - file - that = %.1f MB\n",
           peak_mb, mb, peak_mb - mb, const_mb, peak_mb - mb - const_mb);
    if (o->instructions) {
        unsigned long long ib = instructions(bmp, dir), ip = have_py ? instructions(py, dir) : 0;
        if (ib && ip)
            printf("  instructions (callgrind): award %.3f G, json.load %.3f G, %.2fx\n", ib / 1e9,
                   ip / 1e9, (double)ib / (double)ip);
        else
            printf("  instructions: valgrind not available\n");
    }
    remove(path);
    remove(tiny);
    return 0;
}

/* The bridgemp built beside this program. */
static const char *sibling_bridgemp(char *out, size_t n)
{
    char self[PATH_MAX];
    ssize_t l = readlink("/proc/self/exe", self, sizeof self - 1);
    if (l <= 0)
        return "bridgemp";
    self[l] = '\0';
    snprintf(out, n, "%s/bridgemp", dirname(self));
    return out;
}

int main(int argc, char **argv)
{
    char sib[PATH_MAX];
    opts o = {.n = 40000, .repeat = 5, .python = "python3"};
    const char *shape_list = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            o.n = 1000;
            o.repeat = 2;
        } else if (!strcmp(argv[i], "--contestants") && i + 1 < argc) {
            o.n = atol(argv[++i]);
        } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
            o.repeat = atoi(argv[++i]);
        } else if (!strcmp(argv[i], "--shapes") && i + 1 < argc) {
            shape_list = argv[++i];
        } else if (!strcmp(argv[i], "--bridgemp") && i + 1 < argc) {
            o.bridgemp = argv[++i];
        } else if (!strcmp(argv[i], "--python") && i + 1 < argc) {
            o.python = argv[++i];
        } else if (!strcmp(argv[i], "--instructions")) {
            o.instructions = true;
        } else {
            fprintf(stderr, "usage: award_cli [--quick] [--contestants N] [--shapes S1,S2] "
                            "[--repeat R] [--bridgemp PATH] [--python PY] [--instructions]\n"
                            "  shapes:");
            for (size_t k = 0; shapes[k]; k++)
                fprintf(stderr, " %s", shapes[k]);
            fputc('\n', stderr);
            return 2;
        }
    }
    if (o.n < 2 || o.repeat < 1 || o.repeat > 64) {
        fprintf(stderr, "award_cli: --contestants at least 2, --repeat 1 to 64\n");
        return 2;
    }
    if (!o.bridgemp)
        o.bridgemp = sibling_bridgemp(sib, sizeof sib);
    char pyexe[PATH_MAX];
    o.python = real_python(o.python, pyexe, sizeof pyexe);
    printf("bridgemp: %s\npython:   %s\n", o.bridgemp, o.python);
    char dir[] = "/tmp/bmp-award-cli-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    int rc = 0;
    for (size_t k = 0; shapes[k] && !rc; k++) {
        if (shape_list) {
            const char *p = strstr(shape_list, shapes[k]);
            size_t l = strlen(shapes[k]);
            if (!p || (p[l] && p[l] != ','))
                continue;
        }
        rc = bench_shape(dir, shapes[k], &o);
    }
    rmdir(dir);
    return rc;
}
