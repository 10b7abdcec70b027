package dev.groundskeeper.rules.scratch;

import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.SafeText;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The texts of a shape denial. Content never decides the verdict; it only picks which home the
 * remedy suggests.
 */
final class ShapeTexts {

  private static final Pattern DURABLE =
      Pattern.compile("(?i)(?<![a-z])(reports?|reviews?|designs?|findings?|decisions?)(?![a-z])");

  private ShapeTexts() {}

  /** The reason: which rule, which file, and why it may not be created there. */
  static String reason(ScratchPaths.Placement placement, String path, ScratchConfig config) {
    String shown = SafeText.escape(path);
    if (placement == ScratchPaths.Placement.SCRATCH_DIRECTORY) {
      return shown + " is the path of the scratch directory " + config.directory()
          + " itself: a file written there would take the directory's place, and no scratch "
          + "file could be created in it any more.";
    }
    String head = shown + " would be a new file ";
    if (placement == ScratchPaths.Placement.SCRATCH_NOT_A_SHAPE) {
      return head + "in the scratch directory " + config.directory()
          + ", and its name matches no scratch shape. The scratch directory only holds files "
          + "that are used up soon: " + shapes(config) + ". Anything else left there is work "
          + "nobody will find again.";
    }
    return head + "under the ignored root " + ScratchPaths.rootOf(path, config.roots())
        + " outside the scratch directory " + config.directory() + ". Under an ignored root "
        + "an agent creates files only in the scratch directory; the stores there are written "
        + "by their own tools, and anything else is work nobody will find again.";
  }

  /** The way out, chosen from the file's name, extension and first heading. */
  static Remedy remedy(ScratchPaths.Placement placement, String path, ScratchConfig config,
      Optional<String> content) {
    if (placement == ScratchPaths.Placement.SCRATCH_DIRECTORY) {
      return Remedy.describe("Write the file inside the directory under a scratch-shaped name, "
          + "for example " + config.directory() + "notes.txt or " + config.directory()
          + "journal-<topic>.md.");
    }
    String name = SafeText.escape(ScratchPaths.basename(path));
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String extension = dot > 0 ? name.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
    if (extension.equals("patch") || extension.equals("diff")) {
      return Remedy.describe("A patch file is not a place to keep work: commit the changes on "
          + "a branch (a work-in-progress commit is fine) so that git keeps them.");
    }
    if (extension.equals("py") || extension.equals("sh") || extension.equals("bash")) {
      return Remedy.describe("A script worth keeping belongs in a commit: add it to the "
          + "repository where its kind lives (for example scripts/" + name + ") and commit it. "
          + "If you only need its output, capture that instead, for example "
          + config.directory() + stem + ".out.");
    }
    if (durable(name, content)) {
      return Remedy.describe("This reads as a report, review, design, findings or decision "
          + "record, which must outlive the session: write it into the plan folder it belongs "
          + "to or a tracked document (for example docs/" + name + ") and commit it.");
    }
    String shaped = config.directory() + (extension.equals("md")
        ? "brief-" + stem + ".md" : stem + ".txt");
    return Remedy.describe("If it is consumed this session, give it a scratch shape, for "
        + "example " + shaped + "; otherwise give it a tracked home: a plan folder, a journal "
        + "entry, a pushed commit or an issue.");
  }

  static boolean durable(String name, Optional<String> content) {
    return DURABLE.matcher(name).find()
        || content.flatMap(ShapeTexts::firstHeading).map(h -> DURABLE.matcher(h).find())
            .orElse(false);
  }

  /** The first Markdown heading in the first lines of the content. */
  static Optional<String> firstHeading(String content) {
    int start = 0;
    for (int line = 0; line < 40 && start < content.length(); line++) {
      int end = content.indexOf('\n', start);
      String text = (end < 0 ? content.substring(start) : content.substring(start, end)).strip();
      if (text.startsWith("#")) {
        return Optional.of(text);
      }
      if (end < 0) {
        break;
      }
      start = end + 1;
    }
    return Optional.empty();
  }

  private static String shapes(ScratchConfig config) {
    String builtIn = "message bodies (commit-*.txt, pr-*.md, issue-*.md, …), journal-*.md and "
        + "brief-*.md bodies, and captures (*.txt, *.log, *.out, *.json, *.jsonl, *.tsv)";
    if (!config.shapes().defaults()) {
      return "here, files named " + String.join(", ", config.shapes().extra());
    }
    return config.shapes().extra().isEmpty() ? builtIn
        : builtIn + ", plus " + String.join(", ", config.shapes().extra());
  }
}
