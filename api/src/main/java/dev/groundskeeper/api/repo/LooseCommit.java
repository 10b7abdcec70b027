package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * A commit that no branch, tag, remote-tracking ref or stash tip holds: only a reflog entry, or
 * nothing at all, keeps it from being pruned. {@code tip} is true when no other loose commit of the
 * same answer has it as a parent, so a branch at each tip keeps them all.
 *
 * @param id the full commit id
 * @param subject the commit's subject line
 * @param tip whether no other loose commit of the answer has it as a parent
 */
@API(status = API.Status.EXPERIMENTAL)
public record LooseCommit(String id, String subject, boolean tip) {

  /**
   * Checks the components.
   *
   * @param id the full commit id
   * @param subject the commit's subject line
   * @param tip whether no other loose commit of the answer has it as a parent
   */
  public LooseCommit {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(subject, "subject");
  }

  /** {@return the abbreviated id, as git shows it by default} */
  public String shortId() {
    return id.length() > 7 ? id.substring(0, 7) : id;
  }
}
