package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * A file a command writes: the command that writes it, the path as written, the directory it is
 * relative to, how it is written, and whether the written text comes from a heredoc or
 * here-string of the command or of an earlier member of its pipeline
 * ({@code cat > f <<EOF}, {@code cat <<EOF | tee f}).
 *
 * @param command the command that writes it
 * @param path the path as written
 * @param directory the directory it is relative to
 * @param route how it is written
 * @param fromHeredoc whether the text comes from a heredoc or here-string
 */
@API(status = API.Status.EXPERIMENTAL)
public record FileTarget(SimpleCommand command, Word path, Directory directory, Route route,
    boolean fromHeredoc) {

  /**
   * Checks the components.
   *
   * @param command the command that writes it
   * @param path the path as written
   * @param directory the directory it is relative to
   * @param route how it is written
   * @param fromHeredoc whether the text comes from a heredoc or here-string
   */
  public FileTarget {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(directory, "directory");
    Objects.requireNonNull(route, "route");
  }

  /** How a file is written. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Route {
    /** {@code >}, {@code >|}, {@code &>}, {@code n>}, {@code <>} */
    REDIRECT,
    /** {@code >>}, {@code &>>} */
    APPEND,
    /** {@code tee file} */
    TEE,
    /** {@code tee -a file} */
    TEE_APPEND,
    /** an option naming the output file ({@code git diff --output=f}) */
    OUTPUT_OPTION,
    /** a directory files are written into ({@code git format-patch -o dir}, or its working directory) */
    OUTPUT_DIRECTORY
  }

  /** {@return true when the file is appended to rather than replaced} */
  public boolean append() {
    return route == Route.APPEND || route == Route.TEE_APPEND;
  }
}
