package dev.groundskeeper.git;

import java.io.IOException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * A revision walk whose commits carry the marks of one inventory pass, so that a whole history is
 * classified in place without side maps. Traversals are our own (explicit stacks), which lets a
 * pass stop at marked commits and count what it visits against the scan bound.
 */
final class MarkedWalk extends RevWalk {

  MarkedWalk(ObjectReader reader) {
    super(reader);
    setRetainBody(false);
  }

  @Override
  protected RevCommit createCommit(AnyObjectId id) {
    return new Marked(id);
  }

  @Override
  protected RevCommit createCommit(AnyObjectId id, int graphPosition) {
    return new Marked(id);
  }

  Marked commit(AnyObjectId id) throws IOException {
    return (Marked) parseCommit(id);
  }

  /** Parses the headers of {@code c}; false when the object is missing (a shallow boundary). */
  boolean headers(Marked c) throws IOException {
    try {
      parseHeaders(c);
      return true;
    } catch (MissingObjectException e) {
      return false;
    }
  }

  static final class Marked extends RevCommit {
    static final int UNSET = -1;

    /** Position on the primary default tip's first-parent chain whose ancestry first holds it. */
    int position = UNSET;
    /** On the primary's first-parent chain itself. */
    boolean onChain;
    /** Reachable from the secondary default tip but not from the primary. */
    boolean secondary;
    /** Bit j: reachable from integration line j (outside the default's ancestry). */
    long lines;
    /** The pass (branch) that last visited it, so per-branch walks need no visited set. */
    int stamp;
    /** The last fork-point walk that reached it (see {@code BranchAnalyzer.Reach}). */
    int reach;

    Marked(AnyObjectId id) {
      super(id);
    }

    boolean inPrimary() {
      return position != UNSET;
    }

    boolean inDefault() {
      return position != UNSET || secondary;
    }

    Marked parent(int i) {
      return (Marked) getParent(i);
    }
  }
}
