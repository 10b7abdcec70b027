package dev.groundskeeper.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessEnvironmentTest {

  private static final Map<String, String> SERVER = Map.of("HOME", "/h", "PATH", "/bin",
      "LANG", "C.UTF-8", "GIT_CONFIG_GLOBAL", "/dev/null", "SSH_TTY", "/dev/pts/1");

  @Test
  void variablesEachCallBringsNeverDecline() {
    Map<String, String> caller = Map.of("HOME", "/h", "PATH", "/bin", "LANG", "C.UTF-8",
        "GIT_CONFIG_GLOBAL", "/dev/null", "CLAUDE_PROJECT_DIR", "/p", "CLAUDECODE", "1",
        "GROUNDSKEEPER_SESSION_MODE", "scratch", "GROUNDSKEEPER_HOME", "/gk", "PWD", "/p");
    assertThat(ProcessEnvironment.firstDifference(caller, SERVER)).isEmpty();
  }

  @Test
  void aProcessWideVariableSetOnOneSideOnlyOrToAnotherValueDeclinesByName() {
    Map<String, String> lcAll = Map.of("HOME", "/h", "PATH", "/bin", "LANG", "C.UTF-8",
        "GIT_CONFIG_GLOBAL", "/dev/null", "LC_ALL", "C");
    assertThat(ProcessEnvironment.firstDifference(lcAll, SERVER)).hasValue("LC_ALL");
    Map<String, String> noGit = Map.of("HOME", "/h", "PATH", "/bin", "LANG", "C.UTF-8");
    assertThat(ProcessEnvironment.firstDifference(noGit, SERVER)).hasValue("GIT_CONFIG_GLOBAL");
    Map<String, String> otherHome = Map.of("HOME", "/elsewhere", "PATH", "/bin", "LANG",
        "C.UTF-8", "GIT_CONFIG_GLOBAL", "/dev/null");
    assertThat(ProcessEnvironment.firstDifference(otherHome, SERVER)).hasValue("HOME");
  }

  /** The launcher sends exactly the variables the server lets a hook read, by name and family. */
  @Test
  void theLauncherForwardsTheSameVariablesTheServerKeeps() throws java.io.IOException {
    String launcher = java.nio.file.Files.readString(java.nio.file.Path.of("../bin/groundskeeper"));
    java.util.regex.Matcher names = java.util.regex.Pattern
        .compile("(?m)^forward_names=\" (.*) \"$").matcher(launcher);
    java.util.regex.Matcher prefixes = java.util.regex.Pattern
        .compile("(?m)^forward_prefixes=\"(.*)\"$").matcher(launcher);
    assertThat(names.find()).isTrue();
    assertThat(prefixes.find()).isTrue();
    assertThat(java.util.List.of(names.group(1).split(" ")))
        .containsExactlyElementsOf(ProcessEnvironment.FORWARDED);
    assertThat(java.util.List.of(prefixes.group(1).split(" ")))
        .containsExactlyElementsOf(ProcessEnvironment.FORWARDED_PREFIXES);
    // and so does the compiled hook client the launcher hands calls to
    String client = java.nio.file.Files.readString(
        java.nio.file.Path.of("src/main/c/hook-client.c"));
    assertThat(quoted(client, "FORWARD_NAMES")).containsExactlyElementsOf(
        ProcessEnvironment.FORWARDED);
    assertThat(quoted(client, "FORWARD_PREFIXES")).containsExactlyElementsOf(
        ProcessEnvironment.FORWARDED_PREFIXES);
    // and so does the bench's client that times the server without a process between calls
    String bench = java.nio.file.Files.readString(java.nio.file.Path.of(
        "../bench/src/main/java/dev/groundskeeper/bench/engine/ServeLoopMain.java"));
    assertThat(listed(bench, "NAMES")).containsExactlyElementsOf(ProcessEnvironment.FORWARDED);
    assertThat(listed(bench, "PREFIXES")).containsExactlyElementsOf(
        ProcessEnvironment.FORWARDED_PREFIXES);
    // every variable the server compares with its own is sent, but the JVM options (with any of
    // them set the launcher does not call the server)
    ProcessEnvironment.NAMES.stream()
        .filter(name -> !name.endsWith("_OPTIONS"))
        .forEach(name -> assertThat(ProcessEnvironment.isForwarded(name)).as(name).isTrue());
    assertThat(ProcessEnvironment.isForwarded("CLAUDE_PROJECT_DIR")).isFalse();
    assertThat(ProcessEnvironment.isForwarded("GIT_AUTHOR_NAME")).isTrue();
  }

  /** The strings of the Java constant {@code name = List.of(...)} in {@code source}, in order. */
  private static java.util.List<String> listed(String source, String name) {
    java.util.regex.Matcher list = java.util.regex.Pattern
        .compile("\\b" + name + " = List\\.of\\(([^)]*)\\)").matcher(source);
    assertThat(list.find()).as(name).isTrue();
    return strings(list.group(1));
  }

  private static java.util.List<String> strings(String text) {
    java.util.regex.Matcher strings = java.util.regex.Pattern.compile("\"([^\"]*)\"")
        .matcher(text);
    java.util.List<String> values = new java.util.ArrayList<>();
    while (strings.find()) {
      values.add(strings.group(1));
    }
    return values;
  }

  /** The strings of the C array {@code name} in {@code source}, in order. */
  private static java.util.List<String> quoted(String source, String name) {
    java.util.regex.Matcher array = java.util.regex.Pattern
        .compile("\\b" + name + "\\[\\] = \\{([^}]*)\\}").matcher(source);
    assertThat(array.find()).as(name).isTrue();
    return strings(array.group(1));
  }
}
