package dev.groundskeeper.git.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.rules.worktree.MergePolicy;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The forge's read-only answer about pull requests, asked once per run through {@code gh} with
 * the person's own identity. Any failure (gh missing, not signed in, no GitHub remote, no answer
 * in time) means no forge: the history alone judges and the run says so once.
 */
final class Forge {

  static final String UNREACHABLE_NOTE = "no forge reachable (gh missing, not signed in, no"
      + " GitHub remote, or no answer in time); merged was judged from the history alone";
  private static final Duration BOUND = Duration.ofSeconds(15);
  private static final int LIMIT = 500;

  private final boolean reachable;
  private final Map<String, MergePolicy.Forge> byBranch;

  private Forge(boolean reachable, Map<String, MergePolicy.Forge> byBranch) {
    this.reachable = reachable;
    this.byBranch = byBranch;
  }

  static Forge unreachable() {
    return new Forge(false, Map.of());
  }

  /** Asks {@code gh pr list} once from the checkout; {@code gh} is taken from {@code PATH}. */
  static Forge ask(Path checkout, Map<String, String> environment) {
    Optional<Path> gh = onPath("gh", environment.getOrDefault("PATH", ""));
    if (gh.isEmpty()) {
      return unreachable();
    }
    Processes.Result result;
    try {
      result = Processes.run(List.of(gh.get().toString(), "pr", "list", "--state", "all",
          "--limit", String.valueOf(LIMIT), "--json", "number,state,headRefName,headRefOid"),
          checkout, BOUND, Map.of("GH_PROMPT_DISABLED", "1"));
    } catch (Processes.ProcessFailure e) {
      return unreachable();
    }
    if (!result.ok()) {
      return unreachable();
    }
    try {
      return parse(result.out());
    } catch (IOException | RuntimeException e) {
      return unreachable();
    }
  }

  static Forge parse(String json) throws IOException {
    JsonNode array = new ObjectMapper().readTree(json);
    if (array == null || !array.isArray()) {
      throw new IOException("gh did not answer with a list");
    }
    Map<String, MergePolicy.Forge> answers = new HashMap<>();
    for (JsonNode pr : array) {
      String branch = pr.path("headRefName").asText("");
      String state = pr.path("state").asText("");
      MergePolicy.Forge known = answers.getOrDefault(branch, MergePolicy.Forge.NO_PULL_REQUEST);
      boolean open = known.openPullRequest() || state.equals("OPEN");
      Optional<String> mergedHead = known.mergedHead();
      Optional<Integer> number = known.mergedNumber();
      if (state.equals("MERGED") && mergedHead.isEmpty()) {
        mergedHead = Optional.of(pr.path("headRefOid").asText("")).filter(s -> !s.isEmpty());
        number = Optional.of(pr.path("number").asInt());
      }
      answers.put(branch, new MergePolicy.Forge(true, open, mergedHead, number));
    }
    return new Forge(true, answers);
  }

  boolean reachable() {
    return reachable;
  }

  MergePolicy.Forge about(String branch) {
    if (!reachable) {
      return MergePolicy.Forge.UNREACHABLE;
    }
    return byBranch.getOrDefault(branch, MergePolicy.Forge.NO_PULL_REQUEST);
  }

  private static Optional<Path> onPath(String program, String path) {
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, program);
      if (java.nio.file.Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
