package org.verso.common;

/**
 * Verso's release: what the JDBC driver reports as its version and the database's, and what SQL's
 * {@code version()} returns.
 */
public final class VersoVersion {
    public static final int MAJOR = 0;
    public static final int MINOR = 1;
    /** {@code MAJOR.MINOR.PATCH}. */
    public static final String NUMBER = MAJOR + "." + MINOR + ".0";
    /** What {@code version()} returns: the product, its release and the Java it runs on. */
    public static final String DESCRIPTION = "Verso " + NUMBER + " (embedded, Java " + Runtime.version().feature()
        + ")";

    private VersoVersion() {
    }
}
