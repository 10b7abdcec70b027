package dev.groundskeeper.examples.forcepush;

import dev.groundskeeper.testkit.CommandArbitraries;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generated {@code git push} command lines, forced in every way git allows, or not forced. */
final class ForcePushArbitraries {

  private ForcePushArbitraries() {}

  static Arbitrary<String> forceFlags() {
    return Arbitraries.of("--force", "-f", "-fu", "-uf", "-vf");
  }

  static Arbitrary<String> remotes() {
    return Arbitraries.of("origin", "upstream", "fork");
  }

  /** A refspec updating {@code branch}: its name, {@code src:branch} or the full ref. */
  static Arbitrary<String> refspecsFor(String branch) {
    return Arbitraries.of(branch, "HEAD:" + branch, "feat:" + branch, "HEAD:refs/heads/" + branch);
  }

  /** {@code git push} to {@code branch}, forced by a flag, a {@code +}, or both. */
  static Arbitrary<String> forcedPushesTo(String branch) {
    Arbitrary<String> flag = Arbitraries.oneOf(forceFlags(), Arbitraries.just(""));
    return Combinators.combine(flag, remotes(), refspecsFor(branch), Arbitraries.of(true, false),
        Arbitraries.of(true, false))
        .filter((f, remote, spec, plus, flagLast) -> !f.isEmpty() || plus)
        .as((f, remote, spec, plus, flagLast) -> {
          String target = (plus ? "+" : "") + spec;
          if (f.isEmpty()) {
            return "git push " + remote + " " + target;
          }
          return flagLast ? "git push " + remote + " " + target + " " + f
              : "git push " + f + " " + remote + " " + target;
        });
  }

  /** {@code git push --force-with-lease} to {@code branch}, never otherwise forced. */
  static Arbitrary<String> leasedPushesTo(String branch) {
    return Combinators.combine(Arbitraries.of("--force-with-lease",
        "--force-with-lease=" + branch, "--force-with-lease --force-if-includes"), remotes(),
        refspecsFor(branch)).as((lease, remote, spec) -> "git push " + lease + " " + remote + " "
        + spec);
  }

  /** Pushes of every kind to generated branches. */
  static Arbitrary<String> pushes() {
    return CommandArbitraries.branchNames().flatMap(branch -> Arbitraries.oneOf(
        forcedPushesTo(branch), leasedPushesTo(branch),
        remotes().map(remote -> "git push " + remote + " " + branch)));
  }
}
