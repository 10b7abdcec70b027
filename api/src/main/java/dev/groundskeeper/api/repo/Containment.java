package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.List;
import java.util.Objects;

/**
 * Which refs contain a commit (the commit is the ref's tip or one of its ancestors), among local
 * branches, remote-tracking refs and tags, minus the refs the question excluded.
 *
 * @param tip the commit asked about
 * @param containingRefs full ref names ({@code refs/remotes/origin/x}, {@code refs/tags/v1})
 * @param complete false when a scan bound was reached before every ref was decided; then a ref
 *     missing from the list is "not proven", not "does not contain"
 */
@API(status = API.Status.EXPERIMENTAL)
public record Containment(String tip, List<String> containingRefs, boolean complete) {

  /**
   * Checks the components and keeps immutable copies of its collections.
   *
   * @param tip the commit asked about
   * @param containingRefs full ref names ({@code refs/remotes/origin/x}, {@code refs/tags/v1})
   * @param complete false when a scan bound was reached before every ref was decided; then a ref
   *     missing from the list is "not proven", not "does not contain"
   */
  public Containment {
    CommitIds.requireValid(tip);
    containingRefs = List.copyOf(containingRefs);
    Objects.requireNonNull(containingRefs, "containingRefs");
  }

  /** {@return true when a ref outside the excluded set contains the tip} */
  public boolean containedElsewhere() {
    return !containingRefs.isEmpty();
  }

  /**
   * Whether a remote-tracking ref of {@code remote} contains the tip.
   *
   * @param remote a remote's name
   * @return true when one does
   */
  public boolean inRemote(String remote) {
    String prefix = "refs/remotes/" + remote + "/";
    return containingRefs.stream().anyMatch(ref -> ref.startsWith(prefix));
  }

  /**
   * The containing refs under {@code prefix} ({@code refs/remotes/origin/}).
   *
   * @param prefix a ref prefix
   * @return those refs
   */
  public List<String> refsUnder(String prefix) {
    return containingRefs.stream().filter(ref -> ref.startsWith(prefix)).toList();
  }
}
