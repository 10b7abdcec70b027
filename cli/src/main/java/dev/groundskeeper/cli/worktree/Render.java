package dev.groundskeeper.cli.worktree;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Verdict;
import dev.groundskeeper.cli.Json;
import dev.groundskeeper.git.store.AddedWorktree;
import dev.groundskeeper.git.store.StoreRefusal;
import dev.groundskeeper.host.ProgramWord;
import dev.groundskeeper.host.worktree.Dossier;
import dev.groundskeeper.host.worktree.LaneListing;
import dev.groundskeeper.host.worktree.Listing;
import dev.groundskeeper.host.worktree.PruneReport;
import dev.groundskeeper.host.worktree.PruneRow;
import dev.groundskeeper.host.worktree.WorktreeRow;
import dev.groundskeeper.rules.worktree.MergeStatus;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns the store's rows into text for a terminal and JSON for programs. Every collection is an
 * array, never null, and a value that is not known is left out; the texts were sanitised by the
 * store.
 */
final class Render {

  private Render() {}

  /**
   * The --json text of {@code node}, each command it recommends written as {@code program} runs
   * it (as the text form is), compact or indented.
   */
  static String json(ObjectNode node, ProgramWord program, boolean pretty) {
    return Json.text(Json.render(node, program), pretty);
  }

  static ObjectNode added(AddedWorktree added) {
    ObjectNode node = Json.object();
    node.put("path", added.displayPath());
    node.put("branch", added.branch());
    node.put("created_branch", added.createdBranch());
    node.put("start_commit", added.startCommit());
    return node;
  }

  static ObjectNode refusal(StoreRefusal refusal) {
    ObjectNode node = Json.object();
    node.put("error", refusal.reason());
    node.put("remedy", refusal.remedy());
    return node;
  }

  /** The rules that refused a new branch, each with its reason and way out. */
  static ObjectNode policyRefusal(List<Verdict> denials) {
    ObjectNode node = Json.object();
    node.put("error", "the policy refuses the new branch");
    ArrayNode rules = node.putArray("denied_by");
    for (Verdict denial : denials) {
      ObjectNode rule = rules.addObject();
      rule.put("rule", denial.ruleId());
      rule.put("reason", denial.reason());
      optional(rule, "remedy", denial.remedy().map(remedy -> remedy.render()));
    }
    return node;
  }

  static ObjectNode listing(Listing listing) {
    ObjectNode node = Json.object();
    ArrayNode rows = node.putArray("worktrees");
    listing.rows().forEach(row -> rows.add(row(row)));
    ArrayNode notLanes = node.putArray("not_lanes");
    listing.notLanes().forEach(lane -> notLanes.add(lane(lane)));
    optional(node, "forge_note", listing.forgeNote());
    ArrayNode abandoned = node.putArray("abandoned_archives");
    listing.abandonedArchives().forEach(abandoned::add);
    ArrayNode interrupted = node.putArray("interrupted_removals");
    listing.interruptedRemovals().forEach(interrupted::add);
    return node;
  }

  static ObjectNode lanes(List<LaneListing> lanes) {
    ObjectNode node = Json.object();
    ArrayNode array = node.putArray("lanes");
    lanes.forEach(lane -> array.add(lane(lane)));
    return node;
  }

  private static ObjectNode lane(LaneListing lane) {
    ObjectNode node = Json.object();
    node.put("key", lane.key());
    node.put("path", lane.path());
    node.put("lane", lane.lane());
    optional(node, "repository", lane.repository());
    optional(node, "note", lane.note());
    ArrayNode rows = node.putArray("worktrees");
    lane.worktrees().forEach(row -> rows.add(row(row)));
    return node;
  }

  private static ObjectNode row(WorktreeRow row) {
    ObjectNode node = Json.object();
    node.put("name", row.name());
    optional(node, "branch", row.branch());
    node.put("detached", row.detached());
    node.put("path", row.path());
    node.put("where", row.where().word());
    row.clean().ifPresent(clean -> node.put("clean", clean));
    if (row.merged().isPresent()) {
      MergeStatus merged = row.merged().get();
      ObjectNode m = node.putObject("merged");
      m.put("merged", merged.merged());
      optional(m, "how", merged.how().map(MergeStatus.How::word));
      m.put("detail", merged.detail());
    }
    optional(node, "locked", row.locked());
    optional(node, "problem", row.problem());
    return node;
  }

  static ObjectNode prune(PruneReport report) {
    ObjectNode node = Json.object();
    node.put("dry_run", report.dryRun());
    node.put("exit_code", report.exitCode());
    optional(node, "forge_note", report.forgeNote());
    ArrayNode abandoned = node.putArray("abandoned_archives");
    report.abandonedArchives().forEach(abandoned::add);
    ArrayNode rows = node.putArray("rows");
    for (PruneRow row : report.rows()) {
      ObjectNode r = rows.addObject();
      r.put("name", row.name());
      optional(r, "branch", row.branch());
      r.put("path", row.path());
      r.put("outcome", row.outcome().words());
      r.put("reason", row.reason());
      optional(r, "archive", row.archive());
      row.dossier().ifPresent(dossier -> r.set("dossier", dossier(dossier)));
    }
    return node;
  }

  private static ObjectNode dossier(Dossier dossier) {
    ObjectNode node = Json.object();
    node.put("modified", dossier.modified());
    node.put("untracked", dossier.untracked());
    ArrayNode dirty = node.putArray("dirty_paths");
    dossier.dirtyPaths().forEach(dirty::add);
    if (dossier.ignored().isPresent()) {
      ArrayNode ignored = node.putArray("ignored");
      dossier.ignored().get().forEach(ignored::add);
    }
    if (dossier.commitSubjects().isPresent()) {
      ArrayNode subjects = node.putArray("commit_subjects");
      dossier.commitSubjects().get().forEach(subjects::add);
    }
    node.put("diff_summary", dossier.diffSummary());
    node.put("last_activity", DateTimeFormatter.ISO_INSTANT.format(dossier.lastActivity()));
    node.put("recommendation", dossier.recommendation());
    return node;
  }

  private static void optional(ObjectNode node, String field, Optional<String> value) {
    value.ifPresent(text -> node.put(field, text));
  }

  static String listingText(Listing listing) {
    StringBuilder out = new StringBuilder();
    if (listing.rows().isEmpty()) {
      out.append("No worktrees besides the main checkout.\n");
    } else {
      out.append(table(listing.rows()));
    }
    for (LaneListing lane : listing.notLanes()) {
      out.append(lane.path()).append(": ").append(lane.note().orElse("")).append('\n');
    }
    listing.forgeNote().ifPresent(note -> out.append("note: ").append(note).append('\n'));
    for (String archive : listing.abandonedArchives()) {
      out.append("note: ").append(archive).append(" is a notes archive a prune that stopped left"
          + " half-written (a copy; the notes stay in their worktree); the next prune deletes"
          + " it\n");
    }
    for (String left : listing.interruptedRemovals()) {
      out.append("note: ").append(left).append('\n');
    }
    return out.toString();
  }

  static String lanesText(List<LaneListing> lanes) {
    if (lanes.isEmpty()) {
      return "The store holds no lanes.\n";
    }
    StringBuilder out = new StringBuilder();
    for (LaneListing lane : lanes) {
      out.append(lane.path());
      lane.repository().ifPresent(repository -> out.append(" (repository ").append(repository)
          .append(')'));
      lane.note().ifPresent(note -> out.append(": ").append(note));
      out.append('\n');
      if (lane.lane() && lane.worktrees().isEmpty()) {
        out.append("  (empty)\n");
      } else if (!lane.worktrees().isEmpty()) {
        table(lane.worktrees()).lines().forEach(line -> out.append("  ").append(line)
            .append('\n'));
      }
    }
    return out.toString();
  }

  private static String table(List<WorktreeRow> rows) {
    List<List<String>> cells = new ArrayList<>();
    cells.add(List.of("NAME", "BRANCH", "STATE", "MERGED", "WHERE", "PATH"));
    for (WorktreeRow row : rows) {
      String branch = row.detached() ? "(detached)" : row.branch().orElse("-");
      if (row.problem().isPresent()) {
        cells.add(List.of(row.name(), branch, row.problem().get(), "", row.where().word(),
            row.path()));
        continue;
      }
      String state = row.clean().map(clean -> clean ? "clean" : "dirty").orElse("unknown")
          + row.locked().map(reason -> reason.isBlank() ? ", locked" : ", locked: " + reason)
              .orElse("");
      String merged = row.merged().map(MergeStatus::label).orElse("-");
      cells.add(List.of(row.name(), branch, state, merged, row.where().word(), row.path()));
    }
    int[] widths = new int[6];
    for (List<String> line : cells) {
      for (int i = 0; i < 5; i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> line : cells) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < 6; i++) {
        text.append(i < 5 ? pad(line.get(i), widths[i]) + "  " : line.get(i));
      }
      out.append(text.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(Math.max(0, width - text.length()));
  }

  static String pruneText(PruneReport report) {
    StringBuilder out = new StringBuilder();
    if (report.rows().isEmpty()) {
      out.append("No worktrees to judge.\n");
    }
    for (PruneRow row : report.rows()) {
      out.append(row.outcome().words()).append(": ").append(row.name())
          .append(row.branch().map(b -> " (" + b + ")").orElse("")).append(" at ")
          .append(row.path()).append('\n');
      out.append("  ").append(row.reason()).append('\n');
      row.archive().ifPresent(a -> out.append("  notes archived to ").append(a).append('\n'));
      row.dossier().ifPresent(d -> dossierText(d, out));
    }
    report.forgeNote().ifPresent(note -> out.append("note: ").append(note).append('\n'));
    report.abandonedArchives().forEach(line -> out.append(line).append('\n'));
    long reclaimed = report.rows().stream().filter(r -> r.outcome() == PruneRow.Outcome.RECLAIMED
        || r.outcome() == PruneRow.Outcome.WOULD_RECLAIM).count();
    out.append(report.dryRun() ? "Dry run: " + reclaimed + " would be reclaimed; nothing was"
        + " changed.\n" : reclaimed + " reclaimed.\n");
    return out.toString();
  }

  private static void dossierText(Dossier dossier, StringBuilder out) {
    out.append("  uncommitted: ").append(dossier.modified()).append(" changed, ")
        .append(dossier.untracked()).append(" untracked");
    if (!dossier.dirtyPaths().isEmpty()) {
      out.append(" (").append(String.join(", ", dossier.dirtyPaths())).append(')');
    }
    out.append('\n');
    out.append("  ignored files a removal deletes: ").append(dossier.ignored()
        .map(list -> list.isEmpty() ? "none" : String.join(", ", list))
        .orElse("could not be listed")).append('\n');
    out.append("  its commits: ").append(dossier.commitSubjects()
        .map(list -> list.isEmpty() ? "none" : String.join("; ", list))
        .orElse("could not be read")).append('\n');
    out.append("  change: ").append(dossier.diffSummary()).append('\n');
    out.append("  last activity: ")
        .append(DateTimeFormatter.ISO_INSTANT.format(dossier.lastActivity())).append('\n');
    out.append("  recommendation: ").append(dossier.recommendation()).append('\n');
  }
}
