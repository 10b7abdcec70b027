package dev.groundskeeper.api;

/**
 * Computes one fact on first use. It may read other facts; it reports failure by throwing
 * {@link FactUnavailableException} (any other exception is wrapped into one).
 */
@API(status = API.Status.STABLE)
@FunctionalInterface
public interface FactSupplier<T> {

  /**
   * The value, or {@code null} when this source has no value to offer after all.
   *
   * @param facts the other facts, which the computation may read
   * @return the value, or null
   */
  T compute(Facts facts);
}
