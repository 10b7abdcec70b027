package dev.groundskeeper.git;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.groundskeeper.api.repo.WorktreeStatus;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The one {@code -z} splitter that the v1 and v2 status parsers and the overwrite check share:
 * what each of them reads from it is pinned here on hand-made outputs, so that a change to the
 * splitter shows up as a change of any one reader's result.
 */
class StatusFieldsTest {

  private static byte[] z(String text) {
    return text.replace('|', '\0').getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void everyFieldEndsWithANulAndWhatFollowsTheLastIsNoField() {
    assertThat(StatusParser.fields(new byte[0])).isEmpty();
    assertThat(StatusParser.fields(z("a|b c||d|tail"))).containsExactly("a", "b c", "", "d");
    assertThat(StatusParser.fields(z("|"))).containsExactly("");
    assertThat(StatusParser.fields(z("no nul at all"))).isEmpty();
  }

  @Test
  void fieldsAreUtf8() {
    assertThat(StatusParser.fields(z("Ünïcode/日本.txt|"))).containsExactly("Ünïcode/日本.txt");
  }

  @Test
  void v1ReadsRenamesWithTheirSourceAndDropsATail() {
    WorktreeStatus status = StatusParser.parse(
        z("R  new.txt|old.txt| M mod.txt|?? new dir/u.txt|!! build/out|AM both.txt|?? cut"));
    assertThat(status.staged()).containsExactly("new.txt", "both.txt");
    assertThat(status.modified()).containsExactly("mod.txt", "both.txt");
    assertThat(status.untracked()).containsExactly("new dir/u.txt");
    assertThat(status.ignored()).containsExactly("build/out");
  }

  @Test
  void v2ReadsTheSameShapeAndItsIds() {
    String head = "1".repeat(40);
    String index = "2".repeat(40);
    StatusV2.Parsed parsed = StatusV2.parse(z(
        "1 .M N... 100644 100644 100644 " + head + " " + index + " mod file.txt|"
        + "2 R. N... 100644 100644 100644 " + head + " " + index + " R100 new.txt|old.txt|"
        + "? u.txt|! build/out|"));
    assertThat(parsed.status().staged()).containsExactly("new.txt");
    assertThat(parsed.status().modified()).containsExactly("mod file.txt");
    assertThat(parsed.status().untracked()).containsExactly("u.txt");
    assertThat(parsed.status().ignored()).containsExactly("build/out");
    assertThat(parsed.entries()).extracting(StatusV2.Entry::path, StatusV2.Entry::origPath)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("mod file.txt", ""),
            org.assertj.core.groups.Tuple.tuple("new.txt", "old.txt"));
    assertThat(parsed.entries().get(0).headId()).isEqualTo(head);
    assertThat(parsed.entries().get(1).indexId()).isEqualTo(index);
  }

  @Test
  void anEmptyFieldIsNoStatusEntry() {
    assertThatThrownBy(() -> StatusParser.parse(z("|"))).isInstanceOf(
        IllegalArgumentException.class);
    assertThatThrownBy(() -> StatusV2.parse(z("|"))).isInstanceOf(
        IllegalArgumentException.class);
  }
}
