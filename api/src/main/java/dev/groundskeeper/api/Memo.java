package dev.groundskeeper.api;

import java.util.Objects;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * The derived facts of one evaluation: values that rules compute from the facts (an index of the
 * branch tips, the parsed command, the idle branches at a stage), computed once per evaluation and
 * shared by every rule that asks for the same {@link Key}. A rule reaches it through
 * {@link Facts#memo()} of the facts it is given.
 *
 * <pre>{@code
 * static final String TIPS_BY_STEM = "branches.tips-by-stem";
 *
 * Map<String, List<BranchTip>> byStem = facts.memo().get(
 *     Memo.Key.pure(TIPS_BY_STEM, tips, config), () -> index(tips, config));
 * }</pre>
 *
 * <p><b>Scope.</b> {@link Policy} gives every evaluation (one event judged) a memo of its own; it
 * is gone when the evaluation ends. A key made with {@link Key#of} lives only that long, so its
 * computation may read any fact. A key made with {@link Key#pure} promises that the value is a
 * function of the key's parts alone (fact values, configuration, text); such a value may also be
 * carried by the policy into later evaluations whose key has the same parts, which is what keeps a
 * warm process from re-deriving a ten-thousand-branch index on every tool call while the facts
 * hand out the same value instances. Parts are compared by value for strings, boxed primitives and
 * enum constants, and by identity for everything else (fact values are immutable, and a facts
 * cache hands out the same instance while the repository does not change).
 *
 * <p><b>Listing.</b> Each use is recorded for {@code explain}: {@link Explanation.Step#memo()}
 * lists, in order, every entry that rule asked for as a {@link Use}: the entry's
 * {@linkplain Key#label() label} and whether the rule {@linkplain Use.Source#COMPUTED computed} it,
 * {@linkplain Use.Source#REUSED reused} it from an earlier rule of the same evaluation, or got it
 * {@linkplain Use.Source#CARRIED carried} from an earlier evaluation.
 *
 * <p>Facts that do not come from an evaluation (a rule called directly) answer {@link #none()},
 * which computes on every call; {@link #fresh()} makes a memo for running rules outside a policy.
 * A computation that throws is remembered for the evaluation and rethrown to later askers; a
 * computation that asks for its own key fails with {@link IllegalStateException}. An evaluation
 * runs on one thread: a memo is not shared between threads.
 */
@API(status = API.Status.EXPERIMENTAL)
public interface Memo {

  /**
   * The value of {@code key}: computed by {@code compute} on the first ask in this evaluation (or
   * carried from an earlier one), the same instance afterwards.
   *
   * @param <T> the entry's type
   * @param key the entry
   * @param compute computes the value on the first ask; never answers null
   * @return the value
   * @throws NullPointerException when {@code compute} answers null
   */
  <T> T get(Key<T> key, Supplier<? extends T> compute);

  /**
   * A memo that remembers nothing: every {@link #get} computes.
   *
   * @return the forgetful memo
   */
  static Memo none() {
    return EvaluationMemo.NONE;
  }

  /**
   * A memo of its own that remembers every entry for as long as it is kept, for running rules
   * outside a {@link Policy} (test kits, tools). It carries nothing from or to other memos.
   *
   * @return a new memo
   */
  static Memo fresh() {
    return new EvaluationMemo(CarriedValues.NONE).view(uses -> { });
  }

  /**
   * The key of one memo entry: a name (lowercase, dotted, like a fact id: {@code
   * branches.tips-index}) and the parts its value depends on.
   *
   * @param <T> the type of the entry's value
   */
  final class Key<T> {
    private final String name;
    private final Object[] parts;
    private final boolean pure;
    private final int hash;

    private Key(String name, Object[] parts, boolean pure) {
      this.name = Objects.requireNonNull(name, "name");
      if (name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
        throw new IllegalArgumentException(
            "a memo key's name is non-blank without whitespace: '" + name + "'");
      }
      this.parts = parts.clone();
      for (Object part : this.parts) {
        Objects.requireNonNull(part, () -> "a part of memo key " + name + " is null");
      }
      this.pure = pure;
      int h = name.hashCode() * 31 + Boolean.hashCode(pure);
      for (Object part : this.parts) {
        h = h * 31 + (byValue(part) ? part.hashCode() : System.identityHashCode(part));
      }
      this.hash = h;
    }

    /**
     * An entry of this evaluation only; its computation may read any fact.
     *
     * @param <T> the entry's type
     * @param name the entry's name, as {@code explain} shows it
     * @param parts what the entry depends on: strings, numbers, booleans, characters and enums
     *     compare by value, anything else by identity
     * @return the key
     */
    public static <T> Key<T> of(String name, Object... parts) {
      return new Key<>(name, parts, false);
    }

    /**
     * An entry whose value depends on nothing but {@code parts}, so that a policy may carry it
     * into later evaluations with the same parts.
     *
     * @param <T> the entry's type
     * @param name the entry's name, as {@code explain} shows it
     * @param parts everything the value depends on, compared as for {@link #of}
     * @return the key
     */
    public static <T> Key<T> pure(String name, Object... parts) {
      return new Key<>(name, parts, true);
    }

    /**
     * The entry's name.
     *
     * @return the name given to {@link #of} or {@link #pure}
     */
    public String name() {
      return name;
    }

    /**
     * Whether a policy may carry the entry into later evaluations.
     *
     * @return true for a key made with {@link #pure}
     */
    public boolean isPure() {
      return pure;
    }

    /**
     * The name, followed by the parts compared by value in brackets ({@code
     * branches.dormancy.at-stage[NOISY]}); parts compared by identity (fact values, configuration)
     * are left out of the label.
     *
     * @return the label
     */
    public String label() {
      StringJoiner shown = new StringJoiner(", ", "[", "]").setEmptyValue("");
      for (Object part : parts) {
        if (byValue(part)) {
          String text = String.valueOf(part);
          shown.add(text.length() > 60 ? text.substring(0, 57) + "..." : text);
        }
      }
      return name + shown;
    }

    @Override
    public boolean equals(Object other) {
      if (!(other instanceof Key<?> key) || key.hash != hash || key.pure != pure
          || !key.name.equals(name) || key.parts.length != parts.length) {
        return false;
      }
      for (int i = 0; i < parts.length; i++) {
        Object a = parts[i];
        Object b = key.parts[i];
        if (a != b && !(byValue(a) && a.equals(b))) {
          return false;
        }
      }
      return true;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public String toString() {
      return label();
    }

    private static boolean byValue(Object part) {
      return part instanceof String || part instanceof Number || part instanceof Boolean
          || part instanceof Character || part instanceof Enum<?>;
    }
  }

  /**
   * One rule's ask for one memo entry, as {@code explain} lists it.
   *
   * @param key the entry's {@link Key#label}
   * @param source where its value came from
   */
  record Use(String key, Source source) {

    /**
     * Checks the components.
     *
     * @param key the entry's {@link Key#label}
     * @param source where its value came from
     */
    public Use {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(source, "source");
    }

    /** Where the value came from. */
    public enum Source {
      /** This rule computed it (first ask of the evaluation). */
      COMPUTED,
      /** An earlier rule of the same evaluation computed it. */
      REUSED,
      /** An earlier evaluation of the same policy computed it (a {@link Key#pure} key). */
      CARRIED
    }
  }
}
