package dev.groundskeeper.git.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** The one redaction pass the notes archive and the decision log share. */
class RedactorTest {

  /** Three of worktrees.redaction_patterns' defaults (git does not depend on rules-worktree). */
  private static final Redactor DEFAULTS = Redactor.of(List.of(
      Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{36,255}\\b"),
      Pattern.compile("\\bAKIA[0-9A-Z]{16}\\b"),
      Pattern.compile("(?i)\\b(?:api[_-]?key|secret|token|password)\\s*[:=]\\s*['\"]?"
          + "[A-Za-z0-9_\\-/+=.]{12,}")));

  @Test
  void aUrlPasswordIsReplacedAndTheUserKept() {
    assertThat(DEFAULTS.redact("git clone https://alice:s3cr3t-pass@example.com/r.git"))
        .isEqualTo("git clone https://alice:[REDACTED]@example.com/r.git");
    assertThat(DEFAULTS.redact("git remote add o ssh://git@example.com/r.git"))
        .isEqualTo("git remote add o ssh://git@example.com/r.git");
    assertThat(DEFAULTS.redact("see https://example.com/a:b@c"))
        .isEqualTo("see https://example.com/a:b@c");
  }

  @Test
  void configuredPatternsAreReplaced() {
    String token = "ghp_" + "a".repeat(36);
    assertThat(DEFAULTS.redact("curl -H 'Authorization: token " + token + "' x"))
        .isEqualTo("curl -H 'Authorization: token [REDACTED]' x");
    assertThat(DEFAULTS.redact("export AWS=AKIAABCDEFGHIJKLMNOP"))
        .isEqualTo("export AWS=[REDACTED]");
    assertThat(DEFAULTS.redact("git status")).isEqualTo("git status");
    assertThat(Redactor.of(List.of()).redact("x https://u:p@h y")).isEqualTo(
        "x https://u:[REDACTED]@h y");
  }

  @Property(tries = 200)
  void redactedTextHoldsNoSecretAndRedactingAgainChangesNothing(
      @ForAll("withSecrets") String text) {
    String once = DEFAULTS.redact(text);
    assertThat(DEFAULTS.holdsSecret(once)).isFalse();
    assertThat(DEFAULTS.redact(once)).isEqualTo(once);
  }

  @Provide
  Arbitrary<String> withSecrets() {
    Arbitrary<String> plain = Arbitraries.strings().withChars("abc -/:@=.").ofMaxLength(12);
    Arbitrary<String> secret = Arbitraries.oneOf(
        Arbitraries.strings().alpha().numeric().ofLength(36).map(s -> "ghp_" + s),
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8)
            .map(s -> "https://user:" + s + "@host/x"),
        Arbitraries.strings().numeric().ofLength(16).map(s -> "AKIA" + s),
        Arbitraries.strings().alpha().ofMinLength(12).ofMaxLength(20).map(s -> "password=" + s));
    return Arbitraries.oneOf(plain, secret).list().ofMaxSize(6)
        .map(parts -> String.join(" ", parts));
  }
}
