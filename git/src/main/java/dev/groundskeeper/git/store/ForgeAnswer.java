package dev.groundskeeper.git.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.groundskeeper.api.API;
import dev.groundskeeper.git.BoundedProcess;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The forge's read-only answer about pull requests, asked once per run through
 * {@code gh pr list} with the person's own identity. Any failure (gh missing, not signed in, no
 * GitHub remote, an answer that is not a list, no answer in time) means no forge: the history
 * alone judges, and the caller says so once.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class ForgeAnswer {

  /** How long one {@code gh pr list} may take before the forge counts as unreachable. */
  public static final Duration DEFAULT_BOUND = Duration.ofSeconds(15);
  /** The pull requests asked for: the most recent ones, merged, open or closed. */
  static final int LIMIT = 500;
  static final List<String> FIELDS = List.of("number", "state", "headRefName", "headRefOid");

  private final Optional<String> unreachable;
  private final Map<String, Branch> byBranch;

  private ForgeAnswer(Optional<String> unreachable, Map<String, Branch> byBranch) {
    this.unreachable = unreachable;
    this.byBranch = Map.copyOf(byBranch);
  }

  /**
   * What the forge knows of one branch's pull requests.
   *
   * @param open one of them is open
   * @param mergedHead the head commit of the most recent merged one, as the forge recorded it
   * @param mergedNumber that pull request's number
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Branch(boolean open, Optional<String> mergedHead, Optional<Integer> mergedNumber) {
    /** A branch without pull requests. */
    public static final Branch NONE = new Branch(false, Optional.empty(), Optional.empty());

    /**
     * Neither optional may be null.
     *
     * @param open one of them is open
     * @param mergedHead the head commit of the most recent merged one, as the forge recorded it
     * @param mergedNumber that pull request's number
     */
    public Branch {
      Objects.requireNonNull(mergedHead, "mergedHead");
      Objects.requireNonNull(mergedNumber, "mergedNumber");
    }
  }

  static ForgeAnswer unreachable(String why) {
    return new ForgeAnswer(Optional.of(why), Map.of());
  }

  /**
   * Asks {@code gh pr list} once from {@code checkout}; {@code gh} is looked for on the
   * {@code PATH} of {@code environment} and runs with that environment's home and configuration.
   */
  static ForgeAnswer ask(Path checkout, Map<String, String> environment, Duration bound) {
    Optional<Path> gh = onPath("gh", environment.getOrDefault("PATH", ""));
    if (gh.isEmpty()) {
      return unreachable("gh is not on PATH");
    }
    List<String> command = new java.util.ArrayList<>(List.of(gh.get().toString(), "pr", "list",
        "--state", "all", "--limit", String.valueOf(LIMIT), "--json", String.join(",", FIELDS)));
    Map<String, String> env = new HashMap<>();
    for (String name : List.of("HOME", "XDG_CONFIG_HOME", "PATH", "GH_TOKEN", "GITHUB_TOKEN",
        "GH_HOST", "GH_CONFIG_DIR", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN")) {
      Optional.ofNullable(environment.get(name)).ifPresent(value -> env.put(name, value));
    }
    env.put("GH_PROMPT_DISABLED", "1");
    env.put("GH_NO_UPDATE_NOTIFIER", "1");
    BoundedProcess.Result result;
    try {
      result = Processes.run(command, checkout, bound, env);
    } catch (BoundedProcess.Failure e) {
      return unreachable(e.getMessage());
    }
    if (result.exitCode() == 4) {
      return unreachable("gh is not signed in");
    }
    if (!result.ok()) {
      String said = result.stderr().lines().findFirst().orElse("no message");
      return unreachable("gh pr list failed (exit " + result.exitCode() + "): " + said);
    }
    try {
      return parse(result.out());
    } catch (IOException | RuntimeException e) {
      return unreachable("gh pr list answered with something other than a list of pull"
          + " requests");
    }
  }

  static ForgeAnswer parse(String json) throws IOException {
    JsonNode array = new ObjectMapper().readTree(json);
    if (array == null || !array.isArray()) {
      throw new IOException("gh did not answer with a list");
    }
    Map<String, Branch> answers = new HashMap<>();
    // gh lists the most recent first; the first merged one names the head that counts.
    for (JsonNode pr : array) {
      String branch = pr.path("headRefName").asText("");
      String state = pr.path("state").asText("");
      Branch known = answers.getOrDefault(branch, Branch.NONE);
      boolean open = known.open() || state.equals("OPEN");
      Optional<String> mergedHead = known.mergedHead();
      Optional<Integer> number = known.mergedNumber();
      if (state.equals("MERGED") && mergedHead.isEmpty()) {
        mergedHead = Optional.of(pr.path("headRefOid").asText("")).filter(s -> !s.isEmpty());
        number = pr.path("number").isInt() ? Optional.of(pr.path("number").asInt())
            : Optional.empty();
      }
      answers.put(branch, new Branch(open, mergedHead, number));
    }
    return new ForgeAnswer(Optional.empty(), answers);
  }

  /** {@return whether the forge answered} */
  public boolean reachable() {
    return unreachable.isEmpty();
  }

  /**
   * Why the forge could not be asked; empty when it answered.
   *
   * @return why not, or empty when it answered
   */
  public Optional<String> unreachableBecause() {
    return unreachable;
  }

  /**
   * {@return the branch's pull requests; {@link Branch#NONE} when it has none or the forge is away}
   *
   * @param branch the branch's short name
   */
  public Branch about(String branch) {
    return byBranch.getOrDefault(branch, Branch.NONE);
  }

  private static Optional<Path> onPath(String program, String path) {
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
