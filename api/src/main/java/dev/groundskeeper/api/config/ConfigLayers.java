package dev.groundskeeper.api.config;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.config.Problems.Location;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The standard configuration layers of a working directory, weakest first: the user file
 * ({@code $XDG_CONFIG_HOME/groundskeeper/config.yaml}, by default
 * {@code $HOME/.config/groundskeeper/config.yaml}), then the repository's
 * {@code .groundskeeper.yaml}. In a linked worktree the main checkout's file comes before the
 * worktree's own, so the worktree's own file wins. A missing file is simply no layer.
 */
@API(status = API.Status.STABLE)
public final class ConfigLayers {

  /** The name of the user file's layer. */
  public static final String USER = "user";
  /** The layer of the repository root's file (the main checkout's, in a linked worktree). */
  public static final String REPOSITORY = "repository";
  /** The layer of a linked worktree's own file. */
  public static final String WORKTREE = "worktree";
  /** The repository file's name. */
  public static final String FILE_NAME = ".groundskeeper.yaml";

  private ConfigLayers() {}

  /**
   * The layers that apply in {@code workingDirectory}, reading the environment only from
   * {@code environment} ({@code XDG_CONFIG_HOME}, {@code HOME}).
   *
   * @param workingDirectory where the event happens; its repository's file applies
   * @param environment the variables to read, never the process's own unless passed
   * @return the layers, weakest first
   * @throws ConfigException naming every file that exists but cannot be read
   */
  public static List<ConfigLayer> discover(Path workingDirectory, Map<String, String> environment) {
    Objects.requireNonNull(environment, "environment");
    Path start = workingDirectory.toAbsolutePath().normalize();
    List<Candidate> candidates = new ArrayList<>();
    userFile(environment).ifPresent(file -> candidates.add(new Candidate(USER, file)));
    repositoryRoot(start).ifPresent(root -> {
      Optional<Path> main = mainCheckout(root);
      if (main.isPresent()) {
        candidates.add(new Candidate(REPOSITORY, main.get().resolve(FILE_NAME)));
        candidates.add(new Candidate(WORKTREE, root.resolve(FILE_NAME)));
      } else {
        candidates.add(new Candidate(REPOSITORY, root.resolve(FILE_NAME)));
      }
    });

    Problems problems = new Problems();
    List<ConfigLayer> layers = new ArrayList<>();
    for (Candidate candidate : candidates) {
      read(candidate.file(), problems).ifPresent(text ->
          layers.add(new ConfigLayer(candidate.name(), Optional.of(candidate.file()), text)));
    }
    problems.throwIfAny();
    return List.copyOf(layers);
  }

  /**
   * Where the user file is looked for: under {@code XDG_CONFIG_HOME} when it is set to an
   * absolute path (the XDG rule), else under {@code HOME/.config}; empty when neither is set.
   *
   * @param environment the variables to read
   * @return the file's path (it may not exist), or empty
   */
  public static Optional<Path> userFile(Map<String, String> environment) {
    Optional<Path> configHome = Optional.ofNullable(environment.get("XDG_CONFIG_HOME"))
        .filter(value -> !value.isEmpty()).map(Path::of).filter(Path::isAbsolute)
        .or(() -> Optional.ofNullable(environment.get("HOME")).filter(value -> !value.isEmpty())
            .map(home -> Path.of(home, ".config")));
    return configHome.map(dir -> dir.resolve("groundskeeper").resolve("config.yaml"));
  }

  private record Candidate(String name, Path file) {}

  /** The nearest directory at or above {@code start} holding a {@code .git} directory or file. */
  static Optional<Path> repositoryRoot(Path start) {
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.exists(dir.resolve(".git"))) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }

  /**
   * For a linked worktree root (its {@code .git} a file pointing at a git dir that has a
   * {@code commondir}), the main checkout's root; empty for a main checkout, a submodule or a
   * worktree of a bare repository.
   */
  static Optional<Path> mainCheckout(Path root) {
    Path dotGit = root.resolve(".git");
    if (!Files.isRegularFile(dotGit)) {
      return Optional.empty();
    }
    // A .git file git itself could not follow leaves this root on its own: the repository file
    // still applies, and git reports the broken link far better than we could.
    return firstLine(dotGit).filter(line -> line.startsWith("gitdir:"))
        .map(line -> root.resolve(line.substring("gitdir:".length()).trim()).normalize())
        .flatMap(gitDir -> firstLine(gitDir.resolve("commondir"))
            .map(common -> gitDir.resolve(common.trim()).normalize()))
        .filter(common -> common.getFileName() != null
            && common.getFileName().toString().equals(".git"))
        .map(Path::getParent)
        .filter(main -> !main.equals(root));
  }

  private static Optional<String> firstLine(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The most a configuration file may hold. Real ones are a few kilobytes; the cap keeps a
   * mistaken or hostile file (a huge scalar, {@code /dev/zero} behind a link) from costing the
   * hook its time or memory. {@link YamlSource} gives the YAML reader the same limit.
   */
  public static final int MAX_BYTES = 256 * 1024;

  /**
   * The file's text, read only from a regular file of at most {@link #MAX_BYTES} bytes (never a
   * device, FIFO or socket, which could block or never end, also not behind a link); empty and a
   * problem recorded otherwise; empty alone when there is no file.
   */
  private static Optional<String> read(Path file, Problems problems) {
    Location where = new Location(file.toString(), 0, 0);
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      problems.add(where, "", "cannot be read: " + reason(e));
      return Optional.empty();
    }
    if (attributes.isDirectory()) {
      problems.add(where, "", "cannot be read: it is a directory, not a configuration file");
      return Optional.empty();
    }
    if (!attributes.isRegularFile()) {
      problems.add(where, "", "cannot be read: it is not a regular file (a device, FIFO or"
          + " socket); a configuration file must be a regular file");
      return Optional.empty();
    }
    if (attributes.size() > MAX_BYTES) {
      problems.add(where, "", tooLarge(attributes.size()));
      return Optional.empty();
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      // bounded even if the file grew or was replaced since its size was read
      bytes = in.readNBytes(MAX_BYTES + 1);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      problems.add(where, "", "cannot be read: " + reason(e));
      return Optional.empty();
    }
    if (bytes.length > MAX_BYTES) {
      problems.add(where, "", tooLarge(bytes.length));
      return Optional.empty();
    }
    try {
      return Optional.of(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString());
    } catch (CharacterCodingException e) {
      problems.add(where, "", "cannot be read: it is not UTF-8 text");
      return Optional.empty();
    }
  }

  private static String tooLarge(long size) {
    return "cannot be read: it holds " + (size > MAX_BYTES ? "more than " + MAX_BYTES : size)
        + " bytes; a configuration file may hold at most " + MAX_BYTES + " bytes ("
        + MAX_BYTES / 1024 + " KiB)";
  }

  /** Why a file could not be read, in words (never an exception's class name). */
  static String reason(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
      String reason = fileSystem.getReason();
      return reason.toLowerCase(Locale.ROOT).startsWith("too many levels of symbolic links")
          ? "a loop of symbolic links (too many levels)" : reason.toLowerCase(Locale.ROOT);
    }
    return e.getMessage() == null ? "an input/output error" : e.getMessage();
  }
}
