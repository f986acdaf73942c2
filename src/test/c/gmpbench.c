/*
 * gmpbench: times GMP's kernel and number-theory functions single-threaded at the given bit
 * sizes, for the BigNat bench's GMP column.
 *
 * Build (Debian libgmp-dev):   cc -O2 -o gmpbench src/test/c/gmpbench.c -lgmp
 * Static build (no GMP needed where it runs): src/test/c/build-static.sh
 * Run:                         ./gmpbench [-r RUNS] [-b SECONDS] [-s SEED] [-i DIR] [-w DIR] OP:BITS...
 *   BITS may be written 2^24 or 16777216. OP is one of
 *     mul         mpz_mul(r, a, b), a and b uniformly random with exactly BITS bits (top bit set),
 *                 from gmp_randseed_ui(SEED)
 *     sqr         mpz_mul(r, a, a), which GMP routes to its squaring code
 *     div         mpz_tdiv_q(q, x, y), x of 2 BITS bits and y of BITS bits (top bits set), random
 *                 as mul's
 *     str         mpz_get_str(buffer, 10, a): a's decimal digits
 *     gcd         mpz_gcd(g, x, y)
 *     gcdext      mpz_gcdext(g, s, t, x, y)
 *     powm        mpz_powm(r, x, y, m): modulus and exponent of BITS bits
 *     powm-short  mpz_powm(r, x, e, m): a 64-bit exponent
 *     prime       mpz_probab_prime_p(p, PRIME_REPS) of a BITS-bit prime p
 *   The number-theory operations read their operands from -i DIR, as big-endian unsigned bytes in
 *   DIR/x-BITS.bin, y-BITS.bin, m-BITS.bin, e-BITS.bin, p-BITS.bin (the bench writes them, so that
 *   every participant works on the same numbers), and with -w DIR write their last result to
 *   DIR/OP-BITS.txt: gcd and powm the result in hexadecimal; gcdext g, s and t on three lines
 *   (hexadecimal, s and t signed); prime the value mpz_probab_prime_p returned (2, 1 or 0).
 * Timing: a first call under NO_WARMUP_SECONDS is a warm-up that also tells how long one call
 * takes (a slower one is the first timed run); each run then times a batch of calls of at least
 * MIN_RUN_SECONDS and the median of the runs' mean call times is reported. RUNS (default 5) is
 * lowered to max(MIN_RUNS, SECONDS / one run) when runs are slow (default SECONDS 2, as the bench's
 * cell budget). The bench's Java timer follows the same rules.
 * Output, one line per job (machine-readable, space-separated key=value):
 *   gmp op=mul bits=16777216 runs=5 median_ns=91234567 min_ns=90123456 gmp_version=6.2.1
 *   gmp op=gcd bits=1048576 runs=5 median_ns=... min_ns=... gmp_version=6.2.1 file=DIR/gcd-1048576.txt
 */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MIN_RUNS 3
#define MIN_RUN_SECONDS 0.02
#define NO_WARMUP_SECONDS 0.5
/*
 * Repetitions for mpz_probab_prime_p: GMP 6.2 runs a Baillie-PSW test (a strong test to base 2
 * and a strong Lucas test) in place of its first 24 Miller-Rabin rounds, then reps - 24 rounds
 * with random bases. 25 thus does two Miller-Rabin rounds and one Lucas test, the work of
 * BigInteger.isProbablePrime(100) (and BigNat's) from 1024 bits: two rounds and a Lucas test.
 */
#define PRIME_REPS 25

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

enum op { MUL, SQR, DIV, STR, GCD, GCDEXT, POWM, POWM_SHORT, PRIME, NOPS };
static const char *const NAMES[NOPS] = {"mul", "sqr", "div", "str", "gcd", "gcdext", "powm", "powm-short", "prime"};

/* The operands and results of one job. */
struct job {
    enum op op;
    mpz_t x, y, m, e, r, s, t;
    int prime;
    char *text; /* str's digits: room for mpz_sizeinbase(x, 10) + 2 characters */
};

static void call(struct job *j) {
    switch (j->op) {
    case MUL: mpz_mul(j->r, j->x, j->y); break;
    case SQR: mpz_mul(j->r, j->x, j->x); break;
    case DIV: mpz_tdiv_q(j->r, j->x, j->y); break;
    case STR: mpz_get_str(j->text, 10, j->x); break;
    case GCD: mpz_gcd(j->r, j->x, j->y); break;
    case GCDEXT: mpz_gcdext(j->r, j->s, j->t, j->x, j->y); break;
    case POWM: mpz_powm(j->r, j->x, j->y, j->m); break;
    case POWM_SHORT: mpz_powm(j->r, j->x, j->e, j->m); break;
    case PRIME: j->prime = mpz_probab_prime_p(j->x, PRIME_REPS); break;
    default: break;
    }
}

/* Reads DIR/NAME-BITS.bin (big-endian unsigned bytes) into z; exits on failure. */
static void read_operand(mpz_t z, const char *dir, const char *name, unsigned long bits) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%lu.bin", dir, name, bits);
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "gmpbench: cannot read %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(n > 0 ? (size_t) n : 1);
    if (buf == NULL || fread(buf, 1, (size_t) n, f) != (size_t) n) {
        fprintf(stderr, "gmpbench: cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    mpz_import(z, (size_t) n, 1, 1, 1, 0, buf);
    free(buf);
}

/* Writes the job's result to DIR/OP-BITS.txt into path; path is left empty on failure. */
static void write_result(struct job *j, const char *dir, unsigned long bits, char *path, size_t size) {
    snprintf(path, size, "%s/%s-%lu.txt", dir, NAMES[j->op], bits);
    FILE *f = fopen(path, "w");
    int ok = f != NULL;
    if (ok) {
        if (j->op == PRIME) {
            ok = fprintf(f, "%d\n", j->prime) > 0;
        } else {
            ok = mpz_out_str(f, 16, j->r) > 0 && fputc('\n', f) != EOF;
            if (ok && j->op == GCDEXT) {
                ok = mpz_out_str(f, 16, j->s) > 0 && fputc('\n', f) != EOF
                        && mpz_out_str(f, 16, j->t) > 0 && fputc('\n', f) != EOF;
            }
        }
        ok = fclose(f) == 0 && ok;
    }
    if (!ok) {
        fprintf(stderr, "gmpbench: cannot write %s\n", path);
        path[0] = '\0';
    }
}

static void bench(struct job *j, unsigned long bits, int runs, double budget, const char *out) {
    long long *t = malloc(sizeof(long long) * (size_t) (runs > MIN_RUNS ? runs : MIN_RUNS));
    int n = 0;
    long long t0 = now_ns();
    call(j);
    double one = (now_ns() - t0) * 1e-9;
    if (one >= NO_WARMUP_SECONDS) {
        t[n++] = (long long) (one * 1e9); /* a slow first call is a timed run */
    }
    long batch = one > 0 ? (long) (MIN_RUN_SECONDS / one) + 1 : 1;
    if (one >= MIN_RUN_SECONDS) batch = 1;
    double run = batch * one;
    if (runs * run > budget) {
        int fit = (int) (budget / run);
        runs = fit < MIN_RUNS ? MIN_RUNS : fit < runs ? fit : runs;
    }
    while (n < runs) {
        t0 = now_ns();
        for (long b = 0; b < batch; b++) call(j);
        t[n++] = (now_ns() - t0) / batch;
    }
    qsort(t, (size_t) n, sizeof(long long), cmp_ll);
    char path[4096] = "";
    if (out != NULL && j->op > STR) write_result(j, out, bits, path, sizeof path);
    printf("gmp op=%s bits=%lu runs=%d median_ns=%lld min_ns=%lld gmp_version=%s%s%s\n",
           NAMES[j->op], bits, n, t[n / 2], t[0], gmp_version, path[0] ? " file=" : "", path);
    fflush(stdout);
    free(t);
}

static void usage(const char *argv0) {
    fprintf(stderr, "usage: %s [-r RUNS] [-b SECONDS] [-s SEED] [-i DIR] [-w DIR] OP:BITS...\n"
            "  OP: mul sqr str gcd gcdext powm powm-short prime\n", argv0);
}

int main(int argc, char **argv) {
    int runs = 5;
    double budget = 2.0;
    unsigned long seed = 42;
    const char *in = NULL;
    const char *out = NULL;
    int first = 1;
    while (first < argc && argv[first][0] == '-') {
        if (first + 1 >= argc) {
            usage(argv[0]);
            return 2;
        }
        const char *v = argv[first + 1];
        if (strcmp(argv[first], "-r") == 0) {
            runs = atoi(v);
        } else if (strcmp(argv[first], "-b") == 0) {
            budget = atof(v);
        } else if (strcmp(argv[first], "-s") == 0) {
            seed = strtoul(v, NULL, 10);
        } else if (strcmp(argv[first], "-i") == 0) {
            in = v;
        } else if (strcmp(argv[first], "-w") == 0) {
            out = v;
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
    gmp_randstate_t rs;
    gmp_randinit_default(rs);
    gmp_randseed_ui(rs, seed);
    struct job j;
    mpz_inits(j.x, j.y, j.m, j.e, j.r, j.s, j.t, NULL);
    j.text = NULL;
    for (int i = first; i < argc; i++) {
        const char *colon = strchr(argv[i], ':');
        int op = NOPS;
        for (int k = 0; colon != NULL && k < NOPS; k++) {
            if ((size_t) (colon - argv[i]) == strlen(NAMES[k]) && strncmp(argv[i], NAMES[k], strlen(NAMES[k])) == 0) op = k;
        }
        unsigned long bits = colon != NULL ? parse_bits(colon + 1) : 0;
        if (op == NOPS || bits < 2) {
            fprintf(stderr, "gmpbench: bad job '%s' (expected OP:BITS)\n", argv[i]);
            return 2;
        }
        if (op > STR && in == NULL) {
            fprintf(stderr, "gmpbench: %s needs its operands: -i DIR\n", argv[i]);
            return 2;
        }
        j.op = (enum op) op;
        switch (j.op) {
        case MUL:
        case SQR:
            mpz_urandomb(j.x, rs, bits - 1);
            mpz_setbit(j.x, bits - 1);
            mpz_urandomb(j.y, rs, bits - 1);
            mpz_setbit(j.y, bits - 1);
            break;
        case DIV:
            mpz_urandomb(j.x, rs, 2 * bits - 1);
            mpz_setbit(j.x, 2 * bits - 1);
            mpz_urandomb(j.y, rs, bits - 1);
            mpz_setbit(j.y, bits - 1);
            break;
        case STR:
            mpz_urandomb(j.x, rs, bits - 1);
            mpz_setbit(j.x, bits - 1);
            free(j.text);
            j.text = malloc(mpz_sizeinbase(j.x, 10) + 2);
            if (j.text == NULL) {
                fprintf(stderr, "gmpbench: out of memory for %s\n", argv[i]);
                return 2;
            }
            break;
        case GCD:
        case GCDEXT:
            read_operand(j.x, in, "x", bits);
            read_operand(j.y, in, "y", bits);
            break;
        case POWM:
            read_operand(j.x, in, "x", bits);
            read_operand(j.y, in, "y", bits);
            read_operand(j.m, in, "m", bits);
            break;
        case POWM_SHORT:
            read_operand(j.x, in, "x", bits);
            read_operand(j.e, in, "e", bits);
            read_operand(j.m, in, "m", bits);
            break;
        case PRIME:
            read_operand(j.x, in, "p", bits);
            break;
        default:
            break;
        }
        bench(&j, bits, runs, budget, out);
    }
    mpz_clears(j.x, j.y, j.m, j.e, j.r, j.s, j.t, NULL);
    free(j.text);
    gmp_randclear(rs);
    return 0;
}
