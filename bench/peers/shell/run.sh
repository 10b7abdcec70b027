#!/usr/bin/env bash
# Side-by-side timing of the shell command model (Java) and unbash (Node) on the same commands:
# JMH wall time once, then PAIRS (default 3) rounds of CPU-time runs in which each benchmark runs
# in a fresh JVM and right after it in a fresh Node process. The ratio is taken within each such
# pair, so that both sides of a ratio saw the machine in the same minute; the summary gives each
# pair's ratios and their median.
# Usage: bench/peers/shell/run.sh   (from anywhere; builds bench/target/benchmarks.jar if missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
cd "$root"
corpus="$root/api/src/test/resources/shell/corpus.txt"
pairs="${PAIRS:-3}"
if [ ! -f bench/target/benchmarks.jar ]; then
  mvn -B -o -q -pl bench -am package -DskipTests
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
samples="$work/samples.json"
java -cp bench/target/benchmarks.jar dev.groundskeeper.bench.shell.ShellSamples "$corpus" "$samples"
(cd bench/peers/shell && npm install --no-audit --no-fund --silent)
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
echo "== Node: unbash on the same commands, wall time"
(cd bench/peers/shell && node parse-corpus.mjs "$samples" wall)
compared="parseShort parseTypical parseLong parseCorpus"
for pair in $(seq 1 "$pairs"); do
  # one benchmark per process on both sides: no benchmark runs on code compiled for another
  for name in $compared parseLongAndReadBody parseCorpusAndReadEveryWord; do
    echo "== pair $pair: Java $name, CPU time"
    java -cp bench/target/benchmarks.jar dev.groundskeeper.bench.shell.ShellCpuTime "$corpus" \
      "$name" | grep -v '^load average' | tee -a "$work/java.$pair"
    case " $compared " in
      *" $name "*)
        echo "== pair $pair: Node (unbash) $name, CPU time"
        (cd bench/peers/shell && node parse-corpus.mjs "$samples" cpu "$name") \
          | grep -v '^unbash\|^--' | tee -a "$work/node.$pair"
        ;;
    esac
  done
done
echo "== machine after: load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== unbash CPU time / Java CPU time, per pair, and the median of the pairs"
for name in $compared; do
  ratios=""
  for pair in $(seq 1 "$pairs"); do
    java_ns="$(awk -v n="$name" '$1 == n && $3 == "cpu-ns/op" {print $2}' "$work/java.$pair")"
    node_ns="$(awk -v n="$name" '$1 == n && $3 == "cpu-ns/op" {print $2}' "$work/node.$pair")"
    ratios="$ratios $(awk -v j="$java_ns" -v u="$node_ns" 'BEGIN {printf "%.2f", u / j}')"
  done
  median="$(tr ' ' '\n' <<<"$ratios" | sed '/^$/d' | sort -n | awk '{a[NR] = $1}
    END {print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2)}')"
  printf '%-14s pairs:%s   median %s\n' "$name" "$ratios" "$median"
done
