package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.LooseCommit;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
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

  /**
   * What expiring the entries of {@code refs} (every reflog when empty) older than {@code cutoff}
   * would leave unheld: one walk of every reflog with its entry times, then one rev-list of the
   * expiring entries against every ref and every entry that stays.
   */
  static List<LooseCommit> reflogExpiry(Path directory, List<String> refs, Instant cutoff)
      throws IOException {
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty()) {
      return List.of();
    }
    return expiry(found.get().commandDirectory(), refs, cutoff, false);
  }

  /**
   * What an expiry read from {@code gc.reflogExpire} settings would leave unheld: git exempts the
   * stash's reflog from it unless a {@code gc.<pattern>.reflogExpire} setting applies, which is
   * read here only as "some pattern is set" (then the stash's entries count as expiring).
   */
  static List<LooseCommit> configuredReflogExpiry(Path directory, Instant cutoff)
      throws IOException {
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty()) {
      return List.of();
    }
    Path where = found.get().commandDirectory();
    BoundedProcess.Result patterns = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("config",
        "--get-regexp", "^gc\\..+\\.reflogexpire(unreachable)?$"));
    // exit 1: no such setting; anything else unreadable counts as a setting (stash expiring)
    boolean stashExempt = patterns.exitCode() == 1 && patterns.out().isBlank();
    return expiry(where, List.of(), cutoff, stashExempt);
  }

  /** {@code where}: the repository's command directory, already found. */
  private static List<LooseCommit> expiry(Path where, List<String> refs, Instant cutoff,
      boolean stashExempt) throws IOException {
    Set<String> scope = new HashSet<>();
    for (String ref : refs) {
      scope.add(ref);
      BoundedProcess.Result full = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("rev-parse",
          "--symbolic-full-name", ref));
      if (full.ok() && !full.out().isBlank()) {
        scope.add(full.out().strip());
      }
    }
    BoundedProcess.Result entries = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("log", "-g",
        "--all", "--date=unix", "--format=%H%x1f%gD"));
    if (!entries.ok()) {
      if (entries.stderr().contains("does not have any commits")) {
        return List.of();
      }
      throw new GitRepository.GitReadException("git log -g failed in " + where + ": "
          + entries.stderr().strip());
    }
    StringBuilder input = new StringBuilder();
    boolean any = false;
    for (String line : entries.out().split("\n")) {
      String[] fields = line.split("\u001f", 2);
      int at = fields.length == 2 ? fields[1].lastIndexOf("@{") : -1;
      if (at < 0 || !fields[1].endsWith("}")) {
        continue;
      }
      String ref = fields[1].substring(0, at);
      long time;
      try {
        time = Long.parseLong(fields[1].substring(at + 2, fields[1].length() - 1));
      } catch (NumberFormatException e) {
        time = Long.MIN_VALUE; // an entry whose time cannot be read counts as expiring
      }
      boolean expiring = (refs.isEmpty() || scope.contains(ref))
          && !(stashExempt && ref.equals("refs/stash"))
          && time < cutoff.getEpochSecond();
      any |= expiring;
      input.append(expiring ? "" : "^").append(fields[0]).append('\n');
    }
    if (!any) {
      return List.of();
    }
    BoundedProcess.Result lost = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("rev-list",
        "--no-commit-header", "--format=%H%x1f%P%x1f%s", "--max-count=" + LIMIT, "--stdin",
        "--not", "--all"), java.util.Map.of(),
        input.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    if (!lost.ok()) {
      throw new GitRepository.GitReadException("git rev-list of expiring reflog entries failed"
          + " in " + where + ": " + lost.stderr().strip());
    }
    return parse(lost.out());
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
