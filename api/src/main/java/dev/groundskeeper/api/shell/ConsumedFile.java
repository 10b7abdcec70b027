package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;

/**
 * A file a consumer reads its text from: {@code git commit|merge|tag -F/--file},
 * {@code gh issue|pr create|comment|edit|close --body-file/-F}, {@code gh release create|edit
 * --notes-file/-F}. {@code consumer} names it ({@code "git commit"}, {@code "gh pr create"}),
 * {@code option} is the option as written, {@code directory} is where the path is relative to
 * (for git, after {@code -C}). Standard input ({@code -}) is never a consumed file.
 *
 * @param command the consuming command
 * @param consumer its name ({@code "git commit"})
 * @param option the option as written
 * @param path the path as written
 * @param directory the directory the path is relative to
 */
@API(status = API.Status.EXPERIMENTAL)
public record ConsumedFile(SimpleCommand command, String consumer, String option, Word path,
    Directory directory) {

  /**
   * Checks the components.
   *
   * @param command the consuming command
   * @param consumer its name ({@code "git commit"})
   * @param option the option as written
   * @param path the path as written
   * @param directory the directory the path is relative to
   */
  public ConsumedFile {
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(consumer, "consumer");
    Objects.requireNonNull(option, "option");
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(directory, "directory");
  }
}
