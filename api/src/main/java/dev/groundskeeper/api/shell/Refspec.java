package dev.groundskeeper.api.shell;

import dev.groundskeeper.api.API;
import java.util.Objects;
import java.util.Optional;

/**
 * One refspec operand of {@code git push}, read as git reads it: {@code [+]<src>[:<dst>]}. A
 * leading {@code +} forces this refspec alone; {@code :dst} (an empty source) deletes
 * {@code dst}; without a colon the destination is the source's own name.
 *
 * <p>A refspec whose word is not static ({@code "$BRANCH"}, {@code $(git branch --show-current)})
 * is known only when the command runs: {@link #known()} is false and its texts are the word's
 * static reading, not to be trusted.
 *
 * @param word the operand as written
 * @param forced whether it starts with {@code +}
 * @param source what is pushed ({@code main}, {@code HEAD}, {@code a1b2c3}); empty for a deletion
 * @param destination the ref it updates, as written ({@code main}, {@code refs/heads/main},
 *     {@code HEAD})
 */
@API(status = API.Status.EXPERIMENTAL)
public record Refspec(Word word, boolean forced, String source, String destination) {

  private static final String HEADS = "refs/heads/";

  /**
   * Checks the components.
   *
   * @param word the operand as written
   * @param forced whether it starts with {@code +}
   * @param source what is pushed; empty for a deletion
   * @param destination the ref it updates, as written
   */
  public Refspec {
    Objects.requireNonNull(word, "word");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(destination, "destination");
  }

  /**
   * Reads a push operand as a refspec.
   *
   * @param word a refspec operand of {@code git push}
   * @return its reading: {@code +a:refs/heads/main} is forced, from {@code a}, to
   *     {@code refs/heads/main}
   */
  public static Refspec of(Word word) {
    String text = word.value();
    boolean forced = text.startsWith("+");
    String rest = forced ? text.substring(1) : text;
    int colon = rest.indexOf(':');
    return colon < 0 ? new Refspec(word, forced, rest, rest)
        : new Refspec(word, forced, rest.substring(0, colon), rest.substring(colon + 1));
  }

  /**
   * Whether the refspec is known before the command runs.
   *
   * @return true when its word holds no expansion
   */
  public boolean known() {
    return word.isStatic();
  }

  /**
   * Whether it deletes its destination ({@code :main}).
   *
   * @return true for an empty source
   */
  public boolean deletes() {
    return source.isEmpty() && !destination.isEmpty();
  }

  /**
   * Whether it updates the branch checked out where the push runs: the destination is
   * {@code HEAD} ({@code git push origin HEAD}, {@code +HEAD}).
   *
   * @return true for a {@code HEAD} destination
   */
  public boolean updatesCheckedOutBranch() {
    return destination.equals("HEAD");
  }

  /**
   * Whether it is a pattern ({@code refs/heads/*:refs/heads/*}), updating every branch it
   * matches.
   *
   * @return true when the destination holds a {@code *}
   */
  public boolean pattern() {
    return destination.indexOf('*') >= 0;
  }

  /**
   * The branch it updates: the destination without {@code refs/heads/}. Tags, other refs under
   * {@code refs/}, {@code HEAD} and patterns name no branch.
   *
   * @return the branch name, or empty when the destination is no single named branch
   */
  public Optional<String> branch() {
    if (destination.isEmpty() || updatesCheckedOutBranch() || pattern()) {
      return Optional.empty();
    }
    if (destination.startsWith(HEADS)) {
      return Optional.of(destination.substring(HEADS.length())).filter(b -> !b.isEmpty());
    }
    return destination.startsWith("refs/") ? Optional.empty() : Optional.of(destination);
  }
}
