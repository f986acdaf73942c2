package org.bignat.modular;

/**
 * Arithmetic modulo a fixed modulus on residues in some internal form (Montgomery form, or plain
 * residues): what the exponentiation loop needs.
 */
interface ModRing {
    /** The form of 1. */
    long[] one();

    /** The form of x (any natural). */
    long[] to(long[] x);

    /** The residue in [0, m) of a form. */
    long[] from(long[] x);

    long[] multiply(long[] x, long[] y);

    long[] square(long[] x);
}
