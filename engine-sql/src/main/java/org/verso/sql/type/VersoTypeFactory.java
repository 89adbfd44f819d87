package org.verso.sql.type;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;

/**
 * The type factory of every Verso statement: {@link VersoTypeSystem}'s limits, and UTF-8 as the character set of
 * text types and string literals. Calcite's default, ISO-8859-1 (set JVM-wide by a system property), made
 * {@code '日本'} or {@code '🎉'} in SQL text fail to plan; Verso stores text as UTF-8 and compares it by code point.
 */
public final class VersoTypeFactory extends JavaTypeFactoryImpl {
    public VersoTypeFactory() {
        super(VersoTypeSystem.INSTANCE);
    }

    @Override
    public Charset getDefaultCharset() {
        return StandardCharsets.UTF_8;
    }
}
