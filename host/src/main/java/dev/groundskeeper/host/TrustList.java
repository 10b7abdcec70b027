package dev.groundskeeper.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.API;
import dev.groundskeeper.api.SafeText;
import dev.groundskeeper.api.config.ConfigLayers;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The repositories the user trusts to configure everything, loss guards and plugins included:
 * {@code trusted.json} beside the user's configuration file
 * ({@code $XDG_CONFIG_HOME/groundskeeper/}, by default {@code ~/.config/groundskeeper/}), written
 * only by {@code groundskeeper trust}. Each entry is a checkout's location (its real path) and the
 * repository's root commit ({@link #NO_COMMIT} for a repository without one yet; such an entry holds
 * only while the repository still has no commit). A location whose repository no longer holds
 * that root commit (another repository cloned to the same place) is not trusted.
 *
 * <p>A file the tool cannot use (unreadable, not JSON, too large, or inside the repository being
 * judged) trusts nothing, and {@link #problem()} says why. Immutable.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class TrustList {

  /** The file's name, beside the user's {@code config.yaml}. */
  public static final String FILE_NAME = "trusted.json";
  /** The root commit recorded for a repository that has no commit yet. */
  public static final String NO_COMMIT = "none";
  /** The most the file may hold; a real one is a few kilobytes. */
  static final int MAX_BYTES = 256 * 1024;

  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * One trusted checkout.
   *
   * @param location the checkout's real path
   * @param rootCommit the full id of the repository's root commit, or {@link #NO_COMMIT}
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Entry(Path location, String rootCommit) {
    /**
     * Checks the location and the commit.
     *
     * @param location the checkout's real path
     * @param rootCommit the full id of the repository's root commit, or {@link #NO_COMMIT}
     * @throws NullPointerException if a component is null
     * @throws IllegalArgumentException if the location is relative, or the commit is neither a
     *     full lower-case commit id nor {@link #NO_COMMIT}
     */
    public Entry {
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(rootCommit, "rootCommit");
      if (!location.isAbsolute()) {
        throw new IllegalArgumentException("a trusted location is absolute: " + location);
      }
      if (!rootCommit.equals(NO_COMMIT) && !COMMIT.matcher(rootCommit).matches()) {
        throw new IllegalArgumentException("a root commit is a full commit id or `none`: "
            + rootCommit);
      }
    }
  }

  private final Optional<Path> file;
  private final List<Entry> entries;
  private final Optional<String> problem;

  private TrustList(Optional<Path> file, List<Entry> entries, Optional<String> problem) {
    this.file = file;
    this.entries = List.copyOf(entries);
    this.problem = problem;
  }

  /**
   * Where the list lives.
   *
   * @param environment the variables read: {@code XDG_CONFIG_HOME}, {@code HOME}
   * @return the file, which need not exist; empty when neither variable is set
   */
  public static Optional<Path> file(Map<String, String> environment) {
    return ConfigLayers.userFile(environment).map(config -> config.resolveSibling(FILE_NAME));
  }

  /**
   * Reads the user's list. Never throws: a file that cannot be used reads as an empty list
   * whose {@link #problem()} says why.
   *
   * @param environment the variables read: {@code XDG_CONFIG_HOME}, {@code HOME}
   * @return the list; empty when the file is absent or unusable
   */
  public static TrustList read(Map<String, String> environment) {
    Optional<Path> file = file(environment);
    if (file.isEmpty()) {
      return new TrustList(file, List.of(), Optional.empty());
    }
    try {
      return new TrustList(file, parse(file.get()), Optional.empty());
    } catch (IOException e) {
      return new TrustList(file, List.of(), Optional.of("the trust list " + file.get()
          + " cannot be used (" + e.getMessage() + "), so no repository is trusted"));
    }
  }

  private static List<Entry> parse(Path file) throws IOException {
    BasicFileAttributes attributes;
    try {
      attributes = Files.readAttributes(file, BasicFileAttributes.class);
    } catch (NoSuchFileException e) {
      return List.of();
    }
    if (!attributes.isRegularFile()) {
      throw new IOException("it is not a regular file");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    }
    if (bytes.length > MAX_BYTES) {
      throw new IOException("it holds more than " + MAX_BYTES + " bytes");
    }
    JsonNode root;
    try {
      root = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IOException("it is not JSON");
    }
    if (root == null || !root.path("trusted").isArray()) {
      throw new IOException("it has no `trusted` list");
    }
    List<Entry> entries = new ArrayList<>();
    for (JsonNode node : root.get("trusted")) {
      String location = node.path("location").asText("");
      String commit = node.path("root_commit").asText("");
      try {
        entries.add(new Entry(Path.of(location), commit));
      } catch (IllegalArgumentException e) {
        throw new IOException("an entry is malformed: " + e.getMessage());
      }
    }
    return entries;
  }

  /** {@return where the list lives; empty when the environment names no place} */
  public Optional<Path> file() {
    return file;
  }

  /** {@return the trusted checkouts, in the file's order (immutable)} */
  public List<Entry> entries() {
    return entries;
  }

  /**
   * Why the file could not be used.
   *
   * @return the reason, as a person reads it; empty when the file was usable or absent
   */
  public Optional<String> problem() {
    return problem;
  }

  /**
   * The entry of a location. No file system access: the location must already be real.
   *
   * @param location a real path, as {@link #location} gives it
   * @return the entry; empty when the location is not listed
   */
  public Optional<Entry> entry(Path location) {
    return entries.stream().filter(entry -> entry.location().equals(location)).findFirst();
  }

  /**
   * True when {@code checkout} (a repository's top level) is trusted: an entry has its real path,
   * the repository holds the entry's root commit as a commit without parents (or, for an entry
   * without a commit, still has none), and the list does not lie inside the checkout itself (a
   * list the repository could have written trusts nothing). Runs git (time-bounded) to read the
   * root commit; any failure means not trusted.
   *
   * @param checkout a repository's top-level directory
   * @param environment the variables git runs with
   * @return true only when every condition holds
   */
  public boolean trusts(Path checkout, Map<String, String> environment) {
    if (entries.isEmpty()) {
      return false;
    }
    Path real;
    try {
      real = checkout.toRealPath();
    } catch (IOException e) {
      return false;
    }
    Optional<Entry> entry = entry(real);
    if (entry.isEmpty() || insideCheckout(real)) {
      return false;
    }
    String commit = entry.get().rootCommit();
    if (commit.equals(NO_COMMIT)) {
      return !GitCommand.run(real, environment, GitCommand.READ,
          List.of("rev-parse", "--verify", "--quiet", "HEAD^{commit}")).ok()
          && !hasAnyCommit(real, environment);
    }
    GitCommand.Run object = GitCommand.run(real, environment, GitCommand.READ,
        List.of("cat-file", "commit", commit));
    if (!object.ok()) {
      return false;
    }
    for (String line : object.output().split("\n", -1)) {
      if (line.isEmpty()) {
        return true;
      }
      if (line.startsWith("parent ")) {
        return false;
      }
    }
    return true;
  }

  private static boolean hasAnyCommit(Path checkout, Map<String, String> environment) {
    GitCommand.Run refs = GitCommand.run(checkout, environment, GitCommand.READ,
        List.of("for-each-ref", "--count=1", "--format=%(objectname)"));
    return !refs.ok() || !refs.output().isBlank();
  }

  private boolean insideCheckout(Path checkout) {
    if (file.isEmpty()) {
      return false;
    }
    Path listed = file.get();
    try {
      listed = listed.toRealPath();
    } catch (IOException e) {
      listed = listed.toAbsolutePath().normalize();
    }
    return listed.startsWith(checkout);
  }

  /**
   * A list that trusts one more checkout, for {@code groundskeeper trust}. This list is unchanged.
   *
   * @param entry the entry to add
   * @return a new list with {@code entry} in place of any entry of its location, and no problem
   */
  public TrustList with(Entry entry) {
    List<Entry> next = new ArrayList<>(entries);
    next.removeIf(known -> known.location().equals(entry.location()));
    next.add(entry);
    return new TrustList(file, next, Optional.empty());
  }

  /**
   * A list that no longer trusts a checkout. This list is unchanged.
   *
   * @param location the checkout's real path
   * @return a new list without the entry of {@code location}; equal to this one when there is none
   */
  public TrustList without(Path location) {
    List<Entry> next = new ArrayList<>(entries);
    next.removeIf(known -> known.location().equals(location));
    return new TrustList(file, next, problem);
  }

  /**
   * Writes the list through {@link ReplacedFiles#replace}: a reader sees the old list or the new
   * one, never half of one, and the temporaries of writers killed before their rename are
   * removed once they are long dead.
   *
   * @throws HostException when there is no place for the file or it cannot be written
   */
  public void write() {
    Path target = file.orElseThrow(() -> new HostException("neither XDG_CONFIG_HOME nor HOME is"
        + " set, so the trust list has no place"));
    ObjectNode root = JSON.createObjectNode();
    root.put("version", 1);
    ArrayNode list = root.putArray("trusted");
    for (Entry entry : entries) {
      list.addObject().put("location", entry.location().toString())
          .put("root_commit", entry.rootCommit());
    }
    try {
      // `groundskeeper trust` takes no lock: only a temporary long dead is a killed writer's
      ReplacedFiles.replace(target, (JSON.writerWithDefaultPrettyPrinter()
          .writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8), ".trusted-",
          ".json", ReplacedFiles.OWNER_ONLY);
    } catch (IOException e) {
      throw new HostException(
          "cannot write the trust list " + target + ": " + SafeText.failure(e));
    }
  }

  /**
   * A checkout's location, as an entry records it.
   *
   * @param checkout a checkout's directory
   * @return its real path; its absolute, normalized path when it cannot be resolved (when it is
   *     gone, say)
   */
  public static Path location(Path checkout) {
    try {
      return checkout.toRealPath();
    } catch (IOException e) {
      return checkout.toAbsolutePath().normalize();
    }
  }
}
