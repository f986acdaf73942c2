package org.bignat.mul;

/** Placeholder until the Schönhage–Strassen layer lands: Toom-3 all the way. */
final class Ssa {
    private Ssa() {}

    static void multiply(long[] r, int ro, long[] a, int ao, int an, long[] b, int bo, int bn,
                         boolean parallel) {
        int h3 = (an + 2) / 3;
        if (bn > 2 * h3) {
            Toom3.mul(r, ro, a, ao, an, b, bo, bn);
        } else if (2 * bn > an + 1) {
            Karatsuba.mul(r, ro, a, ao, an, b, bo, bn);
        } else {
            Ladder.unbalanced(r, ro, a, ao, an, b, bo, bn);
        }
    }

    static void square(long[] r, int ro, long[] a, int ao, int n, boolean parallel) {
        Toom3.sqr(r, ro, a, ao, n);
    }
}
