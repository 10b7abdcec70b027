#!/usr/bin/env bash
# Side-by-side timing of the shell command model (Java) and unbash (Node) on the same commands:
# JMH wall time, then CPU time of the measuring thread/process on both sides.
# Usage: bench/peers/shell/run.sh   (from anywhere; builds bench/target/benchmarks.jar if missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"
corpus="$root/api/src/test/resources/shell/corpus.txt"
if [ ! -f bench/target/benchmarks.jar ]; then
  mvn -B -o -q -pl bench -am package -DskipTests
fi
samples="$(mktemp)"
trap 'rm -f "$samples"' EXIT
java -cp bench/target/benchmarks.jar dev.groundskeeper.bench.shell.ShellSamples "$corpus" "$samples"
echo "== machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== Java: ShellParseBenchmark (JMH, wall time)"
# JMH runs one benchmark at a time per machine (/tmp/jmh.lock): wait for another run to end.
for attempt in $(seq 1 40); do
  if out="$(java -jar bench/target/benchmarks.jar 'dev.groundskeeper.bench.shell.ShellParseBenchmark' \
      -jvmArgsAppend "-Dgroundskeeper.shell.corpus=$corpus" -rf text -rff /dev/null 2>&1)"; then
    sed -n '/^Benchmark /,$p' <<<"$out"
    break
  fi
  if ! grep -q "Unable to acquire the JMH lock" <<<"$out"; then
    echo "$out" >&2
    exit 1
  fi
  echo "(another JMH run holds the lock; waiting, attempt $attempt)"
  sleep 30
done
echo "== Java: CPU time"
java -cp bench/target/benchmarks.jar dev.groundskeeper.bench.shell.ShellCpuTime "$corpus"
echo "== Node: unbash on the same commands"
cd bench/peers/shell
npm install --no-audit --no-fund --silent
node parse-corpus.mjs "$samples" wall,cpu
echo "== machine after: load average $(cut -d' ' -f1-3 /proc/loadavg)"
