package dev.groundskeeper.api.repo;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.files.PathGlob;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the repository facts are read: which branch is the default, which remote counts, which
 * branches are integration lines or exempt, when a branch turns dormant, and how far a scan may go
 * before it gives up and says "not proven". The CLI builds it from the rule modules'
 * configuration; the git module only reads it.
 *
 * @param defaultBranch a branch name, or {@code auto}: the remote's HEAD, then local {@code main},
 *     then {@code master}
 * @param remote the remote whose tracking refs count
 * @param integrationLines globs of branch names that are merge targets (for example
 *     {@code release/*})
 * @param exempt globs of branch names never counted nor judged
 * @param dormancy the day counts of the dormancy stages
 * @param scanLimits how far the merged and containment scans may go
 */
@API(status = API.Status.EXPERIMENTAL)
public record RepositorySettings(
    String defaultBranch,
    String remote,
    List<String> integrationLines,
    List<String> exempt,
    DormancyDays dormancy,
    ScanLimits scanLimits) {

  /** The name that asks for the default branch to be found rather than named. */
  public static final String AUTO = "auto";

  /**
   * Checks the settings and copies the lists.
   *
   * @param defaultBranch a branch name, or {@code auto}: the remote's HEAD, then local {@code main},
   *     then {@code master}
   * @param remote the remote whose tracking refs count
   * @param integrationLines globs of branch names that are merge targets (for example
   *     {@code release/*})
   * @param exempt globs of branch names never counted nor judged
   * @param dormancy the day counts of the dormancy stages
   * @param scanLimits how far the merged and containment scans may go
   * @throws IllegalArgumentException for a blank default branch, or a remote that is blank or
   *     holds a {@code /}
   */
  public RepositorySettings {
    Objects.requireNonNull(defaultBranch, "defaultBranch");
    Objects.requireNonNull(remote, "remote");
    integrationLines = List.copyOf(integrationLines);
    exempt = List.copyOf(exempt);
    Objects.requireNonNull(dormancy, "dormancy");
    Objects.requireNonNull(scanLimits, "scanLimits");
    if (defaultBranch.isBlank()) {
      throw new IllegalArgumentException("the default branch is a name or 'auto', not blank");
    }
    if (remote.isBlank() || remote.contains("/")) {
      throw new IllegalArgumentException("a remote is one name without '/': '" + remote + "'");
    }
  }

  /**
   * Seed defaults: {@code auto}, {@code origin}, no lines, nothing exempt, 7/14/30 days.
   *
   * @return the default settings
   */
  public static RepositorySettings defaults() {
    return new RepositorySettings(
        AUTO, "origin", List.of(), List.of(), DormancyDays.STANDARD, ScanLimits.DEFAULT);
  }

  /**
   * These settings with another default branch.
   *
   * @param name a branch name, or {@link #AUTO}
   * @return a copy
   */
  public RepositorySettings withDefaultBranch(String name) {
    return new RepositorySettings(name, remote, integrationLines, exempt, dormancy, scanLimits);
  }

  /**
   * These settings with another remote.
   *
   * @param name the remote's name
   * @return a copy
   */
  public RepositorySettings withRemote(String name) {
    return new RepositorySettings(defaultBranch, name, integrationLines, exempt, dormancy, scanLimits);
  }

  /**
   * These settings with other integration lines.
   *
   * @param globs globs of branch names
   * @return a copy
   */
  public RepositorySettings withIntegrationLines(List<String> globs) {
    return new RepositorySettings(defaultBranch, remote, globs, exempt, dormancy, scanLimits);
  }

  /**
   * These settings with other exempt branches.
   *
   * @param globs globs of branch names
   * @return a copy
   */
  public RepositorySettings withExempt(List<String> globs) {
    return new RepositorySettings(defaultBranch, remote, integrationLines, globs, dormancy, scanLimits);
  }

  /**
   * These settings with other dormancy stages.
   *
   * @param days the stages' day counts
   * @return a copy
   */
  public RepositorySettings withDormancy(DormancyDays days) {
    return new RepositorySettings(defaultBranch, remote, integrationLines, exempt, days, scanLimits);
  }

  /**
   * These settings with other scan bounds.
   *
   * @param limits the bounds
   * @return a copy
   */
  public RepositorySettings withScanLimits(ScanLimits limits) {
    return new RepositorySettings(defaultBranch, remote, integrationLines, exempt, dormancy, limits);
  }

  /**
   * Whether {@code branch} matches one of the integration-line globs.
   *
   * @param branch a branch's short name
   * @return true on a match
   */
  public boolean isIntegrationLine(String branch) {
    return PathGlob.anyMatchesWhole(integrationLines, branch);
  }

  /**
   * Whether {@code branch} matches one of the exempt globs.
   *
   * @param branch a branch's short name
   * @return true on a match
   */
  public boolean isExempt(String branch) {
    return PathGlob.anyMatchesWhole(exempt, branch);
  }

  /**
   * The effective day counts of the three dormancy stages; {@code 1 <= advisory <= noisy < block}.
   *
   * @param advisoryDays idle days before a branch is mentioned at a new session's start
   * @param noisyDays idle days before it is mentioned at every session start and creation
   * @param blockDays idle days before new branches are refused while it stays idle
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record DormancyDays(int advisoryDays, int noisyDays, int blockDays) {

    /** The {@code standard} preset: 7, 14 and 30 days. */
    public static final DormancyDays STANDARD = new DormancyDays(7, 14, 30);
    /** The {@code strict} preset: 3, 3 and 7 days. */
    public static final DormancyDays STRICT = new DormancyDays(3, 3, 7);

    /**
     * Checks the order of the stages.
     *
     * @param advisoryDays idle days before a branch is mentioned at a new session's start
     * @param noisyDays idle days before it is mentioned at every session start and creation
     * @param blockDays idle days before new branches are refused while it stays idle
     * @throws IllegalArgumentException unless {@code 1 <= advisory <= noisy < block}
     */
    public DormancyDays {
      if (advisoryDays < 1 || advisoryDays > noisyDays || noisyDays >= blockDays) {
        throw new IllegalArgumentException("dormancy days need 1 <= advisory <= noisy < block, got "
            + advisoryDays + "/" + noisyDays + "/" + blockDays);
      }
    }
  }

  /**
   * Bounds of the scans behind merged and containment judgements. A scan that reaches a bound
   * stops and its judgement reads "not proven", never "merged".
   *
   * @param maxCommits the most commits one walk may visit
   * @param budget the wall-clock time all the scans of one reading may take
   */
  @API(status = API.Status.EXPERIMENTAL)
  public record ScanLimits(int maxCommits, Duration budget) {

    /** A million commits and three seconds. */
    public static final ScanLimits DEFAULT = new ScanLimits(1_000_000, Duration.ofSeconds(3));

    /**
     * Checks the bounds.
     *
     * @param maxCommits the most commits one walk may visit
     * @param budget the wall-clock time all the scans of one reading may take
     * @throws IllegalArgumentException unless both are positive
     */
    public ScanLimits {
      Objects.requireNonNull(budget, "budget");
      if (maxCommits < 1 || budget.isNegative() || budget.isZero()) {
        throw new IllegalArgumentException("scan limits are positive: " + maxCommits + ", " + budget);
      }
    }
  }
}
