package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.FactsBuilder;
import dev.groundskeeper.api.repo.WorktreeStoreFacts;
import dev.groundskeeper.api.repo.WorktreeStoreSettings;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the machine's store lives: {@code GROUNDSKEEPER_HOME} when set, else
 * {@code worktrees.home}, else {@code ~/.groundskeeper}. Worktrees go under {@code worktrees/},
 * archived notes under {@code notes/}. It also knows the person's home directory, so every path it
 * shows reads {@code ~/...} rather than an absolute local path.
 *
 * @param home the store's home directory (absolute)
 * @param userHome the person's home directory, when known
 */
@API(status = API.Status.EXPERIMENTAL)
public record StoreLocation(Path home, Optional<Path> userHome) {

  /** The variable that names the store's home. */
  public static final String HOME_VARIABLE = "GROUNDSKEEPER_HOME";

  /**
   * The home must be absolute; both are normalised.
   *
   * @param home the store's home directory (absolute)
   * @param userHome the person's home directory, when known
   */
  public StoreLocation {
    Objects.requireNonNull(home, "home");
    Objects.requireNonNull(userHome, "userHome");
    if (!home.isAbsolute()) {
      throw new StoreRefusal("the store's home " + home + " is not an absolute path",
          "set " + HOME_VARIABLE + " or worktrees.home to an absolute path");
    }
    home = home.normalize();
    userHome = userHome.map(Path::normalize);
  }

  /**
   * Resolves the store's home from the environment and the configuration.
   *
   * @param environment the variables ({@value #HOME_VARIABLE}, HOME)
   * @param config the {@code worktrees:} settings
   * @return where the store lives
   */
  public static StoreLocation resolve(Map<String, String> environment,
      WorktreeStoreSettings config) {
    Optional<Path> userHome = nonEmpty(environment.get("HOME")).map(Path::of);
    Optional<String> configured = nonEmpty(environment.get(HOME_VARIABLE)).or(config::home);
    Path home;
    if (configured.isPresent()) {
      String text = configured.get();
      if (text.equals("~") || text.startsWith("~/")) {
        if (userHome.isEmpty()) {
          throw new StoreRefusal("the store's home '" + text + "' starts with ~ but HOME is not"
              + " set", "set " + HOME_VARIABLE + " to an absolute path");
        }
        text = userHome.get() + text.substring(1);
      }
      home = Path.of(text);
    } else {
      home = userHome.map(dir -> dir.resolve(".groundskeeper")).orElseThrow(() ->
          new StoreRefusal("neither " + HOME_VARIABLE + " nor HOME is set, so the store has no"
              + " place", "set " + HOME_VARIABLE + " to an absolute path"));
    }
    return new StoreLocation(home, userHome);
  }

  /**
   * Offers the store's facts to rules ({@link WorktreeStoreFacts#STORE_WORKTREES} and, when known,
   * {@link WorktreeStoreFacts#USER_HOME}); the CLI adds them to the facts of every event.
   *
   * @param facts the facts being built
   * @return {@code facts}
   */
  public FactsBuilder offerTo(FactsBuilder facts) {
    facts.value(WorktreeStoreFacts.STORE_WORKTREES, worktrees());
    userHome.ifPresent(home -> facts.value(WorktreeStoreFacts.USER_HOME, home));
    return facts;
  }

  /** {@return the directory of the lanes ({@code worktrees/} under the home)} */
  public Path worktrees() {
    return home.resolve("worktrees");
  }

  /** {@return the directory of the notes archives ({@code notes/} under the home)} */
  public Path notes() {
    return home.resolve("notes");
  }

  /**
   * {@return the lane of the repository whose root commit is {@code rootCommit}}
   *
   * @param rootCommit the repository's root commit
   */
  public Path lane(String rootCommit) {
    return worktrees().resolve(rootCommit);
  }

  /**
   * {@return {@code path} with the person's home directory shown as {@code ~}}
   *
   * @param path any path
   */
  public String display(Path path) {
    return display(path.toString());
  }

  /**
   * {@return {@code text} with every occurrence of the person's home directory shown as {@code ~}}
   *
   * @param text any text
   */
  public String display(String text) {
    if (userHome.isEmpty() || userHome.get().getNameCount() == 0) {
      return text;
    }
    String home = userHome.get().toString();
    StringBuilder out = new StringBuilder();
    int from = 0;
    int at;
    while ((at = text.indexOf(home, from)) >= 0) {
      int end = at + home.length();
      boolean whole = end == text.length() || text.charAt(end) == '/';
      out.append(text, from, at).append(whole ? "~" : home);
      from = end;
    }
    return out.append(text.substring(from)).toString();
  }

  private static Optional<String> nonEmpty(String value) {
    return Optional.ofNullable(value).filter(v -> !v.isEmpty());
  }
}
