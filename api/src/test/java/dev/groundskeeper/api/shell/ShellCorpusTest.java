package dev.groundskeeper.api.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every corpus command reads as its entry says. On a mismatch the whole corpus with the actual
 * readings is written to {@code target/shell-corpus-actual.txt} for review.
 */
class ShellCorpusTest {

  @Test
  void corpusReadsAsExpected() throws IOException {
    List<Corpus.Entry> entries = Corpus.load();
    assertThat(entries).hasSizeGreaterThanOrEqualTo(400);
    List<String> actual = new ArrayList<>();
    List<String> mismatches = new ArrayList<>();
    for (Corpus.Entry e : entries) {
      String reading = Reading.render(Shell.parseFresh(e.command()));
      actual.add(reading);
      if (!reading.equals(e.expected())) {
        mismatches.add("### " + e.id() + "\n" + e.command() + "\n--- expected\n" + e.expected()
            + "\n--- actual\n" + reading);
      }
    }
    if (!mismatches.isEmpty()) {
      Path out = Path.of("target", "shell-corpus-actual.txt");
      Files.createDirectories(out.getParent());
      Files.writeString(out, Corpus.write(entries, actual), StandardCharsets.UTF_8);
    }
    assertThat(mismatches).as("corpus entries whose reading differs (%d); actual readings in "
        + "target/shell-corpus-actual.txt", mismatches.size()).isEmpty();
  }

  @Test
  void corpusCommandsAreDistinct() {
    List<Corpus.Entry> entries = Corpus.load();
    assertThat(entries.stream().map(Corpus.Entry::command).distinct().count())
        .isEqualTo(entries.size());
  }
}
