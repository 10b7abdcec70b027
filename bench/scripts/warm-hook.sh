#!/usr/bin/env bash
# Issue 13 part 5, side by side in one run, for a PreToolUse Bash `ls -la` (no rule reads the
# repository), in a fresh repository with a home and store of its own:
#   warm    bin/groundskeeper hook, launcher process start to answer, sent to the server that the
#           first call started in the background (the default path)
#   server  the server's own answer: the same request sent straight to its socket by curl
#           (curl's time_total: connect, the server's work, the answer)
#   cold    bin/groundskeeper hook with GROUNDSKEEPER_SERVE=off (a JVM per call)
# interleaved call by call (a cold call every COLD_EVERY-th round), after WARMUP served calls.
# Results and their reading: docs/benchmarks/engine.md.
#
#   bench/scripts/warm-hook.sh
#   CALLS=200 COLD_EVERY=10 WARMUP=300 bench/scripts/warm-hook.sh
#   LAUNCHER=/copy/of/bin/groundskeeper bench/scripts/warm-hook.sh   # another checkout's launcher
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
launcher="${LAUNCHER:-$root/bin/groundskeeper}"
jar="$(cd -P "$(dirname "$launcher")/.." && pwd)/cli/target/groundskeeper.jar"
calls="${CALLS:-200}" cold_every="${COLD_EVERY:-10}" warmup="${WARMUP:-300}"

# Builds the jar and its class-data archive when stale (an explicit step, never a hook call's).
"$launcher" --version >/dev/null

work="$(mktemp -d)"
cleanup() {
  "$launcher" serve --stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/xdg" GROUNDSKEEPER_HOME="$work/gk"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GROUNDSKEEPER_SERVE_IDLE=10m
unset GROUNDSKEEPER_SOCKET XDG_RUNTIME_DIR GROUNDSKEEPER_SERVE JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS
mkdir -p "$HOME" "$XDG_CONFIG_HOME"
git init -q -b main "$work/repo"
git -C "$work/repo" -c user.name=b -c user.email=b@b commit -q --allow-empty -m initial
printf '{"session_id":"bench","cwd":"%s/repo","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls -la"}}' \
  "$work" >"$work/pure.json"
cd "$work/repo"
socket="$work/gk/run/serve.sock"

# The first call answers itself and starts the server.
first_start="$(date +%s%N)"
"$launcher" hook <"$work/pure.json" >/dev/null
first_end="$(date +%s%N)"
while [ ! -S "$socket" ]; do sleep 0.05; done

# The request the launcher sends, for the direct calls (the variables it forwards, as it would).
{
  printf 'groundskeeper-serve/1\0c:%s\0j:%s\0u:' "$PWD" "$jar"
  umask
  printf '\0a:hook\0'
  for name in $(compgen -e); do
    case " HOME PATH USER LOGNAME LANG LANGUAGE TZ TMPDIR EMAIL JAVA_HOME XDG_CONFIG_HOME XDG_DATA_HOME XDG_STATE_HOME XDG_CACHE_HOME HTTP_PROXY HTTPS_PROXY ALL_PROXY NO_PROXY http_proxy https_proxy all_proxy no_proxy GROUNDSKEEPER_SESSION_MODE GROUNDSKEEPER_HOME " in
      *" $name "*) printf 'e:%s=%s\0' "$name" "${!name}" ;;
      *) case "$name" in LC_*|GIT_*|GH_*|GITHUB_*) printf 'e:%s=%s\0' "$name" "${!name}" ;; esac ;;
    esac
  done
  printf '\0'
  cat "$work/pure.json"
} >"$work/body"
direct() {
  curl -q -s -o /dev/null -w '%{http_code} %{time_total}\n' --unix-socket "$socket" -H 'Expect:' \
    -H 'Content-Type: application/octet-stream' --data-binary @"$work/body" http://localhost/v1/hook
}
[ "$(direct | cut -d' ' -f1)" = 200 ] || { echo "the server declined the direct request" >&2; exit 1; }

for ((i = 0; i < warmup; i++)); do "$launcher" hook <"$work/pure.json" >/dev/null; done

: >"$work/warm" ; : >"$work/server" ; : >"$work/cold"
for ((i = 1; i <= calls; i++)); do
  start="$(date +%s%N)"
  "$launcher" hook <"$work/pure.json" >/dev/null
  end="$(date +%s%N)"
  echo $(( (end - start) / 1000 )) >>"$work/warm"
  direct | awk '{ printf "%d\n", $2 * 1000000 }' >>"$work/server"
  if (( i % cold_every == 0 )); then
    start="$(date +%s%N)"
    GROUNDSKEEPER_SERVE=off "$launcher" hook <"$work/pure.json" >/dev/null
    end="$(date +%s%N)"
    echo $(( (end - start) / 1000 )) >>"$work/cold"
  fi
done

pct() { # file, percentile -> milliseconds
  sort -n "$1" | awk -v p="$2" '{ v[NR] = $1 } END { i = int((NR - 1) * p / 100) + 1; printf "%.2f", v[i] / 1000 }'
}
echo "load average before/after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "first call of the session (answers itself, starts the server): $(( (first_end - first_start) / 1000000 )) ms"
printf '| path | p50 [ms] | p90 [ms] | calls |\n|:---|---:|---:|---:|\n'
for path in warm server cold; do
  printf '| %s | %s | %s | %s |\n' "$path" "$(pct "$work/$path" 50)" "$(pct "$work/$path" 90)" \
    "$(wc -l <"$work/$path")"
done
awk -v w="$(pct "$work/warm" 50)" -v c="$(pct "$work/cold" 50)" \
  'BEGIN { printf "cold p50 / warm p50: %.1fx\n", c / w }'
"$launcher" serve --status | grep -E 'answered|declined'
