package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Our trailer block against {@code git interpret-trailers --parse} on the same messages. */
class TrailersTest {

  @TempDir Path temp;

  private static final List<String> MESSAGES = List.of(
      "Park x\n\nParked-Reason: waiting for review\nParked-By: bob\n",
      "Parked-Reason: the title is never a trailer block\n",
      "Park x\n\nSome prose here.\nParked-Reason: mixed block without a git trailer\n",
      "Park x\n\nSome prose here.\nParked-Reason: mixed block\nSigned-off-by: A <a@b>\n",
      "Park x\n\nParked-Reason: first paragraph\n\nClosing prose.\n",
      "Park x\n\nParked-Reason: a reason\n  that continues\nParked-By: bob\n",
      "Park x\n\nParked-Reason : spaced separator\n",
      "Park x\n\nParked-Reason: before a patch\n---\n a.txt | 1 +\n",
      "Park x\n\nbody\n\nnot: a trailer because\nthis line is prose\n",
      "Unpark x\n\nUnparked: bob\n");

  @Test
  void readsTheBlockGitReads() throws IOException {
    TestRepo repo = TestRepo.init(temp, "trailers");
    for (String message : MESSAGES) {
      String git = new String(repo.gitBytes(message.getBytes(StandardCharsets.UTF_8),
          "interpret-trailers", "--parse"), StandardCharsets.UTF_8);
      List<String> expected = git.lines().toList();
      List<String> ours = Trailers.parse(message).all().stream()
          .map(t -> t.key() + ": " + t.value()).toList();
      assertThat(ours).as(message).isEqualTo(expected);
    }
  }

  @Test
  void keysCompareWithoutCaseAndTheLastValueWins() {
    Trailers trailers = Trailers.parse("t\n\nparked-reason: one\nParked-Reason: two\n");
    assertThat(trailers.last("Parked-Reason")).contains("two");
    assertThat(trailers.has("PARKED-REASON")).isTrue();
    assertThat(trailers.has("Parked-By")).isFalse();
  }
}
