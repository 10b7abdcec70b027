#!/usr/bin/env bash
# Side-by-side timing of the shell command model (JMH) and unbash (Node), on the same commands.
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
echo "== Java: ShellParseBenchmark (JMH, avgt, ns/op)"
java -jar bench/target/benchmarks.jar 'dev.groundskeeper.bench.shell.ShellParseBenchmark' \
  -jvmArgsAppend "-Dgroundskeeper.shell.corpus=$corpus" -rf text -rff /dev/null
echo "== Node: unbash on the same commands"
cd bench/peers/shell
npm install --no-audit --no-fund --silent
node parse-corpus.mjs "$samples"
