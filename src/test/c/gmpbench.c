/*
 * gmpbench: times GMP's mpz_mul (a*b, and a*a through mpz_mul(x, a, a), which GMP routes to its
 * squaring code) single-threaded at the given bit sizes, for the BigNat bench's GMP column.
 *
 * Build (Debian libgmp-dev):   cc -O2 -o gmpbench src/test/c/gmpbench.c -lgmp
 * Run:                         ./gmpbench [-r RUNS] [-s SEED] BITS...
 *   BITS may be written 2^24 or 16777216. Default RUNS = 5 (median reported).
 * Output, one line per size and operation (machine-readable, space-separated key=value):
 *   gmp op=mul bits=16777216 runs=5 batch=1 median_ns=91234567 min_ns=90123456 gmp_version=6.2.1
 *   gmp op=sqr bits=16777216 runs=5 batch=1 median_ns=... min_ns=... gmp_version=...
 * Operands are uniformly random with exactly BITS bits (top bit set), from gmp_randseed_ui(SEED).
 * Untimed warm-up products precede the timed runs of each size. Each run times a batch of calls
 * long enough (MIN_RUN_NS) that the clock's resolution and overhead do not count, and reports the
 * time per call: a single call at 2^10 bits takes about 100 ns, near the cost of reading the clock.
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b) {
    long long x = *(const long long *) a, y = *(const long long *) b;
    return (x > y) - (x < y);
}

static unsigned long parse_bits(const char *s) {
    if (strncmp(s, "2^", 2) == 0) {
        return 1UL << strtoul(s + 2, NULL, 10);
    }
    return strtoul(s, NULL, 10);
}

/* A timed run lasts at least this long (a batch of calls), so that small sizes are timed per call. */
#define MIN_RUN_NS 1000000LL

static void bench(const char *op, unsigned long bits, int runs, mpz_t a, mpz_t b, mpz_t r) {
    long long *t = malloc(sizeof(long long) * (size_t) runs);
    int square = strcmp(op, "sqr") == 0;
    mpz_mul(r, a, square ? a : b); /* warm-up */
    long long w0 = now_ns();
    mpz_mul(r, a, square ? a : b);
    long long one = now_ns() - w0;
    long batch = one >= MIN_RUN_NS ? 1 : (long) (MIN_RUN_NS / (one > 0 ? one : 1)) + 1;
    for (long k = 0; k < batch; k++) {
        mpz_mul(r, a, square ? a : b); /* warm-up at the batch's length */
    }
    for (int i = 0; i < runs; i++) {
        long long t0 = now_ns();
        for (long k = 0; k < batch; k++) {
            mpz_mul(r, a, square ? a : b);
        }
        t[i] = (now_ns() - t0) / batch;
    }
    qsort(t, (size_t) runs, sizeof(long long), cmp_ll);
    printf("gmp op=%s bits=%lu runs=%d batch=%ld median_ns=%lld min_ns=%lld gmp_version=%s\n",
           op, bits, runs, batch, t[runs / 2], t[0], gmp_version);
    fflush(stdout);
    free(t);
}

int main(int argc, char **argv) {
    int runs = 5;
    unsigned long seed = 42;
    int first = 1;
    while (first < argc && argv[first][0] == '-') {
        if (strcmp(argv[first], "-r") == 0 && first + 1 < argc) {
            runs = atoi(argv[first + 1]);
            first += 2;
        } else if (strcmp(argv[first], "-s") == 0 && first + 1 < argc) {
            seed = strtoul(argv[first + 1], NULL, 10);
            first += 2;
        } else {
            fprintf(stderr, "usage: %s [-r RUNS] [-s SEED] BITS...\n", argv[0]);
            return 2;
        }
    }
    if (first >= argc || runs < 1) {
        fprintf(stderr, "usage: %s [-r RUNS] [-s SEED] BITS...\n", argv[0]);
        return 2;
    }
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, seed);
    mpz_t a, b, r;
    mpz_inits(a, b, r, NULL);
    for (int i = first; i < argc; i++) {
        unsigned long bits = parse_bits(argv[i]);
        if (bits < 2) {
            fprintf(stderr, "bad size %s\n", argv[i]);
            return 2;
        }
        mpz_urandomb(a, rs, bits - 1);
        mpz_setbit(a, bits - 1);
        mpz_urandomb(b, rs, bits - 1);
        mpz_setbit(b, bits - 1);
        bench("mul", bits, runs, a, b, r);
        bench("sqr", bits, runs, a, b, r);
    }
    mpz_clears(a, b, r, NULL);
    gmp_randclear(rs);
    return 0;
}
