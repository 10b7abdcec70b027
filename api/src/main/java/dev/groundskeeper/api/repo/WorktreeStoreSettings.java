package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Optional;

/**
 * What the worktree store's location is configured from, so that the git module can place the
 * store without depending on the rule module whose configuration block holds the setting.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface WorktreeStoreSettings {

  /** {@return the configured home of the store ({@code ~/} allowed); empty for the default} */
  Optional<String> home();
}
