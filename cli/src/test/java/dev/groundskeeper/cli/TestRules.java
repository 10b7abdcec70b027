package dev.groundskeeper.cli;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.EventContext.SessionMode;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Finding;
import dev.groundskeeper.api.Mode;
import dev.groundskeeper.api.NoConfig;
import dev.groundskeeper.api.ProvidesRules;
import dev.groundskeeper.api.Remedy;
import dev.groundskeeper.api.Rule;
import dev.groundskeeper.api.RuleInfo;
import dev.groundskeeper.api.RuleProvider;
import dev.groundskeeper.api.Verdict;
import java.util.List;
import java.util.Set;

/**
 * Small rules that exist only to drive the command through its deny, advice and could-not-judge
 * paths for every event kind. Registered through the test {@code META-INF/services} file.
 */
@ProvidesRules(namespace = "clitest", ids = {"clitest.guard", "clitest.notes",
    "clitest.fragile"})
public final class TestRules implements RuleProvider<NoConfig> {

  @Override
  public Class<NoConfig> configType() {
    return NoConfig.class;
  }

  @Override
  public NoConfig defaultConfig() {
    return NoConfig.INSTANCE;
  }

  @Override
  public List<ConfiguredRule> rules(NoConfig config) {
    return List.of(ConfiguredRule.atDefault(new Guard()), ConfiguredRule.atDefault(new Notes()),
        ConfiguredRule.atDefault(new Fragile()));
  }

  /** Denies what a test marks as dangerous. */
  static final class Guard implements Rule {
    static final String ID = "clitest.guard";

    @Override
    public RuleInfo info() {
      return new RuleInfo(ID, "Test guard", "Denies commands, writes and stops marked dangerous.",
          Mode.BLOCK, Set.of(Event.CommandEvent.class, Event.FileWriteEvent.class,
              Event.Stop.class, Event.SubagentStop.class, Event.WorktreeCreate.class,
              Event.AgentDispatch.class, Event.PromptSubmitted.class),
          "rules/clitest.guard.md");
    }

    @Override
    public Verdict evaluate(Event event, Facts facts) {
      if (event instanceof Event.CommandEvent command) {
        if (command.command().contains("rm -rf /")) {
          return Verdict.deny(ID, "it removes everything",
              Remedy.run("Remove only the build output:", "rm -r ./build"));
        }
        if (command.context().mode() == SessionMode.SCRATCH
            && command.command().startsWith("git commit")) {
          return Verdict.deny(ID, "a scratch session never commits",
              Remedy.describe("Leave the change uncommitted."));
        }
        return Verdict.allow(ID);
      }
      if (event instanceof Event.FileWriteEvent write
          && write.path().getFileName().toString().equals("forbidden.txt")) {
        return Verdict.deny(ID, "writing " + write.path() + " is forbidden",
            Remedy.describe("Write elsewhere."));
      }
      if (event instanceof Event.Stop stop && stop.context().sessionId().equals("dirty")) {
        return Verdict.deny(ID, "work is unfinished", Remedy.run("Finish it:", "git status"));
      }
      if (event instanceof Event.SubagentStop stop && stop.context().agentId().equals("dirty")) {
        return Verdict.deny(ID, "sub-agent " + stop.agentType() + " left work unfinished",
            Remedy.describe("Finish it."));
      }
      if (event instanceof Event.WorktreeCreate create && create.name().startsWith("bad")) {
        return Verdict.deny(ID, "worktree name " + create.name() + " is refused",
            Remedy.describe("Pick another name."));
      }
      if (event instanceof Event.AgentDispatch dispatch && dispatch.description().equals("deny")) {
        return Verdict.deny(ID, "dispatch refused", Remedy.describe("Do it yourself."));
      }
      if (event instanceof Event.PromptSubmitted prompt && prompt.prompt().contains("deny")) {
        return Verdict.deny(ID, "prompt refused", Remedy.describe("Say it differently."));
      }
      return Verdict.allow(ID);
    }
  }

  /** Advises, saying what it saw, so tests can assert the event mapping through the answer. */
  static final class Notes implements Rule {
    static final String ID = "clitest.notes";

    @Override
    public RuleInfo info() {
      return new RuleInfo(ID, "Test notes", "Describes the events it sees.", Mode.ADVISE,
          Set.of(Event.CommandEvent.class, Event.FileWriteEvent.class,
              Event.CommandCompleted.class, Event.ToolCompleted.class,
              Event.PromptSubmitted.class, Event.SessionStart.class, Event.Stop.class,
              Event.SubagentStart.class, Event.AgentDispatch.class, Event.PreCompact.class,
              Event.WorktreeRemove.class, Event.SweepRequest.class),
          "rules/clitest.notes.md");
    }

    @Override
    public Verdict evaluate(Event event, Facts facts) {
      if (event instanceof Event.CommandEvent command) {
        return command.command().contains("note")
            ? Verdict.advise(ID, "noted: " + command.command() + " in " + command.context().cwd())
            : Verdict.allow(ID);
      }
      if (event instanceof Event.FileWriteEvent write) {
        return Verdict.advise(ID, write.kind() + " " + write.path() + " exists=" + write.exists()
            + " content=" + write.content().orElse("<none>"));
      }
      if (event instanceof Event.CommandCompleted done) {
        return Verdict.advise(ID, "completed " + done.command() + " status="
            + (done.exitStatus().isPresent() ? done.exitStatus().getAsInt() : "unknown")
            + " interrupted=" + done.interrupted());
      }
      if (event instanceof Event.ToolCompleted done) {
        return Verdict.advise(ID, "tool " + done.toolName() + " completed"
            + done.path().map(path -> " on " + path).orElse(""));
      }
      if (event instanceof Event.PromptSubmitted prompt) {
        return prompt.prompt().contains("tidy")
            ? Verdict.advise(ID, "prompt mentions tidying") : Verdict.allow(ID);
      }
      if (event instanceof Event.SessionStart start) {
        return Verdict.advise(ID, "session " + start.context().sessionId() + " source="
            + start.source() + " transcript="
            + start.context().transcriptPath().map(Object::toString).orElse("<none>"));
      }
      if (event instanceof Event.Stop stop) {
        return stop.context().sessionId().equals("chatty")
            ? Verdict.advise(ID, "stopping with notes") : Verdict.allow(ID);
      }
      if (event instanceof Event.SubagentStart start) {
        return Verdict.advise(ID, "sub-agent " + start.context().agentId() + " of type "
            + start.agentType() + " started");
      }
      if (event instanceof Event.AgentDispatch dispatch) {
        return Verdict.advise(ID, "dispatch isolation=" + dispatch.isolation().orElse("<none>")
            + " worktree=" + dispatch.isolatedInWorktree());
      }
      if (event instanceof Event.PreCompact compact) {
        return Verdict.advise(ID, "compaction trigger=" + compact.trigger());
      }
      if (event instanceof Event.WorktreeRemove remove) {
        return Verdict.advise(ID, "removing " + remove.worktreePath());
      }
      if (event instanceof Event.SweepRequest) {
        return Verdict.advise(ID, "swept at " + facts.get(Facts.NOW))
            .withFindings(List.of(new Finding(Finding.Kind.PATH, "notes/old.md", "30 days old")))
            .withRemedy(Remedy.run("Remove it:", "rm notes/old.md"));
      }
      return Verdict.notApplicable(ID);
    }
  }

  /** Throws on one command, to show that a failing rule never breaks the decision. */
  static final class Fragile implements Rule {
    static final String ID = "clitest.fragile";

    @Override
    public RuleInfo info() {
      return new RuleInfo(ID, "Test fragile rule", "Fails on the command 'explode'.", Mode.BLOCK,
          Set.of(Event.CommandEvent.class), "rules/clitest.fragile.md");
    }

    @Override
    public Verdict evaluate(Event event, Facts facts) {
      if (((Event.CommandEvent) event).command().equals("explode")) {
        throw new IllegalStateException("boom");
      }
      return Verdict.allow(ID);
    }
  }
}
