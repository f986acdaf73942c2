package org.bignat.cuda;

import org.bignat.core.Engine;
import org.bignat.core.EngineUnavailableException;

/** The CUDA engine (placeholder until the CUDA engine lands). */
public final class CudaEngine {
    private CudaEngine() {}

    /** Opens the CUDA engine, or throws {@link EngineUnavailableException} saying why it cannot. */
    public static Engine open() {
        throw new EngineUnavailableException("the CUDA engine is not built into this version");
    }
}
