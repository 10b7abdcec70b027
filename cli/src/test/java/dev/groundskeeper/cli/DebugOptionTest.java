package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code --debug} prints the stack trace of a failing rule or plugin, or of an internal error,
 * on standard error; without it every message is words only, no exception's name.
 */
class DebugOptionTest {

  @TempDir
  Path temp;

  @Test
  void aFailingRulesStackTraceComesOnlyWithDebug() {
    CliRunner cli = new CliRunner(temp);

    CliRunner.Result plain = cli.run(temp, "check", "--", "explode");
    assertThat(plain.exit()).isEqualTo(1);
    assertThat(plain.err()).isEmpty();

    CliRunner.Result debug = cli.run(temp, "check", "--debug", "--", "explode");
    assertThat(debug.exit()).isEqualTo(1);
    assertThat(debug.out()).isEqualTo(plain.out());
    assertThat(debug.err()).startsWith("groundskeeper check: rule clitest.fragile failed:\n"
        + "java.lang.IllegalStateException: boom\n")
        .contains("\tat dev.groundskeeper.cli.TestRules$Fragile.evaluate(");

    assertThat(cli.run(temp, "--debug", "check", "--", "explode").err())
        .as("before the verb too").contains("TestRules$Fragile.evaluate(");
  }

  @Test
  void anInternalErrorIsWordsWithoutDebugAndItsTraceWithIt() {
    CliRunner broken = CliRunner.withPolicy(temp, builder -> {
      throw new IllegalStateException("kaput");
    });

    CliRunner.Result plain = broken.run(temp, "sweep");
    assertThat(plain.exit()).isEqualTo(2);
    assertThat(plain.error()).isEqualTo("groundskeeper sweep: internal error: kaput (--debug"
        + " prints its stack trace)");

    CliRunner.Result debug = broken.run(temp, "sweep", "--debug");
    assertThat(debug.exit()).isEqualTo(2);
    assertThat(debug.err()).startsWith("groundskeeper sweep: internal error: kaput\n"
        + "java.lang.IllegalStateException: kaput\n").contains("\tat ");
  }

  @Test
  void aBrokenPluginsTraceComesWithDebug() throws IOException {
    Path jar = PluginsTest.jarListing(temp.resolve("broken.jar"), "com.example.Missing");
    CliRunner cli = new CliRunner(temp);

    CliRunner.Result plain = cli.run(temp, "--plugin-path", jar.toString(), "check", "--", "ls");
    assertThat(plain.exit()).isEqualTo(2);
    assertThat(plain.error()).doesNotContain("\tat ").doesNotContain("\n");

    CliRunner.Result debug = cli.run(temp, "--debug", "--plugin-path", jar.toString(), "check",
        "--", "ls");
    assertThat(debug.exit()).isEqualTo(2);
    assertThat(debug.err()).startsWith(plain.error() + "\n")
        .contains("ServiceConfigurationError").contains("\tat ");
  }

  /**
   * Every option of every verb that converts its value (a number, a path, a duration, a choice)
   * refuses a value it cannot convert in words: picocli names the exception of a converter that
   * throws anything but its own conversion exception.
   */
  @Test
  void noOptionsConverterPrintsAnExceptionsName() {
    List<String> lines = new ArrayList<>();
    for (List<String> option : typedOptions()) {
      List<String> args = new ArrayList<>(option);
      args.add("bad\u0000value");
      CliRunner.Result result = new CliRunner(temp).run(temp, args.toArray(String[]::new));
      lines.add(String.join(" ", option) + " -> " + result.error());
      assertThat(result.exit()).as(String.join(" ", args)).isEqualTo(option.get(0)
          .equals("hook") ? 1 : 2);
      assertThat(result.error()).as(String.join(" ", option))
          .contains("Invalid value").doesNotContain("Exception").doesNotContain("java.");
    }
    assertThat(lines).as("the options tried").isNotEmpty()
        .anySatisfy(line -> assertThat(line).startsWith("serve --idle-timeout"))
        .anySatisfy(line -> assertThat(line).startsWith("check --cwd"));
  }

  /** The verb and option name of each option whose value is neither text nor a switch. */
  private List<List<String>> typedOptions() {
    java.io.PrintStream sink = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
    Invocation invocation = new Invocation(java.io.InputStream.nullInputStream(), sink, sink,
        Map.of("HOME", temp.toString()), temp, java.time.Clock.systemUTC(), builder -> { },
        dev.groundskeeper.host.PolicyCache.create(), new HostCache());
    List<List<String>> found = new ArrayList<>();
    collect(Main.commandLine(invocation), new ArrayList<>(), found);
    return found;
  }

  private static void collect(CommandLine command, List<String> path, List<List<String>> found) {
    for (OptionSpec option : command.getCommandSpec().options()) {
      Class<?> type = option.typeInfo().isCollection() || option.typeInfo().isOptional()
          ? option.typeInfo().getAuxiliaryTypes()[0] : option.type();
      if (option.arity().max() == 0 || option.inherited() || type == String.class
          || option.hidden()) {
        continue;
      }
      List<String> line = new ArrayList<>(path);
      line.add(option.longestName());
      found.add(line);
    }
    command.getSubcommands().forEach((name, sub) -> {
      if (sub.getCommandName().equals(name)) {
        List<String> deeper = new ArrayList<>(path);
        deeper.add(name);
        collect(sub, deeper, found);
      }
    });
  }
}
