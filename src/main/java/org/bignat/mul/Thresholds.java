package org.bignat.mul;

/**
 * Every cutover of the multiplication ladder, in 64-bit limbs of the shorter operand, with the
 * measurement that set it. Measured on a 2-core AMD EPYC (AVX-512, JDK 17 C2,
 * {@code --add-modules jdk.incubator.vector}) with {@code ThresholdProbe} (thread CPU time, best
 * of 5 rounds, random balanced operands; the machine was shared, so CPU time rather than wall
 * time); below a cutover the lower algorithm won. Toom-4 was not added: Schönhage–Strassen already
 * beats Toom-3 from about 900 limbs, leaving Toom-4 too narrow a window to pay.
 */
final class Thresholds {
    private Thresholds() {}

    /** Basecase -> Karatsuba, limbs (16: basecase 0.8 us vs 1.0 us; 32: 3.1 us vs 2.6 us). */
    static final int KARATSUBA_THRESHOLD_LIMBS = 24;
    /** Basecase -> Karatsuba for squaring, limbs (32: 1.7 vs 1.6 us; 64: 6.5 vs 5.5 us). */
    static final int KARATSUBA_SQR_THRESHOLD_LIMBS = 40;
    /*
     * With the FmaBasecase leaves (the JVMs that use the NTT's double vector transforms): measured
     * with MidSizeProbe (thread CPU time per call, median of 9 rounds of at least 20 ms after 1 s
     * of warm-up, one thread, JDK 17 C2, 2-core AMD EPYC with AVX-512, 8 lanes; the machine shared
     * with other work, so figures moved by up to 10% between runs; times in us, multiply / square).
     */
    /**
     * Below this many limbs of the shorter operand the scalar {@link Basecase} runs even where
     * {@link FmaBasecase} is available (8 limbs: 0.13 vs 0.15 us; 10: 0.20 vs 0.20; 12: 0.29 vs 0.23;
     * the same with 4 lanes: 10: 0.21 vs 0.21, 12: 0.29 vs 0.25).
     */
    static final int FMA_BASECASE_MIN_LIMBS = 10;
    /**
     * As {@link #FMA_BASECASE_MIN_LIMBS} for squares (10: 0.15 vs 0.16 us; 12: 0.21 vs 0.20; 16: 0.34
     * vs 0.25; with 4 lanes 14: 0.27 vs 0.29, 16: 0.34 vs 0.32).
     */
    static final int FMA_BASECASE_MIN_SQR_LIMBS = 14;
    /**
     * As {@link #FMA_BASECASE_MIN_SQR_LIMBS} for the {@link IntBasecase} square (MidSizeProbe,
     * 2-core AMD EPYC, JDK 25, scalar against IntBasecase: 9 limbs 0.15 vs 0.16 us; 10: 0.17 vs 0.16;
     * 11: 0.20 vs 0.17). Its products cross where the FMA leaf's do (9 limbs 0.19 vs 0.19; 10: 0.23
     * vs 0.21).
     */
    static final int INT_BASECASE_MIN_SQR_LIMBS = 10;
    /**
     * {@link FmaBasecase} -> Karatsuba: the schoolbook wins up to its digit limit,
     * {@link FmaBasecase#MAX_LIMBS} (176 limbs: 7.25 vs 8.14 us for Karatsuba on 88-limb halves).
     */
    static final int KARATSUBA_THRESHOLD_LIMBS_FMA = 177;
    /** As {@link #KARATSUBA_THRESHOLD_LIMBS_FMA} for squares (176 limbs: 5.05 vs 7.02 us). */
    static final int KARATSUBA_SQR_THRESHOLD_LIMBS_FMA = 177;
    /**
     * {@link IntBasecase} -> Karatsuba on limbs (whose half products are IntBasecase's): the
     * schoolbook to its digit limit, {@link IntBasecase#MAX_LIMBS}. MidSizeProbe on the 2-core AMD
     * EPYC (JDK 25, 8 lanes, one thread, us): 112 limbs 2.18-2.25 against Karatsuba's 2.63-2.75;
     * past it Karatsuba on IntBasecase halves beats the FMA schoolbook and FmaKaratsuba (128 limbs
     * 3.10-3.12 against 3.73 and 4.36; 176 limbs 5.02-5.22 against 5.95-6.05 and 6.29; 192 limbs
     * 6.00 against FmaKaratsuba's 7.14-7.27; 320 limbs 14.7-16.2 against 16.3-16.6), so products
     * take no FmaKaratsuba step with these leaves. Squares keep the FMA schoolbook from 113 limbs
     * ({@link #KARATSUBA_SQR_THRESHOLD_LIMBS_FMA}: 128 limbs 2.46 against Karatsuba's 2.82-2.98, 176
     * limbs 3.81-3.87 against 4.30-4.61).
     */
    static final int KARATSUBA_THRESHOLD_LIMBS_INT = IntBasecase.MAX_LIMBS + 1;
    /**
     * Karatsuba -> Toom-3 with {@link IntBasecase} leaves, limbs. Toom-3 wins where its thirds are
     * IntBasecase leaves (256-320 limbs, by 0-8%), Karatsuba where its halves or quarters are and
     * Toom-3's thirds are not (352 limbs 17.2-18.5 against 20.0-21.9 us; 384 limbs 19.5-23.2 against
     * 21.2-24.6; 448 limbs 24.7-28.2 against 26.6-27.6), Toom-3 again from 480 limbs (28.7 against
     * 32.6; 640 limbs 43.0 against 48.1). Same machine and runs as
     * {@link #KARATSUBA_THRESHOLD_LIMBS_INT}.
     */
    static final int TOOM3_THRESHOLD_LIMBS_INT = 465;
    /**
     * As {@link #TOOM3_THRESHOLD_LIMBS_INT} for squares (384 limbs: Karatsuba 15.6 against Toom-3's
     * 18.7 us; 448: 19.8 against 23.1; 512: 30.3 against 26.7).
     */
    static final int TOOM3_SQR_THRESHOLD_LIMBS_INT = 481;
    /**
     * Levels of {@link FmaKaratsuba} (Karatsuba on the digits, split and carried once) where it
     * replaces the limb {@link Karatsuba} (8 lanes and 4; its leaves' exactness bound ends its range
     * at 352 limbs with one level). MidSizeProbe ({@code -Dpaths=kara,fmaKara1,fmaKara2,fmaKara3},
     * {@code mul|sqr 192 256 320}, same machine, 8 lanes), us, limb Karatsuba / FmaKaratsuba with 1,
     * 2, 3 levels: multiply 192 limbs 10.0 / 8.9 / 11.1 / 15.7, 256 limbs 14.9 / 13.5 / 15.7 / 19.8,
     * 320 limbs 21.8 / 19.5 / 22.1 / 26.1; square 192 limbs 8.0 / 7.5 / 10.3 / 12.5, 256 limbs
     * 11.4 / 10.9 / 14.9 / 17.8, 320 limbs 15.5 / 14.7 / 19.0 / 23.0. A second level saves a
     * quarter of the digit products but loses it again: the leaves' kernels run at 34 digit
     * products per ns at 196 digits against 42 at 391, and 21-bit digits (for exactness) are 5% more.
     */
    static final int FMA_KARATSUBA_LEVELS = 1;
    /**
     * Karatsuba -> Toom-3 with the {@link FmaBasecase} leaves (320 limbs: 19.9 vs 20.7 us;
     * 384: 28.9 vs 27.2; 448: 36.4 vs 34.0), FmaKaratsuba taken to the end of its range, 352 limbs
     * inclusive (on the 2-core Intel Xeon: 352 limbs 32.2 vs 36.2 us). Past it the NTT takes over
     * where its cost model says so ({@link #LADDER_UNITS_AT_256}).
     */
    static final int TOOM3_THRESHOLD_LIMBS_FMA = 353;
    /**
     * As {@link #TOOM3_THRESHOLD_LIMBS_FMA} for squares (320: 15.0 vs 17.6 us; 384: 24.9 vs 21.6;
     * on the Intel Xeon with the square passes' sums doubled once: 320 limbs 18.3 vs 23.7, 352
     * limbs 21.2 vs 26.8).
     */
    static final int TOOM3_SQR_THRESHOLD_LIMBS_FMA = 353;
    /**
     * With 8 lanes, squares of this many limbs up to twice {@link FmaKaratsuba}'s range (704) take
     * one limb Karatsuba step onto FmaKaratsuba halves rather than Toom-3 or the NTT. On the 2-core
     * Intel Xeon (JDK 17), MidSizeProbe, one thread, Karatsuba / Toom-3 / NTT in us: 544 limbs 48.0 /
     * 54.8 / 47.1, 576: 51.9 / 59.7 / 79.5, 608: 57.6 / 63.2 / 95.3, 672: 64.8 / 71.3 / 87.9, 704:
     * 68.9 / 75.1 / 95.8; the NTT on both cores did no better (576: 70.3, 640: 72.7, 704: 79.2 us
     * against Karatsuba's 50.2, 56.5, 68.6 on one), and the ladder model had taken it from 704.
     * With 4 lanes Karatsuba and Toom-3 were even there (576: 84.3 / 84.1, 704: 111 / 110 us).
     */
    static final int KARATSUBA_FMA_HALVES_SQR_LIMBS = 576;
    /**
     * The Toom ladder's modelled time for a balanced 256-limb product with {@link FmaBasecase}
     * leaves, in the units of {@link org.bignat.mul.ntt.NttMultiply#cost} (0.5 ns: 13.46 us), growing
     * as n^{@link #LADDER_EXPONENT}; the NTT is taken from {@link #TOOM3_THRESHOLD_LIMBS_FMA} to
     * the Schönhage–Strassen cutover only where its modelled time is lower. Fitted to the faster of
     * Karatsuba and Toom-3 at 256-768 limbs (13.5, 19.9, 27.2, 34.0, 41.7, 53.8, 64.0, 73.0, 81.4 us
     * at 256, 320, ..., 768); the NTT took 29.3, 36.2, 38.8, 57.3, 58.7, 61.5, 68.6 us at 320, 448,
     * 512, ..., 768: its time steps with its power-of-two lengths and prime counts, so a fixed
     * cutover at 512 limbs would have been 6% slower than Karatsuba at 576 and one at 768 up to 20%
     * slower than the NTT at 512-704. With the FMA schoolbook's sliding passes (FmaBasecase's class
     * comment) the fit is 21000, from a 2-core Intel Xeon with AVX-512 (same probe, JDK 17), where
     * Toom-3 took 47, 57-58, 86-88, 101-102, 114-115, 128-130
     * and 137-143 us at 448, 512, 640, 704, 768, 832 and 896 limbs against the NTT's 73-77, 75-77,
     * 102-129, 105-131, 131-147, 112-146 and 111-151 us (the NTT's times moved from run to run); the
     * ladder is taken to 832 limbs, the NTT from 896. With the older fit's 26900 the NTT would be
     * taken at 512 and 640 limbs, 10-23% slower than Toom-3 there.
     */
    static final double LADDER_UNITS_AT_256 = 21000;
    /**
     * As {@link #LADDER_UNITS_AT_256} for squares. Refitted on the 2-core Intel Xeon (8 lanes,
     * MidSizeProbe, JDK 17) after the sliding square passes came to double their sums once: the
     * faster of FmaKaratsuba and Toom-3 13.8, 18.3, 21.2, 29.8, 35.7, 43.2, 60.6, 67.2, 76.2, 83.2,
     * 103 us at 256, 320, 352, 384, 448, 512, 576, 640, 704, 768, 832 limbs against the NTT's
     * 39.3 (320), 39.5, 40.9, 42.2, 75.1, 81.2, 81.8, 74.8, 76.4 us (384 ... 832), at 0.65-0.89 ns a
     * unit: the ladder to 448 limbs and at 576-640, the NTT at 512 (even) and from 704 (7% slower
     * there than Toom-3, the step of its length). The fit before, 22400, took the NTT at 448 and
     * 640 limbs, 14% and 20% slower than Toom-3.
     */
    static final double LADDER_SQR_UNITS_AT_256 = 20000;
    /** The exponent of {@link #LADDER_UNITS_AT_256}'s model (the data give 1.58 to 1.64). */
    static final double LADDER_EXPONENT = 1.63;
    /*
     * The same cutovers for 4-lane FMA leaves (AVX2 width; measured with -XX:UseAVX=2, which
     * restricts the Vector API to 256-bit vectors: FmaBasecase runs there on its grouped passes
     * rather than the sliding ones; the Karatsuba and ladder cutovers below on a 2-core Intel
     * Xeon, MidSizeProbe, JDK 17, one thread). Karatsuba there is FmaKaratsuba, as with 8 lanes
     * (measured on a 2-core AMD EPYC with the plain passes):
     * MidSizeProbe with 4 lanes, us, limb Karatsuba / FmaKaratsuba one level: multiply 96 limbs
     * 5.61 / 5.09, 128 limbs 9.28 / 8.23, 160 limbs 12.71 / 11.85, 192 limbs 17.92 / 16.58; square
     * 128 limbs 6.12 / 5.58, 176 limbs 9.40 / 8.70, 256 limbs 17.01 / 16.16.
     */
    /**
     * As {@link #KARATSUBA_THRESHOLD_LIMBS_FMA} with 4 lanes, where FmaBasecase takes its digits in
     * groups (FmaBasecase vs FmaKaratsuba, two runs: 96 limbs 5.94-5.95 vs 6.37-6.58 us; 112:
     * 7.55-8.19 vs 8.09-8.37; 128: 9.90-10.76 vs 10.00-10.01; 144: 12.24-12.78 vs 11.81-12.32; 176:
     * 17.47-17.76 vs 16.81-17.06).
     */
    static final int KARATSUBA_THRESHOLD_LIMBS_FMA4 = 128;
    /**
     * As {@link #KARATSUBA_SQR_THRESHOLD_LIMBS_FMA} with 4 lanes: the schoolbook wins to its digit
     * limit (two runs: 128 limbs 6.49-7.56 vs 7.87-8.75 us; 160: 9.53-10.11 vs 10.94-11.02; 176:
     * 12.00-12.15 vs 12.16-12.73).
     */
    static final int KARATSUBA_SQR_THRESHOLD_LIMBS_FMA4 = 177;
    /**
     * As {@link #TOOM3_THRESHOLD_LIMBS_FMA} with 4 lanes (FmaKaratsuba vs Toom-3, plain leaves on
     * the AMD EPYC: 224 limbs: 20.5 vs 21.1 us; 256: 25.5 vs 25.9; 288: 32.2 vs 30.1; grouped leaves
     * on the Intel Xeon, two runs: 224: 25.5-29.3 vs 26.4-26.6; 256: 31.7-31.8 vs 32.3-32.7; 288:
     * 39.2 vs 38.2-38.8; 320: 46.8-51.5 vs 44.7-46.0).
     */
    static final int TOOM3_THRESHOLD_LIMBS_FMA4 = 288;
    /**
     * As {@link #TOOM3_SQR_THRESHOLD_LIMBS_FMA} with 4 lanes: FmaKaratsuba to the end of its range
     * (FmaKaratsuba vs Toom-3 on a 2-core Intel Xeon with {@code -XX:UseAVX=2}, grouped leaves: 288
     * limbs 25.5-25.8 vs 29.1-29.7 us; 320: 30.2-30.4 vs 33.4-33.6; 352: 35.7-37.3 vs 38.1-38.6).
     */
    static final int TOOM3_SQR_THRESHOLD_LIMBS_FMA4 = 353;
    /*
     * The 4-lane ladder model, refitted with the grouped FmaBasecase leaves on a 2-core Intel Xeon
     * (-XX:UseAVX=2, JDK 17, MidSizeProbe, one thread), where the 4-lane NTT ran at 1.0-1.25 ns a
     * unit: multiply, the faster of FmaKaratsuba and Toom-3 against the NTT, us: 256 limbs 31.8 /
     * 43.2, 320: 44.7 / 64.3, 384: 60.9 / 79.0, 448: 78.1 / 83.9, 512: 92.5 / 84.0, 640: 137 / 129,
     * 768: 186 / 158; square: 256: 21.7 / 33.3, 384: 43.1 / 55.7, 448: 54.0 / 57.8, 512: 68.9 /
     * 58.9, 576: 83.1 / 93.4, 640: 95.7 / 98.5, 768: 124 / 113. The model takes the NTT from 512
     * limbs, the ladder at 576, the NTT again from 640 (multiply) and likewise for squares.
     */
    /** As {@link #LADDER_UNITS_AT_256} with 4 lanes (fit above: 27.6 thousand units at 1.15 ns). */
    static final double LADDER_UNITS_AT_256_FMA4 = 27600;
    /** As {@link #LADDER_SQR_UNITS_AT_256} with 4 lanes (fit above, at 1.03 ns a unit). */
    static final double LADDER_SQR_UNITS_AT_256_FMA4 = 22000;
    /** As {@link #LADDER_EXPONENT} with 4 lanes (the data give 1.53 to 1.67). */
    static final double LADDER_EXPONENT_FMA4 = 1.6;
    /*
     * Products through BigInteger's intrinsic schoolbook ({@link JdkProducts}), in bits of the
     * operands (61 per digit). Measured with JdkProductProbe (thread CPU time per call, median of 9
     * rounds after a second of warm-up, one thread, JDK 17 C2, 2-core Intel Xeon with AVX-512,
     * java.math opened; the digits of both operands in, the product's digits out; times in us,
     * the ladder / BigInteger). With 8-lane FMA leaves, multiply: 1,024 bits 0.55-0.56 / 0.47,
     * 8,192 x 512 bits 4.00 / 2.23; square: 1,024 bits 0.44-0.45 / 0.33, 1,536 bits 0.64-0.68 /
     * 0.59-0.61 (more at each constant below). With 4-lane FMA leaves (-XX:UseAVX=2) on their grouped passes, two
     * runs, multiply: 1,024 bits 0.61 / 0.47, 1,280 bits 0.82-0.97 / 0.68-0.71, 1,408 bits
     * 0.75-0.85 / 0.81-0.82, 1,536 bits 0.90 / 0.93-0.96, 2,048 bits 1.34 / 1.54; unbalanced 2,560 x
     * 1,024 bits 1.02-1.07 / 1.08-1.17, 3,072 x 1,024 bits 1.28 / 1.34, 4,096 x 1,024 bits 1.52 /
     * 1.67, 8,192 x 1,536 bits 2.96 / 4.68; square: 2,560 bits 1.58-1.62 / 1.49-1.52, 2,816 bits
     * 1.68 / 1.71, 3,072 bits 1.94-2.16 / 1.99-2.03, 3,584 bits 2.23 / 2.71. With the scalar kernels
     * (no Vector API), multiply: 4,096 bits 9.7 / 6.0, 8,192 bits 29.2 / 24.2, 16,384 bits 89.9 / 67.0, 24,576 bits 102 / 126; unbalanced 16,384 x 2,048 bits
     * 25.1 / 11.5, 32,768 x 4,096 bits 79.4 / 111; square: 8,192 bits 20.5 / 13.8, 16,384 bits 53.3
     * / 43.7, 24,576 bits 77.7 / 85.2. Past 2,560 bits BigInteger's own Karatsuba and Toom-3 run on
     * the intrinsic; the scalar ladder's limb schoolbook and Karatsuba lose to them up to there.
     * Below the ladder's FMA schoolbook ({@link #FMA_BASECASE_MIN_LIMBS}) the shorter operand's
     * products are the scalar schoolbook's, which the intrinsic beats at any length from a few
     * words of the shorter operand on (8,192 x 512 bits above; 65,536 x 512 bits 35.4 / 18.4,
     * 2^20 x 600 bits 495 / 321, 2^20 x 256 bits 325 / 266, 65,536 x 192 bits 18.0 / 16.9), so
     * there the longer operand is limited only by {@link #JDK_UNBALANCED_MAX_BITS}. With fewer
     * words the conversions of the longer operand cost more than the products save (2^20 x 128
     * bits 220 / 299, 8,192 x 128 bits 1.62 / 1.94, 4,096 x 64 bits 0.59 / 0.90; balanced 128
     * bits 0.059 / 0.052): products of an operand of at most {@link #JDK_MIN_BITS} stay on the ladder.
     */
    /** The shorter operand's least size, in bits of its 61-bit digits: 4 digits (a 192-bit value). */
    static final int JDK_MIN_BITS = 4 * 61;
    /** The longer operand's limit where the shorter one is below the FMA schoolbook (measured to 2^20 bits). */
    static final int JDK_UNBALANCED_MAX_BITS = 1 << 22;
    /**
     * The shorter operand's limit with 8-lane FMA leaves (between 1,280 and 1,408 bits), measured
     * again after the square passes came to broadcast their digits unscaled (JdkProductProbe, two
     * runs, the ladder / BigInteger in us: 1,280 bits 0.68-0.70 / 0.67-0.69, 1,408 bits 0.64-0.65 /
     * 0.80-0.83, 1,536 bits 0.75 / 0.93, 1,664 bits 0.75 / 1.05).
     */
    static final int JDK_MUL_BITS_FMA = 1344;
    /**
     * The longer operand's limit with 8-lane FMA leaves (same runs: 1,536 x 1,024 bits 0.67-0.72 /
     * 0.68-0.70, 1,792 x 1,024 bits 0.74-0.75 / 0.78-0.81, 2,048 x 1,024 bits 0.71-0.75 / 0.87;
     * 1,536 x 768 bits 0.63-0.66 / 0.55-0.56).
     */
    static final int JDK_LONGER_BITS_FMA = 1664;
    /**
     * The square's limit with 8-lane FMA leaves (same runs: 1,792 bits 0.79-0.80 / 0.77-0.80,
     * 2,048 bits 0.86-0.92 / 0.94-0.98, 2,560 bits 1.17-1.21 / 1.43-1.44).
     */
    static final int JDK_SQR_BITS_FMA = 1920;
    /**
     * As {@link #JDK_SQR_BITS_FMA} with {@link IntBasecase} leaves (JdkProductProbe on the 2-core
     * AMD EPYC, JDK 25 / JDK 17, the ladder / BigInteger in us: 1,536 bits 0.43 / 0.37 and 0.43 /
     * 0.37, 1,792 bits 0.44 / 0.46 and 0.38 / 0.48, 1,920 bits 0.47 / 0.53 and 0.40 / 0.54). The
     * product's limits stay those of the FMA leaves: the same runs crossed between 1,280 and 1,344
     * bits (1,344 bits 0.44 / 0.44 and 0.42 / 0.46) and, for the longer operand, between 1,536 and
     * 1,664 bits (1,664 x 1,024 bits 0.36 / 0.40 and 0.32 / 0.42).
     */
    static final int JDK_SQR_BITS_INT = 1664;
    /** As {@link #JDK_MUL_BITS_FMA} with 4-lane FMA leaves (between 1,280 and 1,408 bits). */
    static final int JDK_MUL_BITS_FMA4 = 1344;
    /** As {@link #JDK_LONGER_BITS_FMA} with 4-lane FMA leaves (2,560 x 1,024 bits about even). */
    static final int JDK_LONGER_BITS_FMA4 = 2560;
    /** As {@link #JDK_SQR_BITS_FMA} with 4-lane FMA leaves (between 2,560 and 3,072 bits). */
    static final int JDK_SQR_BITS_FMA4 = 2816;
    /** As {@link #JDK_MUL_BITS_FMA} with the scalar kernels (between 16,384 and 24,576 bits). */
    static final int JDK_MUL_BITS_SCALAR = 20480;
    /** As {@link #JDK_LONGER_BITS_FMA} with the scalar kernels (32,768 x 4,096 bits: the ladder). */
    static final int JDK_LONGER_BITS_SCALAR = 20480;
    /** As {@link #JDK_SQR_BITS_FMA} with the scalar kernels (between 16,384 and 24,576 bits). */
    static final int JDK_SQR_BITS_SCALAR = 20480;
    /** Longest piece of the longer operand that one {@link FmaBasecase} product takes, limbs. */
    static final int FMA_PIECE_LIMBS = 512;
    /** Karatsuba -> Toom-3, limbs (128: 24.8 vs 25.4 us; 256: 75.8 vs 74.6 us). */
    static final int TOOM3_THRESHOLD_LIMBS = 192;
    /** Karatsuba -> Toom-3 for squaring, limbs (256: 46.6 vs 45.0 us; 128: equal). */
    static final int TOOM3_SQR_THRESHOLD_LIMBS = 192;
    /** Toom-3 -> Schönhage–Strassen, limbs (768: 382 vs 411 us; 1024: 624 vs 408 us). */
    static final int SSA_THRESHOLD_LIMBS = 896;
    /** Toom-3 -> Schönhage–Strassen for squaring, limbs (768: 236 vs 252 us; 1024: 352 vs 253 us). */
    static final int SSA_SQR_THRESHOLD_LIMBS = 896;
    /**
     * Pointwise products modulo 2^n + 1 at or above this many limbs (n/64) may be transformed again
     * (negacyclic SSA) when {@link SsaPlan}'s cost model says it pays; below it they are the ladder's
     * product plus a fold (CostProbe: at 132 limbs negacyclic k=4 took 23.8 us vs 26.5 us).
     */
    static final int SSA_MOD_THRESHOLD_LIMBS = 100;
    /**
     * Pointwise rings of at most this many 48-bit digits (and no further transform) are multiplied
     * by {@link org.bignat.simd.DigitModMul} on the digits themselves instead of the limb ladder plus a fold.
     */
    static final int DIGIT_BASECASE_MAX_DIGITS = 96;
    /**
     * As {@link #DIGIT_BASECASE_MAX_DIGITS} with the Vector API leaf kernels (CostProbe: 384 digits
     * in 40.5 us against Toom-3 on the same 288 limbs in 88 us; 0.3 ns per digit product).
     */
    static final int DIGIT_BASECASE_MAX_DIGITS_VECTOR = 768;
    /**
     * Above the SSA threshold, operands more unbalanced than this ratio (longer/shorter) are cut
     * into pieces of the shorter one's size; below it one transform of length about (an + bn)
     * handles the product.
     */
    static final int SSA_MAX_IMBALANCE = 4;
    /**
     * Toom-3 -> the small-prime NTT ({@link org.bignat.mul.ntt.NttMultiply}) with its scalar 64-bit
     * transforms, limbs. Measured with {@code NttCrossoverProbe} (thread CPU time, best of rounds,
     * one thread, JDK 17 C2, 2-core AMD EPYC with AVX-512, shared and loaded): 288 limbs 216 vs
     * 148 us (Toom-3 ahead), 320 limbs 117 vs 123 us, 384 limbs 164 vs 203 us; above it the NTT
     * stayed ahead of Schönhage–Strassen at every size measured (2^24 bits: 129 vs 228 ms).
     */
    static final int NTT_THRESHOLD_LIMBS = 320;
    /**
     * As {@link #NTT_THRESHOLD_LIMBS} with the vector double transforms (same probe, JIT warmed):
     * 160 limbs 37.2 vs 37.8 us, 192 limbs 40.8 vs 47.8 us, 224 limbs 51.6 vs 62.0 us; against
     * Schönhage–Strassen from 896 limbs: 164 vs 157 us at 896, 584 vs 554 us at 3072 (the NTT's
     * power-of-two lengths fit worst there), 203 vs 251 us at 1536, 5.4 vs 8.0 ms at 24576.
     */
    static final int NTT_THRESHOLD_LIMBS_VECTOR = 192;
    /**
     * As {@link #NTT_THRESHOLD_LIMBS} for squares, either kernel (scalar: 320 limbs 70 vs 79 us,
     * 256 limbs 96 vs 58 us; vector: 320 limbs 80.7 vs 86.5 us, 288 limbs 78.4 vs 73.5 us).
     */
    static final int NTT_SQR_THRESHOLD_LIMBS = 320;
    /**
     * Products of more limbs (both operands together) than this go to Schönhage–Strassen: the NTT's
     * twiddle tables and residues (peak about (r + 3) N words, N up to 2^28 points here) would
     * outgrow the heap that Schönhage–Strassen needs (docs/design.md, "CPU multiply: NTT").
     */
    static final long NTT_MAX_LIMBS = 1L << 28;
}
