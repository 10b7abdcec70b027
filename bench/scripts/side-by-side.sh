#!/usr/bin/env bash
# Side-by-side, whole process against whole process, on one generated repository:
#   ours      the git module's full inventory (java, one process, JVM start included)
#   pipeline  the seed's git pipeline: for-each-ref with dates, upstream and the park trailer,
#             ahead/behind per branch (rev-list --left-right --count: git < 2.41 has no
#             %(ahead-behind)), for-each-ref --merged, worktree list
#   cherry    git branch --merged, then `git cherry main <branch>` for every other branch
#   gdmb      git-delete-merged-branches --dry-run --yes --effort=3 --branch main (Debian package)
# and compares the sets of branches each judges merged.
#
# usage: bench/scripts/side-by-side.sh REPO [ours pipeline cherry gdmb]   (default: all four)
# needs: bench/target/benchmarks.jar (mvn -B -q -pl bench -am package -DskipTests), git-dmb for gdmb
set -euo pipefail
repo=$(cd "$1" && pwd)
shift
what=("$@")
[ ${#what[@]} -eq 0 ] && what=(ours pipeline cherry gdmb)
here=$(cd "$(dirname "$0")/../.." && pwd)
jar="${JAR:-$here/bench/target/benchmarks.jar}"
out="${OUT:-/tmp/gkb/results}/$(basename "$repo")"
mkdir -p "$out"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
branches=$(git -C "$repo" for-each-ref --format='%(refname)' refs/heads | wc -l)
echo "repository $repo: $branches local branches, $(git -C "$repo" rev-list --count main) commits on main, load $(cut -d' ' -f1-3 /proc/loadavg)"

seconds() { # prints the wall-clock seconds of running "$@"
  local start end
  start=$(date +%s.%N)
  "$@"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

ours() {
  java -cp "$jar" dev.groundskeeper.bench.git.InventoryMain "$repo" --budget-seconds 600 2>"$out/ours.log" \
    | cut -f1 | sort > "$out/ours.merged"
}

pipeline() {
  git -C "$repo" for-each-ref --format='%(refname)%00%(objectname)%00%(committerdate:unix)%00%(upstream)%00%(trailers:key=Parked-Reason,valueonly,separator=%x1f)' \
    refs/heads refs/remotes/origin > "$out/pipeline.refs"
  git -C "$repo" for-each-ref --format='%(refname:short)' refs/heads | while read -r b; do
    printf "%s %s\n" "$b" "$(git -C "$repo" rev-list --left-right --count "refs/heads/$b...main")"
  done > "$out/pipeline.ahead-behind"
  git -C "$repo" for-each-ref --merged=main --format='%(refname:short)' refs/heads refs/remotes/origin \
    > "$out/pipeline.merged-ancestry"
  git -C "$repo" worktree list --porcelain > /dev/null
}

cherry() {
  git -C "$repo" branch --merged main --format='%(refname:short)' | grep -vx main > "$out/cherry.ancestry" || true
  git -C "$repo" branch --no-merged main --format='%(refname:short)' | while read -r b; do
    lines=$(git -C "$repo" cherry main "$b")
    if [ -n "$lines" ] && ! grep -q '^+' <<<"$lines"; then echo "$b"; fi
  done > "$out/cherry.equivalent"
  sort "$out/cherry.ancestry" "$out/cherry.equivalent" > "$out/cherry.merged"
}

gdmb() {
  git -C "$repo" config delete-merged-branches.configured 5.0.0+
  (cd "$repo" && git-dmb --dry-run --yes --verbose --effort=3 --branch main) > "$out/gdmb.log" 2>&1
  grep '^# git branch --delete' "$out/gdmb.log" | sed 's/  # skipped.*//; s/^# git branch --delete\( --force\)\?//' \
    | tr ' ' '\n' | grep -v '^$' | sort > "$out/gdmb.merged"
}

for w in "${what[@]}"; do
  s=$(seconds "$w")
  extra=""
  [ -f "$out/$w.merged" ] && extra=" merged=$(wc -l < "$out/$w.merged")"
  echo "$w: ${s} s$extra"
done
[ -f "$out/ours.log" ] && cat "$out/ours.log" | grep -v SLF4J
expected=$(awk '$2 != "unmerged" {print $1}' "$repo.kinds.tsv" 2>/dev/null | sort)
if [ -n "$expected" ]; then
  echo "$expected" > "$out/expected.merged"
  for w in ours cherry gdmb; do
    [ -f "$out/$w.merged" ] || continue
    if diff -q "$out/expected.merged" "$out/$w.merged" > /dev/null; then
      echo "$w: the same $(wc -l < "$out/$w.merged") branches as the generator integrated"
    else
      echo "$w differs from the generator's list:"; diff "$out/expected.merged" "$out/$w.merged" | head -20
    fi
  done
fi
