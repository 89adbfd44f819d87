package org.verso.common.type;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.verso.common.SqlState;
import org.verso.common.VersoException;

/** The conversion rules of {@link Values}, in both directions. */
class ValuesTest {
    private static final DataType INT = DataType.of(ValueType.INTEGER);
    private static final DataType SMALL = DataType.of(ValueType.SMALLINT);
    private static final DataType BIG = DataType.of(ValueType.BIGINT);
    private static final DataType MONEY = DataType.decimal(6, 2);
    private static final DataType DATE = DataType.of(ValueType.DATE);
    private static final DataType TIME = DataType.of(ValueType.TIME);
    private static final DataType TIMESTAMP = DataType.of(ValueType.TIMESTAMP);

    private static VersoException fails(String state, Executable action) {
        VersoException e = assertThrows(VersoException.class, action);
        assertEquals(state, e.sqlState(), e.getMessage());
        return e;
    }

    // ---- assignment

    @Test
    void assignmentChecksRangesAndNamesTheColumn() {
        assertEquals((short) 7, Values.assign(7L, SMALL, "S"));
        assertEquals(3, Values.assign(new BigDecimal("2.5"), INT, "N"), "half up");
        assertEquals(-3, Values.assign(-2.5, INT, "N"), "half up, away from zero");
        VersoException e = fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.assign(40_000, SMALL, "S"));
        assertTrue(e.getMessage().contains("S"), e.getMessage());
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.assign(Double.NaN, INT, "N"));
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.assign(1e19, BIG, "N"));
    }

    @Test
    void decimalsRoundHalfUpToTheScaleAndKeepTheirPrecision() {
        assertEquals(new BigDecimal("12.35"), Values.assign(new BigDecimal("12.345"), MONEY, "M"));
        assertEquals(new BigDecimal("-12.35"), Values.assign(new BigDecimal("-12.345"), MONEY, "M"));
        assertEquals(new BigDecimal("7.00"), Values.assign(7, MONEY, "M"));
        assertEquals(new BigDecimal("0.10"), Values.assign(0.1, MONEY, "M"), "a double by its shortest decimal");
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.assign(new BigDecimal("10000"), MONEY, "M"));
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.assign(new BigDecimal("9999.995"), MONEY, "M"));
    }

    @Test
    void stringsKeepTheirLengthAndCharDropsTrailingBlanks() {
        assertEquals("ab", Values.assign("ab   ", DataType.ch(3), "C"));
        assertEquals("ab   ", Values.assign("ab   ", DataType.varchar(5), "V"));
        fails(SqlState.STRING_DATA_RIGHT_TRUNCATION, () -> Values.assign("abcdef", DataType.varchar(5), "V"));
        assertEquals("𝄞𝄞", Values.assign("𝄞𝄞", DataType.varchar(2), "V"), "length counts code points");
        assertEquals("42", Values.assign(42, DataType.varchar(5), "V"));
    }

    @Test
    void binaryValuesArePaddedOrLengthChecked() {
        assertArrayEquals(new byte[] {1, 2, 0, 0}, (byte[]) Values.assign(new byte[] {1, 2}, DataType.binary(4), "B"));
        assertArrayEquals(new byte[] {1, 2}, (byte[]) Values.assign(new byte[] {1, 2}, DataType.varbinary(4), "B"));
        fails(SqlState.STRING_DATA_RIGHT_TRUNCATION,
            () -> Values.assign(new byte[] {1, 2, 3}, DataType.varbinary(2), "B"));
        assertArrayEquals(new byte[] {(byte) 0xca, (byte) 0xfe},
            (byte[]) Values.assign("CAFE", DataType.varbinary(2), "B"), "text is hexadecimal");
    }

    @Test
    void aValueOfNoFittingClassIsADataException() {
        VersoException e = fails(SqlState.DATA_EXCEPTION, () -> Values.assign(true, INT, "N"));
        assertTrue(e.getMessage().contains("N"), e.getMessage());
        fails(SqlState.INVALID_DATETIME_FORMAT, () -> Values.assign("yesterday", DATE, "D"));
    }

    // ---- parameters

    @Test
    void parametersAreNeverRounded() {
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, () -> Values.parameter(1.5, INT));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, () -> Values.parameter("2.5", BIG));
        assertEquals(2, Values.parameter(new BigDecimal("2.000"), INT));
        assertEquals(new BigDecimal("1.005"), Values.parameter(new BigDecimal("1.005"), MONEY), "keeps its scale");
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.parameter(new BigDecimal("12345.6"), MONEY));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST,
            () -> Values.parameter(LocalDateTime.of(2026, 1, 1, 23, 0), DATE));
        assertEquals(20_454, Values.parameter(LocalDateTime.of(2026, 1, 1, 0, 0), DATE));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST,
            () -> Values.parameter(LocalDateTime.of(2026, 1, 1, 12, 0), TIME));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, () -> Values.parameter(new Object(), INT));
    }

    @Test
    void timestampsKeepMicrosecondsAndTruncateNanoseconds() {
        Timestamp ts = Timestamp.valueOf("2024-02-29 23:59:59.123456789");
        long micros = (Long) Values.parameter(ts, TIMESTAMP);
        assertEquals(LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123_456_000), DateTimes.toLocalDateTime(micros));
        assertEquals("2024-02-29 23:59:59.123456", Values.toText(micros, ValueType.TIMESTAMP));
        assertEquals(86_399_999_999L, Values.parameter(LocalTime.of(23, 59, 59, 999_999_999), TIME));
        assertEquals("23:59:59.5", Values.toText(Values.parameter("23:59:59.500", TIME), ValueType.TIME));
    }

    // ---- cast

    @Test
    void castsReadTemporalCountsByTheirSourceType() {
        long micros = DateTimes.toEpochMicros(LocalDateTime.of(2024, 3, 1, 10, 30, 15, 250_000_000));
        assertEquals(DateTimes.toEpochDay(LocalDate.of(2024, 3, 1)), Values.cast(micros, TIMESTAMP, DATE));
        assertEquals(DateTimes.toMicroOfDay(LocalTime.of(10, 30, 15, 250_000_000)),
            Values.cast(micros, TIMESTAMP, TIME));
        assertEquals("10:30:15.25", Values.cast(Values.cast(micros, TIMESTAMP, TIME), TIME, DataType.varchar(20)));
        assertEquals(DateTimes.startOfDay(19_000), Values.cast(19_000, DATE, TIMESTAMP));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, () -> Values.cast(19_000, INT, DATE));
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.cast(new BigDecimal("123456"), INT, MONEY));
        assertEquals("TRUE", Values.cast(true, DataType.of(ValueType.BOOLEAN), DataType.varchar(5)));
    }

    // ---- lookup keys

    @Test
    void keysConvertExactlyOrMatchNothing() {
        assertEquals(Optional.of(7), Values.exactKey(7L, INT));
        assertEquals(Optional.of(2), Values.exactKey(new BigDecimal("2.00"), INT));
        assertEquals(Optional.empty(), Values.exactKey(1.5, INT));
        assertEquals(Optional.empty(), Values.exactKey(5_000_000_000L, INT));
        assertEquals(Optional.of(new BigDecimal("1.50")), Values.exactKey(1.5, MONEY));
        assertEquals(Optional.empty(), Values.exactKey(new BigDecimal("1.005"), MONEY));
        assertEquals(Optional.empty(), Values.exactKey(Double.NaN, MONEY));
        assertEquals(Optional.of("ab"), Values.exactKey("ab  ", DataType.ch(2)));
        assertEquals(Optional.empty(), Values.exactKey("abcdef", DataType.varchar(5)));
        assertEquals(Optional.empty(), Values.exactKey(null, INT));
        assertEquals(Optional.empty(), Values.exactKey("7", INT));
        assertArrayEquals(new byte[] {9, 0},
            (byte[]) Values.exactKey(new byte[] {9}, DataType.binary(2)).orElseThrow());
    }

    // ---- reading

    @Test
    void gettersConvertCanonicalValues() {
        assertEquals(12, Values.toLong(new BigDecimal("12.75"), ValueType.DECIMAL, Integer.MIN_VALUE,
            Integer.MAX_VALUE, "INTEGER"), "truncated toward zero");
        assertEquals(-2, Values.toLong(-2.9, ValueType.DOUBLE, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT"));
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE,
            () -> Values.toLong(5_000_000_000L, ValueType.BIGINT, Integer.MIN_VALUE, Integer.MAX_VALUE, "INTEGER"));
        assertEquals(17, Values.toLong(" 17 ", ValueType.VARCHAR, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT"));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST,
            () -> Values.toLong(19_000, ValueType.DATE, Long.MIN_VALUE, Long.MAX_VALUE, "BIGINT"));
        assertEquals("2022-01-08", Values.toText(19_000, ValueType.DATE));
        assertEquals("12.50", Values.toText(new BigDecimal("12.50"), ValueType.DECIMAL));
        assertEquals("0aff", Values.toText(new byte[] {10, -1}, ValueType.VARBINARY));
        assertEquals(new BigDecimal("0.1"), Values.toBigDecimal(0.1, ValueType.DOUBLE));
        assertTrue(Values.toBoolean(new BigDecimal("0.5"), ValueType.DECIMAL));
        assertFalse(Values.toBoolean("off", ValueType.VARCHAR));
        assertEquals(LocalDate.of(2022, 1, 8), Values.toLocalDate(DateTimes.startOfDay(19_000), ValueType.TIMESTAMP));
        assertEquals(LocalTime.of(12, 0), Values.toLocalTime("2022-01-08 12:00", ValueType.VARCHAR));
        assertEquals(LocalDate.of(2022, 1, 8).atStartOfDay(), Values.toLocalDateTime(19_000, ValueType.DATE));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, () -> Values.toLocalDate(1L, ValueType.TIME));
        fails(SqlState.INVALID_CHARACTER_VALUE_FOR_CAST, () -> Values.toBytes("ab", ValueType.VARCHAR));
        fails(SqlState.NUMERIC_VALUE_OUT_OF_RANGE, () -> Values.toFloat(1e300, ValueType.DOUBLE));
    }

    @Test
    void bytesAreCopiedOutSoTheReaderCannotChangeThem() {
        byte[] stored = {1, 2, 3};
        byte[] read = Values.toBytes(stored, ValueType.VARBINARY);
        read[0] = 9;
        assertEquals(1, stored[0]);
    }
}
