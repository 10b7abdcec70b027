package dev.groundskeeper.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What HookFuzzTest found, each as the smallest payload that shows it: a field that only
 * describes the call (the session, the transcript) missing, of another type or holding a NUL
 * made the whole payload unusable, so the hook exited 1 and every runner ran the `git branch -D`
 * of unpushed work it carried. Now the call is judged and refused.
 */
class HookFuzzFindingsTest {

  @TempDir
  Path temp;

  private Path repo;
  private CliRunner cli;

  @BeforeEach
  void setUp() {
    repo = LossRepository.create(temp.resolve("repo"));
    cli = CliRunner.builtInRulesOnly(temp);
  }

  private void refused(FuzzRunner runner, Consumer<ObjectNode> change) {
    ObjectNode payload = runner.command(repo, "git branch -D feat/x", new Random(1));
    change.accept(payload);
    CliRunner.Result result = cli.withInput(repo, Json.compact(payload), "hook", "--runner",
        runner.name);
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(runner.denies(FuzzRunner.object(result.output(), result.err()))).as(result.out())
        .isTrue();
    assertThat(Git.run(repo, "branch", "--list", "feat/x")).contains("feat/x");
  }

  private static String session(FuzzRunner runner) {
    return runner == FuzzRunner.CURSOR ? "conversation_id" : "session_id";
  }

  @ParameterizedTest
  @EnumSource(FuzzRunner.class)
  void aSessionIdOfAnotherTypeStillGetsTheCallJudged(FuzzRunner runner) {
    refused(runner, payload -> payload.put(session(runner), 42));
    refused(runner, payload -> payload.putArray(session(runner)).add("s"));
  }

  @ParameterizedTest
  @EnumSource(FuzzRunner.class)
  void aMissingSessionIdStillGetsTheCallJudged(FuzzRunner runner) {
    refused(runner, payload -> payload.remove(session(runner)));
  }

  @ParameterizedTest
  @EnumSource(FuzzRunner.class)
  void aTranscriptPathThatIsNoPathStillGetsTheCallJudged(FuzzRunner runner) {
    refused(runner, payload -> payload.put("transcript_path", "/tmp/a\u0000b.jsonl"));
  }
}
