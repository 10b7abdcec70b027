package dev.groundskeeper.host;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where effects act: the workspace of the event (always inside a repository: outside one the
 * registry performs nothing) and the facts the decision was judged on.
 *
 * @param workspace the workspace of the event, inside a repository
 * @param facts the facts the decision was judged on
 */
@API(status = API.Status.EXPERIMENTAL)
public record EffectContext(Workspace workspace, Facts facts) {

  /**
   * Checks that the workspace is inside a repository.
   *
   * @param workspace the workspace of the event
   * @param facts the facts the decision was judged on
   * @throws NullPointerException if a component is null
   * @throws IllegalArgumentException if the workspace has no repository root
   */
  public EffectContext {
    Objects.requireNonNull(workspace, "workspace");
    Objects.requireNonNull(facts, "facts");
    if (workspace.root().isEmpty()) {
      throw new IllegalArgumentException(workspace.directory() + " is not inside a repository");
    }
  }

  /** {@return the top-level directory of the checkout the event happened in} */
  public Path root() {
    return workspace.root().orElseThrow();
  }
}
