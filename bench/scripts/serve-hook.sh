#!/usr/bin/env bash
# Whole-client timings of `bin/groundskeeper hook` with and without `groundskeeper serve`: the
# same payloads, in a fresh git repository, round after round (fresh, served, fresh, ...), with
# the median wall time per call and the CPU of the client and, for served calls, of the server.
# Results and their reading: docs/benchmarks/engine.md.
#
#   bench/scripts/serve-hook.sh             # 15 rounds, then the steady state
#   RUNS=30 WARM=150 MEASURED=100 FRESH=10 bench/scripts/serve-hook.sh
#
# Needs curl (the launcher's client) and /usr/bin/time.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
launcher="$root/bin/groundskeeper"
runs="${RUNS:-15}"
clk_tck="$(getconf CLK_TCK)"

# Builds the jar (and its class-data archive) when stale, as a user's first call would.
"$launcher" --version >/dev/null

work="$(mktemp -d)"
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    GROUNDSKEEPER_SOCKET="$work/serve.sock" "$launcher" serve --stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/xdg" GROUNDSKEEPER_HOME="$work/gk"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
unset GROUNDSKEEPER_SOCKET XDG_RUNTIME_DIR
mkdir -p "$HOME" "$XDG_CONFIG_HOME"
git init -q -b main "$work/repo"
git -C "$work/repo" -c user.name=b -c user.email=b@b commit -q --allow-empty -m initial
git -C "$work/repo" switch -q -c feat/x
git -C "$work/repo" -c user.name=b -c user.email=b@b commit -q --allow-empty -m "only here"
git -C "$work/repo" switch -q main
payload() {
  printf '{"session_id":"bench","cwd":"%s/repo","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"%s"}}' \
    "$work" "$1" >"$work/$2.json"
}
payload "ls -la" pure          # no rule reads the repository
payload "git branch -D feat/x" facts   # denied after reading the branch inventory
cd "$work/repo"

# No server: the socket path names nothing, so the launcher starts a JVM.
fresh_env=(env GROUNDSKEEPER_SOCKET="$work/none.sock")
served_env=(env GROUNDSKEEPER_SOCKET="$work/serve.sock")

GROUNDSKEEPER_SOCKET="$work/serve.sock" "$launcher" serve --idle-timeout 0 2>"$work/serve.log" &
server_pid=$!
while [ ! -S "$work/serve.sock" ]; do sleep 0.05; done
server_cpu() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }

samples="$work/samples"
: >"$samples"
for name in pure facts; do
  for ((round = 0; round < runs; round++)); do
    for variant in fresh served; do
      if [ "$variant" = fresh ]; then cmd=("${fresh_env[@]}"); else cmd=("${served_env[@]}"); fi
      before="$(server_cpu)"
      start="$(date +%s%N)"
      /usr/bin/time -f "%U %S" -o "$work/cpu" "${cmd[@]}" "$launcher" hook \
        <"$work/$name.json" >/dev/null 2>&1 || true
      end="$(date +%s%N)"
      after="$(server_cpu)"
      read -r user sys <"$work/cpu"
      echo "$name $variant $(( (end - start) / 1000 )) $user $sys $(( after - before ))" >>"$samples"
    done
  done
done
# Steady state: WARM more served calls, then MEASURED served calls and FRESH fresh ones, each
# batch timed as a whole (CPU summed over the batch, free of the 10 ms resolution per call).
warm="${WARM:-150}" measured="${MEASURED:-100}" fresh="${FRESH:-10}"
batch() { # count, env..., prints "wall_ms cpu_ms" per call
  local count=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$work/batch" bash -c \
    'for ((i = 0; i < $0; i++)); do "$@" hook <"'"$work"'/pure.json" >/dev/null 2>&1; done' \
    "$count" "$@" "$launcher"
  awk -v n="$count" '{ printf "%.1f %.1f\n", $1 * 1000 / n, ($2 + $3) * 1000 / n }' "$work/batch"
}
batch "$warm" "${served_env[@]}" >/dev/null
before="$(server_cpu)"
read -r served_wall served_client < <(batch "$measured" "${served_env[@]}")
after="$(server_cpu)"
read -r fresh_wall fresh_cpu < <(batch "$fresh" "${fresh_env[@]}")
served_server="$(awk -v d="$((after - before))" -v t="$clk_tck" -v n="$measured" \
  'BEGIN { printf "%.1f", d * 1000 / t / n }')"
answered="$(GROUNDSKEEPER_SOCKET="$work/serve.sock" "$launcher" serve --status | grep answered)"

median() { sort -n | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] }'; }
printf '| payload | path | median wall [ms] | median client CPU [ms] | mean server CPU [ms] | runs |\n'
printf '|:---|:---|---:|---:|---:|---:|\n'
for name in pure facts; do
  for variant in fresh served; do
    rows() { awk -v n="$name" -v v="$variant" '$1 == n && $2 == v' "$samples"; }
    wall="$(rows | awk '{ print $3 / 1000 }' | median)"
    cpu="$(rows | awk '{ print ($4 + $5) * 1000 }' | median)"
    server="$(rows | awk -v t="$clk_tck" '{ s += $6 } END { printf "%.1f", s * 1000 / t / NR }')"
    printf '| %s | %s | %s | %s | %s | %s |\n' "$name" "$variant" "$wall" "$cpu" \
      "$([ "$variant" = served ] && echo "$server" || echo -)" "$runs"
  done
done
echo
echo "steady state, ls -la, after $warm more served calls (per call, batches timed as a whole):"
echo "  served: $served_wall ms wall, client $served_client ms CPU, server $served_server ms CPU ($measured calls)"
echo "  fresh:  $fresh_wall ms wall, $fresh_cpu ms CPU ($fresh calls)"
echo "server $answered (expected $((2 * runs + warm + measured)))"
