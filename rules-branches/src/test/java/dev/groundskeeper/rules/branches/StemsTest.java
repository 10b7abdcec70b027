package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StemsTest {

  @ParameterizedTest
  @CsvSource({
      "fix-login, fix-login",
      "Fix-Login, fix-login",
      "fix-login-2, fix-login",
      "fix-login_v2, fix-login",
      "fix-login-r3, fix-login",
      "fix-login-retry, fix-login",
      "fix-login-retry2, fix-login",
      "fix-login-again, fix-login",
      "fix-login-redo, fix-login",
      "fix-login-copy, fix-login",
      "fix-login-bak, fix-login",
      "fix-login-backup, fix-login",
      "fix-login-orig, fix-login",
      "fix-login-old, fix-login",
      "fix-login-new, fix-login",
      "fix-login-new-2-retry, fix-login",
      "worktree-fix-login-1a2b3c4d, fix-login",
      "agent-fix-login, fix-login",
      "origin/fix-login, fix-login",
      "worktree-agent-fix-login, fix-login",
      "fix-login-123, fix-login-123",
      "fix-login-v, fix-login-v",
      "fix-login-1a2b3c4, fix-login-1a2b3c4",
      "plan-00558, plan-00558",
      "release-10, release"
  })
  void stems(String name, String stem) {
    assertThat(Stems.stem(name, "origin")).isEqualTo(stem);
  }

  @Test
  void theRemotePrefixIsTheConfiguredRemote() {
    assertThat(Stems.stem("upstream/fix", "upstream")).isEqualTo("fix");
    assertThat(Stems.stem("upstream/fix", "origin")).isEqualTo("upstream/fix");
  }

  @Test
  void numberTokensAreTwoToFiveDigitsAndIssueNumbers() {
    assertThat(Stems.numberTokens("plan-00558-phase-2", "origin")).containsExactly("558");
    assertThat(Stems.numberTokens("fix-123-and-45678", "origin")).containsExactly("123", "45678");
    assertThat(Stems.numberTokens("issue-7-login", "origin")).containsExactly("7");
    assertThat(Stems.numberTokens("gh-1234567", "origin")).containsExactly("1234567");
    assertThat(Stems.numberTokens("build-123456", "origin")).isEmpty();
    assertThat(Stems.numberTokens("fix-1a2b3c4d", "origin")).isEmpty();
    assertThat(Stems.numberTokens("v2-fix", "origin")).isEmpty();
    assertThat(Stems.numberTokens("origin/12-fix", "origin")).containsExactly("12");
  }

  @Property
  void theStemIsIdempotent(@ForAll("names") String name) {
    String stem = Stems.stem(name, "origin");
    assertThat(Stems.stem(stem, "origin")).isEqualTo(stem);
  }

  @Property
  void addingARetrySuffixKeepsTheStem(@ForAll("names") String name,
      @ForAll("suffixes") String suffix) {
    assertThat(Stems.stem(name + suffix, "origin")).isEqualTo(Stems.stem(name, "origin"));
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> word = Arbitraries.strings().withChars("abcdefxyz0123456789").ofMinLength(1)
        .ofMaxLength(9);
    Arbitrary<String> separator = Arbitraries.of("-", "_", "/");
    Arbitrary<String> prefix = Arbitraries.of("", "worktree-", "agent-", "origin/",
        "agent-worktree-", "Worktree-");
    Arbitrary<String> piece = Combinators.combine(separator, word).as(String::concat);
    return Combinators.combine(prefix, word, piece.list().ofMaxSize(4),
        suffixes().list().ofMaxSize(3))
        .as((p, w, pieces, suffixes) -> p + w + String.join("", pieces)
            + String.join("", suffixes));
  }

  @Provide
  Arbitrary<String> suffixes() {
    return Arbitraries.of("-2", "_3", "-r4", "-v12", "-orig", "-old", "-new", "-retry",
        "-retry3", "-again", "-redo", "-copy", "-bak", "-backup", "-deadbeef", "_0a1b2c3d");
  }
}
