package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * A commit that no branch, tag, remote-tracking ref or stash tip holds: only a reflog entry, or
 * nothing at all, keeps it from being pruned. {@code tip} is true when no other loose commit of the
 * same answer has it as a parent, so a branch at each tip keeps them all.
 */
@API(status = API.Status.EXPERIMENTAL)
public record LooseCommit(String id, String subject, boolean tip) {

  public LooseCommit {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(subject, "subject");
  }

  /** The abbreviated id, as git shows it by default. */
  public String shortId() {
    return id.length() > 7 ? id.substring(0, 7) : id;
  }
}
