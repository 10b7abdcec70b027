package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;

/**
 * Whether git ignores a path of the checkout, as {@code git check-ignore} answers: the
 * repository's {@code .gitignore} files, {@code info/exclude} and the user's
 * {@code core.excludesFile}, whatever is in the index.
 */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface IgnoreProbe {

  /**
   * True when git ignores {@code relativePath} (relative to the checkout's top level, {@code /}
   * separators; a path inside an ignored directory is ignored).
   *
   * @param relativePath the path to ask about
   * @return true when git ignores it
   * @throws dev.groundskeeper.api.FactUnavailableException when git cannot answer
   */
  boolean ignored(String relativePath);
}
