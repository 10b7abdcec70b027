package dev.groundskeeper.git.store;

import dev.groundskeeper.api.API;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one redaction pass of Groundskeeper: every text that leaves the moment it was written in
 * (a worktree's archived notes, a command or path in the decision log) goes through it. It
 * replaces each match of the configured secret patterns ({@code worktrees.redaction_patterns}:
 * API keys, tokens, private keys) with {@value #REDACTED}, and always the password of a URL's
 * user information ({@code https://user:secret@host} keeps {@code user}).
 */
@API(status = API.Status.EXPERIMENTAL)
public final class Redactor {

  /** What a secret is replaced with. */
  public static final String REDACTED = "[REDACTED]";

  /**
   * {@code scheme://user:password@}: the password is group 2. A password that is already the
   * replacement does not match again, so that redacted text holds no secret.
   */
  private static final Pattern URL_PASSWORD = Pattern.compile(
      "(\\b[A-Za-z][A-Za-z0-9+.-]*://[^\\s:/@]*:)(?!" + Pattern.quote(REDACTED) + "@)"
          + "([^\\s@/]+)(@)");

  private final List<Pattern> secrets;

  private Redactor(List<Pattern> secrets) {
    this.secrets = List.copyOf(secrets);
  }

  /**
   * {@return a redactor for {@code secrets} (in order) and URL passwords}
   *
   * @param secrets the patterns of secrets, applied in order
   */
  public static Redactor of(List<Pattern> secrets) {
    secrets.forEach(secret -> Objects.requireNonNull(secret, "secret"));
    return new Redactor(secrets);
  }

  /**
   * {@return {@code text} with every secret replaced by {@value #REDACTED}}
   *
   * @param text any text
   */
  public String redact(String text) {
    String out = URL_PASSWORD.matcher(text).replaceAll(
        match -> Matcher.quoteReplacement(match.group(1) + REDACTED + match.group(3)));
    for (Pattern secret : secrets) {
      out = secret.matcher(out).replaceAll(Matcher.quoteReplacement(REDACTED));
    }
    return out;
  }

  /**
   * {@return whether {@code text} still matches a secret pattern (or holds a URL password)}
   *
   * @param text any text
   */
  public boolean holdsSecret(String text) {
    if (URL_PASSWORD.matcher(text).find()) {
      return true;
    }
    return secrets.stream().anyMatch(secret -> secret.matcher(text).find());
  }

  /**
   * {@return the configured patterns, in order (the URL password is always redacted besides them)}
   */
  public List<Pattern> patterns() {
    return new ArrayList<>(secrets);
  }
}
