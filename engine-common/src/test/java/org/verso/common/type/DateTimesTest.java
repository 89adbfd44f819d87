package org.verso.common.type;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;
import org.verso.common.ErrorCode;
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

    @Test
    void timestampsWithTimeZoneReadOffsetsAndShowTheSessionZone() {
        java.util.TimeZone saved = java.util.TimeZone.getDefault();
        java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("America/New_York"));
        try {
            long noonUtc = DateTimes.toEpochMicros(java.time.Instant.parse("2026-01-15T12:00:00Z"));
            for (String text : java.util.List.of("2026-01-15 12:00:00Z", "2026-01-15T12:00:00z",
                "2026-01-15 14:00:00+02", "2026-01-15 17:30:00+05:30", "2026-01-15 17:30:00+0530",
                "2026-01-15 04:00:00-08", "2026-01-15 07:00:00", " 2026-01-15 07:00 ")) {
                assertEquals(noonUtc, DateTimes.parseTimestampTz(text), text);
            }
            assertEquals(DateTimes.toEpochMicros(java.time.Instant.parse("2026-01-15T05:00:00Z")),
                DateTimes.parseTimestampTz("2026-01-15"), "a date alone: midnight in the session's zone");
            // shown in the session's zone, whose offset changes with daylight saving
            assertEquals("2026-01-15 07:00:00-05", DateTimes.formatTimestampTz(noonUtc));
            assertEquals("2026-07-15 08:00:00.25-04", DateTimes.formatTimestampTz(
                DateTimes.toEpochMicros(java.time.Instant.parse("2026-07-15T12:00:00.250Z"))));
            java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone("Asia/Kolkata"));
            assertEquals("2026-01-15 17:30:00+05:30", DateTimes.formatTimestampTz(noonUtc));
            for (String text : java.util.List.of("2026-01-15 12:00:00+25", "2026-01-15 12:00:00+", "noon")) {
                assertEquals(ErrorCode.INVALID_DATETIME,
                    assertThrows(VersoException.class, () -> DateTimes.parseTimestampTz(text)).code(), text);
            }
        } finally {
            java.util.TimeZone.setDefault(saved);
        }
    }
}
