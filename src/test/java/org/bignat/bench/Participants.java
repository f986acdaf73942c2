package org.bignat.bench;

/** Creates the participants named on the command line. */
final class Participants {
    private Participants() {}

    /** A BigNat engine: {@code cpu}, {@code gpu} (host-to-host, L1) or {@code gpu-resident} (L1'). */
    static Participant engine(String key) {
        switch (key) {
            case "cpu":
                return new BigNatPeer();
            case "gpu":
                return GpuPeer.create(false);
            case "gpu-resident":
                return GpuPeer.create(true);
            default:
                throw new IllegalArgumentException(key);
        }
    }

    /** A peer timed in this JVM: {@code biginteger}, {@code parallel}, {@code apfloat}. */
    static Participant peer(String key) {
        switch (key) {
            case "biginteger":
                return BigIntegerPeer.serial();
            case "parallel":
                return BigIntegerPeer.parallel();
            case "apfloat":
                return new ApfloatPeer();
            default:
                throw new IllegalArgumentException(key);
        }
    }
}
