package org.verso.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** SqlState is the closed vocabulary of states: every ErrorCode uses one of its constants. */
class SqlStateTest {
    private static Set<String> declaredStates() throws IllegalAccessException {
        Set<String> states = new HashSet<>();
        for (Field f : SqlState.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String state = (String) f.get(null);
                assertEquals(5, state.length(), f.getName());
                assertTrue(states.add(state), "state " + state + " is declared twice");
            }
        }
        return states;
    }

    @Test
    void everyErrorCodeUsesADeclaredState() throws IllegalAccessException {
        Set<String> states = declaredStates();
        for (ErrorCode code : ErrorCode.values()) {
            assertTrue(states.contains(code.sqlState()), code + " uses undeclared state " + code.sqlState());
        }
    }

    @Test
    void classesSelectBehaviour() {
        assertEquals("40", SqlState.classOf(SqlState.DEADLOCK_DETECTED));
        assertTrue(SqlState.isTransactionRollback(SqlState.SERIALIZATION_FAILURE));
        assertFalse(SqlState.isTransactionRollback(SqlState.IN_FAILED_TRANSACTION));
        assertEquals("", SqlState.classOf(null));
    }
}
