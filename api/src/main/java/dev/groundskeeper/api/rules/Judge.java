package dev.groundskeeper.api.rules;

import dev.groundskeeper.api.API;
import dev.groundskeeper.api.Facts;

/**
 * Judges one reading of a command ({@code GitPush}, {@code DeletedBranch}, ...). Pure, like
 * every rule: it reads only the reading and the facts. A
 * {@link dev.groundskeeper.api.FactUnavailableException} it lets out makes the rule's verdict
 * could-not-judge, as for any rule.
 *
 * @param <T> the reading's type
 */
@API(status = API.Status.EXPERIMENTAL)
@FunctionalInterface
public interface Judge<T> {

  /**
   * Judges one reading.
   *
   * @param reading one of the readings the rule takes from the command
   * @param facts what the rule may read about the world
   * @return the judgement, never null
   */
  Judgement judge(T reading, Facts facts);
}
