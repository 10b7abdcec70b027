package dev.groundskeeper.bench.shell;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.shell.Redirection;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.SimpleCommand;
import dev.groundskeeper.api.shell.Word;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The commands the shell benchmarks time, in one place for the JMH benchmark and the Node peer:
 * {@code main(corpus, out)} writes them with the corpus commands as JSON for the peer.
 */
public final class ShellSamples {

  /** 31 characters: a consumer and its removal. */
  public static final String SHORT = "git commit -F c.txt && rm c.txt";

  /** 120 characters: the typical agent command a rule judges. */
  public static final String TYPICAL = "cd api && git add -A && git commit -qF untracked/scratch/"
      + "commit-4.txt && git push && rm -f untracked/scratch/commit-4.txt";

  /** About 2 KB: a body written through a heredoc, then consumed and removed. */
  public static final String LONG = longHeredoc();

  private ShellSamples() {}

  private static String longHeredoc() {
    StringBuilder body = new StringBuilder();
    int i = 0;
    while (body.length() < 1900) {
      body.append("- step ").append(++i)
          .append(": parse the command, read the facts, judge it; see `docs/rules.md` $HOME\n");
    }
    return "cat > untracked/scratch/pr-7.md <<'EOF'\n## Summary\n" + body
        + "EOF\ngh pr create --title \"feat: shell model\" --body-file untracked/scratch/pr-7.md"
        + " && rm untracked/scratch/pr-7.md";
  }

  /**
   * Parses {@link #LONG} and reads its heredoc body, which the model keeps as offsets into the
   * source until it is read: the parse plus copying the body out. Returns the body's length.
   */
  public static int parseLongAndReadBody() {
    Script script = Shell.parseFresh(LONG);
    for (Redirection r : script.commands().get(0).redirections()) {
      if (r.heredocBody().isPresent()) {
        return r.heredocBody().get().length();
      }
    }
    throw new IllegalStateException("the long sample has no heredoc body");
  }

  /**
   * Parses {@code command} and reads the value and the source of every word of every simple
   * command, as a rule that looked at all of them would: words keep their text as a range of the
   * command until read, so this is the parse plus every copy it put off. Returns the characters
   * read.
   */
  public static int parseAndReadEveryWord(String command) {
    int read = 0;
    for (SimpleCommand c : Shell.parseFresh(command).commands()) {
      for (Word w : c.words()) {
        read += w.value().length() + w.source().length();
      }
    }
    return read;
  }

  /** The commands of the corpus file ({@code ### id}, command lines, {@code ---}, reading). */
  public static List<String> corpus(Path file) throws IOException {
    String[] lines = Files.readString(file, StandardCharsets.UTF_8).split("\n", -1);
    List<String> commands = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith("### ")) {
        continue;
      }
      List<String> command = new ArrayList<>();
      i++;
      while (i < lines.length && !lines[i].equals("---")) {
        command.add(lines[i++]);
      }
      commands.add(String.join("\n", command));
    }
    return commands;
  }

  /** Writes the samples and the corpus commands as JSON: {@code ShellSamples <corpus> <out.json>}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: ShellSamples <corpus.txt> <out.json>");
      System.exit(64);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("short", SHORT);
    out.put("typical", TYPICAL);
    out.put("long", LONG);
    out.put("corpus", corpus(Path.of(args[0])));
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(Path.of(args[1]).toFile(), out);
  }
}
