#!/usr/bin/env bash
# Whole-process cold timings of `groundskeeper hook` (one PreToolUse Bash payload, in a fresh git
# repository) for each JVM start-up flag the launcher could use, and through bin/groundskeeper
# itself. Results and their reading: docs/benchmarks/engine.md.
#
#   bench/scripts/cli-startup.sh            # 20 runs per variant after 3 warm-ups
#   RUNS=50 bench/scripts/cli-startup.sh    # more runs
#
# Needs hyperfine (apt-get install hyperfine). Writes a Markdown table to
# bench/target/cli-startup.md.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$root/cli/target/groundskeeper.jar"
runs="${RUNS:-20}"
command -v hyperfine >/dev/null || { echo "cli-startup.sh: hyperfine is not installed" >&2; exit 1; }

# Builds the jar when stale, exactly as a user's first call would.
"$root/bin/groundskeeper" --version >/dev/null

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/xdg" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
mkdir -p "$HOME" "$XDG_CONFIG_HOME"
git init -q -b main "$work/repo"
git -C "$work/repo" -c user.name=b -c user.email=b@b commit -q --allow-empty -m initial
payload="$work/payload.json"
printf '{"session_id":"bench","transcript_path":"%s/t.jsonl","cwd":"%s/repo","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git branch -D feat/x && ls -la"}}' \
  "$work" "$work" >"$payload"

archive="$work/groundskeeper.jsa"
java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:ArchiveClassesAtExit="$archive" \
  -Xlog:cds=off -Xlog:cds+dynamic=off -jar "$jar" hook <"$payload" >/dev/null

cd "$work/repo"
mkdir -p "$root/bench/target"
hyperfine --warmup 3 --runs "$runs" --export-markdown "$root/bench/target/cli-startup.md" \
  -n "default JVM" "java -jar $jar hook < $payload" \
  -n "C1 only" "java -XX:TieredStopAtLevel=1 -jar $jar hook < $payload" \
  -n "SerialGC" "java -XX:+UseSerialGC -jar $jar hook < $payload" \
  -n "C1 + SerialGC" "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar $jar hook < $payload" \
  -n "C1 + SerialGC + -Xshare:off" "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:off -jar $jar hook < $payload" \
  -n "C1 + SerialGC + AppCDS" "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:SharedArchiveFile=$archive -Xlog:cds=off -jar $jar hook < $payload" \
  -n "C1 + SerialGC + AppCDS + -Xss1m -XX:-UsePerfData" "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss1m -XX:-UsePerfData -XX:SharedArchiveFile=$archive -Xlog:cds=off -jar $jar hook < $payload" \
  -n "AppCDS only" "java -XX:SharedArchiveFile=$archive -Xlog:cds=off -jar $jar hook < $payload" \
  -n "bin/groundskeeper hook" "$root/bin/groundskeeper hook < $payload"
