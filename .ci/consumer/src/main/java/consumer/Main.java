package consumer;

import java.math.BigInteger;
import org.bignat.BigMath;
import org.bignat.BigNat;
import org.bignat.EngineUnavailableException;
import org.bignat.Gpu;

/**
 * Uses the public API as the README shows and checks the results against BigInteger; on the module
 * path also checks that only the API package is exported. Prints one line "consumer OK ..." and exits
 * 0, or exits 1 naming what went wrong.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        BigNat x = BigNat.ONE.shiftLeft(200_000).subtract(BigNat.ONE);
        BigNat y = BigNat.parse("123456789012345678901234567890", 10);
        BigNat z = x.multiply(x).add(y);
        BigInteger bx = BigInteger.ONE.shiftLeft(200_000).subtract(BigInteger.ONE);
        BigInteger expected = bx.multiply(bx).add(new BigInteger("123456789012345678901234567890"));
        check(z.toBigInteger().equals(expected), "BigNat product");
        check(z.bitLength() == expected.bitLength(), "bitLength");
        check(BigMath.multiply(bx, bx.negate()).equals(bx.multiply(bx.negate())), "BigMath.multiply");
        check(BigMath.toString(expected, 10).equals(expected.toString(10)), "BigMath.toString");

        String gpu;
        try (Gpu session = BigNat.gpu()) {
            gpu = "GPU " + session.deviceName();
        } catch (EngineUnavailableException e) {
            check(e.getMessage().indexOf('\n') < 0, "one-line message");
            gpu = "no GPU";
        }

        Module m = BigNat.class.getModule();
        String where = m.isNamed() ? "module path" : "class path";
        if (m.isNamed()) {
            check(m.getName().equals("org.bignat"), "module name " + m.getName());
            check(m.getDescriptor().exports().size() == 1 && m.isExported("org.bignat"), "exports only org.bignat");
            check(!m.isExported("org.bignat.core"), "org.bignat.core is not exported");
        }
        System.out.println("consumer OK: " + where + ", Java " + Runtime.version().feature() + ", " + gpu);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            System.out.println("consumer FAILED: " + what);
            System.exit(1);
        }
    }
}
