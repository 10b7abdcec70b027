#!/usr/bin/env bash
# Issue 13 part 5, side by side in one run, in fresh repositories with a home and store of their
# own, for two PreToolUse Bash payloads:
#   pure      `ls -la` in a repository of one commit (no rule needs the branch inventory)
#   branch-D  `git branch -D feat/x` in a repository of 1,000 branches, feat/x holding a commit
#             found nowhere else (denied after reading the branch inventory)
# and three paths each (plus two floors: an env-bash script that exits at once, and the
# launcher parsed but not run):
#   warm    bin/groundskeeper hook, launcher process start to answer, sent to the server that the
#           first call started in the background (the default path: bash hands the call to the
#           compiled hook client); the payload on a pipe; beside it the same call on bash's own
#           path (GROUNDSKEEPER_HOOK_CLIENT=off) and the hook client run without bash
#   server  the server's own time per call, request read to answer written (its --status),
#           and curl: the same request sent straight to the Unix socket (curl's time_total:
#           connect, the server's work, the answer; curl's own start is not in it)
#   cold    bin/groundskeeper hook with GROUNDSKEEPER_SERVE=off (a JVM per call)
# interleaved call by call (a cold call every COLD_EVERY-th round), after WARMUP served calls,
# each timed with bash's EPOCHREALTIME (no process of the harness in any sample).
# Results and their reading: docs/benchmarks/engine.md.
#
#   bench/scripts/warm-hook.sh
#   CALLS=200 COLD_EVERY=10 WARMUP=300 bench/scripts/warm-hook.sh
#   LAUNCHER=/copy/of/bin/groundskeeper bench/scripts/warm-hook.sh   # another checkout's launcher
set -euo pipefail
# Times in microseconds from bash's own clock: a `$(date +%s%N)` around a call forks and starts a
# program on each side, about 2 ms added to every sample on this machine, which mostly hid the
# warm path's own time (docs/benchmarks/engine.md, run 4).
(( BASH_VERSINFO[0] >= 5 )) || { echo "warm-hook.sh needs bash 5 (EPOCHREALTIME)" >&2; exit 1; }

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
launcher="${LAUNCHER:-$root/bin/groundskeeper}"
jar="$(cd -P "$(dirname "$launcher")/.." && pwd)/cli/target/groundskeeper.jar"
client="${jar%/*}/groundskeeper-hook-client"
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
git init -q -b main "$work/pure"
git -C "$work/pure" -c user.name=b -c user.email=b@b commit -q --allow-empty -m initial
git init -q -b main "$work/branches"
git -C "$work/branches" -c user.name=b -c user.email=b@b commit -q --allow-empty -m initial
head="$(git -C "$work/branches" rev-parse HEAD)"
for ((i = 1; i <= 1000; i++)); do echo "create refs/heads/topic/b$i $head"; done \
  | git -C "$work/branches" update-ref --stdin
only="$(git -C "$work/branches" -c user.name=b -c user.email=b@b commit-tree -p "$head" \
  -m 'only here' "$(git -C "$work/branches" rev-parse 'HEAD^{tree}')")"
git -C "$work/branches" update-ref refs/heads/feat/x "$only"
payload() { # name, repository, command
  printf '{"session_id":"bench","cwd":"%s","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"%s"}}' \
    "$2" "$3" >"$work/$1.json"
}
payload pure "$work/pure" "ls -la"
payload branch-D "$work/branches" "git branch -D feat/x"
socket="$work/gk/run/serve.sock"
printf '#!/usr/bin/env bash\nexit 0\n' >"$work/floor.sh"
{ echo '#!/usr/bin/env -S bash -n'; tail -n +2 "$launcher"; } >"$work/parse.sh"
chmod +x "$work/floor.sh" "$work/parse.sh"

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
# The first call answers itself and starts the server.
cd "$work/pure"
first_start="${EPOCHREALTIME//[.,]/}"
"$launcher" hook <"$work/pure.json" >/dev/null
first_end="${EPOCHREALTIME//[.,]/}"
while [ ! -S "$socket" ]; do sleep 0.05; done
echo "first call of the session (answers itself, starts the server): $(( (first_end - first_start) / 1000 )) ms"

# The request the launcher sends, for the direct calls (the variables it forwards, as it would).
body() { # name
  local name
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
    cat "$work/$1.json"
  } >"$work/$1.body"
}
direct() { # name
  curl -q -s -o /dev/null -w '%{http_code} %{time_total}\n' --unix-socket "$socket" -H 'Expect:' \
    -H 'Content-Type: application/octet-stream' --data-binary @"$work/$1.body" http://localhost/v1/hook
}
pct() { # file, percentile -> milliseconds
  sort -n "$1" | awk -v p="$2" '{ v[NR] = $1 } END { i = int((NR - 1) * p / 100) + 1; printf "%.2f", v[i] / 1000 }'
}

printf '| payload | path | p50 [ms] | p90 [ms] | calls |\n|:---|:---|---:|---:|---:|\n' >"$work/table"
for name in pure branch-D; do
  case "$name" in pure) cd "$work/pure" ;; *) cd "$work/branches" ;; esac
  body "$name"
  if [ "$(direct "$name" | cut -d' ' -f1)" != 200 ]; then
    echo "the server declined the direct request:" >&2
    curl -q -s --unix-socket "$socket" --data-binary @"$work/$name.body" http://localhost/v1/hook >&2
    exit 1
  fi
  for ((i = 0; i < warmup; i++)); do "$launcher" hook <"$work/$name.json" >/dev/null; done
  : >"$work/warm"; : >"$work/curl"; : >"$work/cold"; : >"$work/floor"; : >"$work/parse"
  : >"$work/bash"; : >"$work/client"
  for ((i = 1; i <= calls; i++)); do
    # The payload through a pipe, as every runner hands it over (a pipe is read differently from a
    # file), its writer started before the clock.
    exec 3< <(cat "$work/$name.json")
    start="${EPOCHREALTIME//[.,]/}"
    "$launcher" hook <&3 >/dev/null
    end="${EPOCHREALTIME//[.,]/}"
    exec 3<&-
    echo $(( end - start )) >>"$work/warm"
    # The same call on bash's own path (the hook client turned off), and the hook client run
    # straight, as the launcher runs it, without bash before it.
    exec 3< <(cat "$work/$name.json")
    start="${EPOCHREALTIME//[.,]/}"
    GROUNDSKEEPER_HOOK_CLIENT=off "$launcher" hook <&3 >/dev/null
    end="${EPOCHREALTIME//[.,]/}"
    exec 3<&-
    echo $(( end - start )) >>"$work/bash"
    if [ -x "$client" ]; then
      exec 3< <(cat "$work/$name.json")
      start="${EPOCHREALTIME//[.,]/}"
      GROUNDSKEEPER_LAUNCHER="$launcher" "$client" groundskeeper-hook-client/1 "$jar" "$PWD" hook \
        <&3 >/dev/null
      end="${EPOCHREALTIME//[.,]/}"
      exec 3<&-
      echo $(( end - start )) >>"$work/client"
    fi
    # What any bash launcher costs before it does anything: the same shebang, exit at once; and
    # this launcher's text with `bash -n` in its shebang: read and parsed, nothing run.
    start="${EPOCHREALTIME//[.,]/}"
    "$work/floor.sh" <"$work/$name.json" >/dev/null
    end="${EPOCHREALTIME//[.,]/}"
    echo $(( end - start )) >>"$work/floor"
    start="${EPOCHREALTIME//[.,]/}"
    "$work/parse.sh" <"$work/$name.json" >/dev/null
    end="${EPOCHREALTIME//[.,]/}"
    echo $(( end - start )) >>"$work/parse"
    direct "$name" | awk '{ printf "%d\n", $2 * 1000000 }' >>"$work/curl"
    if (( i % cold_every == 0 )); then
      start="${EPOCHREALTIME//[.,]/}"
      GROUNDSKEEPER_SERVE=off "$launcher" hook <"$work/$name.json" >/dev/null
      end="${EPOCHREALTIME//[.,]/}"
      echo $(( end - start )) >>"$work/cold"
    fi
  done
  # the server's own times of the last calls (this payload's alone while 2 x CALLS >= 512)
  own="$("$launcher" serve --status | sed -n 's/^call time (last \([0-9]*\) answered): p50 \([0-9.]*\) ms, p90 \([0-9.]*\) ms$/\2 \3 \1/p')"
  {
    printf '| %s | warm (launcher to answer) | %s | %s | %s |\n' "$name" "$(pct "$work/warm" 50)" \
      "$(pct "$work/warm" 90)" "$(wc -l <"$work/warm")"
    printf '| %s | warm, bash path (GROUNDSKEEPER_HOOK_CLIENT=off) | %s | %s | %s |\n' "$name" \
      "$(pct "$work/bash" 50)" "$(pct "$work/bash" 90)" "$(wc -l <"$work/bash")"
    if [ -s "$work/client" ]; then
      printf '| %s | the hook client alone (no bash) | %s | %s | %s |\n' "$name" \
        "$(pct "$work/client" 50)" "$(pct "$work/client" 90)" "$(wc -l <"$work/client")"
    fi
    read -r p50 p90 n <<<"$own"
    printf '| %s | server (its own time) | %s | %s | %s |\n' "$name" "$p50" "$p90" "$n"
    printf '| %s | curl to the Unix socket | %s | %s | %s |\n' "$name" "$(pct "$work/curl" 50)" \
      "$(pct "$work/curl" 90)" "$(wc -l <"$work/curl")"
    printf '| %s | cold (a JVM per call) | %s | %s | %s |\n' "$name" "$(pct "$work/cold" 50)" \
      "$(pct "$work/cold" 90)" "$(wc -l <"$work/cold")"
    printf '| %s | floor: an env-bash script that exits | %s | %s | %s |\n' "$name" \
      "$(pct "$work/floor" 50)" "$(pct "$work/floor" 90)" "$(wc -l <"$work/floor")"
    printf '| %s | the launcher parsed, not run (bash -n) | %s | %s | %s |\n' "$name" \
      "$(pct "$work/parse" 50)" "$(pct "$work/parse" 90)" "$(wc -l <"$work/parse")"
  } >>"$work/table"
  awk -v w="$(pct "$work/warm" 50)" -v c="$(pct "$work/cold" 50)" -v n="$name" \
    'BEGIN { printf "%s: cold p50 / warm p50: %.1fx\n", n, c / w }' >>"$work/ratios"
done

# The server's own time when no process starts around each call: one JVM client
# (bench ServeLoopMain) sends the pure call QUIET_CALLS times, QUIET_PAUSE ms apart; the server's
# --status window (512 calls) then holds only these.
quiet_calls="${QUIET_CALLS:-600}" quiet_pause="${QUIET_PAUSE:-20}"
cd "$work/pure"
if [ -d "$root/bench/target/classes/dev/groundskeeper/bench/engine" ]; then
  quiet="$(GROUNDSKEEPER_LAUNCHER="$launcher" "${JAVA_HOME:+$JAVA_HOME/bin/}java" -XX:+UseSerialGC \
    -cp "$root/bench/target/classes" dev.groundskeeper.bench.engine.ServeLoopMain \
    "$work/gk/run/serve.sock.port" "$jar" "$work/pure" "$work/pure.json" "$quiet_calls" \
    "$quiet_pause")"
  own="$("$launcher" serve --status | sed -n 's/^call time (last \([0-9]*\) answered): p50 \([0-9.]*\) ms, p90 \([0-9.]*\) ms$/\2 \3 \1/p')"
  read -r p50 p90 n <<<"$own"
  printf '| pure | server (its own time), one client starting no process, calls %s ms apart | %s | %s | %s |\n' \
    "$quiet_pause" "$p50" "$p90" "$n" >>"$work/table"
  echo "quiet client: $quiet" >>"$work/ratios"
else
  echo "(no quiet-client row: build bench first, mvn -B -q -pl bench -am package -DskipTests)" \
    >>"$work/ratios"
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$work/table" "$work/ratios"
"$launcher" serve --status | grep -E 'answered|declined|failed'
