package dev.groundskeeper.cli;

import dev.groundskeeper.api.ConfiguredRule;
import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Event;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.api.Verdict;

/**
 * What {@code --debug} adds for a rule that failed. The engine answers a rule that threw with a
 * verdict ("the rule failed: ...") and keeps no exception; rules are pure, so the failing rule
 * is run once more, outside the engine, on the same event and facts, and what it throws is
 * printed with its stack trace on standard error. Without {@code --debug} nothing runs again.
 */
final class Debug {

  /** How the engine words a rule that threw (api {@code Policy}). */
  static final String RULE_FAILED = "the rule failed: ";

  private Debug() {}

  static void ruleFailures(Invocation invocation, String verb, Policy policy, Event event,
      Facts facts, Decision decision) {
    if (!invocation.debug()) {
      return;
    }
    for (Verdict verdict : decision.verdicts()) {
      if (!verdict.reason().startsWith(RULE_FAILED)) {
        continue;
      }
      for (ConfiguredRule configured : policy.rules()) {
        if (configured.id().equals(verdict.ruleId())) {
          trace(invocation, verb, configured, event, facts);
        }
      }
    }
    invocation.err().flush();
  }

  private static void trace(Invocation invocation, String verb, ConfiguredRule configured,
      Event event, Facts facts) {
    String prefix = "groundskeeper " + verb + ": rule " + configured.id();
    try {
      configured.rule().evaluate(event, facts);
      invocation.err().println(prefix + " failed, but not when run again for its stack trace");
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      invocation.err().println(prefix + " failed:");
      e.printStackTrace(invocation.err());
    }
  }
}
