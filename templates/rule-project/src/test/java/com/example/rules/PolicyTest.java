package com.example.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.groundskeeper.api.Decision;
import dev.groundskeeper.api.Facts;
import dev.groundskeeper.api.Outcome;
import dev.groundskeeper.api.Policy;
import dev.groundskeeper.testkit.Events;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The jar as the engine sees it: found by ServiceLoader beside the built-in branch rules. */
class PolicyTest {

  private final Policy policy = Policy.builder()
      .discover(PolicyTest.class.getClassLoader())
      .build();

  @Test
  void theProviderIsDiscoveredBesideTheBuiltInRules() {
    List<String> ids = policy.rules().stream().map(rule -> rule.rule().info().id()).toList();
    assertTrue(ids.contains(NoVerifyRule.ID), ids::toString);
    assertTrue(ids.stream().anyMatch(id -> id.startsWith("branches.")), ids::toString);
  }

  @Test
  void thePolicyDeniesASkippedHook() {
    Decision decision = policy.evaluate(
        Events.command("git commit --no-verify -m wip").build(), Facts.none());
    assertEquals(Outcome.DENY, decision.outcome());
    assertTrue(decision.message().contains("--no-verify"), decision.message());
  }
}
