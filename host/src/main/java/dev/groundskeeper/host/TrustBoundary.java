package dev.groundskeeper.host;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.LossGuard;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.config.ConfigLayer;
import dev.groundskeeper.api.config.EffectiveConfig;
import dev.groundskeeper.api.config.RuleIdGlob;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * What an untrusted repository's configuration may not do, and how it is undone: each setting
 * that could switch off or weaken a loss guard, load code, or move the store is compared between
 * the policy of the trusted layers (the user's file over the embedded defaults) and that of every
 * layer; where the repository's value is weaker, an override layer after the repository's own
 * restores the trusted value (keeping whatever the repository made stricter), and the attempt is
 * reported. Rules marked {@link LossGuard} that the trusted policy runs must run, at no softer
 * mode, in the result; a repository's {@code engine.include} or {@code engine.exclude} that would
 * leave one out is rewritten to keep it. Pure: compares configurations, reads nothing.
 */
final class TrustBoundary {

  /** The name of the override layer (shown as a value's origin by {@code config show}). */
  static final String OVERRIDE_LAYER = "trust";

  /** How a setting weakens a loss guard. */
  enum Kind {
    /** A rule mode: {@code off} is weaker than {@code advise}/{@code warn}, weaker than the rest. */
    MODE,
    /** {@code false} is weaker than {@code true}. */
    FLAG,
    /** An {@code engine.on_error}: {@code allow} is weaker than {@code deny}. */
    ON_ERROR,
    /** A list whose added entries let a guard allow more (rebuildable globs, yield markers). */
    ADDS,
    /** A list whose removed entries let a guard allow more (protected names, redactions). */
    REMOVES,
    /** Any change lets a guard allow more, or moves where things are kept. */
    CHANGES
  }

  /** One guarded setting: its key path and how it weakens. */
  record Guarded(String path, Kind kind, String why) {}

  /**
   * The weakening keys, documented in docs/trust.md. Keys of a namespace the policy does not
   * load are skipped.
   */
  static final List<Guarded> SETTINGS = List.of(
      new Guarded("engine.on_error", Kind.ON_ERROR, "a failing rule would allow"),
      new Guarded("changes.discard", Kind.MODE, "guards uncommitted changes"),
      new Guarded("changes.delete", Kind.MODE, "guards untracked and ignored files"),
      new Guarded("changes.expire", Kind.MODE, "guards commits only a reflog holds"),
      new Guarded("changes.force_push", Kind.MODE, "guards commits only a remote branch holds"),
      new Guarded("branches.default", Kind.CHANGES, "decides what counts as merged"),
      new Guarded("branches.remote", Kind.CHANGES, "decides whose deletions are judged"),
      new Guarded("branches.integration_lines", Kind.CHANGES,
          "decides what counts as merged and what is protected"),
      new Guarded("branches.exempt", Kind.CHANGES, "exempt branches are never judged"),
      new Guarded("branches.protected_names", Kind.REMOVES, "names never deleted"),
      new Guarded("branches.force_removal.mode", Kind.MODE, "guards branch -D and worktree"
          + " remove --force"),
      new Guarded("branches.evacuation.mode", Kind.MODE, "guards patch-then-destroy"),
      new Guarded("branches.stop_guard.mode", Kind.MODE, "guards unpushed and dirty work at"
          + " stop"),
      new Guarded("branches.stop_guard.unpushed_subagent", Kind.MODE, "guards a sub-agent's"
          + " unpushed commits"),
      new Guarded("branches.stop_guard.include_default", Kind.FLAG, "judges the default branch"
          + " at stop"),
      new Guarded("branches.stop_guard.yield_markers", Kind.ADDS, "a marker lets a stop through"),
      new Guarded("branches.stop_guard.handoff_markers", Kind.ADDS, "a marker lets a stop"
          + " through"),
      new Guarded("branches.cleanup_after_merge.regenerable", Kind.ADDS, "more untracked and"
          + " ignored files would count as rebuildable (by the delete and force-removal guards"
          + " and prune)"),
      new Guarded("worktrees.home", Kind.CHANGES, "moves the worktree store and the notes"
          + " archive"),
      new Guarded("worktrees.notes_dir", Kind.CHANGES, "decides which notes are archived before"
          + " a removal"),
      new Guarded("worktrees.redaction_patterns", Kind.REMOVES, "keeps secrets out of the"
          + " notes archive"));

  /** The plugin key: never taken from an untrusted layer. */
  static final String PLUGINS = "engine.plugins";

  /** What the boundary found: the override layer (if any) and one line per refused setting. */
  record Result(Optional<ConfigLayer> override, List<String> refused) {
    Result {
      refused = List.copyOf(refused);
    }
  }

  private TrustBoundary() {}

  /**
   * Compares {@code all} (every layer, plugins of the trusted layers only) with {@code trusted}
   * (the trusted layers alone) and says what to override. {@code untrustedPlugins} are the plugin
   * entries the untrusted layers name, reported and never loaded.
   */
  static Result compare(Policy trusted, Policy all, List<String> untrustedPlugins) {
    EffectiveConfig trustedConfig = trusted.config();
    EffectiveConfig allConfig = all.config();
    Map<String, Object> overrides = new LinkedHashMap<>();
    List<String> refused = new ArrayList<>();
    for (String plugin : untrustedPlugins) {
      refused.add(PLUGINS + ": the plugin `" + plugin + "` was not loaded (plugins run code in"
          + " the hook)");
    }
    if (!untrustedPlugins.isEmpty()) {
      overrides.put(PLUGINS, trustedConfig.engine().plugins());
    }
    for (Guarded setting : SETTINGS) {
      Optional<Object> kept = trustedConfig.value(setting.path());
      Optional<Object> asked = allConfig.value(setting.path());
      if (kept.isEmpty() || asked.isEmpty()) {
        continue;
      }
      Optional<Object> restored = restore(setting.kind(), kept.get(), asked.get());
      if (restored.isPresent()) {
        overrides.put(setting.path(), restored.get());
        refused.add(setting.path() + ": `" + show(asked.get()) + "` was not applied ("
            + setting.why() + "); `" + show(restored.get()) + "` is in force");
      }
    }
    keepGuards(trusted, all, overrides, refused);
    return new Result(overrides.isEmpty() ? Optional.empty()
        : Optional.of(ConfigLayer.ofText(OVERRIDE_LAYER, yaml(overrides))), refused);
  }

  /**
   * The loss guards {@code trusted} runs that {@code policy} leaves out or runs softer; empty
   * when the boundary holds.
   */
  static List<String> weakenedGuards(Policy trusted, Policy policy) {
    Map<String, Mode> modes = new LinkedHashMap<>();
    policy.rules().forEach(rule -> modes.put(rule.id(), rule.mode()));
    List<String> weakened = new ArrayList<>();
    for (ConfiguredRule rule : guards(trusted)) {
      Mode mode = modes.get(rule.id());
      if (mode == null || rank(mode) < rank(rule.mode())) {
        weakened.add(rule.id());
      }
    }
    return weakened;
  }

  private static List<ConfiguredRule> guards(Policy policy) {
    return policy.rules().stream()
        .filter(rule -> !rule.mode().isOff())
        .filter(rule -> rule.rule().getClass().isAnnotationPresent(LossGuard.class))
        .toList();
  }

  /** Rewrites the include and exclude globs so that every guard the trusted policy runs runs. */
  private static void keepGuards(Policy trusted, Policy all, Map<String, Object> overrides,
      List<String> refused) {
    Set<String> present = all.rules().stream().map(ConfiguredRule::id)
        .collect(Collectors.toSet());
    List<String> missing = guards(trusted).stream().map(ConfiguredRule::id)
        .filter(id -> !present.contains(id)).toList();
    if (missing.isEmpty()) {
      return;
    }
    Set<String> known = new TreeSet<>(present);
    trusted.rules().forEach(rule -> known.add(rule.id()));
    List<String> exclude = new ArrayList<>();
    for (String glob : all.config().engine().exclude()) {
      Pattern pattern = RuleIdGlob.compile(glob);
      List<String> hit = missing.stream().filter(id -> pattern.matcher(id).matches()).toList();
      if (hit.isEmpty()) {
        exclude.add(glob);
        continue;
      }
      // The glob's other rules stay excluded, named one by one.
      known.stream().filter(id -> pattern.matcher(id).matches() && !missing.contains(id))
          .forEach(exclude::add);
      refused.add("engine.exclude: `" + glob + "` would switch off the loss guard"
          + (hit.size() == 1 ? " " : "s ") + String.join(", ", hit) + "; "
          + (hit.size() == 1 ? "it runs" : "they run"));
    }
    overrides.put("engine.exclude", List.copyOf(new LinkedHashSet<>(exclude)));
    List<String> include = all.config().engine().include();
    if (!include.isEmpty()) {
      List<String> left = missing.stream().filter(id -> include.stream()
          .noneMatch(glob -> RuleIdGlob.compile(glob).matcher(id).matches())).toList();
      if (!left.isEmpty()) {
        List<String> widened = new ArrayList<>(include);
        widened.addAll(left);
        overrides.put("engine.include", widened);
        refused.add("engine.include: `" + String.join(", ", include) + "` would leave out the"
            + " loss guard" + (left.size() == 1 ? " " : "s ") + String.join(", ", left) + "; "
            + (left.size() == 1 ? "it runs" : "they run"));
      }
    }
  }

  /** The value to restore when {@code asked} is weaker than {@code kept}, else empty. */
  static Optional<Object> restore(Kind kind, Object kept, Object asked) {
    if (kept.equals(asked)) {
      return Optional.empty();
    }
    return switch (kind) {
      case MODE -> rank((Mode) asked) < rank((Mode) kept) ? Optional.of(kept) : Optional.empty();
      case FLAG -> Boolean.TRUE.equals(kept) && Boolean.FALSE.equals(asked)
          ? Optional.of(kept) : Optional.empty();
      case ON_ERROR -> word(kept).equals("deny") ? Optional.of(kept) : Optional.empty();
      case ADDS -> {
        List<?> keptList = (List<?>) kept;
        List<?> askedList = (List<?>) asked;
        List<Object> without = new ArrayList<>(askedList);
        without.removeIf(entry -> !keptList.contains(entry));
        yield without.size() == askedList.size() ? Optional.empty()
            : Optional.of(List.copyOf(without));
      }
      case REMOVES -> {
        List<?> keptList = (List<?>) kept;
        List<Object> with = new ArrayList<>((List<?>) asked);
        boolean added = false;
        for (Object entry : keptList) {
          if (!with.contains(entry)) {
            with.add(entry);
            added = true;
          }
        }
        yield added ? Optional.of(List.copyOf(with)) : Optional.empty();
      }
      case CHANGES -> Optional.of(kept);
    };
  }

  /** How strongly a mode enforces: off, then the softening words, then every other word. */
  static int rank(Mode mode) {
    if (mode.isOff()) {
      return 0;
    }
    return mode.softensDenials() ? 1 : 2;
  }

  /** The value as configuration text shows it. */
  static String show(Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(TrustBoundary::show).collect(Collectors.joining(", ", "[", "]"));
    }
    if (value instanceof Optional<?> optional) {
      return optional.map(TrustBoundary::show).orElse("unset");
    }
    return word(value);
  }

  private static String word(Object value) {
    if (value instanceof Enum<?> constant) {
      return constant.name().toLowerCase(Locale.ROOT);
    }
    return String.valueOf(value);
  }

  /** The overrides as one YAML document of nested blocks. */
  static String yaml(Map<String, Object> overrides) {
    Map<String, Object> root = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : overrides.entrySet()) {
      String[] segments = entry.getKey().split("\\.");
      Map<String, Object> block = root;
      for (int i = 0; i < segments.length - 1; i++) {
        @SuppressWarnings("unchecked")
        Map<String, Object> next = (Map<String, Object>) block.computeIfAbsent(segments[i],
            name -> new LinkedHashMap<String, Object>());
        block = next;
      }
      block.put(segments[segments.length - 1], plain(entry.getValue()));
    }
    DumperOptions options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    return new Yaml(options).dump(root);
  }

  private static Object plain(Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(TrustBoundary::plain).toList();
    }
    if (value instanceof Optional<?> optional) {
      return optional.map(TrustBoundary::plain).orElse(null);
    }
    if (value instanceof Boolean || value instanceof Number) {
      return value;
    }
    return word(value);
  }
}
