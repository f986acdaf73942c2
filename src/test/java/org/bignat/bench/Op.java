package org.bignat.bench;

import java.util.Locale;

/**
 * The operations the bench times. For the kernel operations a size {@code n} (in bits) means: both
 * operands have exactly {@code n} bits, except {@link #DIVIDE}, whose dividend has {@code 2n} bits
 * and divisor {@code n} bits (the shape of issue 7: 2^25 by 2^24 at size 2^24). The number-theory
 * operations ({@link #numberTheory}: gcd, extended gcd, modular powers, a primality test) are sized
 * in bits too; their operands are described in {@link Operands}. The whole computations
 * {@link #PI} and {@link #FACTORIAL} (the yardstick of issue 16) take a decimal count instead:
 * digits of pi, n of n! ({@link SizeUnit}).
 */
enum Op {
    MULTIPLY("multiply", "x * y, both n bits", false, 1.6),
    SQUARE("square", "x * x", false, 1.6),
    /** BigNat's carry-free add (result left redundant); peers' add (canonical result). */
    ADD("add", "x + y (BigNat: carry-free, result not normalized)", true, 1.3),
    /** Add followed by the carry chain, so the result is canonical like every peer's. */
    ADD_NORMALIZE("add+normalize", "x + y, then normalize (canonical result)", true, 1.3),
    /** BigInteger to the library's type (apfloat: new Apint(x, 16)). */
    OF("of", "BigInteger -> number (BigNat.of; apfloat: new Apint(x, 16))", true, 1.3),
    /** The library's type to BigInteger. */
    TO_BIG_INTEGER("toBigInteger", "number -> BigInteger", true, 1.3),
    TO_STRING("toString", "decimal string of x", false, 2.0),
    PARSE("parse", "decimal string -> number", false, 2.0),
    DIVIDE("divide", "floor(x / y), x 2n bits, y n bits", false, 2.0),
    /** Growth bound 2: BigInteger's gcd is quadratic (binary and Euclidean steps on n-bit values). */
    GCD("gcd", "gcd(x, y), both n bits", 2.0),
    /**
     * g = gcd(x, y) with cofactors s, t, g = s x + t y; BigInteger has none. Compared across
     * participants as g and s mod y/g after checking the identity ({@link Gcdext}).
     */
    GCDEXT("gcdext", "gcd(x, y) and s, t with s x + t y = gcd, both n bits", 2.0),
    /**
     * Growth bound 3: n modular squares of n bits, each quadratic in BigInteger (its Montgomery
     * reduction is word by word).
     */
    MODPOW("modpow", "x^y mod m, x, y, m n bits, m odd", 3.0),
    /** A 64-bit exponent: about 70 modular products of n bits, quadratic in BigInteger. */
    MODPOW_SHORT("modpow-short", "x^e mod m, x, m n bits, m odd, e 64 bits", 2.0),
    /**
     * isProbablePrime(100) of an n-bit prime (every round runs to the end); GMP's
     * mpz_probab_prime_p with the same work (see {@link Operands#prime}). Growth bound 3 as modpow.
     */
    PRIME("prime", "isProbablePrime(100) of an n-bit prime p", 3.0),
    /**
     * floor(pi * 10^d) as its d + 1 decimal digits "31415...": Chudnovsky binary splitting, the
     * square root, one division and the decimal string, all timed ({@link Chudnovsky}). Growth
     * bound 1.8: from 10^5 to 10^6 digits on the shared, busy 2-core development machine (four
     * runs, JDK 17 and 25) GMP grew d^1.16-1.47 and BigInteger d^1.38-1.74 (the most on JDK 17,
     * whose BigInteger.sqrt runs Newton at full precision); BigNat and apfloat grew less (their
     * 10^5 cells were noisy); a bound of 2 predicted 100x and skipped every 10^6 cell.
     */
    PI("pi", "floor(pi * 10^d): Chudnovsky series, sqrt, division, decimal string", false, 1.8, SizeUnit.DIGITS),
    /**
     * n! as its decimal string: the library's factorial (BigNat's prime swing, GMP's
     * {@code mpz_fac_ui}, apfloat's {@code ApintMath.factorial}) or, for BigInteger, which has
     * none, a product tree ({@link FactorialTree}), then the string; growth
     * bound as pi's (measured in the same runs: GMP d^1.15-1.4, BigInteger d^1.25-1.99; one
     * prediction of BigInteger at 10^6 was thus 1.5x short).
     */
    FACTORIAL("factorial", "n!: the library's factorial (BigInteger: a product tree), then its decimal string", false, 1.8, SizeUnit.N);

    /** The name used on the command line, in tables, CSV and plot file names. */
    final String id;
    final String description;
    /** True for linear-time data movement, where the table also shows BigNat's throughput. */
    final boolean linear;
    /**
     * Upper bound on the growth exponent of any participant's time for this operation, used to
     * predict the next size: linear passes 1.3 (cache effects), multiply 1.6 (BigInteger's Toom-3
     * is n^1.465), conversions and division 2 (BigInteger's are quadratic at worst).
     */
    final double maxGrowth;
    /** How this operation's sizes are given. */
    final SizeUnit unit;
    /**
     * True for gcd, gcdext, modpow, modpow-short and prime: sized in bits like the kernels, but run
     * only when named by {@code --ops} (a full-length modpow of 2^16 bits takes seconds even in GMP).
     */
    final boolean numberTheory;

    Op(String id, String description, boolean linear, double maxGrowth) {
        this(id, description, linear, maxGrowth, SizeUnit.LOG2_BITS, false);
    }

    Op(String id, String description, double maxGrowth) {
        this(id, description, false, maxGrowth, SizeUnit.LOG2_BITS, true);
    }

    Op(String id, String description, boolean linear, double maxGrowth, SizeUnit unit) {
        this(id, description, linear, maxGrowth, unit, false);
    }

    private Op(String id, String description, boolean linear, double maxGrowth, SizeUnit unit, boolean numberTheory) {
        this.id = id;
        this.description = description;
        this.linear = linear;
        this.maxGrowth = maxGrowth;
        this.unit = unit;
        this.numberTheory = numberTheory;
    }

    /** True for a whole computation (pi, factorial), sized by a decimal count, not by operand bits. */
    boolean whole() {
        return unit != SizeUnit.LOG2_BITS;
    }

    /** The operation named {@code id} (case-insensitive), or null. */
    static Op byId(String id) {
        for (Op op : values()) {
            if (op.id.equalsIgnoreCase(id) || op.name().equalsIgnoreCase(id.replace('-', '_'))) return op;
        }
        if (id.toLowerCase(Locale.ROOT).equals("addnorm")) return ADD_NORMALIZE;
        return null;
    }

    /** The operation's name as used in output file names (no '+'). */
    String fileName() {
        return id.replace('+', '-');
    }
}
