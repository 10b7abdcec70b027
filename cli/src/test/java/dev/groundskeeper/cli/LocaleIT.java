package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged hook judges branch names by their bytes in any locale. The JVM decodes file names
 * by the locale: in the C locale every byte past ASCII, and in a UTF-8 locale every byte that is
 * not UTF-8, read as U+FFFD, so the ref behind {@code é-work} (or {@code $'raw/\x9bx'}) was no
 * branch the command named, and its deletion of unpushed work was allowed unjudged. The answer is
 * ASCII JSON, so no locale turns the name it prints into another.
 */
class LocaleIT {

  private static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));

  @TempDir
  Path temp;

  private Path repo;

  @BeforeEach
  void setUp() throws IOException {
    repo = Git.init(temp.resolve("repo"));
    String tree = Git.run(repo, "rev-parse", "main^{tree}").strip();
    for (String name : List.of("refs/heads/$(printf '\\303\\251')-work",
        "refs/heads/raw/$(printf '\\233')x")) {
      // a commit of its own for each (the same message and time would make one commit)
      String commit = Git.run(repo, "commit-tree", tree, "-p", "main", "-m", "work of " + name)
          .strip();
      TestProcesses.run(repo, Map.of(), "sh", "-c",
          "git update-ref \"" + name + "\" " + commit);
    }
  }

  @Test
  void unpushedBranchesWithNamesPastAsciiAreRefusedInTheCAndAUtf8Locale() throws Exception {
    for (String locale : List.of("C", "C.UTF-8")) {
      for (String command : List.of("git branch -D \u00e9-work", "git branch -D $'raw/\\x9bx'")) {
        byte[] answer = hook(locale, command);
        String where = command + " with LC_ALL=" + locale;
        for (byte b : answer) {
          assertThat(b).as(where + ": the answer is ASCII").isBetween((byte) 0, (byte) 0x7f);
        }
        JsonNode output = Json.MAPPER.readTree(answer).path("hookSpecificOutput");
        assertThat(output.path("permissionDecision").asText()).as(where).isEqualTo("deny");
        assertThat(output.path("permissionDecisionReason").asText()).as(where)
            .contains(command.endsWith("work") ? "branch \u00e9-work at" : "branch raw/\\x9bx at");
      }
    }
    assertThat(Git.run(repo, "for-each-ref", "--format=%(refname)", "refs/heads/")).contains(
        "refs/heads/\u00e9-work");
  }

  private byte[] hook(String locale, String command) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString(), "hook", "--runner", "claude")).directory(repo.toFile());
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(name -> name.startsWith("LC_") || name.equals("LANG"));
    env.put("LC_ALL", locale);
    env.put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    env.put("XDG_CONFIG_HOME", Files.createDirectories(temp.resolve("xdg")).toString());
    env.put("GROUNDSKEEPER_HOME", Files.createDirectories(temp.resolve("gk")).toString());
    Process process = builder.start();
    String payload = Json.compact(Json.object().put("session_id", "s")
        .put("cwd", repo.toString()).put("hook_event_name", "PreToolUse")
        .put("tool_name", "Bash").set("tool_input", Json.object().put("command", command)));
    process.getOutputStream().write(payload.getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().close();
    CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
      try {
        return process.getErrorStream().readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    byte[] out = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();
    assertThat(process.exitValue()).as(new String(err.get(), StandardCharsets.UTF_8)).isZero();
    return out;
  }
}
