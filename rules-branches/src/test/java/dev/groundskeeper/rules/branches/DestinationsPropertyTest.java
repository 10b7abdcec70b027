package dev.groundskeeper.rules.branches;

import static org.assertj.core.api.Assertions.assertThat;

import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.repo.WorktreeStatus;
import dev.groundskeeper.testkit.Events;
import dev.groundskeeper.testkit.RuleTester;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever the destination's name and depth, a patch saved before its branch is destroyed is
 * refused exactly when git keeps no history of the destination, and the refusal says which kind.
 */
class DestinationsPropertyTest {

  @Property
  void onlyDestinationsOutsideHistoryMakeAnEvacuation(@ForAll("relative") String path,
      @ForAll Destinations.Kind kind) {
    Repo repo = Repo.create();
    repo.branch("feature");
    String target = switch (kind) {
      case TRACKED -> {
        repo.files(path);
        yield path;
      }
      case UNTRACKED -> {
        repo.status("/repo", new WorktreeStatus(List.of(), List.of(), List.of(path), List.of()))
            .files(path);
        yield path;
      }
      case IGNORED -> {
        String top = path.substring(0, path.indexOf('/') + 1);
        repo.status("/repo", new WorktreeStatus(List.of(), List.of(), List.of(),
            List.of(top.isEmpty() ? path : top)));
        yield path;
      }
      case NEW -> path;
      case GIT_DIRECTORY -> ".git/" + path;
      case OUTSIDE -> "/tmp/" + path;
      case UNKNOWN -> "\"$OUT/" + path + "\"";
    };
    var verdict = RuleTester.of(new BranchRules(), BranchesConfig.DEFAULTS, EvacuationRule.ID)
        .withFacts(repo.facts())
        .given(Events.command("git diff main..feature > " + target + " && git branch -D feature"))
        .verdict();
    if (kind.outsideHistory()) {
      assertThat(verdict.outcome()).isEqualTo(Outcome.DENY);
      assertThat(verdict.reason()).contains("(" + kind.words + ")", BranchPrinciple.TEXT);
    } else {
      assertThat(verdict.outcome()).isEqualTo(Outcome.ALLOW);
    }
  }

  @Provide
  Arbitrary<String> relative() {
    Arbitrary<String> segment = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1)
        .ofMaxLength(6);
    return segment.list().ofMinSize(1).ofMaxSize(3)
        .map(parts -> String.join("/", parts) + ".patch");
  }
}
