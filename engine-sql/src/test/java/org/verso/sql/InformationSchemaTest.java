package org.verso.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The INFORMATION_SCHEMA views describe the catalog through SQL. */
class InformationSchemaTest extends SqlTestSupport {
    @BeforeEach
    void createTables() {
        execute("CREATE TABLE district (d_w_id INT NOT NULL, d_id INT NOT NULL, d_ytd DECIMAL(12, 2) NOT NULL,"
            + " d_name VARCHAR(10), d_code BINARY(4), d_opened TIMESTAMP, PRIMARY KEY (d_w_id, d_id))");
        execute("CREATE TABLE history (h_amount REAL, h_day DATE)");
    }

    @Test
    void tablesListsUserTablesOnly() {
        assertEquals(List.of(row(null, "PUBLIC", "DISTRICT", "BASE TABLE"),
                row(null, "PUBLIC", "HISTORY", "BASE TABLE")),
            query("SELECT table_catalog, table_schema, table_name, table_type FROM information_schema.tables"
                + " ORDER BY table_name"));
    }

    @Test
    void columnsCarryTypeSizesAndNullability() {
        assertEquals(List.of(
                row("D_W_ID", 1, "NO", "INTEGER", null, null, 10, 10, 0, null),
                row("D_ID", 2, "NO", "INTEGER", null, null, 10, 10, 0, null),
                row("D_YTD", 3, "NO", "DECIMAL", null, null, 12, 10, 2, null),
                row("D_NAME", 4, "YES", "VARCHAR", 10, 40, null, null, null, null),
                row("D_CODE", 5, "YES", "BINARY", 4, 4, null, null, null, null),
                row("D_OPENED", 6, "YES", "TIMESTAMP", null, null, null, null, null, 6)),
            query("SELECT column_name, ordinal_position, is_nullable, data_type, character_maximum_length,"
                + " character_octet_length, numeric_precision, numeric_precision_radix, numeric_scale,"
                + " datetime_precision FROM information_schema.columns WHERE table_name = ?"
                + " ORDER BY ordinal_position", "DISTRICT"));
        assertEquals(List.of(row("H_AMOUNT", 7, null), row("H_DAY", null, 0)),
            query("SELECT column_name, numeric_precision, datetime_precision FROM information_schema.columns"
                + " WHERE table_name LIKE 'HIST%' ORDER BY column_name"));
    }

    @Test
    void constraintsAndTheirKeyColumns() {
        assertEquals(List.of(row("DISTRICT_PKEY", "DISTRICT", "PRIMARY KEY")),
            query("SELECT constraint_name, table_name, constraint_type FROM information_schema.table_constraints"));
        assertEquals(List.of(row("D_W_ID", 1), row("D_ID", 2)),
            query("SELECT k.column_name, k.ordinal_position FROM information_schema.key_column_usage k"
                + " JOIN information_schema.table_constraints c ON c.constraint_name = k.constraint_name"
                + " WHERE c.constraint_type = 'PRIMARY KEY' AND k.table_name = 'DISTRICT'"
                + " ORDER BY k.ordinal_position"));
    }

    @Test
    void indexesListEveryIndexColumn() {
        assertEquals(List.of(row("DISTRICT_PKEY", false, true, "MVIDX", 1, "D_W_ID", "A"),
                row("DISTRICT_PKEY", false, true, "MVIDX", 2, "D_ID", "A")),
            query("SELECT index_name, non_unique, is_primary_key, index_type, ordinal_position, column_name,"
                + " asc_or_desc FROM information_schema.indexes ORDER BY ordinal_position"));
    }

    @Test
    void theViewsFollowDdl() {
        execute("DROP TABLE history");
        execute("CREATE TABLE later (x INT)");
        assertEquals(List.of(row("DISTRICT"), row("LATER")),
            query("SELECT table_name FROM information_schema.tables ORDER BY table_name"));
    }
}
