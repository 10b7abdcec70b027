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

  public static <T> Fact<T> of(String id, String description) {
    return new Fact<>(id, description);
  }

  public String id() {
    return id;
  }

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
