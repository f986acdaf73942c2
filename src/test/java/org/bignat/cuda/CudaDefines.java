package org.bignat.cuda;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The integer {@code #define}s of the kernel sources ({@code cuda/*.cuh}), read and evaluated here so that tests can
 * check the host's mirrors of them (block sizes, digits per thread, tile and shared-memory sizes) instead of keeping
 * them in step by hand. No GPU or nvcc needed.
 *
 * <p>What it understands: one-line object-like macros ({@code #define NAME body}) and one-parameter function-like
 * macros ({@code #define NAME(x) body}) whose body is an integer expression in C syntax: decimal and hexadecimal
 * literals with {@code u}/{@code l} suffixes, names of other macros, parentheses, unary {@code - ~ +}, binary
 * {@code * / % + - << >> & ^ |} with C's precedence, evaluated in 64-bit two's complement (unsigned constants up to
 * 2^63 only, which every kernel constant is). Comments are stripped. A name defined more than once (the
 * {@code #if}/{@code #else} arms of the cluster macros) and multi-line macros are not evaluable: asking for one
 * throws. Macros that expand to attributes or code are read but only evaluated on request.
 */
public final class CudaDefines {
    private static final Pattern DEFINE = Pattern.compile("^\\s*#\\s*define\\s+(\\w+)(\\((\\w+)\\))?(.*)$");

    private final Map<String, String> bodies = new HashMap<>();
    private final Map<String, String> params = new HashMap<>();
    private final Set<String> ambiguous = new HashSet<>();

    private CudaDefines() {}

    /** The defines of every {@code *.cuh} directly in {@code dir} (the kernel sources, not cuda/test). */
    public static CudaDefines load(Path dir) {
        CudaDefines d = new CudaDefines();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".cuh")).sorted()::iterator) {
                d.read(Files.readAllLines(f));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return d;
    }

    /** The defines of the kernel sources, from the project root (where Maven runs the tests). */
    public static CudaDefines load() {
        return load(Path.of("cuda"));
    }

    private void read(List<String> lines) {
        String text = String.join("\n", lines).replaceAll("(?s)/\\*.*?\\*/", " ");
        for (String line : text.split("\n")) {
            Matcher m = DEFINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1);
            String body = m.group(4).replaceAll("//.*$", "").trim();
            if (body.endsWith("\\") || bodies.containsKey(name)) {
                ambiguous.add(name);
            }
            bodies.put(name, body);
            if (m.group(3) != null) {
                params.put(name, m.group(3));
            }
        }
    }

    /** Whether {@code name} is defined (exactly once, on one line) in the sources. */
    public boolean has(String name) {
        return bodies.containsKey(name) && !ambiguous.contains(name);
    }

    /** The names of every define read, evaluable or not. */
    public Set<String> names() {
        return bodies.keySet();
    }

    /** The value of the object-like macro {@code name}. */
    public long value(String name) {
        if (params.containsKey(name)) {
            throw new IllegalArgumentException(name + " takes an argument");
        }
        return new Expr(body(name), Map.of()).evaluate();
    }

    /** The value of the one-parameter macro {@code name} applied to {@code arg}. */
    public long apply(String name, long arg) {
        String p = params.get(name);
        if (p == null) {
            throw new IllegalArgumentException(name + " takes no argument");
        }
        return new Expr(body(name), Map.of(p, arg)).evaluate();
    }

    private String body(String name) {
        if (!bodies.containsKey(name)) {
            throw new IllegalArgumentException(name + " is not defined in cuda/*.cuh");
        }
        if (ambiguous.contains(name)) {
            throw new IllegalArgumentException(name + " is defined more than once or over several lines");
        }
        return bodies.get(name);
    }

    /** Recursive-descent evaluation of one macro body, C operator precedence. */
    private final class Expr {
        private final List<String> tokens = new ArrayList<>();
        private final Map<String, Long> args;
        private int at;

        Expr(String body, Map<String, Long> args) {
            this.args = args;
            Matcher m = Pattern.compile("\\s*(0[xX][0-9a-fA-F]+[uUlL]*|\\d+[uUlL]*|[A-Za-z_]\\w*|<<|>>|[-+*/%&|^~()])").matcher(body);
            int end = 0;
            while (end < body.length() && m.find(end) && m.start() == end) {
                tokens.add(m.group(1));
                end = m.end();
            }
            if (!body.substring(end).isBlank()) {
                throw new IllegalArgumentException("not an integer expression: " + body);
            }
        }

        long evaluate() {
            long v = or();
            if (at != tokens.size()) {
                throw new IllegalArgumentException("unexpected " + tokens.get(at) + " in " + tokens);
            }
            return v;
        }

        private boolean take(String t) {
            if (at < tokens.size() && tokens.get(at).equals(t)) {
                at++;
                return true;
            }
            return false;
        }

        private long or() {
            long v = xor();
            while (take("|")) {
                v |= xor();
            }
            return v;
        }

        private long xor() {
            long v = and();
            while (take("^")) {
                v ^= and();
            }
            return v;
        }

        private long and() {
            long v = shift();
            while (take("&")) {
                v &= shift();
            }
            return v;
        }

        private long shift() {
            long v = sum();
            while (true) {
                if (take("<<")) {
                    v <<= sum();
                } else if (take(">>")) {
                    v >>= sum();
                } else {
                    return v;
                }
            }
        }

        private long sum() {
            long v = product();
            while (true) {
                if (take("+")) {
                    v += product();
                } else if (take("-")) {
                    v -= product();
                } else {
                    return v;
                }
            }
        }

        private long product() {
            long v = unary();
            while (true) {
                if (take("*")) {
                    v *= unary();
                } else if (take("/")) {
                    v /= unary();
                } else if (take("%")) {
                    v %= unary();
                } else {
                    return v;
                }
            }
        }

        private long unary() {
            if (take("-")) {
                return -unary();
            }
            if (take("+")) {
                return unary();
            }
            if (take("~")) {
                return ~unary();
            }
            if (take("(")) {
                long v = or();
                if (!take(")")) {
                    throw new IllegalArgumentException("missing ) in " + tokens);
                }
                return v;
            }
            if (at >= tokens.size()) {
                throw new IllegalArgumentException("expression ends early: " + tokens);
            }
            String t = tokens.get(at++);
            if (Character.isDigit(t.charAt(0))) {
                return literal(t);
            }
            if (args.containsKey(t)) {
                return args.get(t);
            }
            return value(t);
        }

        private long literal(String t) {
            String digits = t.replaceAll("[uUlL]+$", "");
            return digits.startsWith("0x") || digits.startsWith("0X")
                    ? Long.parseUnsignedLong(digits.substring(2), 16)
                    : Long.parseUnsignedLong(digits);
        }
    }
}
