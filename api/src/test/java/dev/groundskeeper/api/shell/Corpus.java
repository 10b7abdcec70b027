package dev.groundskeeper.api.shell;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The realistic command corpus in {@code src/test/resources/shell/corpus.txt}. */
final class Corpus {

  record Entry(String id, String command, String expected) {}

  private Corpus() {}

  static List<Entry> load() {
    try (InputStream in = Corpus.class.getResourceAsStream("/shell/corpus.txt")) {
      if (in == null) {
        throw new IllegalStateException("shell/corpus.txt is missing from the test resources");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Entry> parse(String text) {
    List<Entry> entries = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    int i = 0;
    while (i < lines.length) {
      if (!lines[i].startsWith("### ")) {
        i++;
        continue;
      }
      String id = lines[i].substring(4).trim();
      i++;
      List<String> command = new ArrayList<>();
      while (i < lines.length && !lines[i].equals("---")) {
        command.add(lines[i++]);
      }
      i++;
      List<String> expected = new ArrayList<>();
      while (i < lines.length && !lines[i].startsWith("### ")) {
        expected.add(lines[i++]);
      }
      while (!expected.isEmpty() && expected.get(expected.size() - 1).isBlank()) {
        expected.remove(expected.size() - 1);
      }
      entries.add(new Entry(id, String.join("\n", command), String.join("\n", expected)));
    }
    return entries;
  }

  static String write(List<Entry> entries, List<String> readings) {
    StringBuilder out = new StringBuilder();
    out.append("# Realistic agent commands with their expected readings, checked by ShellCorpusTest.\n")
        .append("# Each entry: '### <id>', the command (any number of lines), '---', the reading.\n")
        .append("# Reading: 'cmd <operator> <assignments> <words> <redirections>  in <nesting>  @<dir>'\n")
        .append("# then writes / consumes / creates / deletes / removes-worktree / evacuates / problem.\n")
        .append("# '%' marks a word that is not static; '·' the first command; quoted values use Java escapes.\n\n");
    for (int i = 0; i < entries.size(); i++) {
      out.append("### ").append(entries.get(i).id()).append('\n')
          .append(entries.get(i).command()).append("\n---\n")
          .append(readings.get(i)).append("\n\n");
    }
    return out.toString();
  }
}
