package org.verso.packaging.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.PackageVersion;
import com.google.common.base.Joiner;
import com.google.common.collect.ImmutableList;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An application with its own Guava and Jackson, older than the copies inside the driver jar, that uses Verso:
 * {@code java -cp GUAVA:JACKSON...:verso-jdbc-VERSION.jar ApplicationProbe.java SCRATCH_DIR GUAVA_JAR_NAME
 * JACKSON_VERSION}. The application must see its own versions before and after Verso has loaded Calcite, and
 * Verso must work with the application's jars earlier on the class path. Prints {@link #DONE} when every check
 * held; a failed check throws, and the JVM exits non-zero with the reason.
 */
public final class ApplicationProbe {
    public static final String DONE = "application probe passed";

    public static void main(String[] args) throws Exception {
        Path scratch = Path.of(args[0]);
        check(args[1], jarName(ImmutableList.class), "the jar of the application's Guava");
        check(args[2], PackageVersion.VERSION.toString(), "the application's Jackson version");
        ObjectMapper mapper = new ObjectMapper();
        check("[\"a\",\"b\"]", mapper.writeValueAsString(ImmutableList.of("a", "b")), "Jackson writes a Guava list");

        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:verso:" + scratch.resolve("db"));
             Statement s = c.createStatement()) {
            s.executeUpdate("CREATE TABLE account (id INTEGER NOT NULL, owner VARCHAR(40), PRIMARY KEY (id))");
            s.executeUpdate("CREATE TABLE transfer (id INTEGER NOT NULL, account_id INTEGER NOT NULL, "
                + "amount DECIMAL(12,2) NOT NULL, PRIMARY KEY (id))");
            s.executeUpdate("INSERT INTO account VALUES (1, 'Ada'), (2, 'Brian')");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO transfer VALUES (?, ?, ?)")) {
                int id = 1;
                for (String[] t : new String[][] {{"1", "10.00"}, {"1", "5.25"}, {"2", "1.00"}}) {
                    ps.setInt(1, id++);
                    ps.setInt(2, Integer.parseInt(t[0]));
                    ps.setBigDecimal(3, new BigDecimal(t[1]));
                    ps.executeUpdate();
                }
            }
            try (ResultSet rs = s.executeQuery("SELECT a.owner, SUM(t.amount) AS total FROM account a "
                + "JOIN transfer t ON a.id = t.account_id GROUP BY a.owner ORDER BY a.owner")) {
                while (rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put(rs.getMetaData().getColumnLabel(1), rs.getString(1));
                    row.put(rs.getMetaData().getColumnLabel(2), rs.getBigDecimal(2));
                    rows.add(row);
                }
            }
        }

        // The application's libraries still work, on Verso's results, now that Verso has loaded its own copies.
        check("[{\"OWNER\":\"Ada\",\"TOTAL\":15.25},{\"OWNER\":\"Brian\",\"TOTAL\":1.00}]",
            mapper.writeValueAsString(rows), "Jackson writes Verso's result rows");
        List<Object> owners = new ArrayList<>();
        rows.forEach(row -> owners.add(row.get("OWNER")));
        check("Ada, Brian", Joiner.on(", ").join(owners), "Guava joins Verso's result values");
        check(args[1], jarName(ImmutableList.class), "the jar of the application's Guava after Verso ran");
        Class<?> versoGuava = Class.forName("org.verso.shaded.com.google.common.collect.ImmutableList");
        check(jarName(DriverManager.getDriver("jdbc:verso:mem:x").getClass()), jarName(versoGuava),
            "the jar of the Guava that Verso uses");
        System.out.println(DONE);
    }

    private static String jarName(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString();
    }

    private static void check(Object expected, Object actual, String what) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    private ApplicationProbe() {
    }
}
