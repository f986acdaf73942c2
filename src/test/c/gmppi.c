/*
 * gmppi: times the BigNat bench's whole computations with GMP's mpz, single-threaded, decimal
 * strings included, for the bench's GMP column of pi and factorial.
 *
 *   pi:D   floor(pi * 10^D) as D + 1 digits: the Chudnovsky series by binary splitting (the same
 *          P, Q, T recurrences as the bench's Java code, Chudnovsky.java), then
 *          X = floor(426880 * floor(sqrt(10005 * 10^(2 D'))) * Q / T) with D' = D + 20 guard digits
 *          (mpz_sqrt, mpz_tdiv_q), then mpz_get_str, cut to D + 1 digits.
 *   fac:N  N! by mpz_fac_ui, then mpz_get_str.
 *
 * Build (Debian libgmp-dev):   cc -O2 -o gmppi src/test/c/gmppi.c -lgmp
 * Static build (no GMP needed where it runs): src/test/c/build-static.sh
 * Run:                         ./gmppi [-r RUNS] [-b SECONDS] [-w DIR] pi:D... fac:N...
 *   D and N may be written 1000000 or 1e6. RUNS (default 5) is lowered to max(3, SECONDS / one
 *   run) when runs are slow (default SECONDS 2, as the bench's cell budget); the median is
 *   reported. With -w, the digits of the last run are written to DIR/pi-D.txt or DIR/fac-N.txt
 *   for the bench to compare digit for digit.
 * Output, one line per computation (machine-readable, space-separated key=value):
 *   gmp op=pi size=1000000 runs=3 median_ns=991234567 min_ns=990123456 gmp_version=6.2.1 length=1000001 file=DIR/pi-1000000.txt
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GUARD_DIGITS 20
#define DIGITS_PER_TERM 14.181647462725477
#define CH_A 13591409UL
#define CH_B 545140134UL
#define C3_OVER_24 10939058860032000UL
#define FACTOR 426880UL
#define MIN_RUNS 3

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b) {
    long long x = *(const long long *) a, y = *(const long long *) b;
    return (x > y) - (x < y);
}

/* Frees a string of mpz_get_str, allocated with `bytes` bytes. */
static void release(char *s, size_t bytes) {
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(s, bytes);
}

/* P, Q, T of the terms [a, b); P is left untouched when need_p is 0. */
static void bs(unsigned long a, unsigned long b, mpz_t p, mpz_t q, mpz_t t, int need_p) {
    if (b - a == 1) {
        if (a == 0) {
            mpz_set_ui(p, 1);
            mpz_set_ui(q, 1);
            mpz_set_ui(t, CH_A);
        } else {
            mpz_set_ui(p, 6 * a - 5);
            mpz_mul_ui(p, p, 2 * a - 1);
            mpz_mul_ui(p, p, 6 * a - 1);
            mpz_set_ui(q, a);
            mpz_mul_ui(q, q, a);
            mpz_mul_ui(q, q, a);
            mpz_mul_ui(q, q, C3_OVER_24);
            mpz_mul_ui(t, p, CH_A + CH_B * a);
            if (a & 1) mpz_neg(t, t);
        }
        return;
    }
    unsigned long m = a + (b - a) / 2;
    mpz_t p2, q2, t2;
    mpz_inits(p2, q2, t2, NULL);
    bs(a, m, p, q, t, 1);
    bs(m, b, p2, q2, t2, need_p);
    /* T = Q_mb T_am + P_am T_mb; Q = Q_am Q_mb; P = P_am P_mb */
    mpz_mul(t, t, q2);
    mpz_mul(t2, t2, p);
    mpz_add(t, t, t2);
    mpz_mul(q, q, q2);
    if (need_p) mpz_mul(p, p, p2);
    mpz_clears(p2, q2, t2, NULL);
}

/* floor(pi * 10^d) as d + 1 digits; the caller frees it with free_str. */
static char *pi_digits(unsigned long d) {
    unsigned long dd = d + GUARD_DIGITS;
    unsigned long terms = (unsigned long) (dd / DIGITS_PER_TERM) + 2;
    mpz_t p, q, t, s;
    mpz_inits(p, q, t, s, NULL);
    bs(0, terms, p, q, t, 0);
    mpz_ui_pow_ui(s, 10, 2 * dd);
    mpz_mul_ui(s, s, 10005);
    mpz_sqrt(s, s);
    mpz_mul_ui(q, q, FACTOR);
    mpz_mul(q, q, s);
    mpz_tdiv_q(q, q, t);
    char *str = mpz_get_str(NULL, 10, q);
    mpz_clears(p, q, t, s, NULL);
    if (strlen(str) != dd + 1) {
        fprintf(stderr, "gmppi: pi: %lu digits expected, %zu computed\n", dd + 1, strlen(str));
        exit(1);
    }
    str[d + 1] = '\0'; /* cut to d + 1 digits; the block keeps its dd + 2 bytes (see release) */
    return str;
}

static char *fac_digits(unsigned long n) {
    mpz_t f;
    mpz_init(f);
    mpz_fac_ui(f, n);
    char *str = mpz_get_str(NULL, 10, f);
    mpz_clear(f);
    return str;
}

static unsigned long parse_count(const char *s) {
    char *end;
    double v = strtod(s, &end);
    if (*end != '\0' || v < 1 || v > 4e9 || v != (double) (unsigned long) v) return 0;
    return (unsigned long) v;
}

static void bench(const char *op, unsigned long size, int runs, double budget, const char *dir) {
    long long *t = malloc(sizeof(long long) * (size_t) (runs > MIN_RUNS ? runs : MIN_RUNS));
    int is_pi = strcmp(op, "pi") == 0;
    char *last = NULL;
    size_t last_bytes = 0;
    int n = 0;
    while (n < runs) {
        long long t0 = now_ns();
        char *str = is_pi ? pi_digits(size) : fac_digits(size);
        t[n] = now_ns() - t0;
        size_t bytes = (is_pi ? size + 1 + GUARD_DIGITS : strlen(str)) + 1;
        if (last != NULL) release(last, last_bytes);
        last = str;
        last_bytes = bytes;
        if (n == 0) {
            /* slow runs: as few as MIN_RUNS, within the budget */
            double one = t[0] * 1e-9;
            int fit = one > 0 ? (int) (budget / one) : runs;
            if (fit < runs) runs = fit < MIN_RUNS ? MIN_RUNS : fit;
        }
        n++;
    }
    qsort(t, (size_t) n, sizeof(long long), cmp_ll);
    char path[4096] = "";
    if (dir != NULL) {
        snprintf(path, sizeof path, "%s/%s-%lu.txt", dir, op, size);
        FILE *f = fopen(path, "w");
        if (f == NULL || fputs(last, f) < 0 || fclose(f) != 0) {
            fprintf(stderr, "gmppi: cannot write %s\n", path);
            path[0] = '\0';
        }
    }
    printf("gmp op=%s size=%lu runs=%d median_ns=%lld min_ns=%lld gmp_version=%s length=%zu%s%s\n",
           op, size, n, t[n / 2], t[0], gmp_version, strlen(last), path[0] ? " file=" : "", path);
    fflush(stdout);
    release(last, last_bytes);
    free(t);
}

static void usage(const char *argv0) {
    fprintf(stderr, "usage: %s [-r RUNS] [-b SECONDS] [-w DIR] pi:DIGITS... fac:N...\n", argv0);
}

int main(int argc, char **argv) {
    int runs = 5;
    double budget = 2.0;
    const char *dir = NULL;
    int first = 1;
    while (first < argc && argv[first][0] == '-') {
        if (strcmp(argv[first], "-r") == 0 && first + 1 < argc) {
            runs = atoi(argv[first + 1]);
        } else if (strcmp(argv[first], "-b") == 0 && first + 1 < argc) {
            budget = atof(argv[first + 1]);
        } else if (strcmp(argv[first], "-w") == 0 && first + 1 < argc) {
            dir = argv[first + 1];
        } else {
            usage(argv[0]);
            return 2;
        }
        first += 2;
    }
    if (first >= argc || runs < 1) {
        usage(argv[0]);
        return 2;
    }
    for (int i = first; i < argc; i++) {
        const char *colon = strchr(argv[i], ':');
        unsigned long size = colon ? parse_count(colon + 1) : 0;
        int is_pi = colon && (size_t) (colon - argv[i]) == 2 && strncmp(argv[i], "pi", 2) == 0;
        int is_fac = colon && (size_t) (colon - argv[i]) == 3 && strncmp(argv[i], "fac", 3) == 0;
        if (size == 0 || !(is_pi || is_fac)) {
            fprintf(stderr, "gmppi: bad computation '%s' (expected pi:DIGITS or fac:N)\n", argv[i]);
            return 2;
        }
        bench(is_pi ? "pi" : "fac", size, runs, budget, dir);
    }
    return 0;
}
