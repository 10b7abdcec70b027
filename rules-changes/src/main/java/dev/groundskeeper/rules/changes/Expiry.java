package dev.groundskeeper.rules.changes;

import dev.groundskeeper.api.shell.Word;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The expiry dates {@code git reflog expire} takes, read as the instant before which entries go.
 * git's own date reader accepts far more; what is not read here counts as "everything", so a
 * guard that fails closed refuses rather than guesses. A calendar date is read late (its end, or
 * fourteen hours past a time, since the zone git would use is not known): more entries counted
 * as expiring, never fewer.
 */
final class Expiry {

  /** Past every entry: what an expiry that cannot be read is taken to reach. */
  static final Instant EVERYTHING = Instant.parse("9999-12-31T23:59:59Z");

  private static final Pattern RELATIVE = Pattern.compile(
      "(\\d{1,9})[. ]?(second|minute|hour|day|week|month|year)s?(?:[. ]ago)?");
  private static final Map<String, Duration> UNITS = Map.of("second", Duration.ofSeconds(1),
      "minute", Duration.ofMinutes(1), "hour", Duration.ofHours(1), "day", Duration.ofDays(1),
      "week", Duration.ofDays(7), "month", Duration.ofDays(30), "year", Duration.ofDays(365));
  private static final Duration ZONE_MARGIN = Duration.ofHours(14);

  private Expiry() {}

  /**
   * The instant before which {@code value} expires entries, at {@code now}; empty for an expiry
   * that keeps everything ({@code never}, {@code false}).
   */
  static Optional<Instant> cutoff(Word value, Instant now) {
    if (!value.isStatic()) {
      return Optional.of(EVERYTHING);
    }
    String v = value.value().strip().toLowerCase(Locale.ROOT);
    switch (v) {
      case "never", "false" -> {
        return Optional.empty();
      }
      case "now", "all", "0" -> {
        // git's own "now" is when it runs, past every entry whatever the clock fact says
        return Optional.of(EVERYTHING);
      }
      default -> { }
    }
    Matcher relative = RELATIVE.matcher(v);
    if (relative.matches()) {
      long n = Long.parseLong(relative.group(1));
      return Optional.of(now.minus(UNITS.get(relative.group(2)).multipliedBy(n)));
    }
    if (v.matches("@\\d{1,12}")) {
      return Optional.of(Instant.ofEpochSecond(Long.parseLong(v.substring(1))));
    }
    try {
      return Optional.of(LocalDate.parse(v).plusDays(1).atStartOfDay().toInstant(ZoneOffset.UTC)
          .plus(ZONE_MARGIN));
    } catch (DateTimeParseException e) {
      // not a plain date: a date and time, perhaps
    }
    try {
      return Optional.of(LocalDateTime.parse(v.replace(' ', 'T')).toInstant(ZoneOffset.UTC)
          .plus(ZONE_MARGIN));
    } catch (DateTimeParseException e) {
      return Optional.of(EVERYTHING);
    }
  }

  /** The later of two cutoffs (an absent one keeps everything and does not count). */
  static Optional<Instant> later(Optional<Instant> a, Optional<Instant> b) {
    if (a.isEmpty()) {
      return b;
    }
    if (b.isEmpty()) {
      return a;
    }
    return Optional.of(a.get().isAfter(b.get()) ? a.get() : b.get());
  }
}
