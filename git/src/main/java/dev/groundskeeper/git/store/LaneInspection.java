package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One read of a repository's lane: every worktree git lists from its checkout (the main one
 * excepted) and every directory of the lane git does not list, with the forge's answer of this
 * run. It is what prune judges and what {@link WorktreeStore#reclaim} re-checks against.
 */
@API(status = API.Status.EXPERIMENTAL)
public final class LaneInspection {

  private final String rootCommit;
  private final Path lane;
  private final Optional<Path> repository;
  private final ForgeAnswer forge;
  private final List<Inspection> worktrees;
  private final Optional<Checkout> checkout;

  LaneInspection(String rootCommit, Path lane, Optional<Path> repository, ForgeAnswer forge,
      List<Inspection> worktrees, Optional<Checkout> checkout) {
    this.rootCommit = Objects.requireNonNull(rootCommit, "rootCommit");
    this.lane = Objects.requireNonNull(lane, "lane");
    this.repository = Objects.requireNonNull(repository, "repository");
    this.forge = Objects.requireNonNull(forge, "forge");
    this.worktrees = List.copyOf(worktrees);
    this.checkout = Objects.requireNonNull(checkout, "checkout");
  }

  /** {@return the full id of the repository's root commit, which keys the lane} */
  public String rootCommit() {
    return rootCommit;
  }

  /** {@return the lane's directory} */
  public Path lane() {
    return lane;
  }

  /**
   * The repository the lane belongs to: its main checkout as git lists it, or, when no checkout
   * could be opened, the one a worktree's {@code .git} file last pointed at; empty when unknown.
   *
   * @return the repository's main checkout, or empty
   */
  public Optional<Path> repository() {
    return repository;
  }

  /** {@return whether the repository was found through a live checkout} */
  public boolean repositoryReachable() {
    return checkout.isPresent();
  }

  /** {@return what the forge said of the lane's branches, asked once} */
  public ForgeAnswer forge() {
    return forge;
  }

  /** {@return every worktree git lists in the lane and every other lane directory} */
  public List<Inspection> worktrees() {
    return worktrees;
  }

  Optional<Checkout> checkout() {
    return checkout;
  }
}
