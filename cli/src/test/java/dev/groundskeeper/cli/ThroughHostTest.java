package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The CLI holds runner adapters and verbs; it reads repositories and performs effects through
 * the host module. A CLI source that imports the git module, starts a process or locks a file is
 * a runtime piece an embedder would lack.
 *
 * <p>{@link #NOT_YET_MOVED} lists the sources still on the git module directly, each a known
 * remainder of issue 13 (the worktree store verbs, the scratch verbs, the server's socket
 * location); the test also fails when one of them no longer needs the entry, so the list only
 * shrinks.
 */
class ThroughHostTest {

  private static final Path SOURCES = Path.of("src/main/java/dev/groundskeeper/cli");

  private static final Map<String, String> NOT_YET_MOVED = Map.of(
      "install/DoctorCommand.java", "its timed sample call runs the launcher through the git"
          + " module's bounded process runner",
      "serve/SocketLocation.java", "the store's location (another engineer's launcher work)",
      "worktree/Render.java", "prints the store's value types (AddedWorktree, StoreRefusal)",
      "worktree/WorktreeCommand.java", "catches StoreRefusal and prints AddedWorktree; it reads"
          + " and removes only through host's Worktrees");

  private static final Pattern GIT_IMPORT =
      Pattern.compile("^import (static )?dev\\.groundskeeper\\.git\\.[\\w.]+;", Pattern.MULTILINE);
  private static final Pattern EFFECTS = Pattern.compile(
      "new ProcessBuilder|Runtime\\.getRuntime\\(\\)\\.exec|FileChannel|\\.lock\\(\\)|\\.tryLock\\(");

  @Test
  void cliSourcesReachTheGitModuleOnlyThroughTheHost() throws IOException {
    Map<String, Integer> importing = new TreeMap<>();
    TreeSet<String> effecting = new TreeSet<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = SOURCES.relativize(file).toString().replace('\\', '/');
        String text = Files.readString(file);
        Matcher imports = GIT_IMPORT.matcher(text);
        int count = 0;
        while (imports.find()) {
          count++;
        }
        if (count > 0) {
          importing.put(name, count);
        }
        // The server's own socket and single-instance lock are its transport, not an effect on
        // a workspace. (install's settings files are replaced through host's ReplacedFiles.)
        if (!name.startsWith("serve/") && EFFECTS.matcher(text).find()) {
          effecting.add(name);
        }
      }
    }
    assertThat(importing.keySet()).as("CLI sources importing dev.groundskeeper.git")
        .containsExactlyInAnyOrderElementsOf(NOT_YET_MOVED.keySet());
    assertThat(effecting).as("CLI sources that start processes or lock files").isEmpty();
  }
}
