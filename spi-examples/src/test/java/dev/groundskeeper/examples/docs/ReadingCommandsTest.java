package dev.groundskeeper.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.shell.Argv;
import dev.groundskeeper.api.shell.GitCommand;
import dev.groundskeeper.api.shell.GitPush;
import dev.groundskeeper.api.shell.Refspec;
import dev.groundskeeper.api.shell.Script;
import dev.groundskeeper.api.shell.Shell;
import dev.groundskeeper.api.shell.Word;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How docs/writing-rules.md reads a command with the shared shell model. */
class ReadingCommandsTest {

  @Test
  void forcedPushesOfAScript() {
    String command = "cd app && git -C sub push -uf origin 'main' || echo failed";
    List<String> forced = new ArrayList<>();
    Facts facts = Facts.none();                    // a rule uses the facts it is given
    // snippet: shell
    Script script = Shell.parse(command, facts);   // never throws; parsed once per evaluation
    if (!script.complete()) {
      // script.problems() says what could not be read: answer COULD_NOT_JUDGE, never ALLOW
    }
    for (GitCommand git : script.gitCommands()) {  // git as git reads its argv
      if (git.is("push") && git.arguments().has("--force", "-f")) {   // -uf counts as -f
        for (Word operand : git.arguments().operands()) {
          forced.add(operand.value());             // quotes removed: origin, main
        }
      }
    }
    // end snippet

    assertThat(script.complete()).isTrue();
    assertThat(forced).containsExactly("origin", "main");
    Argv arguments = script.gitCommands().get(0).arguments();
    assertThat(arguments.all("-f").get(0).word().source()).isEqualTo("-uf");
  }

  @Test
  void theRefspecsOfAPush() {
    String command = "git push origin +feat:refs/heads/main v1.0";
    Facts facts = Facts.none();
    List<String> updated = new ArrayList<>();
    // snippet: push
    for (GitPush push : GitPush.in(Shell.parse(command, facts))) {
      for (Refspec refspec : push.refspecs()) {   // +feat:refs/heads/main, v1.0
        // forced() is the +; source() feat; destination() refs/heads/main; branch() main
        refspec.branch().ifPresent(updated::add);
      }
      push.forced();                              // --force, -f, --mirror or a +refspec
      push.forcedBranches(List.of("main", "release/*"), facts); // Optional.of([main])
      push.withLease();                           // git push --force-with-lease origin ...
    }
    // end snippet

    GitPush push = GitPush.in(Shell.parse(command)).get(0);
    assertThat(updated).containsExactly("main", "v1.0");
    assertThat(push.refspecs().get(0)).isEqualTo(new Refspec(push.refspecs().get(0).word(), true,
        "feat", "refs/heads/main"));
    assertThat(push.forced()).isTrue();
    assertThat(push.forcedBranches(List.of("main", "release/*"), facts)).contains(List.of("main"));
    assertThat(push.withLease())
        .isEqualTo("git push --force-with-lease origin feat:refs/heads/main v1.0");
  }
}
