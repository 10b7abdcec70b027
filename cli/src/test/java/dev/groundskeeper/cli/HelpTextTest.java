package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Picocli wraps each description entry as one paragraph, so an entry broken by hand in the middle
 * of a sentence prints as a ragged fragment. Every entry must be a whole paragraph.
 */
class HelpTextTest {

  @TempDir
  Path temp;

  @Test
  void everyDescriptionEntryOfEveryVerbIsAWholeParagraph() {
    PrintStream sink = new PrintStream(new ByteArrayOutputStream());
    Invocation invocation = new Invocation(new ByteArrayInputStream(new byte[0]), sink, sink,
        Map.of("HOME", temp.toString()), temp, Clock.systemUTC(), builder -> { },
        dev.groundskeeper.host.PolicyCache.create(), new HostCache());
    List<String> fragments = new ArrayList<>();
    collect(Main.commandLine(invocation), fragments);
    assertThat(fragments).as("description entries that stop mid-sentence").isEmpty();
  }

  private static void collect(CommandLine command, List<String> fragments) {
    for (String entry : command.getCommandSpec().usageMessage().description()) {
      // An indented entry is an example printed as written.
      String line = entry.strip();
      if (!line.isEmpty() && !entry.startsWith(" ") && !line.matches(".*[.:;)!?]$")) {
        fragments.add(command.getCommandSpec().qualifiedName() + ": " + line);
      }
    }
    command.getSubcommands().values().stream().distinct()
        .forEach(sub -> collect(sub, fragments));
  }
}
