package dev.groundskeeper.api;

import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A rule's metadata, declared with the rule: its id ({@code namespace.name}, lower-case words and
 * dashes), a title, a one-line summary, its default mode, the event types it reads, and the path
 * of its documentation page relative to the repository's {@code docs/} folder.
 *
 * @param id {@code namespace.name}, lower-case words and dashes
 * @param title a few words, for lists
 * @param summary one line saying what the rule guards
 * @param defaultMode the mode without configuration
 * @param events the event types the rule reads, at least one
 * @param docsPage its page, relative to {@code docs/} ({@code rules/x.y.md})
 */
@API(status = API.Status.STABLE)
public record RuleInfo(String id, String title, String summary, Mode defaultMode,
    Set<Class<? extends Event>> events, String docsPage) {

  private static final Pattern ID = Pattern.compile("[a-z0-9]+(?:-[a-z0-9]+)*(?:\\.[a-z0-9]+(?:-[a-z0-9]+)*)+");

  /**
   * Checks the metadata and copies the event types.
   *
   * @param id {@code namespace.name}, lower-case words and dashes
   * @param title a few words, for lists
   * @param summary one line saying what the rule guards
   * @param defaultMode the mode without configuration
   * @param events the event types the rule reads, at least one
   * @param docsPage its page, relative to {@code docs/} ({@code rules/x.y.md})
   * @throws InvalidRuleIdException for a malformed id, a blank title or summary, or no event
   *     type
   */
  public RuleInfo {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(summary, "summary");
    Objects.requireNonNull(defaultMode, "defaultMode");
    Objects.requireNonNull(docsPage, "docsPage");
    checkId(id);
    if (title.isBlank() || summary.isBlank()) {
      throw new InvalidRuleIdException(id, "title and summary must not be blank");
    }
    events = Set.copyOf(events);
    if (events.isEmpty()) {
      throw new InvalidRuleIdException(id, "a rule must read at least one event type");
    }
  }

  /**
   * The id's namespace: everything before the first dot.
   *
   * @return the namespace
   */
  public String namespace() {
    return id.substring(0, id.indexOf('.'));
  }

  /**
   * Whether this rule reads events of the given type.
   *
   * @param event an event
   * @return true when one of {@link #events()} is its type or a supertype
   */
  public boolean reads(Event event) {
    for (Class<? extends Event> type : events) {
      if (type.isInstance(event)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Checks a rule id: non-blank, no whitespace, at least {@code namespace.name}, lower-case
   * letters, digits and dashes.
   *
   * @param id the id to check
   * @throws InvalidRuleIdException naming the id and what is wrong with it
   */
  public static void checkId(String id) {
    if (id.isBlank()) {
      throw new InvalidRuleIdException(id, "it is blank");
    }
    if (id.chars().anyMatch(Character::isWhitespace)) {
      throw new InvalidRuleIdException(id, "it contains whitespace");
    }
    if (!ID.matcher(id).matches()) {
      throw new InvalidRuleIdException(id,
          "expected 'namespace.name' in lower-case letters, digits and dashes");
    }
  }
}
