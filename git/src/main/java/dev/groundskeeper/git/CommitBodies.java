package dev.groundskeeper.git;

import dev.groundskeeper.api.repo.ParkMarker;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * Messages and dates of single commits (tips, park candidates), read through a walk that keeps
 * bodies, apart from the history walk that does not.
 */
final class CommitBodies implements AutoCloseable {

  private final RevWalk walk;

  CommitBodies(ObjectReader reader) {
    this.walk = new RevWalk(reader);
    walk.setRetainBody(true);
  }

  RevCommit commit(AnyObjectId id) throws IOException {
    return walk.parseCommit(id);
  }

  Instant committed(AnyObjectId id) throws IOException {
    return commit(id).getCommitterIdent().getWhenAsInstant();
  }

  /** An empty commit: one parent and the parent's tree. */
  boolean isEmpty(AnyObjectId id) throws IOException {
    RevCommit c = commit(id);
    if (c.getParentCount() != 1) {
      return false;
    }
    RevCommit parent = walk.parseCommit(c.getParent(0));
    return parent.getTree().equals(c.getTree());
  }

  /** An empty commit carrying a park or unpark trailer: not work, never counted. */
  boolean isParkBookkeeping(AnyObjectId id) throws IOException {
    if (!isEmpty(id)) {
      return false;
    }
    Trailers trailers = Trailers.parse(commit(id).getFullMessage());
    return trailers.has(ParkMarker.REASON_TRAILER) || trailers.has(ParkMarker.BY_TRAILER)
        || trailers.has(ParkMarker.UNPARKED_TRAILER);
  }

  /** The park marker when {@code tip} is a park commit (and not an unpark commit). */
  Optional<ParkMarker> parkMarker(AnyObjectId tip) throws IOException {
    if (!isEmpty(tip)) {
      return Optional.empty();
    }
    RevCommit c = commit(tip);
    Trailers trailers = Trailers.parse(c.getFullMessage());
    if (trailers.has(ParkMarker.UNPARKED_TRAILER)) {
      return Optional.empty();
    }
    return trailers.last(ParkMarker.REASON_TRAILER).map(reason -> new ParkMarker(reason,
        trailers.last(ParkMarker.BY_TRAILER).orElse(""),
        c.getCommitterIdent().getWhenAsInstant(), c.name()));
  }

  @Override
  public void close() {
    walk.close();
  }
}
