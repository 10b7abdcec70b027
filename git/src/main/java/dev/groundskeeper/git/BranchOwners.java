package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.BranchOwnership;
import dev.groundskeeper.api.repo.BranchProvenance;
import dev.groundskeeper.api.repo.BranchTip;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Reads {@link dev.groundskeeper.api.repo.BranchOwnership}: the branch records from the config,
 * the author of each tip commit (one commit parsed per distinct tip, no history walked), and the
 * remote copies from the tips already read.
 */
final class BranchOwners {

  private BranchOwners() {}

  static BranchOwnership read(Repository repository, List<BranchTip> tips) throws IOException {
    Config config = repository.getConfig();
    Optional<String> identity = identity(config);
    Map<String, BranchOwnership.Owner> owners = new HashMap<>();
    Map<String, Optional<String>> authors = new HashMap<>();
    try (RevWalk walk = new RevWalk(repository)) {
      walk.setRetainBody(true);
      for (BranchTip tip : tips) {
        Optional<String> localAuthor = tip.localTip().flatMap(id -> author(walk, id, authors));
        Optional<String> remoteAuthor = tip.remoteTip().flatMap(id -> author(walk, id, authors));
        Optional<String> author = localAuthor.or(() -> remoteAuthor);
        BranchOwnership.Basis basis;
        if (recorded(config, tip.name())) {
          basis = BranchOwnership.Basis.RECORDED;
        } else if (identity.isPresent() && (mine(localAuthor, identity.get())
            || mine(remoteAuthor, identity.get()))) {
          basis = BranchOwnership.Basis.AUTHORED;
        } else if (tip.remoteTip().isEmpty()) {
          basis = BranchOwnership.Basis.ONLY_HERE;
        } else {
          basis = BranchOwnership.Basis.OTHERS;
        }
        owners.put(tip.name(), new BranchOwnership.Owner(basis, author));
      }
    }
    return new BranchOwnership(identity, owners);
  }

  /**
   * The configured identity: {@code user.email} of the repository's configuration (with the
   * user's and the system's). Not {@code GIT_AUTHOR_EMAIL}: this process may serve many callers
   * (the warm server), so its own environment says nothing about the caller's; and not git's
   * guess from the account and host name, which names a machine rather than a person. Without
   * {@code user.email} no branch is this clone's by authorship.
   */
  static Optional<String> identity(Config config) {
    String email = config.getString("user", null, "email");
    return email == null || email.isBlank() ? Optional.empty() : Optional.of(email.strip());
  }

  private static boolean recorded(Config config, String name) {
    return config.getString(ConfigConstants.CONFIG_BRANCH_SECTION, name,
        BranchProvenance.CREATOR_KEY) != null
        || config.getStringList(ConfigConstants.CONFIG_BRANCH_SECTION, name,
            BranchProvenance.TOUCHED_BY_KEY).length > 0;
  }

  private static boolean mine(Optional<String> author, String identity) {
    return author.filter(email -> BranchOwnership.sameEmail(email, identity)).isPresent();
  }

  private static Optional<String> author(RevWalk walk, String id,
      Map<String, Optional<String>> authors) {
    return authors.computeIfAbsent(id, key -> {
      try {
        RevCommit commit = walk.parseCommit(ObjectId.fromString(key));
        PersonIdent ident = commit.getAuthorIdent();
        return ident == null || ident.getEmailAddress() == null ? Optional.empty()
            : Optional.of(ident.getEmailAddress());
      } catch (MissingObjectException | org.eclipse.jgit.errors.IncorrectObjectTypeException e) {
        return Optional.empty(); // a ref to a missing or non-commit object has no author
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
  }
}
