#!/usr/bin/env bash
# A served `git branch -D feat/x` over 1,000 branches, in process (HookLoopMain), for each jar
# given, ROUNDS times interleaved, so that two builds are compared in the same minutes:
#   bench/scripts/hook-loop.sh /tmp/old.jar cli/target/groundskeeper.jar
# Each jar is a shaded CLI jar (cli/target/groundskeeper.jar of some commit); the loop itself comes
# from bench/target/classes. Results: docs/benchmarks/engine.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
calls="${CALLS:-1200}" rounds="${ROUNDS:-3}"
[ -d "$root/bench/target/classes/dev/groundskeeper/bench/engine" ] \
  || (cd "$root" && mvn -B -q -pl bench -am package -DskipTests)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/xdg" GROUNDSKEEPER_HOME="$work/gk"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
mkdir -p "$HOME" "$XDG_CONFIG_HOME"
git init -q -b main "$work/r"
git -C "$work/r" -c user.name=b -c user.email=b@b commit -q --allow-empty -m initial
head="$(git -C "$work/r" rev-parse HEAD)"
for ((i = 1; i <= 1000; i++)); do echo "create refs/heads/topic/b$i $head"; done \
  | git -C "$work/r" update-ref --stdin
only="$(git -C "$work/r" -c user.name=b -c user.email=b@b commit-tree -p "$head" -m 'only here' \
  "$(git -C "$work/r" rev-parse 'HEAD^{tree}')")"
git -C "$work/r" update-ref refs/heads/feat/x "$only"
printf '{"session_id":"bench","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git branch -D feat/x"}}' \
  "$work/r" >"$work/p.json"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= rounds; round++)); do
  for jar in "$@"; do
    java -XX:+UseSerialGC -cp "$root/bench/target/classes:$jar" \
      dev.groundskeeper.bench.engine.HookLoopMain "$work/p.json" "$work/r" "$calls" "$jar"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
