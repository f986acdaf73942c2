package org.bignat.mul.ntt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** NttPlan's written-out equals and hashCode: the value semantics of the record they replace. */
class NttPlanTest {
    @Test
    void plansAreEqualExactlyWhenEveryComponentIs() {
        NttPlan p = new NttPlan(true, 3, 20, 60);
        assertEquals(p, new NttPlan(true, 3, 20, 60));
        assertEquals(p.hashCode(), new NttPlan(true, 3, 20, 60).hashCode());
        assertNotEquals(p, new NttPlan(false, 3, 20, 60));
        assertNotEquals(p, new NttPlan(true, 4, 20, 60));
        assertNotEquals(p, new NttPlan(true, 3, 21, 60));
        assertNotEquals(p, new NttPlan(true, 3, 20, 61));
        assertNotEquals(p, null);
        assertNotEquals(p.hashCode(), new NttPlan(true, 3, 20, 61).hashCode());
    }
}
