package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.ForcedPush;
import dev.groundskeeper.api.repo.LooseCommit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads what a forced push would take from a remote branch, as of the last fetch: the commits of
 * its remote-tracking ref that the pushed commit does not contain, less those another ref holds
 * ({@code --not --exclude=<tracking> --all}) and those {@code git cherry} finds a patch-equivalent
 * of in what is pushed (the same work, rebased or amended).
 */
final class ForcedPushes {

  private ForcedPushes() {}

  static ForcedPush read(Path directory, Optional<String> remote, String source,
      Optional<String> destination) throws IOException {
    Optional<GitRepository> found = GitRepositories.forDirectory(directory);
    if (found.isEmpty()) {
      return new ForcedPush(Optional.empty(), 0, List.of());
    }
    Path where = found.get().commandDirectory();
    Optional<String> pushed = line(where, "rev-parse", "--verify", "--quiet", source + "^{commit}");
    if (pushed.isEmpty()) {
      // git refuses a push whose source names no commit ("src refspec … does not match any"),
      // and the remote keeps everything
      return new ForcedPush(Optional.empty(), 0, List.of());
    }
    Optional<String> tracking = tracking(where, remote, source, destination);
    if (tracking.isEmpty()
        || line(where, "rev-parse", "--verify", "--quiet", tracking.get()).isEmpty()) {
      return new ForcedPush(Optional.empty(), 0, List.of());
    }
    String ref = tracking.get();
    String removed = line(where, "rev-list", "--count", ref, "^" + pushed.get()).orElse("0");
    int count = Integer.parseInt(removed.strip());
    if (count == 0) {
      return new ForcedPush(tracking, 0, List.of());
    }
    BoundedProcess.Result log = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("log",
        "--format=%H%x1f%P%x1f%s", "--max-count=" + LooseCommits.LIMIT, ref, "^" + pushed.get(),
        "--not", "--exclude=" + ref, "--all"));
    if (!log.ok()) {
      throw new GitRepository.GitReadException("git log of " + ref + " failed in " + where + ": "
          + log.stderr().strip());
    }
    List<LooseCommit> unheld = LooseCommits.parse(log.out());
    if (unheld.isEmpty()) {
      return new ForcedPush(tracking, count, List.of());
    }
    BoundedProcess.Result cherry = GitCli.run(where, GitCli.READ_TIMEOUT, List.of("cherry",
        pushed.get(), ref));
    if (!cherry.ok()) {
      throw new GitRepository.GitReadException("git cherry failed in " + where + ": "
          + cherry.stderr().strip());
    }
    Set<String> equivalent = new HashSet<>();
    for (String line : cherry.out().split("\n")) {
      if (line.startsWith("- ")) {
        equivalent.add(line.substring(2).strip());
      }
    }
    List<LooseCommit> dropped = new ArrayList<>();
    for (LooseCommit commit : unheld) {
      if (!equivalent.contains(commit.id())) {
        dropped.add(commit);
      }
    }
    return new ForcedPush(tracking, count, dropped);
  }

  /** The remote-tracking ref that stands for the remote branch the push updates. */
  private static Optional<String> tracking(Path where, Optional<String> remote, String source,
      Optional<String> destination) {
    Optional<String> branch = destination.map(d -> d.startsWith("refs/heads/")
        ? d.substring("refs/heads/".length()) : d);
    if (branch.isEmpty()) {
      if (remote.isEmpty() && (source.equals("HEAD") || source.isEmpty())) {
        // a plain `git push`: where push.default sends the current branch
        return line(where, "rev-parse", "--symbolic-full-name", "@{push}")
            .filter(r -> r.startsWith("refs/remotes/"));
      }
      branch = source.equals("HEAD") ? line(where, "symbolic-ref", "-q", "--short", "HEAD")
          : Optional.of(source.startsWith("refs/heads/")
              ? source.substring("refs/heads/".length()) : source);
    }
    if (branch.isEmpty() || branch.get().isEmpty()) {
      return Optional.empty();
    }
    String name = remote.orElseGet(() -> pushRemote(where));
    return Optional.of("refs/remotes/" + name + "/" + branch.get());
  }

  private static String pushRemote(Path where) {
    Optional<String> push = line(where, "rev-parse", "--symbolic-full-name", "@{push}");
    if (push.isPresent() && push.get().startsWith("refs/remotes/")) {
      String rest = push.get().substring("refs/remotes/".length());
      int slash = rest.indexOf('/');
      if (slash > 0) {
        return rest.substring(0, slash);
      }
    }
    return "origin";
  }

  private static Optional<String> line(Path where, String... args) {
    BoundedProcess.Result result = GitCli.run(where, GitCli.READ_TIMEOUT, List.of(args));
    if (!result.ok()) {
      return Optional.empty();
    }
    String out = result.out().strip();
    return out.isEmpty() ? Optional.empty() : Optional.of(out);
  }
}
