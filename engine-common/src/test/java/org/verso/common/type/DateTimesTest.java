package org.verso.common.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;
import org.verso.common.SqlState;
import org.verso.common.VersoException;

class DateTimesTest {
    @Test
    void timestampsAreMicrosecondsOfWallClockTime() {
        LocalDateTime t = LocalDateTime.of(2024, 12, 31, 23, 59, 59, 123_456_000);
        long micros = DateTimes.toEpochMicros(t);
        assertEquals(t, DateTimes.toLocalDateTime(micros));
        assertEquals(1_735_689_599_123_456L, micros);
        assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000), DateTimes.toLocalDateTime(-1));
        assertEquals(-1, DateTimes.epochDayOf(-1));
        assertEquals(86_399_999_999L, DateTimes.microOfDayOf(-1));
    }

    @Test
    void timesAreMicrosecondsOfTheDay() {
        assertEquals(0, DateTimes.toMicroOfDay(LocalTime.MIDNIGHT));
        assertEquals(LocalTime.of(23, 59, 59, 123_456_000), DateTimes.toLocalTime(86_399_123_456L));
        assertEquals("23:59:59.123456", DateTimes.formatTime(86_399_123_456L));
        assertEquals("00:00:01", DateTimes.formatTime(1_000_000));
        assertThrows(VersoException.class, () -> DateTimes.toLocalTime(86_400_000_000L));
    }

    @Test
    void textParsesAndFormats() {
        assertEquals("2024-01-02 03:04:05.06", DateTimes.formatTimestamp(
            DateTimes.toEpochMicros(DateTimes.parseTimestamp("2024-01-02T03:04:05.060"))));
        assertEquals("2024-01-02 00:00:00", DateTimes.formatTimestamp(
            DateTimes.toEpochMicros(DateTimes.parseTimestamp(" 2024-01-02 "))));
        VersoException e = assertThrows(VersoException.class, () -> DateTimes.parseTime("25:00"));
        assertEquals(SqlState.INVALID_DATETIME_FORMAT, e.sqlState());
    }
}
