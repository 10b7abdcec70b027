package dev.groundskeeper.api.files;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;

/** Lists the per-session scratch spaces below one parent directory, each within the budget. */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface SpaceLister {

  /**
   * The directories (and symbolic links) directly below {@code parent}, sorted by name.
   *
   * @param parent the spaces' parent directory
   * @param perSpace how far each space's listing may go
   * @return the spaces
   */
  List<ScratchSpace> list(Path parent, ListingBudget perSpace);
}
