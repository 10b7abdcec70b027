package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Effect;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * Remove an idle per-session scratch space. The proof it carries is re-checked when the executor
 * acts: {@code space} is a real directory (not a symbolic link) directly inside {@code parent},
 * and a complete fresh listing shows nothing modified after {@code newest}. Removal never follows
 * a symbolic link: a link inside the space is removed as a link.
 *
 * @param space the space to remove
 * @param parent the directory it must sit directly in
 * @param newest the latest modification time the proof saw
 */
@API(status = API.Status.EXPERIMENTAL)
public record RemoveScratchSpace(Path space, Path parent, Instant newest) implements Effect {

  /**
   * Checks the components.
   *
   * @param space the space to remove
   * @param parent the directory it must sit directly in
   * @param newest the latest modification time the proof saw
   */
  public RemoveScratchSpace {
    Objects.requireNonNull(space, "space");
    Objects.requireNonNull(parent, "parent");
    Objects.requireNonNull(newest, "newest");
  }

  @Override
  public String describe() {
    return "remove the idle scratch space " + space + " (nothing in it changed since " + newest
        + ")";
  }
}
