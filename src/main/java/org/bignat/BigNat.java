package org.bignat;

import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Objects;
import org.bignat.core.BigIntegerAccess;
import org.bignat.core.Bitwise;
import org.bignat.core.ByteLimbs;
import org.bignat.core.Digits;
import org.bignat.core.Engine;
import org.bignat.core.Limbs;
import org.bignat.core.Redundant;
import org.bignat.core.Shifts;
import org.bignat.engine.Engines;
import org.bignat.radix.RadixConversion;

/**
 * An immutable arbitrary-precision natural number (0, 1, 2, ...), built for huge values: up to
 * {@link #MAX_BIT_LENGTH} = 2^36 bits, far past {@link BigInteger}'s 2^31.
 *
 * <p><b>Representation.</b> The value is {@code sum d[i] * B^i} over redundant signed digits
 * ({@link Digits}): base {@code B = 2^61}, each digit in {@code [-2, B+1]}, little-endian, trimmed (no
 * zero top digit; a non-zero value has a top digit >= 1). {@link #add} and {@link #subtract} are
 * carry-free: result digit i depends on operand digits i and i-1 only, and the digit range is closed
 * under both (proof in docs/design.md), so any chain of them never needs a carry pass.
 * {@link #normalize()} runs the one carry chain and returns the canonical form (digits in [0, B)).
 * Equal values may thus have different representations; {@code equals}, {@code hashCode},
 * {@code compareTo}, {@code toString} and the bit operations answer on the value: each BigNat computes
 * its canonical form once, on first need, and caches it.
 *
 * <p><b>Limits.</b> Every operation whose result would exceed {@link #MAX_BIT_LENGTH} bits throws
 * {@link ArithmeticException} instead. A negative result ({@link #subtract}) throws it too. Methods
 * throw {@link NullPointerException} for null arguments.
 *
 * <p><b>Engines.</b> Products go through {@link Engines} (CPU, or CUDA when present and the operands
 * are large); add, subtract and normalize run on the CPU (see {@link Engines#forLinear()}).
 *
 * <p><b>Interrupts and memory.</b> Operations are not interruptible: a thread interrupted before or
 * during one gets the complete result, with its interrupt status still set. An
 * {@link OutOfMemoryError} in one of the worker threads that run a large operation reaches the
 * caller, and the library keeps working afterwards.
 */
public final class BigNat extends Number implements Comparable<BigNat>, Serializable {
    private static final long serialVersionUID = 1L;

    /** The largest supported bit length, 2^36 bits (8 GiB); results beyond it throw ArithmeticException. */
    public static final long MAX_BIT_LENGTH = 1L << 36;

    private static final long[] EMPTY = new long[0];

    /** The value 0. */
    public static final BigNat ZERO = new BigNat(EMPTY, true);
    /** The value 1. */
    public static final BigNat ONE = new BigNat(new long[] {1}, true);

    /** Redundant digits, trimmed; never modified, never handed out. */
    private final transient long[] digits;
    /** The canonical digits, computed once on first need (== digits when already canonical). */
    private transient volatile long[] canonical;
    /** Cached hash of the value; 0 = not yet computed (racy single-word cache, as String's). */
    private transient int hash;

    private BigNat(long[] digits, boolean isCanonical) {
        this.digits = digits;
        if (isCanonical) {
            this.canonical = digits;
        }
    }

    // ------------------------------------------------------------------ factories (package-private)

    /** Wraps canonical, trimmed digits (not copied) after the size check. */
    static BigNat ofCanonical(long[] d) {
        if (d.length == 0) {
            return ZERO;
        }
        checkBitLength(bitLength(d));
        return new BigNat(d, true);
    }

    /** Wraps trimmed redundant digits (not copied; top digit >= 1 or empty) after the size check. */
    static BigNat ofTrimmed(long[] d) {
        if (d.length == 0) {
            return ZERO;
        }
        BigNat r = new BigNat(d, false);
        // value in [B^(n-1) (1 - 2/(B-1)), B^n (1 + 2/(B-1))): bitLength in [61(n-1), 61n + 1]
        long n = d.length;
        if (Digits.W * n + 1 > MAX_BIT_LENGTH) {
            if (Digits.W * (n - 1) > MAX_BIT_LENGTH) {
                throw tooBig(Digits.W * (n - 1));
            }
            checkBitLength(r.bitLength());
        }
        return r;
    }

    /** Wraps trimmed little-endian 64-bit limbs (leading zeros allowed; not copied). */
    static BigNat ofLimbs(long[] limbs) {
        int n = Limbs.length(limbs);
        if (n > 0) { // check before unpacking: a forged serial form may be huge
            checkBitLength(64L * n - Long.numberOfLeadingZeros(limbs[n - 1]));
        }
        return ofCanonical(Limbs.toDigits(limbs));
    }

    /**
     * A BigNat with exactly these redundant digits (copied, then trimmed): the test-only factory for
     * representations such as digits at the extremes -2 and B+1.
     *
     * @throws IllegalArgumentException when a digit is outside [-2, B+1] or the value is negative
     */
    static BigNat ofDigits(long... d) {
        long[] c = d.clone();
        for (int i = 0; i < c.length; i++) {
            if (c[i] < Digits.MIN_DIGIT || c[i] > Digits.MAX_DIGIT) {
                throw new IllegalArgumentException("digit " + i + " out of [-2, B+1]: " + c[i]);
            }
        }
        try {
            return ofTrimmed(Redundant.trimNonNegative(c));
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("negative value", e);
        }
    }

    /** The redundant digits (not a copy: do not modify). */
    long[] digits() {
        return digits;
    }

    /**
     * The canonical digits (not a copy: do not modify): the digits themselves when they are already
     * canonical, so that {@link #normalize()} answers {@code this} for every canonical value.
     */
    long[] canonicalDigits() {
        long[] c = canonical;
        if (c == null) {
            c = inDigitRange(digits) ? digits : Engines.forLinear().normalize(digits);
            canonical = c;
        }
        return c;
    }

    /** Whether every digit is in [0, B): trimmed digits are then canonical already. */
    private static boolean inDigitRange(long[] d) {
        for (long x : d) {
            if ((x >>> Digits.W) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The value as trimmed little-endian 64-bit limbs (a fresh array). */
    long[] limbs() {
        return Limbs.fromDigits(canonicalDigits());
    }

    // ------------------------------------------------------------------ conversions in

    /**
     * The natural number {@code value}.
     *
     * @param value the value, at least 0
     * @return the BigNat of that value
     * @throws IllegalArgumentException when {@code value < 0}
     */
    public static BigNat valueOf(long value) {
        if (value < 0) {
            throw new IllegalArgumentException("BigNat.valueOf: negative value " + value);
        }
        if (value == 0) {
            return ZERO;
        }
        if (value == 1) {
            return ONE;
        }
        if (value <= Digits.MASK) {
            return new BigNat(new long[] {value}, true);
        }
        return new BigNat(new long[] {value & Digits.MASK, value >>> Digits.W}, true);
    }

    /**
     * The natural number {@code value}.
     *
     * @param value the value, at least 0
     * @return the BigNat of that value
     * @throws IllegalArgumentException when {@code value} is negative
     */
    public static BigNat of(BigInteger value) {
        Objects.requireNonNull(value, "value");
        if (value.signum() < 0) {
            throw new IllegalArgumentException("BigNat.of: negative value");
        }
        if (BigIntegerAccess.AVAILABLE) {
            return ofCanonical(BigIntegerAccess.digits(value)); // at most 2^31 bits: within the limit
        }
        byte[] b = value.toByteArray(); // the bulk export BigInteger offers; may start with a 0 sign byte
        return ofCanonical(ByteLimbs.toDigits(b, 0, b.length));
    }

    /**
     * The natural number whose big-endian unsigned bytes are {@code bytes} (leading zero bytes allowed;
     * an empty array is zero). A byte array holds at most 2^34 bits, so this never exceeds the limit.
     *
     * @param bytes the big-endian unsigned bytes
     * @return the BigNat they encode
     */
    public static BigNat fromByteArray(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return ofCanonical(ByteLimbs.toDigits(bytes, 0, bytes.length));
    }

    /**
     * Parses digits in the radix: ASCII {@code 0-9}, {@code a-z}, {@code A-Z} of value below the radix,
     * at least one, no sign, no spaces; leading zeros allowed. (A string holds at most 2^31 characters,
     * at most 2^31 * log2(36) &lt; 2^34 bits, so this never exceeds the limit.)
     * Time O(M(n) log n) for n bits, M(n) the cost of an n-bit product (divide and conquer over
     * powers of the radix).
     *
     * @param text the digits
     * @param radix the radix, 2 to 36
     * @return the value of the digits
     * @throws NumberFormatException naming the index of the first bad character (or the empty text)
     * @throws IllegalArgumentException when the radix is outside 2..36
     */
    public static BigNat parse(CharSequence text, int radix) {
        Objects.requireNonNull(text, "text");
        checkRadix(radix);
        // Read a mutable text once: validating one state and converting another would give a value
        // that matches neither (a String is immutable and is used as it is).
        String s = text.toString();
        int n = s.length();
        if (n == 0) {
            throw new NumberFormatException("BigNat.parse: empty text (at index 0)");
        }
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (digitValue(ch) >= radix) {
                throw new NumberFormatException("BigNat.parse: character '" + ch + "' (U+"
                        + String.format("%04X", (int) ch) + ") at index " + i + " is not a radix-" + radix
                        + " digit");
            }
        }
        if (GpuNewton.appliesToParse(n, radix)) {
            BigNat x = GpuNewton.parse(s, radix);
            if (x != null) {
                return x;
            }
        }
        return ofLimbs(RadixConversion.parse(s, radix));
    }

    /** The value of an ASCII digit or letter, 99 for anything else. */
    private static int digitValue(char ch) {
        if (ch >= '0' && ch <= '9') {
            return ch - '0';
        }
        if (ch >= 'a' && ch <= 'z') {
            return ch - 'a' + 10;
        }
        if (ch >= 'A' && ch <= 'Z') {
            return ch - 'A' + 10;
        }
        return 99;
    }

    private static void checkRadix(int radix) {
        if (radix < 2 || radix > 36) {
            throw new IllegalArgumentException("radix " + radix + " is outside 2..36");
        }
    }

    // ------------------------------------------------------------------ conversions out

    /**
     * This value as a BigInteger.
     *
     * @return the same value as a BigInteger
     * @throws ArithmeticException when the value has more bits than BigInteger supports (2^31 - 1)
     */
    public BigInteger toBigInteger() {
        long bits = bitLength();
        if (bits == 0) {
            return BigInteger.ZERO;
        }
        if (bits > Integer.MAX_VALUE) { // BigInteger holds at most 2^31 - 1 bits
            throw new ArithmeticException("BigNat of " + bits + " bits is beyond BigInteger's range");
        }
        if (BigIntegerAccess.AVAILABLE) {
            return BigIntegerAccess.ofDigits(canonicalDigits(), 1);
        }
        return new BigInteger(1, ByteLimbs.toBigEndian(limbs(), (int) ((bits + 7) >>> 3)));
    }

    /**
     * The big-endian unsigned bytes of this value: {@code ceil(bitLength / 8)} bytes with no sign byte
     * (unlike {@link BigInteger#toByteArray()}, a top bit set does not add a zero byte). Zero gives
     * {@code {0}}, one zero byte, as {@code BigInteger.ZERO.toByteArray()} does, so code that reads
     * {@code bytes[0]} or passes the result to {@code new BigInteger(1, bytes)} keeps working.
     *
     * @return the big-endian unsigned bytes, at least one
     * @throws ArithmeticException when the value needs more bytes than an array holds (2^34 bits)
     */
    public byte[] toByteArray() {
        long bits = bitLength();
        if (bits == 0) {
            return new byte[1];
        }
        long bytes = (bits + 7) >>> 3;
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new ArithmeticException("BigNat of " + bits + " bits does not fit a byte array");
        }
        return ByteLimbs.toBigEndian(limbs(), (int) bytes);
    }

    /**
     * The digits of this value in the radix, lower case, no leading zeros ("0" for zero).
     * Time O(M(n) log n) for n bits, M(n) the cost of an n-bit product (divide and conquer over
     * powers of the radix).
     *
     * @param radix the radix, 2 to 36
     * @return the digits, lower case
     * @throws IllegalArgumentException when the radix is outside 2..36
     * @throws ArithmeticException when the text would not fit a String
     */
    public String toString(int radix) {
        checkRadix(radix);
        long bits = bitLength();
        if (bits == 0) {
            return "0";
        }
        // digits = floor(bits' log_radix 2) + 1 <= bits / log2(radix) + 1
        double chars = bits / (Math.log(radix) / Math.log(2)) + 1;
        if (chars > Integer.MAX_VALUE - 16) {
            throw new ArithmeticException("BigNat of " + bits + " bits has too many radix-" + radix
                    + " digits for a String");
        }
        if (GpuNewton.appliesToText(this, radix)) {
            String s = GpuNewton.toString(this, radix);
            if (s != null) {
                return s;
            }
        }
        return RadixConversion.toString(limbs(), radix);
    }

    /** The decimal digits of this value. */
    @Override
    public String toString() {
        return toString(10);
    }

    // ------------------------------------------------------------------ arithmetic

    /**
     * {@code this + other}: carry-free, one pass; the result is generally not normalized.
     * Time O(n) for n-bit operands, with no carry chain.
     *
     * @param other the value to add
     * @return the sum, in redundant digits
     * @throws ArithmeticException when the sum would exceed {@link #MAX_BIT_LENGTH}
     */
    public BigNat add(BigNat other) {
        Objects.requireNonNull(other, "other");
        if (other.digits.length == 0) {
            return this;
        }
        if (digits.length == 0) {
            return other;
        }
        return ofTrimmed(Engines.forLinear().addTrimmed(digits, other.digits));
    }

    /**
     * {@code this - other}: carry-free, one pass. The sign is decided by a top-down scan of the
     * redundant result (see {@link Redundant#top}) that for normalized operands usually stops after a
     * digit or two.
     *
     * @param other the value to subtract, at most this one
     * @return the difference, in redundant digits
     * @throws ArithmeticException when {@code other > this}
     */
    public BigNat subtract(BigNat other) {
        Objects.requireNonNull(other, "other");
        if (other.digits.length == 0) {
            return this;
        }
        return ofTrimmed(Engines.forLinear().subtractTrimmed(digits, other.digits));
    }

    /**
     * {@code this * other}.
     * Basecase, Karatsuba or Toom-3 below a size threshold, Schönhage–Strassen above it: time
     * O(n log n log log n) for n-bit operands, on all cores (and on the GPU, when there is one, for
     * operands of at least 2^18 bits together). Heap: a few times the operands' size while it
     * works.
     *
     * @param other the other factor
     * @return the product, in canonical form
     * @throws ArithmeticException when the product would exceed {@link #MAX_BIT_LENGTH}
     */
    public BigNat multiply(BigNat other) {
        Objects.requireNonNull(other, "other");
        if (other == this) {
            return square(); // one forward transform instead of two
        }
        long a = bitLength();
        long b = other.bitLength();
        if (a == 0 || b == 0) {
            return ZERO;
        }
        if (a + b - 1 > MAX_BIT_LENGTH) { // the product has a+b-1 or a+b bits
            throw tooBig(a + b - 1);
        }
        return ofCanonical(Engines.forMultiply(a + b).multiply(canonicalDigits(), other.canonicalDigits()));
    }

    /**
     * {@code this * this}.
     * Like {@link #multiply} with one transform fewer.
     *
     * @return this value squared, in canonical form
     * @throws ArithmeticException when the square would exceed {@link #MAX_BIT_LENGTH}
     */
    public BigNat square() {
        long a = bitLength();
        if (a == 0) {
            return ZERO;
        }
        if (2 * a - 1 > MAX_BIT_LENGTH) {
            throw tooBig(2 * a - 1);
        }
        return ofCanonical(Engines.forMultiply(2 * a).square(canonicalDigits()));
    }

    // ------------------------------------------------------------------ division and roots

    /**
     * {@code floor(this / divisor)}: Knuth's Algorithm D, recursive (Burnikel–Ziegler) or Newton
     * division by size (see {@link org.bignat.div.Division}).
     * Time O(M(n)) for an n-bit dividend (Newton division), M(n) the cost of an n-bit product.
     *
     * @param divisor the divisor, not zero
     * @return the quotient, rounded down
     * @throws ArithmeticException when {@code divisor} is zero
     */
    public BigNat divide(BigNat divisor) {
        Objects.requireNonNull(divisor, "divisor");
        if (divisor.isZero()) {
            throw new ArithmeticException("BigNat divide by zero");
        }
        if (compareTo(divisor) < 0) {
            return ZERO;
        }
        if (GpuNewton.appliesToDivision(this, divisor)) {
            BigNat[] qr = GpuNewton.divide(this, divisor, true);
            if (qr != null) {
                return qr[0];
            }
        }
        // Quotient only: the Newton rung can skip its last remainder product.
        return ofLimbs(org.bignat.div.Division.divide(limbs(), divisor.limbs()));
    }

    /**
     * {@code this mod divisor}, in {@code [0, divisor)}.
     *
     * @param divisor the divisor, not zero
     * @return the remainder
     * @throws ArithmeticException when {@code divisor} is zero
     */
    public BigNat remainder(BigNat divisor) {
        return divideAndRemainder(divisor)[1];
    }

    /**
     * {@code {q, r}} with {@code this = q * divisor + r} and {@code 0 <= r < divisor}.
     *
     * @param divisor the divisor, not zero
     * @return a new two-element array: the quotient, then the remainder
     * @throws ArithmeticException when {@code divisor} is zero
     */
    public BigNat[] divideAndRemainder(BigNat divisor) {
        Objects.requireNonNull(divisor, "divisor");
        if (divisor.isZero()) {
            throw new ArithmeticException("BigNat divide by zero");
        }
        if (compareTo(divisor) < 0) {
            return new BigNat[] {ZERO, this};
        }
        if (GpuNewton.appliesToDivision(this, divisor)) {
            BigNat[] qr = GpuNewton.divide(this, divisor, false);
            if (qr != null) {
                return qr;
            }
        }
        long[][] qr = org.bignat.div.Division.divideAndRemainder(limbs(), divisor.limbs());
        return new BigNat[] {ofLimbs(qr[0]), ofLimbs(qr[1])};
    }

    /**
     * {@code floor(sqrt(this))}: Zimmermann's Karatsuba square root.
     * Time O(M(n)) for n bits, M(n) the cost of an n-bit product.
     *
     * @return the floor of the square root
     */
    public BigNat sqrt() {
        if (GpuNewton.appliesToSqrt(this)) {
            BigNat s = GpuNewton.sqrt(this);
            if (s != null) {
                return s;
            }
        }
        return isZero() ? ZERO : ofLimbs(org.bignat.div.SquareRoot.sqrt(limbs()));
    }

    /**
     * {@code {s, r}} with {@code s = floor(sqrt(this))} and {@code r = this - s^2} (so {@code r <= 2s}).
     *
     * @return a new two-element array: the root {@code s}, then the remainder {@code r}
     */
    public BigNat[] sqrtAndRemainder() {
        if (isZero()) {
            return new BigNat[] {ZERO, ZERO};
        }
        if (GpuNewton.appliesToSqrt(this)) {
            BigNat[] sr = GpuNewton.sqrtAndRemainder(this);
            if (sr != null) {
                return sr;
            }
        }
        long[][] sr = org.bignat.div.SquareRoot.sqrtRem(limbs());
        return new BigNat[] {ofLimbs(sr[0]), ofLimbs(sr[1])};
    }

    /**
     * {@code n!}, the product of 1 through n (and {@code 0! = 1}; GMP's {@code mpz_fac_ui}, apfloat's
     * {@code ApintMath.factorial}). By the prime-swing algorithm, as GMP computes it: the square of
     * the factorial of n/2 times the prime powers of n! / (floor(n/2)!)^2, so its work is a few
     * products of the result's size rather than a product of every number below n.
     *
     * @param n the argument, at least 0
     * @return {@code n!}
     * @throws ArithmeticException when {@code n < 0}
     */
    public static BigNat factorial(int n) {
        return ofLimbs(org.bignat.factorial.Factorial.of(n));
    }

    // ------------------------------------------------------------------ representation

    /**
     * The same value in canonical form (every digit in [0, B)); {@code this} when already canonical.
     * Time O(n): one carry chain, once per value (cached).
     *
     * @return the canonical form of this value
     */
    public BigNat normalize() {
        long[] c = canonicalDigits();
        return c == digits ? this : new BigNat(c, true);
    }

    /**
     * Whether this representation is canonical (a cheap check: no carry chain is run).
     *
     * @return true when the digits are canonical
     */
    public boolean isNormalized() {
        long[] c = canonical;
        if (c != null) {
            return c == digits;
        }
        if (!inDigitRange(digits)) {
            return false;
        }
        canonical = digits; // digits in [0, B) and trimmed: canonical already
        return true;
    }

    /**
     * Opens a GPU session for device-resident values: upload operands once, run a chain of
     * operations on the device, download the result once. Close it (try-with-resources) to free the
     * device memory of its values.
     *
     * @return a new session on the CUDA device
     * @throws EngineUnavailableException when no usable CUDA GPU is there (no
     *     driver, no JCuda natives, no device); the message says which
     */
    public static Gpu gpu() {
        return Gpu.open();
    }

    // ------------------------------------------------------------------ comparison

    /**
     * 0 for zero, 1 otherwise.
     *
     * @return 0 or 1
     */
    public int signum() {
        return digits.length == 0 ? 0 : 1; // trimmed and non-negative: non-empty means positive
    }

    /**
     * Whether this is zero.
     *
     * @return true for zero
     */
    public boolean isZero() {
        return digits.length == 0;
    }

    /** Compares the values. */
    @Override
    public int compareTo(BigNat other) {
        if (this == other) {
            return 0;
        }
        long[] a = canonicalDigits();
        long[] b = other.canonicalDigits();
        if (a.length != b.length) {
            return a.length < b.length ? -1 : 1;
        }
        for (int i = a.length - 1; i >= 0; i--) { // the most significant differing digit decides
            if (a[i] != b[i]) {
                return a[i] < b[i] ? -1 : 1; // canonical digits are in [0, B): signed compare is fine
            }
        }
        return 0;
    }

    /** Whether {@code o} is a BigNat of the same value (whatever the representations). */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BigNat other)) {
            return false;
        }
        return Arrays.equals(canonicalDigits(), other.canonicalDigits());
    }

    /** A hash of the value (of the canonical digits), cached. */
    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(canonicalDigits());
            if (h == 0) {
                h = 1;
            }
            hash = h;
        }
        return h;
    }

    // ------------------------------------------------------------------ bits

    /**
     * The number of bits of the value, excluding leading zeros (0 for zero).
     *
     * @return the bit length, at most {@link #MAX_BIT_LENGTH}
     */
    public long bitLength() {
        return bitLength(canonicalDigits());
    }

    private static long bitLength(long[] canonicalDigits) {
        int n = canonicalDigits.length;
        return n == 0 ? 0 : (long) Digits.W * (n - 1) + 64 - Long.numberOfLeadingZeros(canonicalDigits[n - 1]);
    }

    /**
     * The number of one bits of the value.
     *
     * @return the population count
     */
    public long bitCount() {
        long c = 0;
        for (long d : canonicalDigits()) {
            c += Long.bitCount(d);
        }
        return c;
    }

    /**
     * Whether bit {@code n} (weight 2^n) of the value is set.
     *
     * @param n the bit index, 0 for the lowest bit
     * @return true when the bit is one
     * @throws ArithmeticException when {@code n < 0}, as BigInteger does
     */
    public boolean testBit(long n) {
        if (n < 0) {
            throw new ArithmeticException("BigNat.testBit: negative bit address " + n);
        }
        long[] d = canonicalDigits();
        long q = n / Digits.W;
        return q < d.length && ((d[(int) q] >>> (int) (n % Digits.W)) & 1) != 0;
    }

    /**
     * {@code this * 2^n}; a negative {@code n} shifts right.
     *
     * @param n the shift distance in bits
     * @return the shifted value
     * @throws ArithmeticException when the result would exceed {@link #MAX_BIT_LENGTH}
     */
    public BigNat shiftLeft(long n) {
        if (n < 0) {
            return n == Long.MIN_VALUE ? ZERO : shiftRight(-n);
        }
        long bits = bitLength();
        if (bits == 0 || n == 0) {
            return this;
        }
        if (n > MAX_BIT_LENGTH || bits + n > MAX_BIT_LENGTH) {
            throw tooBig(n > MAX_BIT_LENGTH ? n : bits + n);
        }
        return ofCanonical(Shifts.left(canonicalDigits(), n));
    }

    /**
     * {@code floor(this / 2^n)}; a negative {@code n} shifts left.
     *
     * @param n the shift distance in bits
     * @return the shifted value
     * @throws ArithmeticException when a left shift (negative {@code n}) would exceed
     *     {@link #MAX_BIT_LENGTH}
     */
    public BigNat shiftRight(long n) {
        if (n < 0) {
            if (isZero()) {
                return this; // every shift of zero is zero, as BigInteger's
            }
            if (n == Long.MIN_VALUE) {
                throw tooBig(Long.MAX_VALUE);
            }
            return shiftLeft(-n);
        }
        if (n == 0) {
            return this;
        }
        if (n >= bitLength()) {
            return ZERO;
        }
        return ofCanonical(Shifts.right(canonicalDigits(), n));
    }

    /**
     * Bitwise and.
     *
     * @param other the other operand
     * @return {@code this & other}
     */
    public BigNat and(BigNat other) {
        return ofCanonical(Bitwise.and(canonicalDigits(), Objects.requireNonNull(other, "other").canonicalDigits()));
    }

    /**
     * Bitwise or.
     *
     * @param other the other operand
     * @return {@code this | other}
     */
    public BigNat or(BigNat other) {
        return ofCanonical(Bitwise.or(canonicalDigits(), Objects.requireNonNull(other, "other").canonicalDigits()));
    }

    /**
     * Bitwise exclusive or.
     *
     * @param other the other operand
     * @return {@code this ^ other}
     */
    public BigNat xor(BigNat other) {
        return ofCanonical(Bitwise.xor(canonicalDigits(), Objects.requireNonNull(other, "other").canonicalDigits()));
    }

    /**
     * {@code this & ~other}.
     *
     * @param other the other operand
     * @return {@code this & ~other}
     */
    public BigNat andNot(BigNat other) {
        return ofCanonical(Bitwise.andNot(canonicalDigits(), Objects.requireNonNull(other, "other").canonicalDigits()));
    }

    // ------------------------------------------------------------------ Number

    /** The low 32 bits of the value, as {@link BigInteger#intValue()}. */
    @Override
    public int intValue() {
        return (int) longValue();
    }

    /**
     * The low 64 bits of the value, as {@link BigInteger#longValue()}. Read straight off the redundant
     * digits: the value mod 2^64 is {@code d0 + d1 * 2^61} in wrapping arithmetic, since B^2 = 2^122.
     */
    @Override
    public long longValue() {
        long[] d = digits;
        return d.length == 0 ? 0 : d.length == 1 ? d[0] : d[0] + (d[1] << Digits.W);
    }

    /**
     * The value as a long.
     *
     * @return the value, when it fits
     * @throws ArithmeticException when it does not fit (more than 63 bits)
     */
    public long longValueExact() {
        if (bitLength() > 63) {
            throw new ArithmeticException("BigNat.longValueExact: " + bitLength() + " bits do not fit a long");
        }
        return longValue();
    }

    /** The nearest float (ties to even), {@code Float.POSITIVE_INFINITY} when too large, as BigInteger's. */
    @Override
    public float floatValue() {
        long bits = bitLength();
        if (bits <= 63) {
            return (float) longValue(); // long to float rounds to nearest even
        }
        if (bits > Float.MAX_EXPONENT + 2) {
            return Float.POSITIVE_INFINITY;
        }
        return Math.scalb((float) top63(bits), (int) (bits - 63));
    }

    /** The nearest double (ties to even), {@code Double.POSITIVE_INFINITY} when too large, as BigInteger's. */
    @Override
    public double doubleValue() {
        long bits = bitLength();
        if (bits <= 63) {
            return (double) longValue();
        }
        if (bits > Double.MAX_EXPONENT + 2) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.scalb((double) top63(bits), (int) (bits - 63));
    }

    /**
     * The top 63 bits of the value with the lowest one ORed with the "sticky" bit (any bit set below
     * them). Converting it to double (53 bits) or float (24) rounds once, correctly: the sticky bit
     * lies far below the rounding position, so it only breaks ties, and the scaling by 2^(bits-63)
     * is exact (or overflows to infinity exactly when the rounded value does).
     */
    private long top63(long bits) {
        long[] d = canonicalDigits();
        long low = bits - 63;
        long t = Bitwise.extract(d, low, 63);
        if ((t & 1) == 0 && Bitwise.anyBelow(d, low)) {
            t |= 1;
        }
        return t;
    }

    // ------------------------------------------------------------------ number theory

    /**
     * {@code gcd(this, other)}, with gcd(0, 0) = 0: Lehmer's algorithm with double-limb steps, and
     * from {@link org.bignat.gcd.Gcd#GCD_HGCD_THRESHOLD} limbs Möller's subquadratic half-gcd on
     * products from the engine.
     *
     * @param other the other value
     * @return the greatest common divisor
     */
    public BigNat gcd(BigNat other) {
        Objects.requireNonNull(other, "other");
        return ofLimbs(org.bignat.gcd.Gcd.gcd(limbs(), other.limbs()));
    }

    /**
     * {@code this^exponent mod modulus}, in [0, modulus); {@code x^0 mod m = 1 mod m}. Moduli of up
     * to {@link org.bignat.modular.ModPow#JDK_MAX_BITS} bits run on {@link BigInteger#modPow} (its
     * Montgomery products are JVM intrinsics there); larger ones by Montgomery products and sliding
     * windows (odd moduli; even ones split into their odd part and a power of two, as BigInteger
     * does).
     *
     * @param exponent the exponent
     * @param modulus the modulus, not zero
     * @return {@code this^exponent mod modulus}
     * @throws ArithmeticException "BigInteger: modulus not positive" when {@code modulus} is zero
     */
    public BigNat modPow(BigNat exponent, BigNat modulus) {
        Objects.requireNonNull(exponent, "exponent");
        Objects.requireNonNull(modulus, "modulus");
        if (!exponent.isZero() && GpuModPow.applies(modulus)) {
            BigNat r = GpuModPow.modPow(this, exponent.limbs(), modulus);
            if (r != null) {
                return r;
            }
        }
        return ofLimbs(org.bignat.modular.ModPow.modPow(limbs(), exponent.limbs(), modulus.limbs()));
    }

    /**
     * {@code this^-1 mod m}, in [0, m) (0 when m is 1), from the extended gcd.
     *
     * @param m the modulus, not zero
     * @return the inverse, in [0, m)
     * @throws ArithmeticException "BigInteger: modulus not positive" when {@code m} is zero, and
     *     "BigInteger not invertible." when {@code gcd(this, m) != 1}
     */
    public BigNat modInverse(BigNat m) {
        Objects.requireNonNull(m, "m");
        return ofLimbs(org.bignat.gcd.ExtendedGcd.modInverse(limbs(), m.limbs()));
    }

    /**
     * True when this is probably prime, with BigInteger's contract: a prime always answers true, a
     * composite true with probability at most 2^-certainty ({@code certainty <= 0}: true). Trial
     * division by small primes, Miller–Rabin rounds and (from 100 bits) a Lucas test, as
     * BigInteger.isProbablePrime.
     *
     * @param certainty the tolerated error, 2^-certainty
     * @return false when this is certainly composite
     */
    public boolean isProbablePrime(int certainty) {
        return org.bignat.modular.Primality.isProbablePrime(limbs(), certainty);
    }

    /**
     * The least probable prime greater than this (certainty 100, as BigInteger.nextProbablePrime).
     *
     * @return the least probable prime greater than this
     */
    public BigNat nextProbablePrime() {
        return ofLimbs(org.bignat.modular.Primality.nextProbablePrime(limbs()));
    }

    // ------------------------------------------------------------------ limits

    private static void checkBitLength(long bits) {
        if (bits > MAX_BIT_LENGTH) {
            throw tooBig(bits);
        }
    }

    private static ArithmeticException tooBig(long bits) {
        return new ArithmeticException("BigNat: a result of " + bits + " bits exceeds MAX_BIT_LENGTH = 2^36 bits");
    }

    // ------------------------------------------------------------------ serialization

    /**
     * Serialized as its canonical 64-bit limbs, through a proxy that validates them when read.
     *
     * @return the serial proxy
     */
    private Object writeReplace() {
        return new SerialForm(limbs());
    }

    /**
     * A BigNat never appears in a stream itself; a forged one is rejected.
     *
     * @param in the stream
     * @throws InvalidObjectException always
     */
    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("BigNat is serialized through its proxy");
    }

    /**
     * A BigNat never appears in a stream itself.
     *
     * @throws InvalidObjectException always
     */
    private void readObjectNoData() throws InvalidObjectException {
        throw new InvalidObjectException("BigNat is serialized through its proxy");
    }

    /**
     * The serial form: the number of little-endian unsigned 64-bit limbs (an int), then the limbs, as
     * block data. Any limbs are a valid natural, so reading checks only the count: from 0 to
     * {@link #MAX_LIMBS}, and exactly that many limbs present. Not a {@code long[]} field, whose
     * array the stream would allocate at the length it claims before a byte of it is read (a forged
     * stream of a hundred bytes could claim 16 GiB, or a negative length, which throws
     * NegativeArraySizeException); here the limbs are read into an array that grows with what the
     * stream actually holds, so a forged count costs at most {@link #READ_CHUNK_LIMBS} limbs or twice
     * the limbs present. Every malformed stream throws {@link InvalidObjectException}.
     */
    private static final class SerialForm implements Serializable {
        private static final long serialVersionUID = 2L;

        /** The most limbs a value holds: {@link #MAX_BIT_LENGTH} / 64. */
        static final int MAX_LIMBS = (int) (MAX_BIT_LENGTH / 64);

        /** The first allocation when reading: 512 KiB, doubled as the limbs keep coming. */
        static final int READ_CHUNK_LIMBS = 1 << 16;

        private transient long[] limbs;

        SerialForm(long[] limbs) {
            this.limbs = limbs;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(limbs.length);
            for (long w : limbs) {
                out.writeLong(w);
            }
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            int n;
            try {
                n = in.readInt();
            } catch (EOFException e) {
                throw invalid("no limb count", e);
            }
            if (n < 0 || n > MAX_LIMBS) {
                throw invalid("limb count " + n + " outside 0.." + MAX_LIMBS, null);
            }
            long[] w = new long[Math.min(n, READ_CHUNK_LIMBS)];
            for (int i = 0; i < n; i++) {
                if (i == w.length) {
                    w = Arrays.copyOf(w, (int) Math.min(n, 2L * w.length));
                }
                try {
                    w[i] = in.readLong();
                } catch (EOFException e) {
                    throw invalid(n + " limbs announced, the stream holds " + i, e);
                }
            }
            if (in.available() > 0) {
                throw invalid("data after the " + n + " limbs announced", null);
            }
            limbs = w;
        }

        private static InvalidObjectException invalid(String why, Throwable cause) {
            InvalidObjectException e = new InvalidObjectException("BigNat: " + why);
            if (cause != null) {
                e.initCause(cause);
            }
            return e;
        }

        private Object readResolve() throws ObjectStreamException {
            if (limbs == null) {
                throw invalid("missing limbs", null);
            }
            try {
                return ofLimbs(limbs);
            } catch (ArithmeticException e) {
                throw invalid(e.getMessage(), e);
            }
        }
    }
}
