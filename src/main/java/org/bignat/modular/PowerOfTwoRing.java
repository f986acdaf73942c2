package org.bignat.modular;

import org.bignat.core.Limbs;
import org.bignat.engine.Products;

/** Arithmetic modulo 2^k on plain residues: products truncated to their low k bits. */
final class PowerOfTwoRing implements ModRing {
    private final long k;

    PowerOfTwoRing(long k) {
        this.k = k;
    }

    /** x mod 2^k. */
    static long[] truncate(long[] x, long k) {
        int limbs = (int) (k >>> 6);
        int bits = (int) (k & 63);
        int nx = Limbs.length(x);
        if (nx <= limbs || (nx == limbs + 1 && bits != 0 && (x[limbs] >>> bits) == 0)) {
            return Limbs.trim(x.clone());
        }
        long[] r = java.util.Arrays.copyOf(x, limbs + (bits == 0 ? 0 : 1));
        if (bits != 0) {
            r[limbs] &= (1L << bits) - 1;
        }
        return Limbs.trim(r);
    }

    @Override
    public long[] one() {
        return k == 0 ? Limbs.ZERO : new long[] {1};
    }

    @Override
    public long[] to(long[] x) {
        return truncate(x, k);
    }

    @Override
    public long[] from(long[] x) {
        return x;
    }

    @Override
    public long[] multiply(long[] x, long[] y) {
        return truncate(Products.multiply(x, y), k);
    }

    @Override
    public long[] square(long[] x) {
        return truncate(Products.square(x), k);
    }
}
