#!/usr/bin/env bash
# Whole-process cold timings of `groundskeeper hook` (one PreToolUse Bash payload, in a fresh git
# repository) for each JVM start-up flag the launcher could use, and through bin/groundskeeper
# itself. Results and their reading: docs/benchmarks/engine.md.
#
#   bench/scripts/cli-startup.sh            # 20 runs per variant after 3 warm-ups
#   RUNS=50 bench/scripts/cli-startup.sh    # more runs
#
#   MODE=interleaved bench/scripts/cli-startup.sh
#                                          # the main variants in turn, round after round, with
#                                          # median wall and CPU (user+sys) time per variant: on a
#                                          # shared, loaded machine this compares fairly where
#                                          # back-to-back hyperfine batches see different loads
#
# Needs hyperfine (apt-get install hyperfine) for the default mode, which writes a Markdown table
# to bench/target/cli-startup.md.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
jar="$root/cli/target/groundskeeper.jar"
runs="${RUNS:-20}"
mode="${MODE:-hyperfine}"
if [ "$mode" = hyperfine ] && ! command -v hyperfine >/dev/null; then
  echo "cli-startup.sh: hyperfine is not installed (or use MODE=interleaved)" >&2
  exit 1
fi

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

if [ "$mode" = interleaved ]; then
  names=("default JVM" "C1 + SerialGC" "C1 + SerialGC + AppCDS" "bin/groundskeeper hook")
  commands=("java -jar $jar hook"
    "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar $jar hook"
    "java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:SharedArchiveFile=$archive -Xlog:cds=off -jar $jar hook"
    "$root/bin/groundskeeper hook")
  samples="$work/samples"
  for ((round = 0; round < runs; round++)); do
    for i in "${!commands[@]}"; do
      # %e wall seconds, %U + %S CPU seconds of the process and its children
      /usr/bin/time -f "$i %e %U %S" -a -o "$samples" sh -c "${commands[$i]} < $payload > /dev/null"
    done
  done
  printf '| variant | median wall [ms] | median CPU user+sys [ms] | runs |\n|:---|---:|---:|---:|\n'
  median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.0f", v[int((NR + 1) / 2)] }'; }
  for i in "${!commands[@]}"; do
    wall="$(awk -v i="$i" '$1 == i { print $2 * 1000 }' "$samples" | median)"
    cpu="$(awk -v i="$i" '$1 == i { print ($3 + $4) * 1000 }' "$samples" | median)"
    printf '| %s | %s | %s | %s |\n' "${names[$i]}" "$wall" "$cpu" "$runs"
  done
  exit 0
fi

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
