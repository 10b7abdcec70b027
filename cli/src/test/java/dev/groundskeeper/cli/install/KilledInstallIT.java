package dev.groundskeeper.cli.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 17: {@code groundskeeper install} into Claude Code's user settings, killed with SIGKILL
 * at a random moment as a real process. Whatever the moment, the settings file is the old one
 * byte for byte or the new one whole (every key and hook it had, and Groundskeeper's), every
 * backup beside it is the old file whole, nothing else is left there but the writer's own
 * temporary name, and the next install completes. Two trials in the normal build; {@code -Pslow}
 * runs 40 ({@code groundskeeper.kill.trials}).
 */
class KilledInstallIT {

  private static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));
  private static final int TRIALS = Integer.getInteger("groundskeeper.kill.trials", 2);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String OLD = "{\n  \"theme\": \"dark\",\n  \"hooks\": {\"PreToolUse\": ["
      + "{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"other-tool\"}]}"
      + "]}\n}\n";

  @TempDir
  Path temp;

  @Test
  void anInstallKilledAtAnyMomentLeavesTheSettingsOldOrNewAndTheNextInstallCompletes()
      throws Exception {
    SplittableRandom random = new SplittableRandom(17);
    // how long a whole install takes here: the kills are spread over it
    Path timing = home("timing");
    long started = System.nanoTime();
    Process whole = install(timing);
    assertThat(whole.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(whole.exitValue()).as(log(timing)).isZero();
    long duration = Math.max(300, (System.nanoTime() - started) / 1_000_000L);
    int killed = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
      Path home = home("t" + trial);
      long delay = duration / 5 + random.nextLong(duration - duration / 5 + 1);
      Process install = install(home);
      if (!install.waitFor(delay, TimeUnit.MILLISECONDS)) {
        killed++;
        install.destroyForcibly();
        assertThat(install.waitFor(60, TimeUnit.SECONDS)).isTrue();
      }
      String where = "trial " + trial + " (killed after " + delay + " ms)";
      Path settings = home.resolve(".claude/settings.json");
      String now = Files.readString(settings, StandardCharsets.UTF_8);
      if (!now.equals(OLD)) {
        assertNew(now, where);
      }
      try (Stream<Path> files = Files.list(settings.getParent())) {
        for (Path f : files.toList()) {
          String name = f.getFileName().toString();
          if (name.equals("settings.json")) {
            continue;
          }
          if (name.startsWith("settings.json" + SettingsFile.BACKUP_MARK)) {
            assertThat(Files.readString(f)).as(where + ": backup " + name).isEqualTo(OLD);
          } else {
            // what a killed writer leaves: its temporary file, a name no runner reads
            assertThat(name).as(where).startsWith(".settings.json.")
                .endsWith(".groundskeeper-tmp");
          }
        }
      }
      Process again = install(home);
      assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(again.exitValue()).as(where + ": " + log(home)).isZero();
      assertNew(Files.readString(settings, StandardCharsets.UTF_8), where + ", installed again");
    }
    System.out.printf("KilledInstallIT: %d of %d installs killed before they ended (a whole"
        + " install took %d ms)%n", killed, TRIALS, duration);
  }

  /** The new file: the old keys and hook kept, Groundskeeper's hook added. */
  private static void assertNew(String text, String where) throws IOException {
    JsonNode root = JSON.readTree(text);
    assertThat(root.path("theme").asText()).as(where).isEqualTo("dark");
    List<String> commands = root.path("hooks").path("PreToolUse").findValuesAsText("command");
    assertThat(commands).as(where).contains("other-tool")
        .anySatisfy(c -> assertThat(c).contains("hook --runner claude"));
  }

  private Path home(String name) throws IOException {
    Path home = temp.resolve(name).resolve("home");
    Files.createDirectories(home.resolve(".claude"));
    Files.writeString(home.resolve(".claude/settings.json"), OLD, StandardCharsets.UTF_8);
    return home;
  }

  private static String log(Path home) throws IOException {
    Path log = home.resolveSibling("install.log");
    return Files.exists(log) ? Files.readString(log) : "";
  }

  private Process install(Path home) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString(), "install", "--runner", "claude").directory(home.toFile())
        .redirectErrorStream(true).redirectOutput(home.resolveSibling("install.log").toFile());
    builder.environment().put("HOME", home.toString());
    builder.environment().put("XDG_CONFIG_HOME", home.resolve(".config").toString());
    builder.environment().put("XDG_STATE_HOME", home.resolve(".state").toString());
    builder.environment().put("XDG_CACHE_HOME", home.resolve(".cache").toString());
    builder.environment().put("GROUNDSKEEPER_SERVE", "off");
    return builder.start();
  }
}
