package org.bignat.cuda;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bignat.EngineUnavailableException;

/**
 * Whether the GPU engine can be tried here, decided without touching a JCuda class: a CUDA driver
 * library must be installed, and JCuda must be reachable from this library (on the class path, or
 * resolved on the module path: {@code --add-modules jcuda}). Only then does {@link CudaDevice}
 * load JCuda, whose class initializer extracts and loads its native library; on a machine without a
 * GPU driver nothing of JCuda is loaded, so no native library and no JVM warning about one.
 *
 * <p>Also the JVM flag that lets JCuda load its native library without the JDK's warning, where
 * giving it would change something (see {@link #nativeAccessHint()}).
 *
 * <p>This class must not reference any {@code jcuda} class, directly or through a signature.
 */
public final class CudaDriver {
    /**
     * The package of JCuda's driver API. On the module path JCuda is found by this package, not by a
     * module name: its jar declares none, so its automatic module's name comes from the file name
     * ({@code jcuda} for {@code jcuda-12.6.0.jar}), which is why {@code module-info} does not require it.
     */
    private static final String JCUDA_PACKAGE = "jcuda.driver";

    /** A class file of JCuda's, looked up as a resource (which loads nothing). */
    private static final String JCUDA_PROBE = "jcuda/driver/JCudaDriver.class";

    /**
     * The first JDK feature release that warns when JNI loads a native library without
     * {@code --enable-native-access} (JEP 472); earlier releases load it silently, so the flag changes
     * nothing there for JCuda, which uses JNI only.
     */
    static final int FIRST_JNI_WARNING_RELEASE = 24;

    /**
     * Linux directories searched for the driver, besides {@code LD_LIBRARY_PATH} and the dynamic
     * loader's cache: the loader's defaults, the multiarch directories, the NVIDIA container toolkit's
     * and WSL2's locations, and CUDA's forward-compatibility package.
     */
    private static final String[] LINUX_DIRS = {
        "/lib", "/usr/lib", "/lib64", "/usr/lib64",
        "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
        "/usr/local/nvidia/lib64", "/usr/local/nvidia/lib", "/usr/lib/wsl/lib", "/usr/local/cuda/compat",
    };
    private static final String LINUX_DRIVER = "libcuda.so.1";
    private static final String LD_CACHE = "/etc/ld.so.cache";
    private static final String WINDOWS_DRIVER = "nvcuda.dll";
    private static final String MAC_DRIVER = "libcuda.dylib";
    private static final String MAC_DIR = "/usr/local/cuda/lib";

    private CudaDriver() {}

    /**
     * The one lookup, at first use: before JCuda is loaded, since every path to {@link CudaDevice} asks
     * {@link #require()} first (the JDK marks a module's native access enabled once it has warned).
     */
    private static final class Lookup {
        static final String DRIVER = findDriver();
        static final String REASON = unavailable(DRIVER);
        static final String HINT = REASON == null ? hint() : null;

        static {
            if (REASON == null) {
                readJcuda();
            }
        }
    }

    /**
     * On the module path, makes this module read JCuda's (module-info names no JCuda module, see
     * {@link #JCUDA_PACKAGE}); a module may add a read edge from itself. Nothing to do on the class path.
     */
    private static void readJcuda() {
        Module self = CudaDriver.class.getModule();
        jcudaModule().ifPresent(jcuda -> {
            if (self.isNamed() && !self.canRead(jcuda)) {
                self.addReads(jcuda);
            }
        });
    }

    /**
     * Null when the GPU engine can be tried (a driver library is installed and JCuda is reachable),
     * else why not and what to do, one line.
     */
    public static String unavailableReason() {
        return Lookup.REASON;
    }

    /**
     * Throws {@link EngineUnavailableException} saying why the GPU engine cannot be tried here; call it
     * before the first use of {@link CudaDevice}.
     */
    public static void require() {
        String reason = Lookup.REASON;
        if (reason != null) {
            throw new EngineUnavailableException(reason);
        }
    }

    /** The path of the CUDA driver library found, or null when none is installed. */
    public static String driverLibrary() {
        return Lookup.DRIVER;
    }

    /**
     * The flag to add so that JCuda loads its native library without the JDK's warning, or null where
     * it would change nothing: before JDK {@value #FIRST_JNI_WARNING_RELEASE}, without a CUDA driver or
     * JCuda, or when native access is already enabled for JCuda's module. Decided once, before JCuda
     * loads.
     * {@code --enable-native-access=ALL-UNNAMED} on the class path,
     * {@code --enable-native-access=jcuda} on the module path.
     */
    public static String nativeAccessHint() {
        return Lookup.HINT;
    }

    private static String hint() {
        if (Runtime.version().feature() < FIRST_JNI_WARNING_RELEASE) {
            return null;
        }
        Module jcuda = jcudaModule().orElse(null);
        if (jcuda == null) {
            return null;
        }
        try {
            // Module#isNativeAccessEnabled exists from JDK 22 on; this class compiles against 17
            Method enabled = Module.class.getMethod("isNativeAccessEnabled");
            if (Boolean.TRUE.equals(enabled.invoke(jcuda))) {
                return null;
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
        return "--enable-native-access=" + (jcuda.isNamed() ? jcuda.getName() : "ALL-UNNAMED");
    }

    /**
     * The module JCuda's classes load in, without loading them: when this library is a named module,
     * the module of its layer (or the layer's parents) holding package {@value #JCUDA_PACKAGE};
     * otherwise, or when no module holds it, the unnamed module of this library's class loader when
     * JCuda's classes are on the class path; empty when JCuda is not reachable.
     */
    static Optional<Module> jcudaModule() {
        Module self = CudaDriver.class.getModule();
        if (self.isNamed() && self.getLayer() != null) {
            Optional<Module> m = holding(self.getLayer(), JCUDA_PACKAGE);
            if (m.isPresent()) {
                return m;
            }
        }
        ClassLoader loader = CudaDriver.class.getClassLoader();
        if (loader == null || loader.getResource(JCUDA_PROBE) == null) {
            return Optional.empty();
        }
        return Optional.of(loader.getUnnamedModule());
    }

    /** The module of {@code layer} or of its ancestors that holds {@code pkg}. */
    private static Optional<Module> holding(ModuleLayer layer, String pkg) {
        for (Module m : layer.modules()) {
            if (m.getPackages().contains(pkg)) {
                return Optional.of(m);
            }
        }
        for (ModuleLayer parent : layer.parents()) {
            Optional<Module> m = holding(parent, pkg);
            if (m.isPresent()) {
                return m;
            }
        }
        return Optional.empty();
    }

    private static String unavailable(String driver) {
        if (driver == null) {
            return "no CUDA driver installed (" + driverName() + " not found); install the NVIDIA driver to use a GPU";
        }
        if (jcudaModule().isEmpty()) {
            return CudaDriver.class.getModule().isNamed()
                    ? "JCuda is not resolved: put org.jcuda:jcuda and its natives on the module path and add"
                            + " --add-modules jcuda (see docs/usage.md)"
                    : "JCuda is not on the class path: add org.jcuda:jcuda and its natives (see docs/usage.md)";
        }
        return null;
    }

    /** Windows, told by its file separator (system properties are read in {@code core.Settings} only). */
    private static boolean windows() {
        return File.separatorChar == '\\';
    }

    private static String driverName() {
        return windows() ? WINDOWS_DRIVER : LINUX_DRIVER;
    }

    /**
     * The driver library's path, searched where the platform's dynamic loader would find it (the
     * directories of {@code LD_LIBRARY_PATH}, {@code DYLD_LIBRARY_PATH} or {@code PATH}, the system
     * directories, on Linux also the loader's cache {@value #LD_CACHE}), or null.
     */
    private static String findDriver() {
        try {
            List<Path> candidates = new ArrayList<>();
            if (windows()) {
                String root = System.getenv().getOrDefault("SystemRoot", "C:\\Windows");
                candidates.add(Path.of(root, "System32", WINDOWS_DRIVER));
                addPath(candidates, System.getenv("PATH"), WINDOWS_DRIVER);
            } else {
                addPath(candidates, System.getenv("LD_LIBRARY_PATH"), LINUX_DRIVER);
                for (String dir : LINUX_DIRS) {
                    candidates.add(Path.of(dir, LINUX_DRIVER));
                }
                // macOS (CUDA drivers up to 10.2)
                addPath(candidates, System.getenv("DYLD_LIBRARY_PATH"), MAC_DRIVER);
                candidates.add(Path.of(MAC_DIR, MAC_DRIVER));
            }
            for (Path p : candidates) {
                if (Files.exists(p)) {
                    return p.toString();
                }
            }
            if (!windows() && inLoaderCache(LINUX_DRIVER)) {
                return LINUX_DRIVER + " (in " + LD_CACHE + ")";
            }
        } catch (RuntimeException e) {
            // an invalid path in an environment variable, a security manager: treat as not found
        }
        return null;
    }

    private static void addPath(List<Path> candidates, String path, String name) {
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                if (!d.isBlank()) {
                    candidates.add(Path.of(d, name));
                }
            }
        }
    }

    /** Whether the dynamic loader's cache names the library (its entries hold the file names as text). */
    private static boolean inLoaderCache(String name) {
        Path cache = Path.of(LD_CACHE);
        try (InputStream in = Files.newInputStream(cache)) {
            String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return text.contains(name + '\0');
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
