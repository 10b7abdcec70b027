package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.LooseCommit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the commits that no ref holds, for the rule that judges reflog expiry and pruning: those
 * only a reflog holds ({@code git log --reflog --not --all}: every ref, the stash tip and the
 * snapshot refs count as holders), and those nothing holds ({@code git fsck --unreachable}, which
 * counts the reflogs and the index as holders, exactly as {@code git prune} does). At most
 * {@link #LIMIT} are read; a rule only needs to know that some exist and which to keep.
 */
final class LooseCommits {

  static final int LIMIT = 2_000;

  private LooseCommits() {}

  static List<LooseCommit> reflogOnly(Path directory) throws IOException {
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty()) {
      return List.of();
    }
    Path where = found.get().commandDirectory();
    BoundedProcess.Result log = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("log",
        "--format=%H%x1f%P%x1f%s", "--max-count=" + LIMIT, "--reflog", "--not", "--all"));
    if (!log.ok()) {
      if (log.stderr().contains("does not have any commits")) {
        return List.of();
      }
      throw new GitRepository.GitReadException("git log --reflog failed in " + where + ": "
          + log.stderr().strip());
    }
    return parse(log.out());
  }

  static List<LooseCommit> unreachable(Path directory) throws IOException {
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty()) {
      return List.of();
    }
    Path where = found.get().commandDirectory();
    BoundedProcess.Result fsck = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("fsck",
        "--unreachable", "--connectivity-only", "--no-progress"));
    // fsck exits non-zero for a broken object as well: its unreachable lines still hold
    List<String> ids = new ArrayList<>();
    for (String line : fsck.out().split("\n")) {
      if (line.startsWith("unreachable commit ")) {
        ids.add(line.substring("unreachable commit ".length()).strip());
        if (ids.size() == LIMIT) {
          break;
        }
      }
    }
    if (ids.isEmpty()) {
      if (!fsck.ok() && fsck.out().isBlank()) {
        throw new GitRepository.GitReadException("git fsck failed in " + where + ": "
            + fsck.stderr().strip());
      }
      return List.of();
    }
    List<String> args = new ArrayList<>(ids.size() + 3);
    args.add("log");
    args.add("--no-walk=unsorted");
    args.add("--format=%H%x1f%P%x1f%s");
    args.addAll(ids);
    BoundedProcess.Result log = GitCli.run(where, GitCli.READ_TIMEOUT, args);
    if (!log.ok()) {
      throw new GitRepository.GitReadException("git log of unreachable commits failed in "
          + where + ": " + log.stderr().strip());
    }
    return parse(log.out());
  }

  /** Lines of {@code id US parents US subject}; a tip is a commit no other one names as parent. */
  static List<LooseCommit> parse(String out) {
    Map<String, String[]> commits = new LinkedHashMap<>();
    for (String line : out.split("\n")) {
      String[] fields = line.split("\u001f", 3);
      if (fields.length == 3 && fields[0].length() >= 40) {
        commits.put(fields[0], fields);
      }
    }
    Set<String> parents = new HashSet<>();
    for (String[] fields : commits.values()) {
      for (String parent : fields[1].split(" ")) {
        if (!parent.isEmpty()) {
          parents.add(parent);
        }
      }
    }
    List<LooseCommit> loose = new ArrayList<>(commits.size());
    for (String[] fields : commits.values()) {
      loose.add(new LooseCommit(fields[0], fields[2], !parents.contains(fields[0])));
    }
    return List.copyOf(loose);
  }
}
