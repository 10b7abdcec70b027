package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whose each branch is, as far as this clone can tell: the question behind
 * {@code branches.scope: own}, where only this clone's branches count toward the cap, reach a
 * dormancy stage or block a new branch. A clone's branch is one a creator or touch record names,
 * one whose tip (local or remote) is authored by the repository's configured identity, or one
 * that exists only here (no copy on the remote, so nobody else can answer for it). Any other
 * branch is someone else's work.
 *
 * @param identity the author email the tips were compared with (git's {@code user.email});
 *     empty when none is configured, and then no branch is this clone's by authorship
 * @param owners every branch name of the reading with its owner; a name not listed (made after
 *     the reading) is this clone's
 */
@API(status = API.Status.EXPERIMENTAL)
public record BranchOwnership(Optional<String> identity, Map<String, Owner> owners) {

  /**
   * Copies {@code owners}; neither argument may be null.
   *
   * @param identity the author email the tips were compared with (git's {@code user.email});
   *     empty when none is configured, and then no branch is this clone's by authorship
   * @param owners every branch name of the reading with its owner; a name not listed (made after
   *     the reading) is this clone's
   */
  public BranchOwnership {
    Objects.requireNonNull(identity, "identity");
    owners = Map.copyOf(owners);
  }

  /**
   * No branch is anyone else's: what a source without the fact, or {@code scope: all}, reads.
   *
   * @return the one ownership that owns every branch
   */
  public static BranchOwnership everyoneOwn() {
    return EVERYONE;
  }

  /** One value, so that what a warm policy keys on it stays the same from one call to the next. */
  private static final BranchOwnership EVERYONE = new BranchOwnership(Optional.empty(), Map.of());

  /**
   * Whether a branch is this clone's.
   *
   * @param name a short branch name
   * @return true when {@code name} is this clone's branch (or not known to the reading)
   */
  public boolean own(String name) {
    Owner owner = owners.get(name);
    return owner == null || owner.own();
  }

  /**
   * Why a branch is or is not this clone's.
   *
   * @param name a short branch name
   * @return its owner, or empty when the reading does not know the branch
   */
  public Optional<Owner> owner(String name) {
    return Optional.ofNullable(owners.get(name));
  }

  /**
   * Whether two emails name the same mailbox, as git users write them (case and angle brackets
   * aside).
   *
   * @param a one email
   * @param b another
   * @return true when both name the same, non-empty mailbox
   */
  public static boolean sameEmail(String a, String b) {
    return normalize(a).equals(normalize(b)) && !normalize(a).isEmpty();
  }

  private static String normalize(String email) {
    String text = email.strip();
    if (text.startsWith("<") && text.endsWith(">")) {
      text = text.substring(1, text.length() - 1);
    }
    return text.toLowerCase(Locale.ROOT);
  }

  /**
   * Why a branch is or is not this clone's.
   *
   * @param basis the first reason that holds, in the order of {@link Basis}
   * @param author the tip's author email (the local tip's, else the remote one's), when it could
   *     be read
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record Owner(Basis basis, Optional<String> author) {

    /**
     * Neither argument may be null.
     *
     * @param basis the first reason that holds, in the order of {@link Basis}
     * @param author the tip's author email (the local tip's, else the remote one's), when it could
     *     be read
     */
    public Owner {
      Objects.requireNonNull(basis, "basis");
      Objects.requireNonNull(author, "author");
    }

    /**
     * Whether the branch is this clone's.
     *
     * @return true for every basis but {@link Basis#OTHERS}
     */
    public boolean own() {
      return basis != Basis.OTHERS;
    }
  }

  /** The reasons, in the order they are tried. */
  @API(status = API.Status.EXPERIMENTAL)
  public enum Basis {
    /** A creator or touch record in this repository's config names the branch. */
    RECORDED,
    /** A tip of the branch is authored by the configured identity. */
    AUTHORED,
    /** The branch has no copy on the remote: it exists only in this clone. */
    ONLY_HERE,
    /** None of the above: a colleague's branch, seen through the remote. */
    OTHERS
  }
}
