package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The directory a command runs in, relative to the directory the whole script starts in.
 *
 * <p>{@code path} is empty when the command runs where the script starts; otherwise it is the
 * path the moves ({@code cd}, {@code pushd}, {@code popd}, {@code git -C}) lead to, joined and
 * lexically normalised: absolute when a move was absolute, starting with {@code ~} when it went
 * through the home directory, relative otherwise. {@code certainty} says how far to trust it:
 * {@link Certainty#CERTAIN} when every operator from the move to the command is {@code &&} (or a
 * pipe), {@link Certainty#UNCERTAIN} when the move may have failed and the command still run
 * ({@code ;}, {@code ||}, a conditional body), {@link Certainty#UNKNOWN} when the target cannot
 * be known ({@code cd -}, {@code cd $X}, {@code cd ~user}, {@code popd} past the known stack);
 * an unknown directory has no path.
 *
 * @param certainty how far to trust the path
 * @param path the path the moves lead to; empty where the script starts, or when unknown
 */
@API(status = API.Status.EXPERIMENTAL)
public record Directory(Certainty certainty, Optional<String> path) {

  /** Where the script starts, certainly. */
  public static final Directory START = new Directory(Certainty.CERTAIN, Optional.empty());

  /**
   * Checks the components.
   *
   * @param certainty how far to trust the path
   * @param path the path the moves lead to; empty where the script starts, or when unknown
   * @throws IllegalArgumentException when they do not fit together
   */
  public Directory {
    Objects.requireNonNull(certainty, "certainty");
    Objects.requireNonNull(path, "path");
    if (certainty == Certainty.UNKNOWN && path.isPresent()) {
      throw new IllegalArgumentException("an unknown directory has no path");
    }
  }

  /** How far a {@link Directory} can be trusted. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Certainty {
    /** Every operator from the move to the command is {@code &&} or a pipe. */
    CERTAIN,
    /** The move may have failed and the command still run. */
    UNCERTAIN,
    /** The target of a move cannot be known from the text. */
    UNKNOWN;

    Certainty weakest(Certainty other) {
      return ordinal() >= other.ordinal() ? this : other;
    }
  }

  /** {@return whether the command certainly runs in this directory ({@link Certainty#CERTAIN})} */
  public boolean isCertain() {
    return certainty == Certainty.CERTAIN;
  }

  /** {@return true when the command certainly runs in the directory the script starts in} */
  public boolean isStart() {
    return certainty == Certainty.CERTAIN && path.isEmpty();
  }

  /**
   * This directory resolved against the script's starting directory and the home directory;
   * empty when unknown or when it goes through {@code ~} and no home is given.
   *
   * @param start the script's starting directory
   * @param home the home directory, when known
   * @return the directory, or empty
   */
  public Optional<Path> resolve(Path start, Optional<Path> home) {
    if (certainty == Certainty.UNKNOWN) {
      return Optional.empty();
    }
    if (path.isEmpty()) {
      return Optional.of(start.normalize());
    }
    return resolvePath(path.get(), start, home);
  }

  /**
   * {@code file} (a path as written in a command running here) resolved to a path; empty when
   * this directory is unknown, or the file or directory goes through {@code ~} without a home.
   *
   * @param file a path as written here
   * @param start the script's starting directory
   * @param home the home directory, when known
   * @return the path, or empty
   */
  public Optional<Path> resolveFile(String file, Path start, Optional<Path> home) {
    if (file.startsWith("/") || file.equals("~") || file.startsWith("~/")) {
      return resolvePath(file, start, home);
    }
    return resolve(start, home).map(dir -> dir.resolve(file).normalize());
  }

  /**
   * {@code file} joined onto this directory's path as text, lexically normalised; the empty
   * string stands for the starting directory. Empty when this directory is unknown.
   *
   * @param file a path as written here
   * @return the joined path, or empty
   */
  public Optional<String> join(String file) {
    if (certainty == Certainty.UNKNOWN) {
      return Optional.empty();
    }
    return Optional.of(Paths.join(path.orElse(""), file));
  }

  /**
   * True when {@code file}, written in a command running here, and {@code otherFile}, written in
   * a command running in {@code other}, name the same path as far as the text shows: both
   * directories known and either equal or both certain (or both paths absolute).
   *
   * @param file a path as written here
   * @param other the other command's directory
   * @param otherFile a path as written there
   * @return true when they name the same path
   */
  public boolean sameFile(String file, Directory other, String otherFile) {
    if (certainty == Certainty.UNKNOWN || other.certainty == Certainty.UNKNOWN
        || file.isEmpty() || otherFile.isEmpty()) {
      return false;
    }
    if (rooted(file) && rooted(otherFile)) {
      return Paths.normalize(file).equals(Paths.normalize(otherFile));
    }
    if (equals(other) || (isCertain() && other.isCertain())) {
      return Paths.join(path.orElse(""), file).equals(Paths.join(other.path.orElse(""), otherFile));
    }
    return false;
  }

  private static boolean rooted(String file) {
    return file.startsWith("/") || file.equals("~") || file.startsWith("~/");
  }

  private static Optional<Path> resolvePath(String text, Path start, Optional<Path> home) {
    try {
      if (text.equals("~") || text.startsWith("~/")) {
        return home.map(h -> text.length() <= 2 ? h : h.resolve(text.substring(2)))
            .map(Path::normalize);
      }
      return Optional.of(start.resolve(text).normalize());
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  @Override
  public String toString() {
    return certainty + path.map(p -> " " + p).orElse("");
  }
}
