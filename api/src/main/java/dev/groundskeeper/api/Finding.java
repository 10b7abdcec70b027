package dev.groundskeeper.api;

import java.util.Objects;

/**
 * One thing a verdict is about: a branch, a path, a worktree, a commit.
 *
 * @param kind what sort of thing
 * @param subject its name (the branch, the path, the commit id)
 * @param detail what about it, for reports; may be empty
 */
@API(status = API.Status.STABLE)
public record Finding(Kind kind, String subject, String detail) {

  /**
   * Checks the components.
   *
   * @param kind what sort of thing
   * @param subject its name (the branch, the path, the commit id)
   * @param detail what about it, for reports; may be empty
   */
  public Finding {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(detail, "detail");
  }

  /**
   * A finding without detail.
   *
   * @param kind what sort of thing
   * @param subject its name
   * @return the finding
   */
  public static Finding of(Kind kind, String subject) {
    return new Finding(kind, subject, "");
  }

  /** What sort of thing a finding is about. */
  public enum Kind {
    /** A branch, by its short name. */
    BRANCH,
    /** A file or directory. */
    PATH,
    /** A worktree, by its directory. */
    WORKTREE,
    /** A commit, by its id. */
    COMMIT,
    /** Anything else. */
    OTHER
  }
}
