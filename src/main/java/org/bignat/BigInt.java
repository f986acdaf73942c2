package org.bignat;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.Objects;
import java.util.Random;

/**
 * An immutable, signed, arbitrary-precision integer with the public methods and semantics of
 * {@link BigInteger} (JDK 17), method for method: the same names, parameter types, results and
 * exceptions, so that replacing {@code BigInteger} by {@code BigInt} in a program is a rename. Its
 * magnitudes are {@link BigNat} values, so huge operands get BigNat's algorithms (Schönhage–Strassen
 * products, Newton division, subquadratic radix conversion, the GPU) with no conversion per call.
 *
 * <p><b>Number theory</b> ({@link #gcd}, {@link #modPow}, {@link #modInverse},
 * {@link #isProbablePrime}, {@link #nextProbablePrime}, {@link #probablePrime}) runs on BigInteger
 * below the crossovers {@link BigMath} measured and on BigNat's subquadratic gcd and Montgomery
 * exponentiation above them. The primes drawn by {@link #probablePrime} and the
 * {@code (int, int, Random)} constructor are BigInteger's below 2^16 bits; above, they keep
 * BigInteger's contract (a probable prime of exactly that length) but not its sequence for a seed.
 *
 * <p><b>Two forms.</b> A value of at most {@link #SMALL_MAX_BITS} bits is held as a BigInteger (the
 * small form), whose intrinsified word loops are the fastest in Java at small sizes; a larger value
 * is held as a sign and a BigNat magnitude (the large form). A result moves to the large form above
 * {@link #SMALL_MAX_BITS} bits and back below {@link #LARGE_MIN_DIGITS} BigNat digits (about half
 * that size), so that a value hovering at the border does not convert at every call. The small form
 * may hold the negation of its BigInteger, which {@link #negate} and {@link #abs} return for one new
 * object (BigInteger's own cost); its next operation computes the negation it needs, so sums, products
 * and comparisons of such values still cost what BigInteger's do. {@link #valueOf} makes a small form
 * that holds a long (one object, where BigInteger makes a BigInteger and an array) and its BigInteger
 * on first need. All forms
 * give identical results; the form is invisible except in speed. In the large form, {@code add} and
 * {@code subtract} stay carry-free: operands of the same sign add their redundant magnitudes, and
 * operands of opposite signs decide which magnitude is larger by a top-down scan of their carry-free
 * difference that usually reads one or two digits, never a carry pass.
 *
 * <p><b>Range.</b> Values up to {@link BigNat#MAX_BIT_LENGTH} bits (2^36), past BigInteger's 2^31;
 * results beyond throw {@link ArithmeticException}. Methods that answer a bit count or position as an
 * {@code int} ({@link #bitLength()}, {@link #bitCount()}, {@link #getLowestSetBit()}) throw
 * {@link ArithmeticException} when the answer exceeds {@code Integer.MAX_VALUE}; {@code magnitude()}
 * answers in {@code long}. Methods throw {@link NullPointerException} for null arguments.
 */
public final class BigInt extends Number implements Comparable<BigInt>, Serializable {
    private static final long serialVersionUID = 1L;

    /**
     * Values of more bits than this leave the small (BigInteger) form for the large (BigNat) form.
     * Four times the top of the range where BigInt must match BigInteger's speed (4096 bits), below
     * every size where BigNat's products, divisions and radix conversions overtake BigInteger's
     * (2^16 to 2^18 bits, see {@link BigMath}): in the small form the operations that already pay at
     * smaller sizes (square root from {@link BigMath#SQRT_CROSSOVER_BITS}, radix conversion from
     * {@link BigMath#RADIX_CROSSOVER_BITS}) run on BigNat for the one call.
     */
    static final int SMALL_MAX_BITS = 1 << 14;

    /**
     * Large-form results with fewer BigNat digits (61 bits each) than this return to the small form:
     * about 2^13 bits, half of {@link #SMALL_MAX_BITS} (the hysteresis). Any large-form value thus
     * has more than 8000 bits, so never fits a long.
     */
    static final int LARGE_MIN_DIGITS = 135;

    /**
     * Small-form operands whose held BigIntegers have fewer bits than this give a sum, difference or
     * product (for a product: the two bit lengths added) that stays within {@link #SMALL_MAX_BITS}, so
     * the result is wrapped without measuring it: 3 bits of margin, one for the carry (or the product's
     * bound {@code 2^(a+b)}) and one per operand for a {@link #negated} value (whose bit length may be
     * one more than its held BigInteger's: {@code -2^k} has k bits, {@code 2^k} has k + 1).
     */
    private static final int UNCHECKED_MAX_BITS = SMALL_MAX_BITS - 3;

    /** {@link #heldBits} of a value whose held BigInteger's bit length is not known or not used. */
    private static final int NO_BOUND = Integer.MAX_VALUE;

    private static final BigInt[] SMALL_CACHE = new BigInt[33];

    static {
        for (int i = 0; i < SMALL_CACHE.length; i++) {
            SMALL_CACHE[i] = measured(BigInteger.valueOf(i - 16));
        }
    }

    /** The value 0. */
    public static final BigInt ZERO = SMALL_CACHE[16];
    /** The value 1. */
    public static final BigInt ONE = SMALL_CACHE[17];
    /** The value 2. */
    public static final BigInt TWO = SMALL_CACHE[18];
    /** The value 10. */
    public static final BigInt TEN = SMALL_CACHE[26];

    /**
     * The small form's BigInteger: the value itself, or its negation when {@link #negated}; null in
     * the large form.
     */
    private final transient BigInteger held;
    /**
     * Whether the small form's value is {@code -held}: {@link #negate} and {@link #abs} then cost one
     * object, as BigInteger's do, instead of a BigInteger and a BigInt. Only those two set it; every
     * other small-form result holds its value itself. Never set for zero.
     */
    private final transient boolean negated;
    /** The magnitude in the large form (non-zero); null in the small form. */
    private final transient BigNat mag;
    /**
     * The long form's value: {@link #valueOf} of a long outside the cached constants makes one object,
     * where BigInteger's makes two (a BigInteger and its int[]). The long form is a small form (see
     * {@link #isSmallForm}) whose {@link #held} and {@link #mag} are both null.
     */
    private final transient long lv;
    /**
     * The long form's value as a BigInteger, made on first need and kept (a racy cache, as String's
     * hash: BigInteger is immutable, so a thread that sees null only makes another equal one).
     */
    private transient BigInteger lvBig;
    /** -1, 0 or 1 (of the value, negation included). A byte, and no cached hash (BigInteger caches none). */
    private final transient byte sign;
    /**
     * An upper bound on the bit length of the value as the fast paths read it directly: of {@code
     * held} where the small form holds its value itself (not {@link #negated}) and a bound is known,
     * {@link Long#SIZE} in the long form, else {@link #NO_BOUND}. It lets {@link #add}, {@link
     * #subtract} and {@link #multiply} choose their path by comparing two ints: their bodies then hold
     * no call of {@link BigInteger#bitLength()}, whose compiled code kept {@code add} above C2's size
     * limit for inlining an already compiled method ({@code InlineSmallCode}, 2500 bytes), so that a
     * caller could not elide the BigInt of a sum it only measures (the "add, then bitLength" row of
     * docs/performance.md). An int in the object's padding: the object stays 40 bytes.
     */
    private final transient int heldBits;

    private BigInt(BigInteger value) {
        this(value, NO_BOUND);
    }

    /** The small form of {@code value}, whose bit length is at most {@code bits} ({@link #heldBits}). */
    private BigInt(BigInteger value, int bits) {
        this.held = value;
        this.negated = false;
        this.mag = null;
        this.lv = 0;
        this.sign = (byte) value.signum();
        this.heldBits = bits;
    }

    /** The small form of {@code value} with its bit length as {@link #heldBits}. */
    private static BigInt measured(BigInteger value) {
        return new BigInt(value, value.bitLength());
    }

    /** The small form {@code negated ? -held : held} of sign {@code sign}. */
    private BigInt(BigInteger held, boolean negated, int sign) {
        this.held = held;
        this.negated = negated;
        this.mag = null;
        this.lv = 0;
        this.sign = (byte) sign;
        this.heldBits = NO_BOUND;
    }

    /** The long form of {@code value}. */
    private BigInt(long value) {
        this.held = null;
        this.negated = false;
        this.mag = null;
        this.lv = value;
        this.sign = (byte) Long.signum(value);
        this.heldBits = Long.SIZE;
    }

    private BigInt(int sign, BigNat mag) {
        this.held = null;
        this.negated = false;
        this.mag = mag;
        this.lv = 0;
        this.sign = (byte) sign;
        this.heldBits = NO_BOUND;
    }

    /**
     * The public constructors' object (their work is done by factories): {@code value} is either the
     * small form's BigInteger (at most {@link #SMALL_MAX_BITS} bits, held directly, so that a small
     * value costs one BigInt, not a factory's and its copy; see {@link BigIntBytes}) or a BigInt to
     * copy.
     */
    private BigInt(Object value) {
        if (value instanceof BigInteger) {
            BigInteger b = (BigInteger) value;
            this.held = b;
            this.negated = false;
            this.mag = null;
            this.lv = 0;
            this.sign = (byte) b.signum();
            this.heldBits = b.bitLength();
        } else {
            BigInt v = (BigInt) value;
            this.held = v.held;
            this.negated = v.negated;
            this.mag = v.mag;
            this.lv = v.lv;
            this.sign = v.sign;
            this.heldBits = v.heldBits;
        }
    }

    /**
     * The small form's value as a BigInteger (a new one when {@link #negated}, the cached one in the
     * long form); only for {@code mag == null}.
     */
    private BigInteger big() {
        BigInteger h = held;
        if (h == null) {
            return longBig();
        }
        return negated ? h.negate() : h;
    }

    /** The long form's value as a BigInteger, cached. */
    private BigInteger longBig() {
        BigInteger b = lvBig;
        if (b == null) {
            b = BigInteger.valueOf(lv);
            lvBig = b;
        }
        return b;
    }

    // ------------------------------------------------------------------ form factories

    /** The value of a BigInteger result, in the form its size calls for. */
    static BigInt small(BigInteger v) {
        int bits = v.bitLength();
        if (bits > SMALL_MAX_BITS) {
            return new BigInt(v.signum(), natOf(v));
        }
        return new BigInt(v, bits);
    }

    /** {@code sign * m} for a BigNat result ({@code sign} is ignored when {@code m} is zero). */
    static BigInt large(int sign, BigNat m) {
        if (m.isZero()) {
            return ZERO;
        }
        if (m.digits().length < LARGE_MIN_DIGITS) {
            BigInteger b = m.toBigInteger();
            return new BigInt(sign < 0 ? b.negate() : b);
        }
        return new BigInt(sign < 0 ? -1 : 1, m);
    }

    private static BigNat natOf(BigInteger v) {
        return BigNat.of(v.signum() < 0 ? v.negate() : v);
    }

    /** |this| as a BigNat (converted from the small form, O(n)). */
    BigNat nat() {
        return mag != null ? mag : natOf(held != null ? held : longBig()); // |held| is |value| either way
    }

    /**
     * {@code sign * m} in the large form whatever its size (tests only: the large-form paths on small
     * operands); zero stays {@link #ZERO}.
     */
    static BigInt largeForm(int sign, BigNat m) {
        return m.isZero() ? ZERO : new BigInt(sign < 0 ? -1 : 1, m);
    }

    /** Whether this value is in the small form (for tests and the helpers). */
    boolean isSmallForm() {
        return mag == null;
    }

    /** The BigInteger of the small form (null in the large form). */
    BigInteger smallValue() {
        return mag == null ? big() : null;
    }

    // ------------------------------------------------------------------ constructors and conversions

    /**
     * Parses a decimal integer, as {@link BigInteger#BigInteger(String)}: an optional '-' or '+', then
     * at least one digit ({@link Character#digit}, so non-ASCII digits count as well).
     *
     * @param val an optional sign, then decimal digits
     * @throws NumberFormatException when the text is not a valid decimal integer
     */
    public BigInt(String val) {
        this(BigIntText.parse(val, 10));
    }

    /**
     * Parses an integer in the radix, as {@link BigInteger#BigInteger(String, int)}.
     *
     * @param val an optional sign, then digits of the radix
     * @param radix the radix, 2 to 36
     * @throws NumberFormatException when the text is malformed or the radix is outside 2..36
     */
    public BigInt(String val, int radix) {
        this(BigIntText.parse(val, radix));
    }

    /**
     * The two's-complement big-endian value of the bytes, as {@link BigInteger#BigInteger(byte[])}.
     *
     * @param val the big-endian two's-complement bytes
     * @throws NumberFormatException when the array is empty
     */
    public BigInt(byte[] val) {
        this(BigIntBytes.fromTwosComplement(val, 0, val.length));
    }

    /**
     * The two's-complement big-endian value of {@code val[off .. off+len)}, as
     * {@link BigInteger#BigInteger(byte[], int, int)}.
     *
     * @param val the array holding the big-endian two's-complement bytes
     * @param off the index of the first byte
     * @param len the number of bytes
     * @throws NumberFormatException when {@code len} is zero
     * @throws IndexOutOfBoundsException when the range is outside the array
     */
    public BigInt(byte[] val, int off, int len) {
        this(BigIntBytes.fromTwosComplement(val, off, len));
    }

    /**
     * {@code signum * magnitude} with the magnitude's unsigned big-endian bytes, as
     * {@link BigInteger#BigInteger(int, byte[])}.
     *
     * @param signum -1, 0 or 1
     * @param magnitude the big-endian unsigned bytes of the magnitude
     * @throws NumberFormatException when signum is outside -1..1, or 0 with a non-zero magnitude
     */
    public BigInt(int signum, byte[] magnitude) {
        this(BigIntBytes.fromSignMagnitude(signum, magnitude, 0, magnitude.length));
    }

    /**
     * As {@link #BigInt(int, byte[])} for {@code magnitude[off .. off+len)}, as
     * {@link BigInteger#BigInteger(int, byte[], int, int)}.
     *
     * @param signum -1, 0 or 1
     * @param magnitude the array holding the big-endian unsigned bytes of the magnitude
     * @param off the index of the first byte
     * @param len the number of bytes
     * @throws NumberFormatException when signum is outside -1..1, or 0 with a non-zero magnitude
     * @throws IndexOutOfBoundsException when the range is outside the array
     */
    public BigInt(int signum, byte[] magnitude, int off, int len) {
        this(BigIntBytes.fromSignMagnitude(signum, magnitude, off, len));
    }

    /**
     * A random value uniform in {@code [0, 2^numBits - 1]}, as {@link BigInteger#BigInteger(int, Random)}
     * (the same value for the same state of {@code rnd}).
     *
     * @param numBits the number of random bits, at least 0
     * @param rnd the source of the bits
     * @throws IllegalArgumentException when {@code numBits < 0}
     */
    public BigInt(int numBits, Random rnd) {
        this(BigIntBytes.random(numBits, rnd));
    }

    /**
     * The value {@code val}, as {@link BigInteger#valueOf(long)}.
     *
     * @param val the value
     * @return the BigInt of that value
     */
    public static BigInt valueOf(long val) {
        if (val >= -16 && val <= 16) {
            return SMALL_CACHE[(int) val + 16];
        }
        return new BigInt(val);
    }

    /**
     * The value of {@code value}.
     *
     * @param value the value
     * @return the BigInt of that value
     */
    public static BigInt of(BigInteger value) {
        return small(Objects.requireNonNull(value, "value"));
    }

    /**
     * The (non-negative) value of {@code value}.
     *
     * @param value the value
     * @return the BigInt of that value
     */
    public static BigInt of(BigNat value) {
        return large(1, Objects.requireNonNull(value, "value"));
    }

    /**
     * {@code signum * magnitude}.
     *
     * @param signum -1, 0 or 1
     * @param magnitude the magnitude
     * @return the BigInt {@code signum * magnitude}
     * @throws IllegalArgumentException when signum is outside -1..1, or 0 with a non-zero magnitude
     */
    public static BigInt of(int signum, BigNat magnitude) {
        Objects.requireNonNull(magnitude, "magnitude");
        if (signum < -1 || signum > 1) {
            throw new IllegalArgumentException("BigInt.of: signum " + signum + " is outside -1..1");
        }
        if (signum == 0 && !magnitude.isZero()) {
            throw new IllegalArgumentException("BigInt.of: signum 0 with a non-zero magnitude");
        }
        return large(signum, magnitude);
    }

    /**
     * This value as a BigInteger.
     *
     * @return the same value as a BigInteger
     * @throws ArithmeticException when it has more bits than BigInteger supports (2^31 - 1)
     */
    public BigInteger toBigInteger() {
        if (mag == null) {
            return big();
        }
        BigInteger m = mag.toBigInteger();
        return sign < 0 ? m.negate() : m;
    }

    /**
     * {@code |this|} as a BigNat.
     *
     * @return the absolute value as a BigNat
     */
    public BigNat magnitude() {
        return nat();
    }

    // ------------------------------------------------------------------ arithmetic

    /**
     * {@code this + val}. Carry-free in the large form (see the class comment).
     *
     * @param val the other operand
     * @return {@code this + val}
     */
    public BigInt add(BigInt val) {
        int bits = Math.max(heldBits, val.heldBits);
        if (bits <= Long.SIZE) {
            return addWords(val);
        }
        if (bits <= UNCHECKED_MAX_BITS && held != null && val.held != null) { // at most `bits` bits each
            return new BigInt(held.add(val.held), bits + 1);
        }
        return addSlow(val);
    }

    /**
     * {@code this + val} for operands of at most 64 bits each, held or in the long form: a value v of
     * at most 64 bits is {@code hi * 2^64 + lo} with {@code lo} its low word (unsigned) and {@code hi}
     * its sign (-1 or 0), so the sum is that of the words with the carry; it fits a long exactly when
     * its high word is the sign extension of its low word. That result takes the long form, one
     * object: no BigInteger, no int[].
     */
    private BigInt addWords(BigInt val) {
        long a = lowWord();
        long s = a + val.lowWord();
        long hi = (sign >> 31) + (val.sign >> 31) + (Long.compareUnsigned(s, a) < 0 ? 1 : 0);
        if (hi == s >> 63) {
            return new BigInt(s);
        }
        return new BigInt(big().add(val.big()), Long.SIZE + 1);
    }

    /** {@code this - val} for operands of at most 64 bits each, as {@link #addWords}, with the borrow. */
    private BigInt subtractWords(BigInt val) {
        long a = lowWord();
        long b = val.lowWord();
        long s = a - b;
        long hi = (sign >> 31) - (val.sign >> 31) - (Long.compareUnsigned(a, b) < 0 ? 1 : 0);
        if (hi == s >> 63) {
            return new BigInt(s);
        }
        return new BigInt(big().subtract(val.big()), Long.SIZE + 1);
    }

    /** The low 64 bits (two's complement) of a value of {@link #heldBits} at most 64. */
    private long lowWord() {
        BigInteger h = held;
        return h != null ? h.longValue() : lv;
    }

    private BigInt addSlow(BigInt val) {
        if (held != null && val.held != null) {
            int bits = Math.max(held.bitLength(), val.held.bitLength());
            if (bits <= UNCHECKED_MAX_BITS) {
                return negated || val.negated ? new BigInt(big().add(val.big()))
                        : new BigInt(held.add(val.held), bits + 1);
            }
        }
        if (mag == null && val.mag == null) {
            return small(big().add(val.big()));
        }
        if (val.sign == 0) {
            return this;
        }
        if (sign == 0) {
            return val;
        }
        return BigIntArith.add(sign, nat(), val.sign, val.nat());
    }

    /**
     * {@code this - val}. Carry-free in the large form (see the class comment).
     *
     * @param val the other operand
     * @return {@code this - val}
     */
    public BigInt subtract(BigInt val) {
        int bits = Math.max(heldBits, val.heldBits);
        if (bits <= Long.SIZE) {
            return subtractWords(val);
        }
        if (bits <= UNCHECKED_MAX_BITS && held != null && val.held != null) { // as in add
            return new BigInt(held.subtract(val.held), bits + 1);
        }
        return subtractSlow(val);
    }

    private BigInt subtractSlow(BigInt val) {
        if (held != null && val.held != null) {
            int bits = Math.max(held.bitLength(), val.held.bitLength());
            if (bits <= UNCHECKED_MAX_BITS) {
                return negated || val.negated ? new BigInt(big().subtract(val.big()))
                        : new BigInt(held.subtract(val.held), bits + 1);
            }
        }
        if (mag == null && val.mag == null) {
            return small(big().subtract(val.big()));
        }
        if (val.sign == 0) {
            return this;
        }
        if (sign == 0) {
            return val.negate();
        }
        return BigIntArith.add(sign, nat(), -val.sign, val.nat());
    }

    /**
     * {@code this * val}.
     *
     * @param val the other operand
     * @return {@code this * val}
     */
    public BigInt multiply(BigInt val) {
        int a = heldBits;
        int b = val.heldBits;
        // a product has at most a + b bits; each bound is checked first, so that the sum cannot overflow
        if (Math.max(a, b) <= UNCHECKED_MAX_BITS && a + b <= UNCHECKED_MAX_BITS
                && Math.min(a, b) < SmallProducts.MIN_BITS && held != null && val.held != null) {
            return new BigInt(held.multiply(val.held), a + b);
        }
        return multiplySlow(val);
    }

    private BigInt multiplySlow(BigInt val) {
        if (held != null && val.held != null) {
            int a = held.bitLength();
            int b = val.held.bitLength();
            if (a + b <= UNCHECKED_MAX_BITS && Math.min(a, b) < SmallProducts.MIN_BITS) {
                return new BigInt(big().multiply(val.big()));
            }
        }
        if (mag == null && val.mag == null) {
            BigInteger a = big();
            BigInteger b = val.big();
            return SmallProducts.applies(a, b) ? SmallProducts.multiply(a, b) : small(a.multiply(b));
        }
        if (sign == 0 || val.sign == 0) {
            return ZERO;
        }
        return large(sign * val.sign, nat().multiply(val.nat()));
    }

    /**
     * {@code this * val}, as {@code BigInteger.parallelMultiply} (JDK 19): BigNat's products above
     * the small sizes already use every core ({@code bignat.parallelism}), so this is {@link #multiply}.
     *
     * @param val the other operand
     * @return {@code this * val}
     */
    public BigInt parallelMultiply(BigInt val) {
        return multiply(val);
    }

    /**
     * {@code this / val} truncated toward zero.
     *
     * @param val the divisor
     * @return the quotient, truncated toward zero
     * @throws ArithmeticException when {@code val} is zero
     */
    public BigInt divide(BigInt val) {
        checkDivisor(val);
        if (mag == null && val.mag == null) {
            return small(big().divide(val.big()));
        }
        if (divideOnBigInteger(val)) {
            return small(toBigInteger().divide(val.toBigInteger()));
        }
        return large(sign * val.sign, nat().divide(val.nat()));
    }

    /**
     * {@code this - val * divide(val)}: zero or of the sign of {@code this}.
     *
     * @param val the divisor
     * @return the remainder, with the sign of this value
     * @throws ArithmeticException when {@code val} is zero
     */
    public BigInt remainder(BigInt val) {
        checkDivisor(val);
        if (mag == null && val.mag == null) {
            return small(big().remainder(val.big()));
        }
        if (divideOnBigInteger(val)) {
            return small(toBigInteger().remainder(val.toBigInteger()));
        }
        return large(sign, nat().remainder(val.nat()));
    }

    /**
     * {@code {divide(val), remainder(val)}}.
     *
     * @param val the divisor
     * @return a new two-element array: the quotient, then the remainder
     * @throws ArithmeticException when {@code val} is zero
     */
    public BigInt[] divideAndRemainder(BigInt val) {
        checkDivisor(val);
        if ((mag == null && val.mag == null) || divideOnBigInteger(val)) {
            BigInteger[] qr = toBigInteger().divideAndRemainder(val.toBigInteger());
            return new BigInt[] {small(qr[0]), small(qr[1])};
        }
        BigNat[] qr = nat().divideAndRemainder(val.nat());
        return new BigInt[] {large(sign * val.sign, qr[0]), large(sign, qr[1])};
    }

    /**
     * Whether a division with a large-form operand runs faster on BigInteger, conversions included:
     * where the divisor or the quotient is shorter than {@link BigMath#DIVIDE_CROSSOVER_BITS}, as
     * the facade decides.
     */
    private boolean divideOnBigInteger(BigInt val) {
        long divisorBits = val.magnitudeBits();
        long quotientBits = magnitudeBits() - divisorBits;
        return Math.min(divisorBits, quotientBits) < BigMath.DIVIDE_CROSSOVER_BITS
                && Math.max(magnitudeBits(), divisorBits) < Integer.MAX_VALUE; // within BigInteger's range
    }

    /** The bit length of |this|, in either form. */
    private long magnitudeBits() {
        return mag != null ? mag.bitLength() : big().bitLength();
    }

    private static void checkDivisor(BigInt val) {
        if (val.sign == 0) {
            throw new ArithmeticException("BigInt divide by zero");
        }
    }

    /**
     * {@code this mod m}, in {@code [0, m)}.
     *
     * @param m the modulus, positive
     * @return {@code this mod m}, in {@code [0, m)}
     * @throws ArithmeticException when {@code m <= 0}
     */
    public BigInt mod(BigInt m) {
        if (m.sign <= 0) {
            throw new ArithmeticException("BigInt: modulus not positive");
        }
        if (mag == null && m.mag == null) {
            return small(big().mod(m.big()));
        }
        BigInt r = remainder(m);
        return r.sign < 0 ? r.add(m) : r;
    }

    /**
     * {@code n!}, the product of 1 through n (and {@code 0! = 1}): {@link BigNat#factorial}, by the
     * prime-swing algorithm. BigInteger has no factorial; this is the one of GMP
     * ({@code mpz_fac_ui}) and apfloat ({@code ApintMath.factorial}).
     *
     * @param n the argument, at least 0
     * @return {@code n!}
     * @throws ArithmeticException when {@code n < 0}
     */
    public static BigInt factorial(int n) {
        return large(1, BigNat.factorial(n));
    }

    /**
     * {@code this^exponent} (and {@code 0^0 = 1}).
     *
     * @param exponent the exponent, at least 0
     * @return this value to the power {@code exponent}
     * @throws ArithmeticException when {@code exponent < 0}, or the result exceeds 2^36 bits
     */
    public BigInt pow(int exponent) {
        if (exponent < 0) {
            throw new ArithmeticException("Negative exponent");
        }
        if (exponent == 0) {
            return ONE;
        }
        if (sign == 0 || exponent == 1) {
            return this;
        }
        if (mag == null && (long) big().bitLength() * exponent <= SMALL_MAX_BITS) {
            return new BigInt(big().pow(exponent));
        }
        return BigIntArith.pow(sign, nat(), exponent);
    }

    /**
     * {@code floor(sqrt(this))}.
     *
     * @return the floor of the square root
     * @throws ArithmeticException when {@code this} is negative
     */
    public BigInt sqrt() {
        checkSqrt();
        if (mag == null && big().bitLength() < BigMath.SQRT_CROSSOVER_BITS) {
            return new BigInt(big().sqrt());
        }
        return large(1, nat().sqrt());
    }

    /**
     * {@code {s, this - s*s}} with {@code s = floor(sqrt(this))}.
     *
     * @return a new two-element array: the root, then the remainder
     * @throws ArithmeticException when {@code this} is negative
     */
    public BigInt[] sqrtAndRemainder() {
        checkSqrt();
        if (mag == null && big().bitLength() < BigMath.SQRT_CROSSOVER_BITS) {
            BigInteger[] sr = big().sqrtAndRemainder();
            return new BigInt[] {new BigInt(sr[0]), new BigInt(sr[1])};
        }
        BigNat[] sr = nat().sqrtAndRemainder();
        return new BigInt[] {large(1, sr[0]), large(1, sr[1])};
    }

    private void checkSqrt() {
        if (sign < 0) {
            throw new ArithmeticException("Negative BigInt");
        }
    }

    // ------------------------------------------------------------------ number theory

    /**
     * Constructs a random probable prime of exactly {@code bitLength} bits, as
     * {@link BigInteger#BigInteger(int, int, Random)} (the certainty is BigInteger's: the value is
     * composite with probability at most 2^-100 whatever is asked).
     *
     * @param bitLength the bit length of the prime
     * @param certainty ignored beyond BigInteger's own use below 2^16 bits
     * @param rnd the source of random bits
     * @throws ArithmeticException when {@code bitLength < 2}
     */
    public BigInt(int bitLength, int certainty, Random rnd) {
        this(bitLength < BigMath.MODPOW_CROSSOVER_BITS
                ? small(new BigInteger(bitLength, certainty, rnd))
                : large(1, primeOf(bitLength, rnd)));
    }

    private static BigNat primeOf(int bitLength, Random rnd) {
        return BigNat.ofLimbs(org.bignat.modular.Primality.probablePrime(bitLength, rnd));
    }

    /**
     * A probable prime of exactly {@code bitLength} bits, as {@link BigInteger#probablePrime}.
     *
     * @param bitLength the bit length of the prime
     * @param rnd the source of random bits
     * @return a number that is composite with probability at most 2^-100
     * @throws ArithmeticException when {@code bitLength < 2}
     */
    public static BigInt probablePrime(int bitLength, Random rnd) {
        Objects.requireNonNull(rnd, "rnd");
        if (bitLength < BigMath.MODPOW_CROSSOVER_BITS) {
            return small(BigInteger.probablePrime(bitLength, rnd));
        }
        return large(1, primeOf(bitLength, rnd));
    }

    /**
     * {@code gcd(|this|, |val|)}, with gcd(0, 0) = 0, as {@link BigInteger#gcd}.
     *
     * @param val the other operand
     * @return the greatest common divisor, non-negative
     */
    public BigInt gcd(BigInt val) {
        if (mag == null && val.mag == null
                && Math.max(big().bitLength(), val.big().bitLength()) < BigMath.GCD_CROSSOVER_BITS) {
            return new BigInt(big().gcd(val.big()));
        }
        if (sign == 0) {
            return val.abs();
        }
        if (val.sign == 0) {
            return abs();
        }
        return large(1, nat().gcd(val.nat()));
    }

    /**
     * {@code this^exponent mod m}, in {@code [0, m)}, as {@link BigInteger#modPow}; a negative
     * exponent raises the inverse of {@code this}.
     *
     * @param exponent the exponent
     * @param m the modulus
     * @return the residue
     * @throws ArithmeticException when {@code m <= 0}, or the exponent is negative and {@code this}
     *     has no inverse modulo {@code m}
     */
    public BigInt modPow(BigInt exponent, BigInt m) {
        Objects.requireNonNull(exponent, "exponent");
        checkModulus(m);
        if (m.mag == null && m.big().bitLength() < BigMath.MODPOW_CROSSOVER_BITS) {
            return small(toBigInteger().modPow(exponent.toBigInteger(), m.big()));
        }
        BigInt base = this;
        BigInt e = exponent;
        if (e.sign < 0) {
            base = base.modInverse(m);
            e = e.negate();
        }
        return large(1, base.mod(m).nat().modPow(e.nat(), m.nat()));
    }

    /**
     * {@code this^-1 mod m}, in {@code [0, m)}, as {@link BigInteger#modInverse}.
     *
     * @param m the modulus
     * @return the inverse
     * @throws ArithmeticException when {@code m <= 0}, or {@code this} has no inverse modulo {@code m}
     */
    public BigInt modInverse(BigInt m) {
        checkModulus(m);
        if (m.mag == null && m.big().bitLength() < BigMath.MODINVERSE_CROSSOVER_BITS) {
            return small(toBigInteger().modInverse(m.big()));
        }
        return large(1, mod(m).nat().modInverse(m.nat()));
    }

    private static void checkModulus(BigInt m) {
        if (m.sign <= 0) {
            throw new ArithmeticException("BigInt: modulus not positive");
        }
    }

    /**
     * Whether {@code |this|} is probably prime, as {@link BigInteger#isProbablePrime}: a prime always
     * answers true; a composite answers true with probability at most 2^-certainty.
     *
     * @param certainty the tolerated uncertainty; {@code <= 0} answers true
     * @return false when {@code |this|} is certainly composite
     */
    public boolean isProbablePrime(int certainty) {
        if (certainty <= 0) {
            return true;
        }
        if (mag == null && big().bitLength() < BigMath.MODPOW_CROSSOVER_BITS) {
            return big().isProbablePrime(certainty);
        }
        return nat().isProbablePrime(certainty);
    }

    /**
     * The least probable prime greater than {@code this}, as {@link BigInteger#nextProbablePrime}.
     *
     * @return a number that is composite with probability at most 2^-100
     * @throws ArithmeticException when {@code this} is negative
     */
    public BigInt nextProbablePrime() {
        if (sign < 0) {
            throw new ArithmeticException("start < 0: " + this);
        }
        if (mag == null && big().bitLength() < BigMath.MODPOW_CROSSOVER_BITS) {
            return small(big().nextProbablePrime());
        }
        return large(1, nat().nextProbablePrime());
    }

    /**
     * {@code |this|}.
     *
     * @return the absolute value
     */
    public BigInt abs() {
        return sign >= 0 ? this : negate();
    }

    /**
     * {@code -this}.
     *
     * @return {@code -this}
     */
    public BigInt negate() {
        if (mag == null) {
            if (held == null) { // the long form
                return lv != Long.MIN_VALUE ? new BigInt(-lv) : new BigInt(longBig(), true, 1);
            }
            return sign == 0 ? this : new BigInt(held, !negated, -sign); // no negated zero (no -0.0)
        }
        return new BigInt(-sign, mag);
    }

    /**
     * -1, 0 or 1 as this value is negative, zero or positive.
     *
     * @return -1, 0 or 1
     */
    public int signum() {
        return sign;
    }

    // ------------------------------------------------------------------ shifts and bits

    /**
     * {@code this * 2^n}; a negative {@code n} shifts right (as {@link #shiftRight}).
     *
     * @param n the shift distance in bits
     * @return the shifted value
     * @throws ArithmeticException when the result would exceed 2^36 bits
     */
    public BigInt shiftLeft(int n) {
        return n >= 0 ? shiftLeftBy(n) : shiftRightBy(-(long) n);
    }

    /**
     * {@code floor(this / 2^n)} (arithmetic: negative values round toward minus infinity); a negative
     * {@code n} shifts left.
     *
     * @param n the shift distance in bits
     * @return the shifted value
     * @throws ArithmeticException when a left shift would exceed 2^36 bits
     */
    public BigInt shiftRight(int n) {
        return n >= 0 ? shiftRightBy(n) : shiftLeftBy(-(long) n);
    }

    private BigInt shiftLeftBy(long n) {
        if (n == 0 || sign == 0) {
            return this;
        }
        if (mag == null && (held != null ? held.bitLength() : Long.SIZE) + n < SMALL_MAX_BITS) { // +1 bit: negated
            return new BigInt(big().shiftLeft((int) n));
        }
        return large(sign, nat().shiftLeft(n));
    }

    private BigInt shiftRightBy(long n) {
        if (n == 0 || sign == 0) {
            return this;
        }
        if (mag == null) {
            BigInteger v = big();
            if (n >= v.bitLength()) {
                return sign < 0 ? valueOf(-1) : ZERO;
            }
            return new BigInt(v.shiftRight((int) n));
        }
        return BigIntBits.shiftRight(sign, mag, n);
    }

    /**
     * {@code this & val} (two's complement, as BigInteger).
     *
     * @param val the other operand
     * @return {@code this & val}
     */
    public BigInt and(BigInt val) {
        if (mag == null && val.mag == null) {
            return new BigInt(big().and(val.big()));
        }
        return BigIntBits.and(sign, nat(), val.sign, val.nat());
    }

    /**
     * {@code this | val} (two's complement, as BigInteger).
     *
     * @param val the other operand
     * @return {@code this | val}
     */
    public BigInt or(BigInt val) {
        if (mag == null && val.mag == null) {
            return new BigInt(big().or(val.big()));
        }
        return BigIntBits.or(sign, nat(), val.sign, val.nat());
    }

    /**
     * {@code this ^ val} (two's complement, as BigInteger).
     *
     * @param val the other operand
     * @return {@code this ^ val}
     */
    public BigInt xor(BigInt val) {
        if (mag == null && val.mag == null) {
            return new BigInt(big().xor(val.big()));
        }
        return BigIntBits.xor(sign, nat(), val.sign, val.nat());
    }

    /**
     * {@code ~this}, that is {@code -this - 1}.
     *
     * @return {@code ~this}
     */
    public BigInt not() {
        if (mag == null) {
            // ~v = -v - 1 keeps the bit length, so the result stays in the small form; one
            // add or subtract of one replaces BigInteger.not's word-by-word two's-complement pass
            if (held == null) {
                return valueOf(~lv);
            }
            if (negated) {
                return new BigInt(held.subtract(BigInteger.ONE)); // ~(-h) = h - 1
            }
            BigInteger h1 = held.add(BigInteger.ONE); // ~h = -(h + 1)
            return h1.signum() == 0 ? ZERO : new BigInt(h1, true, -h1.signum());
        }
        return sign > 0 ? large(-1, mag.add(BigNat.ONE)) : large(1, mag.subtract(BigNat.ONE));
    }

    /**
     * {@code this & ~val} (two's complement, as BigInteger).
     *
     * @param val the other operand
     * @return {@code this & ~val}
     */
    public BigInt andNot(BigInt val) {
        if (mag == null && val.mag == null) {
            return new BigInt(big().andNot(val.big()));
        }
        return and(val.not());
    }

    /**
     * Whether bit {@code n} of the two's-complement value is set.
     *
     * @param n the bit index, 0 for the lowest bit
     * @return true when the bit is one
     * @throws ArithmeticException when {@code n < 0}
     */
    public boolean testBit(int n) {
        if (n < 0) {
            throw new ArithmeticException("Negative bit address");
        }
        if (mag == null) {
            return big().testBit(n);
        }
        return BigIntBits.testBit(sign, mag, n);
    }

    /**
     * {@code this | 2^n}.
     *
     * @param n the bit index, 0 for the lowest bit
     * @return the value with the bit set
     * @throws ArithmeticException when {@code n < 0}
     */
    public BigInt setBit(int n) {
        checkBit(n);
        if (mag == null && n < SMALL_MAX_BITS) {
            return new BigInt(big().setBit(n));
        }
        if (testBit(n)) {
            return this; // set already (a negative value's high bits): no 2^n built, n may be near 2^31
        }
        return or(powerOfTwo(n));
    }

    /**
     * {@code this & ~2^n}.
     *
     * @param n the bit index, 0 for the lowest bit
     * @return the value with the bit cleared
     * @throws ArithmeticException when {@code n < 0}
     */
    public BigInt clearBit(int n) {
        checkBit(n);
        if (mag == null && n < SMALL_MAX_BITS) {
            return small(big().clearBit(n));
        }
        if (!testBit(n)) {
            return this; // clear already (a positive value's high bits): no 2^n built, n may be near 2^31
        }
        return andNot(powerOfTwo(n));
    }

    /**
     * {@code this ^ 2^n}.
     *
     * @param n the bit index, 0 for the lowest bit
     * @return the value with the bit flipped
     * @throws ArithmeticException when {@code n < 0}
     */
    public BigInt flipBit(int n) {
        checkBit(n);
        if (mag == null && n < SMALL_MAX_BITS) {
            return small(big().flipBit(n));
        }
        return xor(powerOfTwo(n));
    }

    private static void checkBit(int n) {
        if (n < 0) {
            throw new ArithmeticException("Negative bit address");
        }
    }

    private static BigInt powerOfTwo(int n) {
        return large(1, BigNat.ONE.shiftLeft(n));
    }

    /**
     * The index of the lowest one bit (of |this|, the same in two's complement), -1 for zero.
     *
     * @return the index of the lowest one bit, -1 for zero
     */
    public int getLowestSetBit() {
        if (mag == null) {
            return big().getLowestSetBit();
        }
        return toIntBits(BigIntBits.lowestSetBit(mag), "getLowestSetBit");
    }

    /**
     * The number of bits of the minimal two's-complement form, sign bit excluded ({@code ceil(log2(
     * this < 0 ? -this : this + 1))}), as {@link BigInteger#bitLength()}.
     *
     * @return the bit length
     * @throws ArithmeticException when it exceeds {@code Integer.MAX_VALUE}
     */
    public int bitLength() {
        BigInteger h = held;
        if (h != null) {
            return negated ? h.negate().bitLength() : h.bitLength();
        }
        if (mag == null) { // the long form, from its long: no BigInteger made
            return Long.SIZE - Long.numberOfLeadingZeros(lv < 0 ? ~lv : lv);
        }
        return toIntBits(BigIntBits.bitLength(sign, mag), "bitLength");
    }

    /**
     * The number of bits of the two's-complement form that differ from its sign bit, as
     * {@link BigInteger#bitCount()}.
     *
     * @return the number of bits that differ from the sign bit
     * @throws ArithmeticException when it exceeds {@code Integer.MAX_VALUE}
     */
    public int bitCount() {
        if (mag == null) {
            return big().bitCount();
        }
        return toIntBits(BigIntBits.bitCount(sign, mag), "bitCount");
    }

    private static int toIntBits(long v, String what) {
        if (v > Integer.MAX_VALUE) {
            throw new ArithmeticException("BigInt." + what + ": " + v + " does not fit an int; use magnitude()");
        }
        return (int) v;
    }

    // ------------------------------------------------------------------ comparison

    /** Compares the values: -1, 0 or 1. */
    @Override
    public int compareTo(BigInt val) {
        if (sign != val.sign) {
            return sign > val.sign ? 1 : -1;
        }
        if (held != null && val.held != null && !negated && !val.negated) {
            return held.compareTo(val.held);
        }
        return compareSlow(val);
    }

    /** {@link #compareTo} for operands of the same sign, one of them negated, long or large. */
    private int compareSlow(BigInt val) {
        if (mag == null && val.mag == null) {
            if (held == null && val.held == null) {
                return Long.compare(lv, val.lv);
            }
            return big().compareTo(val.big());
        }
        return sign * BigIntArith.compareMagnitudes(this, val);
    }

    /** Whether {@code x} is a BigInt of the same value. */
    @Override
    public boolean equals(Object x) {
        if (x == this) {
            return true;
        }
        if (!(x instanceof BigInt v) || sign != v.sign) {
            return false;
        }
        if (held != null && v.held != null && negated == v.negated) {
            return held.equals(v.held);
        }
        if (mag == null && v.mag == null) {
            return held == null && v.held == null ? lv == v.lv : big().equals(v.big());
        }
        return BigIntArith.compareMagnitudes(this, v) == 0;
    }

    /** A hash of the value, equal to {@link BigInteger#hashCode()} of the same value. */
    @Override
    public int hashCode() {
        if (held != null) {
            int h = held.hashCode(); // BigInteger's hash is its magnitude's times the signum
            return negated ? -h : h;
        }
        if (mag == null) {
            return longBig().hashCode();
        }
        return BigIntBytes.hashOf(sign, mag);
    }

    /**
     * The smaller of the two ({@code this} when equal).
     *
     * @param val the other operand
     * @return the smaller value
     */
    public BigInt min(BigInt val) {
        return compareTo(val) <= 0 ? this : val;
    }

    /**
     * The larger of the two ({@code this} when equal).
     *
     * @param val the other operand
     * @return the larger value
     */
    public BigInt max(BigInt val) {
        return compareTo(val) >= 0 ? this : val;
    }

    // ------------------------------------------------------------------ text and bytes

    /**
     * The digits in the radix, lower case, '-' first when negative; radix 10 when {@code radix} is
     * outside 2..36, as {@link BigInteger#toString(int)}.
     *
     * @param radix the radix; outside 2..36, 10
     * @return the digits, with a '-' for a negative value
     */
    public String toString(int radix) {
        if (radix < Character.MIN_RADIX || radix > Character.MAX_RADIX) {
            radix = 10;
        }
        if (mag == null && big().bitLength() < BigMath.RADIX_CROSSOVER_BITS) {
            return big().toString(radix);
        }
        String s = nat().toString(radix);
        return sign < 0 ? "-" + s : s;
    }

    /** The decimal digits, '-' first when negative. */
    @Override
    public String toString() {
        return toString(10);
    }

    /**
     * The minimal big-endian two's-complement bytes (at least one; sign bit included), as
     * {@link BigInteger#toByteArray()}.
     *
     * @return the big-endian two's-complement bytes, at least one
     * @throws ArithmeticException when the value needs more bytes than an array holds
     */
    public byte[] toByteArray() {
        if (mag == null) {
            return big().toByteArray();
        }
        return BigIntBytes.toTwosComplement(sign, mag, BigIntBits.bitLength(sign, mag));
    }

    // ------------------------------------------------------------------ Number

    /** The low 32 bits of the two's-complement value. */
    @Override
    public int intValue() {
        if (held != null) {
            int v = held.intValue(); // the low bits of -x are the wrapping negation of x's
            return negated ? -v : v;
        }
        if (mag == null) {
            return (int) lv;
        }
        return (int) longValue();
    }

    /** The low 64 bits of the two's-complement value. */
    @Override
    public long longValue() {
        if (held != null) {
            long v = held.longValue();
            return negated ? -v : v;
        }
        if (mag == null) {
            return lv;
        }
        long v = mag.longValue(); // |x| mod 2^64; -|x| mod 2^64 is its wrapping negation
        return sign < 0 ? -v : v;
    }

    /** The nearest float (ties to even), infinite when too large, as {@link BigInteger#floatValue()}. */
    @Override
    public float floatValue() {
        if (held != null) {
            float f = held.floatValue(); // round to nearest is symmetric
            return negated ? -f : f;
        }
        if (mag == null) {
            return lv; // long to float rounds to nearest, as BigInteger's
        }
        float f = mag.floatValue(); // round to nearest is symmetric: rounding |x| and negating is exact
        return sign < 0 ? -f : f;
    }

    /** The nearest double (ties to even), infinite when too large, as {@link BigInteger#doubleValue()}. */
    @Override
    public double doubleValue() {
        if (held != null) {
            double d = held.doubleValue();
            return negated ? -d : d;
        }
        if (mag == null) {
            return lv; // long to double rounds to nearest, as BigInteger's
        }
        double d = mag.doubleValue();
        return sign < 0 ? -d : d;
    }

    /**
     * The value as a long.
     *
     * @return the value, when it fits
     * @throws ArithmeticException when it is outside the long range
     */
    public long longValueExact() {
        if (bitLength() <= 63) {
            return longValue();
        }
        throw new ArithmeticException("BigInt out of long range");
    }

    /**
     * The value as an int.
     *
     * @return the value, when it fits
     * @throws ArithmeticException when it is outside the int range
     */
    public int intValueExact() {
        if (bitLength() <= 31) {
            return intValue();
        }
        throw new ArithmeticException("BigInt out of int range");
    }

    /**
     * The value as a short.
     *
     * @return the value, when it fits
     * @throws ArithmeticException when it is outside the short range
     */
    public short shortValueExact() {
        if (bitLength() <= 15) {
            return (short) intValue();
        }
        throw new ArithmeticException("BigInt out of short range");
    }

    /**
     * The value as a byte.
     *
     * @return the value, when it fits
     * @throws ArithmeticException when it is outside the byte range
     */
    public byte byteValueExact() {
        if (bitLength() <= 7) {
            return (byte) intValue();
        }
        throw new ArithmeticException("BigInt out of byte range");
    }

    // ------------------------------------------------------------------ serialization

    /**
     * Serialized as its sign and BigNat magnitude, through a proxy that validates them when read.
     *
     * @return the serial proxy
     */
    private Object writeReplace() {
        return new SerialForm(sign, nat());
    }

    /**
     * A BigInt never appears in a stream itself; a forged one is rejected.
     *
     * @param in the stream
     * @throws InvalidObjectException always
     */
    private void readObject(ObjectInputStream in) throws InvalidObjectException {
        throw new InvalidObjectException("BigInt is serialized through its proxy");
    }

    /**
     * A BigInt never appears in a stream itself.
     *
     * @throws InvalidObjectException always
     */
    private void readObjectNoData() throws InvalidObjectException {
        throw new InvalidObjectException("BigInt is serialized through its proxy");
    }

    /**
     * The serial form: the signum and the magnitude (a BigNat, itself validated when read). Its fields
     * are read through {@link ObjectInputStream#readFields()} and checked here: a stream may declare
     * the magnitude of any object type, and the default read would then throw ClassCastException
     * instead of an {@link java.io.IOException}. The signum must be -1, 0 or 1 and zero exactly when
     * the magnitude is (as BigInteger's stream). Every malformed stream throws
     * {@link InvalidObjectException}.
     */
    private static final class SerialForm implements Serializable {
        private static final long serialVersionUID = 1L;
        private int signum;
        private BigNat magnitude;

        SerialForm(int signum, BigNat magnitude) {
            this.signum = signum;
            this.magnitude = magnitude;
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField fields = in.readFields();
            Object m = fields.get("magnitude", null);
            if (m == null) {
                throw new InvalidObjectException("BigInt: missing magnitude");
            }
            if (!(m instanceof BigNat)) {
                throw new InvalidObjectException("BigInt: the magnitude is a " + m.getClass().getName()
                        + ", not a BigNat");
            }
            int sig = fields.get("signum", 0);
            if (sig < -1 || sig > 1) {
                throw new InvalidObjectException("BigInt: signum " + sig + " is outside -1..1");
            }
            if ((sig == 0) != ((BigNat) m).isZero()) { // as BigInteger's stream: no -0, no 0 with a magnitude
                throw new InvalidObjectException("BigInt: signum " + sig + " does not match the magnitude");
            }
            signum = sig;
            magnitude = (BigNat) m;
        }

        private Object readResolve() throws ObjectStreamException {
            if (magnitude == null) {
                throw new InvalidObjectException("BigInt: missing magnitude");
            }
            try {
                return of(signum, magnitude);
            } catch (IllegalArgumentException e) {
                InvalidObjectException ex = new InvalidObjectException(e.getMessage());
                ex.initCause(e);
                throw ex;
            }
        }
    }
}
