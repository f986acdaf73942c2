package org.bignat.modular;

/**
 * Arithmetic modulo a fixed modulus on residues in some internal form (Montgomery form, or plain
 * residues) held in limbs: the exponentiation loop's ring, with the conversions in and out.
 */
interface ModRing extends Exponentiation.Ring<long[]> {
    /** The form of x (any natural). */
    long[] to(long[] x);

    /** The residue in [0, m) of a form. */
    long[] from(long[] x);
}
