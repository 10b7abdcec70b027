package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged CLI binds SLF4J to its no-operation provider (slf4j-nop): JGit logs through SLF4J,
 * and without a provider SLF4J prints "No SLF4J providers were found" on stderr, where a hook's
 * runner reads it. The library modules ship no binding; embedders choose theirs (README.md).
 */
class LoggingIT {

  private static final Path JAR = Path.of(System.getProperty("groundskeeper.jar"));

  @TempDir
  Path temp;

  @Test
  void verbsThatReadTheRepositoryPrintNoSlf4jWarning() throws Exception {
    Path repo = Git.init(temp.resolve("repo"));
    Git.run(repo, "branch", "feat/x");
    for (List<String> verb : List.of(List.of("sweep"),
        List.of("check", "--", "git", "branch", "-D", "feat/x"))) {
      String err = run(repo, verb);
      assertThat(err).as("stderr of groundskeeper %s", verb).doesNotContain("SLF4J");
    }
  }

  private String run(Path directory, List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString()));
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
    Map<String, String> env = builder.environment();
    env.put("HOME", Files.createDirectories(temp.resolve("home")).toString());
    env.put("XDG_CONFIG_HOME", Files.createDirectories(temp.resolve("xdg")).toString());
    env.put("GROUNDSKEEPER_HOME", Files.createDirectories(temp.resolve("gk")).toString());
    Process process = builder.redirectInput(ProcessBuilder.Redirect.PIPE).start();
    process.getOutputStream().close();
    CompletableFuture<byte[]> out = CompletableFuture.supplyAsync(() -> {
      try {
        return process.getInputStream().readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished").isTrue();
    out.get();
    return err;
  }
}
