package dev.groundskeeper.api;

import java.util.Objects;

/** One thing a verdict is about: a branch, a path, a worktree, a commit. */
@API(status = API.Status.STABLE)
public record Finding(Kind kind, String subject, String detail) {

  public Finding {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(detail, "detail");
  }

  public static Finding of(Kind kind, String subject) {
    return new Finding(kind, subject, "");
  }

  public enum Kind { BRANCH, PATH, WORKTREE, COMMIT, OTHER }
}
