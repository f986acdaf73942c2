package org.bignat.core;

/**
 * The digit system shared by every engine.
 *
 * <p>A value is {@code X = sum d[i] * B^i} with {@code B = 2^W}, {@code W = 61}, stored little-endian
 * in a {@code long[]}. A digit lies in {@code [MIN_DIGIT, MAX_DIGIT] = [-2, B + 1]}: redundant signed
 * digits in the sense of Avizienis (1961). The canonical (normalized) form has every digit in
 * {@code [0, B)} and no leading zero digit; zero is the empty array.
 *
 * <p>Why W = 61: the carry-free add forms {@code s = x + y} with both digits up to {@code B + 1}, and
 * {@code 2B + 2} must fit a signed 64-bit word; 61 is the widest W for which it does. Storage is
 * 64/61 = 1.05 times packed binary.
 */
public final class Digits {
    /** Bits per digit. */
    public static final int W = 61;
    /** The base B = 2^W. */
    public static final long B = 1L << W;
    /** B - 1: the mask of a canonical digit. */
    public static final long MASK = B - 1;
    /** Smallest digit any operation produces. */
    public static final long MIN_DIGIT = -2;
    /** Largest digit any operation produces. */
    public static final long MAX_DIGIT = B + 1;

    private Digits() {}
}
