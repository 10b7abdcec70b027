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
}
