package org.verso.sql.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlDelete;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.junit.jupiter.api.Test;
import org.verso.common.VersoException;
import org.verso.sql.parse.ast.ReferentialAction;
import org.verso.sql.parse.ast.SqlAlterTableStatement;
import org.verso.sql.parse.ast.SqlColumnDefinition;
import org.verso.sql.parse.ast.SqlCreateIndexStatement;
import org.verso.sql.parse.ast.SqlCreateSchemaStatement;
import org.verso.sql.parse.ast.SqlCreateSequenceStatement;
import org.verso.sql.parse.ast.SqlCreateTableStatement;
import org.verso.sql.parse.ast.SqlCreateViewStatement;
import org.verso.sql.parse.ast.SqlDropStatement;
import org.verso.sql.parse.ast.SqlOption;
import org.verso.sql.parse.ast.SqlSelectForUpdate;
import org.verso.sql.parse.ast.SqlTableConstraint;
import org.verso.sql.parse.ast.SqlTruncateStatement;

/** SQL in, syntax tree out: every statement form of Verso's grammar, and the errors a person reads. */
class VersoParserTest {
    private static <T> T parse(String sql, Class<T> type) {
        return assertInstanceOf(type, SqlParsing.parse(sql));
    }

    private static SqlColumnDefinition column(SqlCreateTableStatement create, int i) {
        return (SqlColumnDefinition) create.elements.get(i);
    }

    @Test
    void columnLevelClausesInAnyOrder() {
        SqlCreateTableStatement create = parse("CREATE TABLE IF NOT EXISTS app.t ("
            + "id INT PRIMARY KEY, "
            + "code VARCHAR(8) NOT NULL UNIQUE, "
            + "qty INT DEFAULT 0 NOT NULL CHECK (qty >= 0), "
            + "seen TIMESTAMP NULL DEFAULT CURRENT_TIMESTAMP, "
            + "parent INT CONSTRAINT t_parent REFERENCES app.t (id) ON DELETE CASCADE)", SqlCreateTableStatement.class);
        assertTrue(create.ifNotExists);
        assertEquals(List.of("APP", "T"), create.name.names);
        assertEquals(5, create.elements.size());

        SqlColumnDefinition id = column(create, 0);
        assertEquals(SqlTableConstraint.Kind.PRIMARY_KEY, id.constraints.get(0).kind);
        assertEquals("ID", ((SqlIdentifier) id.constraints.get(0).columns.get(0)).getSimple());

        SqlColumnDefinition code = column(create, 1);
        assertEquals(Boolean.FALSE, code.nullable);
        assertEquals(SqlTableConstraint.Kind.UNIQUE, code.constraints.get(0).kind);

        SqlColumnDefinition qty = column(create, 2);
        assertEquals("0", qty.defaultValue.toString());
        assertEquals(Boolean.FALSE, qty.nullable);
        assertEquals(SqlTableConstraint.Kind.CHECK, qty.constraints.get(0).kind);

        SqlColumnDefinition seen = column(create, 3);
        assertEquals(Boolean.TRUE, seen.nullable);
        assertEquals("CURRENT_TIMESTAMP", seen.defaultValue.toString());

        SqlTableConstraint fk = column(create, 4).constraints.get(0);
        assertEquals(SqlTableConstraint.Kind.FOREIGN_KEY, fk.kind);
        assertEquals("T_PARENT", fk.name.getSimple());
        assertEquals(List.of("APP", "T"), fk.referencedTable.names);
        assertEquals(ReferentialAction.CASCADE, fk.onDelete);
        assertEquals(ReferentialAction.NO_ACTION, fk.onUpdate);
    }

    @Test
    void tableLevelConstraintsAndOptions() {
        SqlCreateTableStatement create = parse("CREATE TABLE t (a INT, b INT, c INT, "
            + "CONSTRAINT pk PRIMARY KEY (a, b), UNIQUE (c), "
            + "FOREIGN KEY (c) REFERENCES p ON UPDATE RESTRICT ON DELETE NO ACTION, "
            + "CONSTRAINT positive CHECK (a > 0 AND b > 0)) WITH (layout = 'sias')", SqlCreateTableStatement.class);
        SqlTableConstraint pk = (SqlTableConstraint) create.elements.get(3);
        assertEquals("PK", pk.name.getSimple());
        assertEquals(2, pk.columns.size());
        assertEquals(SqlTableConstraint.Kind.UNIQUE, ((SqlTableConstraint) create.elements.get(4)).kind);
        SqlTableConstraint fk = (SqlTableConstraint) create.elements.get(5);
        assertNull(fk.referencedColumns, "REFERENCES p means p's primary key");
        assertEquals(ReferentialAction.RESTRICT, fk.onUpdate);
        assertEquals(ReferentialAction.NO_ACTION, fk.onDelete);
        assertEquals("POSITIVE", ((SqlTableConstraint) create.elements.get(6)).name.getSimple());
        SqlOption option = (SqlOption) create.options.get(0);
        assertEquals("LAYOUT", option.name.getSimple());
        assertEquals("'sias'", option.value.toString());
    }

    @Test
    void identitySpellings() {
        SqlCreateTableStatement create = parse("CREATE TABLE t ("
            + "a BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 10 INCREMENT BY 5), "
            + "b INT GENERATED BY DEFAULT AS IDENTITY, "
            + "c INT AUTO_INCREMENT, "
            + "d SERIAL, e BIGSERIAL)", SqlCreateTableStatement.class);
        SqlColumnDefinition a = column(create, 0);
        assertTrue(a.identity.always());
        assertEquals("10", a.identity.options().start().toString());
        assertEquals("5", a.identity.options().increment().toString());
        assertFalse(column(create, 1).identity.always());
        assertFalse(column(create, 2).identity.always());
        assertEquals("SERIAL", column(create, 3).type.getTypeName().getSimple());
        assertEquals("BIGSERIAL", column(create, 4).type.getTypeName().getSimple());
    }

    @Test
    void typeNames() {
        SqlCreateTableStatement create = parse("CREATE TABLE t (a TEXT, b INT, c INTEGER, d FLOAT, "
            + "e DOUBLE PRECISION, f NUMERIC(10, 2), g BOOLEAN, h TIMESTAMP, i DATE, j VARCHAR(20), "
            + "k CHARACTER VARYING(20), l CHAR(3))", SqlCreateTableStatement.class);
        List<String> names = create.elements.stream().map(e -> ((SqlColumnDefinition) e).type.getTypeName()
            .getSimple()).toList();
        assertEquals(List.of("TEXT", "INTEGER", "INTEGER", "FLOAT", "DOUBLE", "DECIMAL", "BOOLEAN", "TIMESTAMP",
            "DATE", "VARCHAR", "VARCHAR", "CHAR"), names);
    }

    @Test
    void conflictingColumnClausesAreSyntaxErrors() {
        assertEquals("42601", assertThrows(VersoException.class,
            () -> SqlParsing.parse("CREATE TABLE t (a INT NULL NOT NULL)")).sqlState());
        assertEquals("42601", assertThrows(VersoException.class,
            () -> SqlParsing.parse("CREATE TABLE t (a INT DEFAULT 1 GENERATED ALWAYS AS IDENTITY)")).sqlState());
    }

    @Test
    void indexes() {
        SqlCreateIndexStatement index = parse("CREATE UNIQUE INDEX IF NOT EXISTS ix ON s.t (a, b DESC, c ASC) "
            + "USING btree", SqlCreateIndexStatement.class);
        assertTrue(index.unique);
        assertTrue(index.ifNotExists);
        assertEquals("IX", index.name.getSimple());
        assertEquals(List.of("S", "T"), index.table.names);
        assertEquals(SqlKind.DESCENDING, ((SqlBasicCall) index.columns.get(1)).getKind());
        assertInstanceOf(SqlIdentifier.class, index.columns.get(2));
        assertEquals("BTREE", index.method.getSimple());
        SqlCreateIndexStatement postgres = parse("CREATE INDEX ix ON t USING mvidx (a)",
            SqlCreateIndexStatement.class);
        assertFalse(postgres.unique);
        assertEquals("MVIDX", postgres.method.getSimple());
    }

    @Test
    void drops() {
        SqlDropStatement table = parse("DROP TABLE IF EXISTS history CASCADE", SqlDropStatement.class);
        assertEquals(SqlDropStatement.ObjectKind.TABLE, table.objectKind);
        assertTrue(table.ifExists);
        assertTrue(table.cascade);
        assertFalse(parse("DROP TABLE t RESTRICT", SqlDropStatement.class).cascade);
        assertEquals(SqlDropStatement.ObjectKind.INDEX, parse("DROP INDEX IF EXISTS ix", SqlDropStatement.class)
            .objectKind);
        assertEquals(SqlDropStatement.ObjectKind.VIEW, parse("DROP VIEW v", SqlDropStatement.class).objectKind);
        assertEquals(SqlDropStatement.ObjectKind.SEQUENCE, parse("DROP SEQUENCE s", SqlDropStatement.class)
            .objectKind);
        assertEquals(SqlDropStatement.ObjectKind.SCHEMA, parse("DROP SCHEMA app CASCADE", SqlDropStatement.class)
            .objectKind);
    }

    @Test
    void alterTable() {
        SqlAlterTableStatement add = parse("ALTER TABLE t ADD COLUMN note VARCHAR(10) DEFAULT 'x'",
            SqlAlterTableStatement.class);
        assertEquals(SqlAlterTableStatement.Action.ADD_COLUMN, add.action);
        assertEquals("NOTE", ((SqlColumnDefinition) add.subject).name.getSimple());
        assertEquals(SqlAlterTableStatement.Action.ADD_COLUMN,
            parse("ALTER TABLE t ADD note INT", SqlAlterTableStatement.class).action);
        SqlAlterTableStatement constraint = parse("ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (id)",
            SqlAlterTableStatement.class);
        assertEquals(SqlAlterTableStatement.Action.ADD_CONSTRAINT, constraint.action);
        assertEquals(SqlAlterTableStatement.Action.DROP_COLUMN,
            parse("ALTER TABLE t DROP COLUMN note", SqlAlterTableStatement.class).action);
        assertEquals(SqlAlterTableStatement.Action.DROP_CONSTRAINT,
            parse("ALTER TABLE t DROP CONSTRAINT fk", SqlAlterTableStatement.class).action);
        SqlAlterTableStatement dropIfExists = parse("ALTER TABLE t DROP COLUMN IF EXISTS note CASCADE",
            SqlAlterTableStatement.class);
        assertTrue(dropIfExists.ifExists && dropIfExists.cascade);
        SqlAlterTableStatement dropBare = parse("alter table t drop note restrict", SqlAlterTableStatement.class);
        assertEquals(SqlAlterTableStatement.Action.DROP_COLUMN, dropBare.action);
        assertFalse(dropBare.ifExists || dropBare.cascade);
        assertTrue(parse("ALTER TABLE t DROP CONSTRAINT IF EXISTS fk", SqlAlterTableStatement.class).ifExists);
    }

    @Test
    void viewsSchemasSequencesTruncate() {
        SqlCreateViewStatement view = parse("CREATE OR REPLACE VIEW v (x, y) AS SELECT a, b FROM t",
            SqlCreateViewStatement.class);
        assertTrue(view.getReplace());
        assertEquals(2, view.columns.size());
        assertInstanceOf(SqlSelect.class, view.query);
        assertTrue(parse("CREATE SCHEMA IF NOT EXISTS app", SqlCreateSchemaStatement.class).ifNotExists);
        SqlCreateSequenceStatement sequence = parse("CREATE SEQUENCE s START WITH 100 INCREMENT BY -1",
            SqlCreateSequenceStatement.class);
        assertEquals("100", sequence.options.start().toString());
        assertEquals("-1", sequence.options.increment().toString());
        SqlCreateSequenceStatement bounded = parse("CREATE SEQUENCE s AS INTEGER START 5 INCREMENT 2 MINVALUE 1 "
            + "MAXVALUE 9 CACHE 20 CYCLE", SqlCreateSequenceStatement.class);
        assertEquals("INTEGER", bounded.options.type().getTypeName().getSimple());
        assertEquals("1", bounded.options.minValue().toString());
        assertEquals("9", bounded.options.maxValue().toString());
        assertTrue(bounded.options.cycle());
        SqlCreateSequenceStatement unbounded = parse("CREATE SEQUENCE s NO MINVALUE NO MAXVALUE NO CYCLE",
            SqlCreateSequenceStatement.class);
        assertNull(unbounded.options.minValue());
        assertFalse(unbounded.options.cycle());
        assertEquals("T", parse("TRUNCATE TABLE t", SqlTruncateStatement.class).tables.get(0).getSimple());
        SqlTruncateStatement plain = parse("TRUNCATE t", SqlTruncateStatement.class);
        assertEquals("T", plain.tables.get(0).getSimple());
        assertFalse(plain.restartIdentity || plain.cascade);
        SqlTruncateStatement all = parse("TRUNCATE TABLE a, s.b RESTART IDENTITY CASCADE", SqlTruncateStatement.class);
        assertEquals(List.of("A", "S.B"), all.tables.stream().map(Object::toString).toList());
        assertTrue(all.restartIdentity && all.cascade);
        assertFalse(parse("TRUNCATE a CONTINUE IDENTITY RESTRICT", SqlTruncateStatement.class).restartIdentity);
        assertInstanceOf(SqlDelete.class, SqlParsing.parse("DELETE FROM t"));
    }

    @Test
    void sequenceValueExpressions() {
        SqlSelect select = parse("SELECT NEXT VALUE FOR s, nextval('s') FROM t", SqlSelect.class);
        assertEquals(SqlKind.NEXT_VALUE, select.getSelectList().get(0).getKind());
        assertEquals("NEXTVAL", ((SqlBasicCall) select.getSelectList().get(1)).getOperator().getName());
    }

    @Test
    void forUpdateWithAndWithoutWhere() {
        for (String sql : List.of(
            "SELECT D_NEXT_O_ID, D_TAX FROM district WHERE D_W_ID = ? AND D_ID = ? FOR UPDATE",
            "SELECT * FROM district FOR UPDATE",
            "SELECT * FROM district d FOR UPDATE",
            "SELECT * FROM t ORDER BY a LIMIT 1 FOR UPDATE")) {
            SqlSelectForUpdate locking = parse(sql, SqlSelectForUpdate.class);
            assertTrue(locking.query.getKind().belongsTo(SqlKind.QUERY), sql);
        }
        assertInstanceOf(SqlSelect.class, SqlParsing.parse("SELECT * FROM district"));
    }

    @Test
    void misspeltKeywordNamesTheWordAndItsPosition() {
        VersoException select = assertThrows(VersoException.class, () -> SqlParsing.parse("SELEC * FROM t"));
        assertEquals("42601", select.sqlState());
        assertTrue(select.getMessage().contains("SELEC") && select.getMessage().contains("line 1, column 1"),
            select.getMessage());
        VersoException create = assertThrows(VersoException.class,
            () -> SqlParsing.parse("CREATE TABEL t (a INT)"));
        assertEquals("42601", create.sqlState());
        assertTrue(create.getMessage().contains("TABEL") && create.getMessage().contains("column 8"),
            create.getMessage());
        VersoException where = assertThrows(VersoException.class,
            () -> SqlParsing.parse("SELECT a FROM t\nWHER a = 1"));
        assertTrue(where.getMessage().contains("line 2, column 6") || where.getMessage().contains("WHER"),
            where.getMessage());
    }

    @Test
    void syntaxErrorsNameTheTokenOrTheEndOfInput() {
        VersoException end = assertThrows(VersoException.class, () -> SqlParsing.parse("SELECT * FROM t WHERE"));
        assertEquals("42601", end.sqlState());
        assertEquals("syntax error at end of input at line 1, column 21", end.getMessage());
        VersoException near = assertThrows(VersoException.class, () -> SqlParsing.parse("SELECT a FROM t ORDER a"));
        assertEquals("42601", near.sqlState());
        assertTrue(near.getMessage().startsWith("syntax error at or near \"a\" at line 1, column 23"),
            near.getMessage());
    }

    @Test
    void aReservedWordUsedAsANameSaysToQuoteIt() {
        VersoException e = assertThrows(VersoException.class,
            () -> SqlParsing.parse("CREATE TABLE t (id INT, timestamp TIMESTAMP)"));
        assertEquals("42601", e.sqlState());
        assertTrue(e.getMessage().contains("TIMESTAMP is a reserved word") && e.getMessage().contains("column 25"),
            e.getMessage());
        VersoException select = assertThrows(VersoException.class,
            () -> SqlParsing.parse("SELECT id, order FROM t"));
        assertTrue(select.getMessage().contains("ORDER is a reserved word"), select.getMessage());
    }

    /**
     * Where no name can stand, a reserved word is not taken for one; where one could, the message says what to do if
     * it was meant as one. Calcite's own wording ("Incorrect syntax near the keyword") is PostgreSQL's too.
     */
    @Test
    void aMisplacedClauseIsNotTakenForAName() {
        VersoException keyword = assertThrows(VersoException.class, () -> SqlParsing.parse("ALTER TABLE t SELECT x"));
        assertEquals("42601", keyword.sqlState());
        assertEquals("syntax error at or near \"SELECT\" at line 1, column 15", keyword.getMessage());
        VersoException clause = assertThrows(VersoException.class, () -> SqlParsing.parse("SELECT 1 WHERE 1 = 1"));
        assertTrue(clause.getMessage().startsWith("syntax error at or near \"WHERE\" at line 1, column 10 (WHERE is a "
            + "reserved word: if it is meant as a name"), clause.getMessage());
    }

    @Test
    void quotedNamesKeepTheirCaseUnquotedAreUpperCased() {
        SqlCreateTableStatement create = parse("CREATE TABLE \"Mixed\" (\"Id\" INT, plain INT)",
            SqlCreateTableStatement.class);
        assertEquals("Mixed", create.name.getSimple());
        assertEquals("Id", column(create, 0).name.getSimple());
        assertEquals("PLAIN", column(create, 1).name.getSimple());
    }

    @Test
    void wordsUsedAsNamesAreNotReserved() {
        for (String word : List.of("value", "name", "key", "type", "status", "data", "count", "year", "month",
            "day", "hour", "minute", "second", "position", "result", "language", "rank", "start", "identity",
            "index", "if", "min", "max", "sum", "avg", "version", "size", "state", "zone", "role", "level")) {
            // "CREATE TABLE if (" would start IF NOT EXISTS: IF is a name everywhere but right after TABLE.
            String table = word.equals("if") ? "t" : word;
            SqlNode create = SqlParsing.parse("CREATE TABLE " + table + " (" + word + " INT, x INT)");
            assertInstanceOf(SqlCreateTableStatement.class, create, word);
            SqlParsing.parse("SELECT " + word + ", t." + word + " FROM t WHERE " + word + " = 1 ORDER BY " + word);
            SqlParsing.parse("INSERT INTO t (" + word + ") VALUES (1)");
            SqlParsing.parse("UPDATE t SET " + word + " = " + word + " + 1 WHERE " + word + " > 0");
        }
    }

    @Test
    void postgresCastOperatorIsAStandardCastThatBindsTightest() {
        SqlSelect select = parse("SELECT -1::INT, a + b::INT, x::VARCHAR(3)::DECIMAL(5, 2), (a + b)::BIGINT FROM t",
            SqlSelect.class);
        List<SqlNode> items = select.getSelectList().getList();
        // -(1::INT): the cast applies to the literal, the sign to the cast
        SqlBasicCall negation = (SqlBasicCall) items.get(0);
        assertEquals(SqlKind.MINUS_PREFIX, negation.getKind());
        assertCast(negation.operand(0), "1", "INTEGER");
        // a + (b::INT)
        SqlBasicCall sum = (SqlBasicCall) items.get(1);
        assertEquals(SqlKind.PLUS, sum.getKind());
        assertEquals("A", ((SqlIdentifier) sum.operand(0)).getSimple());
        assertCast(sum.operand(1), "B", "INTEGER");
        // casts chain from the left
        SqlBasicCall outer = (SqlBasicCall) items.get(2);
        assertCast(outer, "CAST(`X` AS VARCHAR(3))", "DECIMAL(5, 2)");
        assertCast(items.get(3), "`A` + `B`", "BIGINT");
        assertEquals("42601", assertThrows(VersoException.class, () -> SqlParsing.parse("SELECT a:: FROM t")).sqlState());
        assertEquals("42601", assertThrows(VersoException.class, () -> SqlParsing.parse("SELECT a::(1) FROM t")).sqlState());
    }

    /** The node is the standard CAST operator's call, of the operand written {@code operand} to {@code type}. */
    private static void assertCast(SqlNode node, String operand, String type) {
        SqlBasicCall cast = assertInstanceOf(SqlBasicCall.class, node);
        assertEquals(SqlStdOperatorTable.CAST, cast.getOperator());
        assertEquals(operand, cast.operand(0).toString());
        assertEquals(type, cast.operand(1).toString());
    }
}
