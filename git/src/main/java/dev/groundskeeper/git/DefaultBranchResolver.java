package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.DefaultBranch;
import dev.groundskeeper.api.repo.RepositorySettings;
import java.util.Optional;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;

/**
 * The default branch: the configured name, else ({@code auto}) the remote's HEAD, then a local
 * {@code main}, then a local {@code master}, then, in a repository with no local branch yet, the
 * branch {@code HEAD} names (a fresh {@code git init}: its first commit will make that branch).
 */
final class DefaultBranchResolver {

  private DefaultBranchResolver() {}

  /**
   * The default branch, or empty with {@code why} filled when none can be found;
   * {@code headBranch} is the branch {@code HEAD} names, if it names one.
   */
  static Optional<DefaultBranch> resolve(RepositorySettings settings, RefSnapshot refs,
      Optional<String> headBranch, StringBuilder why) {
    String remote = settings.remote();
    if (!settings.defaultBranch().equals(RepositorySettings.AUTO)) {
      String name = settings.defaultBranch();
      DefaultBranch found = branch(name, remote, refs, DefaultBranch.Source.CONFIGURED);
      if (found.localTip().isEmpty() && found.remoteTip().isEmpty()) {
        why.append("the configured default branch '").append(name)
            .append("' exists neither as refs/heads/").append(name)
            .append(" nor as refs/remotes/").append(remote).append('/').append(name);
        return Optional.empty();
      }
      return Optional.of(found);
    }
    String remoteHead = Constants.R_REMOTES + remote + "/" + Constants.HEAD;
    Optional<String> target = refs.symbolicTarget(remoteHead);
    String remotePrefix = Constants.R_REMOTES + remote + "/";
    if (target.isPresent() && target.get().startsWith(remotePrefix)) {
      String name = target.get().substring(remotePrefix.length());
      DefaultBranch found = branch(name, remote, refs, DefaultBranch.Source.REMOTE_HEAD);
      if (found.localTip().isPresent() || found.remoteTip().isPresent()) {
        return Optional.of(found);
      }
    }
    if (refs.get(Constants.R_HEADS + "main").isPresent()) {
      return Optional.of(branch("main", remote, refs, DefaultBranch.Source.LOCAL_MAIN));
    }
    if (refs.get(Constants.R_HEADS + "master").isPresent()) {
      return Optional.of(branch("master", remote, refs, DefaultBranch.Source.LOCAL_MASTER));
    }
    if (headBranch.isPresent() && !refs.anyUnder(Constants.R_HEADS)) {
      return Optional.of(branch(headBranch.get(), remote, refs, DefaultBranch.Source.UNBORN_HEAD));
    }
    why.append("no default branch: ").append(remoteHead).append(" is not set and neither main nor ")
        .append("master exists locally; name it in the configuration (branches.default)");
    return Optional.empty();
  }

  private static DefaultBranch branch(String name, String remote, RefSnapshot refs, DefaultBranch.Source source) {
    return new DefaultBranch(name,
        refs.get(Constants.R_HEADS + name).map(ObjectId::name),
        refs.get(Constants.R_REMOTES + remote + "/" + name).map(ObjectId::name),
        source);
  }
}
