package dev.groundskeeper.examples.forcepush;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example as a user installs it: a jar of its compiled classes handed to
 * {@code groundskeeper --plugin-path … hook}, run as a separate process whose class path lacks the
 * example's own classes, fed a Claude Code PreToolUse payload.
 */
class PluginEndToEndTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path temp;

  private Path repository;
  private Path jar;

  @BeforeEach
  void buildThePluginJarAndARepository() throws Exception {
    jar = jarOf(classesOf(ProtectedForcePush.class), temp.resolve("plugins/example.jar"));
    repository = Files.createDirectories(temp.resolve("work/app"));
    Process init = new ProcessBuilder("git", "init", "-q", "-b", "main", repository.toString())
        .redirectErrorStream(true).start();
    assertThat(init.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(init.exitValue()).as(new String(init.getInputStream().readAllBytes(),
        StandardCharsets.UTF_8)).isZero();
  }

  @Test
  void theHookDeniesAForcePushToMainThroughThePlugin() throws Exception {
    Run run = hook(List.of("--plugin-path", jar.toString()), "git push --force origin main");

    assertThat(run.exit()).as(run.stderr()).isZero();
    JsonNode answer = JSON.readTree(run.stdout());
    JsonNode specific = answer.get("hookSpecificOutput");
    assertThat(specific.get("hookEventName").asText()).isEqualTo("PreToolUse");
    assertThat(specific.get("permissionDecision").asText()).isEqualTo("deny");
    assertThat(specific.get("permissionDecisionReason").asText()).contains(
        "[example.protected-force-push] A force push replaces the history of main on origin: "
            + "commits pushed there since your last fetch would be lost.\n"
            + "Push with a lease: it updates only what you last fetched.\n"
            + "  git push --force-with-lease origin main");
  }

  @Test
  void theLeasedCommandItOffersPassesTheSameHook() throws Exception {
    Run run = hook(List.of("--plugin-path", jar.toString()),
        "git push --force-with-lease origin main");

    assertThat(run.exit()).as(run.stderr()).isZero();
    assertThat(run.stdout()).doesNotContain("example.protected-force-push")
        .doesNotContain("\"deny\"");
  }

  @Test
  void withoutThePluginPathTheRuleIsAbsent() throws Exception {
    Run run = hook(List.of(), "git push --force origin main");

    assertThat(run.exit()).as(run.stderr()).isZero();
    assertThat(run.stdout()).doesNotContain("example.protected-force-push");
  }

  private Run hook(List<String> options, String command) throws Exception {
    List<String> argv = new ArrayList<>(List.of(javaExecutable(), "-cp", classPathWithoutExample(),
        "dev.groundskeeper.cli.Main"));
    argv.addAll(options);
    argv.add("hook");
    ProcessBuilder builder = new ProcessBuilder(argv).directory(repository.toFile());
    Path home = Files.createDirectories(temp.resolve("home"));
    Map<String, String> env = builder.environment();
    env.put("HOME", home.toString());
    env.put("XDG_CONFIG_HOME", home.resolve(".config").toString());
    env.put("GROUNDSKEEPER_HOME", home.resolve(".groundskeeper").toString());
    Process process = builder.start();
    String payload = JSON.writeValueAsString(Map.of(
        "session_id", "e2e",
        "transcript_path", home.resolve("e2e.jsonl").toString(),
        "cwd", repository.toString(),
        "permission_mode", "default",
        "hook_event_name", "PreToolUse",
        "tool_name", "Bash",
        "tool_input", Map.of("command", command, "description", "Push"),
        "tool_use_id", "toolu_e2e"));
    try (OutputStream in = process.getOutputStream()) {
      in.write(payload.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // The process ended before reading its input; its exit status and stderr say why.
    }
    if (!process.waitFor(120, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("groundskeeper hook did not finish within 120 s");
    }
    return new Run(process.exitValue(),
        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
        new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  private record Run(int exit, String stdout, String stderr) {}

  /** The java launcher of the JVM running this test. */
  private static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** This JVM's test class path without the example's own classes and test classes. */
  private static String classPathWithoutExample() throws URISyntaxException {
    Path classes = classesOf(ProtectedForcePush.class);
    Path testClasses = classesOf(PluginEndToEndTest.class);
    String classPath = System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path"));
    List<String> kept = Arrays.stream(classPath.split(File.pathSeparator))
        .filter(entry -> !entry.isBlank())
        .filter(entry -> {
          Path path = Path.of(entry).toAbsolutePath().normalize();
          return !path.equals(classes) && !path.equals(testClasses);
        })
        .toList();
    assertThat(kept).as("the class path still holds the CLI")
        .anyMatch(entry -> entry.contains("cli"));
    assertThat(kept.size()).as("exactly the example's two directories were removed")
        .isEqualTo(Arrays.stream(classPath.split(File.pathSeparator))
            .filter(entry -> !entry.isBlank()).count() - 2);
    return String.join(File.pathSeparator, kept);
  }

  private static Path classesOf(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
        .toAbsolutePath().normalize();
  }

  /** A jar of every file under {@code classes}, services file included. */
  private static Path jarOf(Path classes, Path jar) throws IOException {
    Files.createDirectories(jar.getParent());
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().putValue("Automatic-Module-Name", "dev.groundskeeper.examples");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(classes)) {
      files = walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
    assertThat(files).as("compiled example classes in " + classes)
        .anyMatch(f -> f.endsWith("META-INF/services/dev.groundskeeper.api.RuleProvider"));
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
      for (Path file : files) {
        String name = classes.relativize(file).toString().replace(File.separatorChar, '/');
        out.putNextEntry(new JarEntry(name));
        Files.copy(file, out);
        out.closeEntry();
      }
    }
    return jar;
  }
}
