#!/bin/sh
# Runs the same JMH selection on two benchmark jars, interleaved (old, new, old, new), so that
# both sides see the same machine load. Usage:
#   bench/scripts/before-after.sh BEFORE.jar AFTER.jar [rounds]
# Build each jar with `mvn -B -o -q -pl bench -am package -DskipTests` on the commit to compare
# (for the old one, in a copy: git archive <commit> | tar -x -C /tmp/before) and copy it aside.
# Writes before-N.csv / after-N.csv in the current directory.
set -eu
BEFORE=$1
AFTER=$2
ROUNDS=${3:-2}
B='dev.groundskeeper.bench'
SEL="$B.branches.BranchCreationBenchmark.judgeCreationWarm|$B.scratch.ScratchRulesBenchmark.(consumeChainTypicalWithParse|shapeRuleOnCommandWithParse)|$B.engine.PolicyEvaluateBenchmark.evaluatePreToolUseBash|$B.shell.ShellParseBenchmark.parseTypical"
round=1
while [ "$round" -le "$ROUNDS" ]; do
  for side in before after; do
    if [ "$side" = before ]; then jar=$BEFORE; else jar=$AFTER; fi
    echo "=== round $round $side $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
    java -Djmh.ignoreLock=true -jar "$jar" "$SEL" -p facts=clock -wi 2 -w 1 -i 3 -r 1 -f 1 \
      -rf csv -rff "$side-$round.csv"
  done
  round=$((round + 1))
done
