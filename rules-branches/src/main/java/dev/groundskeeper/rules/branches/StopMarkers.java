package dev.groundskeeper.rules.branches;

import dev.groundskeeper.api.EventContext;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.files.FileFacts;
import dev.groundskeeper.api.files.PathProbe;
import dev.groundskeeper.api.repo.RepoFacts;
import dev.groundskeeper.api.repo.Worktree;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files that tell the stop guard about the stopping thread what its branches cannot: that
 * the session must stop now (a usage pause, a release in progress) or that the agent is handing
 * its work to a successor. The runner or another hook writes them; the guard only asks whether one
 * exists, through the {@link FileFacts#PATHS} fact. A marker is a path template: {@code {session}}
 * becomes the session id and {@code {agent}} the agent id ({@code main} for the main thread), so
 * one marker can be per session or per agent. A relative path is read from the main checkout's
 * top-level directory, so every worktree of the repository sees the same marker.
 */
final class StopMarkers {

  /** What {@code {agent}} becomes for the main thread, which has no agent id. */
  static final String MAIN_THREAD = "main";

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)}");

  private StopMarkers() {}

  /**
   * Why {@code template} cannot be a marker, or empty when it can: blank, a placeholder other than
   * {@code {session}} or {@code {agent}}, a stray brace, or not a path.
   */
  static Optional<String> problem(String template) {
    if (template.isBlank()) {
      return Optional.of("an empty marker path matches nothing; remove it or write a path");
    }
    Matcher placeholder = PLACEHOLDER.matcher(template);
    while (placeholder.find()) {
      String name = placeholder.group(1);
      if (!name.equals("session") && !name.equals("agent")) {
        return Optional.of("`{" + name + "}` is not a placeholder; use {session} or {agent}");
      }
    }
    String rest = placeholder.replaceAll("x");
    if (rest.contains("{") || rest.contains("}")) {
      return Optional.of("`" + template + "` has an unmatched brace; the placeholders are"
          + " {session} and {agent}");
    }
    try {
      Path.of(rest);
    } catch (InvalidPathException e) {
      return Optional.of("`" + template + "` is not a usable path: " + e.getReason());
    }
    return Optional.empty();
  }

  /** {@code template} with the placeholders filled in for the stopping thread. */
  static String expand(String template, EventContext context) {
    return template.replace("{session}", context.sessionId())
        .replace("{agent}", context.isMainThread() ? MAIN_THREAD : context.agentId());
  }

  /**
   * The first of {@code templates} whose file exists for the stopping thread, as the path that was
   * probed; empty when none does (or none is configured).
   *
   * @throws dev.groundskeeper.api.FactUnavailableException when a marker is configured but the
   *     file facts cannot be read, so the rule cannot tell (the engine then lets the stop through
   *     with a note, as for any workflow guard that cannot judge)
   */
  static Optional<Path> present(List<String> templates, EventContext context, Facts facts) {
    if (templates.isEmpty()) {
      return Optional.empty();
    }
    PathProbe probe = facts.get(FileFacts.PATHS);
    Optional<Path> root = mainCheckout(facts);
    for (String template : templates) {
      Path path;
      try {
        path = Path.of(expand(template, context));
      } catch (InvalidPathException e) {
        continue; // an id that makes no path names no marker that could exist
      }
      Path probed = path.isAbsolute() ? path : root.map(r -> r.resolve(path)).orElse(path);
      if (probe.exists(probed)) {
        return Optional.of(probed.normalize());
      }
    }
    return Optional.empty();
  }

  /** The main checkout's top level; empty for a bare repository or outside one. */
  private static Optional<Path> mainCheckout(Facts facts) {
    return facts.find(RepoFacts.WORKTREES).flatMap(worktrees -> worktrees.stream()
        .filter(Worktree::main).map(Worktree::path).findFirst());
  }
}
