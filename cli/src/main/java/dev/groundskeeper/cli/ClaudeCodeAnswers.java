package dev.groundskeeper.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Outcome;

/**
 * Turns a decision into Claude Code's answer for the hook that asked. Denials are only enforced
 * where Claude Code lets a hook refuse (a tool call, a stop, a worktree creation); elsewhere the
 * same text reaches the agent as context, because it is still the way out.
 */
final class ClaudeCodeAnswers {

  private ClaudeCodeAnswers() {}

  static HookReply answer(String hookEventName, Event event, Decision decision) {
    String message = decision.message();
    if (event instanceof Event.WorktreeCreate) {
      // Only a refused creation is answered here; HookWorktrees creates the allowed ones.
      return new HookReply("", message, HookWorktrees.REFUSED);
    }
    if (event instanceof Event.WorktreeRemove) {
      // Claude Code only logs what this hook says; the message goes where it can be found.
      return new HookReply(HookReply.NOTHING, message, 0);
    }
    if (message.isEmpty()) {
      return nothing(hookEventName);
    }
    if (event instanceof Event.CommandEvent || event instanceof Event.FileWriteEvent
        || event instanceof Event.AgentDispatch) {
      return beforeTool(hookEventName, decision, message);
    }
    if (event instanceof Event.Stop stop) {
      return stop(decision, message, stop.stopHookActive());
    }
    if (event instanceof Event.SubagentStop stop) {
      return stop(decision, message, stop.stopHookActive());
    }
    if (event instanceof Event.PreCompact) {
      // Plain standard output of a PreCompact hook becomes part of the compaction instructions.
      return new HookReply(message, "", 0);
    }
    return context(hookEventName, message);
  }

  /**
   * The answer with nothing to say. Claude Code takes a PreCompact hook's standard output as text
   * for the compaction instructions (even {@code {}}, which the person then sees in the summary
   * prompt), so there nothing is printed; every other hook reads {@code {}} as "no opinion".
   */
  static HookReply nothing(String hookEventName) {
    return hookEventName.equals("PreCompact") ? new HookReply("", "", 0) : HookReply.nothing();
  }

  private static HookReply beforeTool(String hookEventName, Decision decision, String message) {
    ObjectNode specific = Json.object().put("hookEventName", hookEventName);
    if (decision.outcome() == Outcome.DENY) {
      specific.put("permissionDecision", "deny").put("permissionDecisionReason", message);
    } else {
      specific.put("additionalContext", message);
    }
    return reply(specific);
  }

  /**
   * A stop is blocked only when a rule denies and Claude Code is not already continuing because of
   * an earlier block; otherwise blocking again would loop, so the person sees the text instead.
   */
  private static HookReply stop(Decision decision, String message, boolean stopHookActive) {
    if (decision.outcome() == Outcome.DENY && !stopHookActive) {
      return HookReply.json(Json.compact(Json.object()
          .put("decision", "block").put("reason", message)));
    }
    return HookReply.json(Json.compact(Json.object().put("systemMessage", message)));
  }

  private static HookReply context(String hookEventName, String message) {
    return reply(Json.object().put("hookEventName", hookEventName)
        .put("additionalContext", message));
  }

  private static HookReply reply(ObjectNode hookSpecificOutput) {
    ObjectNode root = Json.object();
    root.set("hookSpecificOutput", hookSpecificOutput);
    return HookReply.json(Json.compact(root));
  }
}
