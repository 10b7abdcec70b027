package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginsTest {

  static final String SERVICES = "META-INF/services/dev.groundskeeper.api.RuleProvider";

  @TempDir
  Path temp;

  static Path jarListing(Path jar, String provider) throws IOException {
    Files.createDirectories(jar.getParent());
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry(SERVICES));
      out.write((provider + "\n").getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }

  @Test
  void aPluginJarsProvidersAreDiscoveredLikeBuiltInOnes() throws IOException {
    Path jar = jarListing(temp.resolve("plugins/flag.jar"), PluginRules.class.getName());
    CliRunner cli = new CliRunner(temp);
    assertThat(cli.run(temp, "rules").output()).doesNotContain("clitestplugin.flag");

    CliRunner.Result listed = cli.run(temp, "--plugin-path", jar.toString(), "rules");
    assertThat(listed.exit()).isZero();
    assertThat(listed.output()).contains("clitestplugin.flag  block   Flags plugin-check.");

    CliRunner.Result checked =
        cli.run(temp, "--plugin-path", jar.toString(), "check", "--", "plugin-check");
    assertThat(checked.exit()).isEqualTo(1);
    assertThat(checked.output()).endsWith("[clitestplugin.flag] the plugin saw it");
  }

  @Test
  void aDirectoryOfJarsAndAnOptionAfterTheVerbWorkToo() throws IOException {
    jarListing(temp.resolve("plugins/flag.jar"), PluginRules.class.getName());
    Files.writeString(temp.resolve("plugins/readme.txt"), "not a jar, not read");
    CliRunner.Result result = new CliRunner(temp).run(temp, "rules", "--plugin-path", "plugins");
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.output()).contains("clitestplugin.flag");
  }

  @Test
  void aMissingPluginPathIsNamed() {
    CliRunner.Result result =
        new CliRunner(temp).run(temp, "--plugin-path", "gone.jar", "rules");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error())
        .isEqualTo("groundskeeper rules: plugin path " + temp.resolve("gone.jar")
            + " does not exist");
  }

  @Test
  void aDirectoryWithoutJarsIsAnError() throws IOException {
    Files.createDirectories(temp.resolve("empty"));
    CliRunner.Result result = new CliRunner(temp).run(temp, "--plugin-path", "empty", "sweep");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error()).isEqualTo("groundskeeper sweep: plugin directory "
        + temp.resolve("empty") + " holds no .jar files");
  }

  @Test
  void aFileThatIsNotAJarIsAnError() throws IOException {
    Files.writeString(temp.resolve("fake.jar"), "hello");
    CliRunner.Result result = new CliRunner(temp).run(temp, "--plugin-path", "fake.jar", "rules");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error()).startsWith("groundskeeper rules: plugin " + temp.resolve("fake.jar")
        + " is not a readable jar: ").doesNotContain("\n");
  }

  @Test
  void aBrokenProviderEntryNamesTheProvider() throws IOException {
    Path jar = jarListing(temp.resolve("broken.jar"), "com.example.Missing");
    CliRunner.Result result = new CliRunner(temp).run(temp, "--plugin-path", jar.toString(),
        "check", "--", "ls");
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.error()).isEqualTo("groundskeeper check: rule provider com.example.Missing"
        + " failed to load: the service entry is broken: dev.groundskeeper.api.RuleProvider:"
        + " Provider com.example.Missing not found");
  }

  @Test
  void inTheHookAPluginErrorIsOneLineAndTheOtherRulesStillJudge() throws IOException {
    Path jar = jarListing(temp.resolve("broken.jar"), "com.example.Missing");
    String payload = "{\"session_id\":\"s\",\"cwd\":\"" + temp + "\",\"hook_event_name\":"
        + "\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}";
    CliRunner.Result result = new CliRunner(temp).withInput(temp, payload, "--plugin-path",
        jar.toString(), "hook");
    // exit 1 would read to the runner as "the hook failed, go ahead" with every guard off
    assertThat(result.exit()).isZero();
    assertThat(result.err()).isEqualTo("groundskeeper hook: a rule plugin could not be loaded:"
        + " rule provider com.example.Missing failed to load: the service entry is broken:"
        + " dev.groundskeeper.api.RuleProvider: Provider com.example.Missing not found;"
        + " judged on the embedded defaults\n");
  }
}
