package dev.groundskeeper.api;

import java.util.Objects;

/**
 * The typed key of one fact rules may read ({@code clock.now}, {@code repo.branches}, ...).
 * Keys are compared by id; the type parameter is carried by the constant that declares the key.
 *
 * @param <T> the type of the fact's value
 */
@API(status = API.Status.STABLE)
public final class Fact<T> {

  private final String id;
  private final String description;

  private Fact(String id, String description) {
    this.id = Objects.requireNonNull(id, "id");
    this.description = Objects.requireNonNull(description, "description");
    if (id.isBlank() || id.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("a fact id is non-blank without whitespace: '" + id + "'");
    }
  }

  /**
   * A key.
   *
   * @param <T> the type of the fact's value
   * @param id the fact's id, non-blank and without whitespace ({@code repo.branches})
   * @param description what the fact holds, for {@code explain} and the docs
   * @return the key
   * @throws IllegalArgumentException for a blank id or one with whitespace
   */
  public static <T> Fact<T> of(String id, String description) {
    return new Fact<>(id, description);
  }

  /**
   * The fact's id; keys with equal ids are equal.
   *
   * @return the id
   */
  public String id() {
    return id;
  }

  /**
   * What the fact holds.
   *
   * @return the description
   */
  public String description() {
    return description;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Fact<?> fact && fact.id.equals(id);
  }

  @Override
  public int hashCode() {
    return id.hashCode();
  }

  @Override
  public String toString() {
    return id;
  }
}
