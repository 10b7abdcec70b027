// Times unbash (npm) on the same commands as ShellParseBenchmark, in-process, after warm-up.
// Usage: node parse-corpus.mjs <samples.json> [wall,cpu] [benchmark...]
//   (samples written by dev.groundskeeper.bench.shell.ShellSamples; every benchmark when none is
//   named. run.sh gives one benchmark per process, as it gives one per JVM on the Java side.)
import { readFileSync } from "node:fs";
import { parse } from "unbash";

const samples = JSON.parse(readFileSync(process.argv[2], "utf8"));
let sink = 0;

// clock: "wall" (process.hrtime) or "cpu" (process.cpuUsage, user + system, all threads)
function now(clock) {
  if (clock === "wall") return process.hrtime.bigint();
  const u = process.cpuUsage();
  return BigInt(u.user + u.system) * 1000n;
}

function time(clock, name, work, perOp) {
  const warmUntil = now(clock) + 5_000_000_000n;
  while (now(clock) < warmUntil) sink += work();
  const results = [];
  for (let round = 0; round < 5; round++) {
    let ops = 0;
    const start = now(clock);
    const end = start + 2_000_000_000n;
    let t = start;
    while (t < end) {
      for (let i = 0; i < 100; i++) sink += work();
      ops += 100;
      t = now(clock);
    }
    results.push(Number(t - start) / ops);
  }
  const mean = results.reduce((a, b) => a + b, 0) / results.length;
  const sd = Math.sqrt(results.reduce((a, b) => a + (b - mean) ** 2, 0) / results.length);
  const unit = clock === "wall" ? "ns/op    " : "cpu-ns/op";
  const each = results.map((r) => ` ${(perOp ? r / perOp : r).toFixed(0)}`).join("");
  console.log(`${name.padEnd(14)} ${mean.toFixed(1).padStart(12)} ${unit}  ± ${sd.toFixed(1)}`
    + (perOp ? `   (${(mean / perOp).toFixed(1)} ns per command over ${perOp})` : "")
    + `   rounds${each}`);
}

const count = (ast) => ast.commands.length;
const benchmarks = {
  parseShort: [() => count(parse(samples.short))],
  parseTypical: [() => count(parse(samples.typical))],
  parseLong: [() => count(parse(samples.long))],
  parseCorpus: [() => {
    let n = 0;
    for (const c of samples.corpus) n += count(parse(c));
    return n;
  }, samples.corpus.length],
};
const chosen = process.argv.length > 4 ? process.argv.slice(4) : Object.keys(benchmarks);
for (const name of chosen) {
  if (!(name in benchmarks)) {
    console.error(`unknown benchmark ${name}; known: ${Object.keys(benchmarks).join(", ")}`);
    process.exit(64);
  }
}
console.log(`unbash ${JSON.parse(readFileSync(new URL("./node_modules/unbash/package.json", import.meta.url))).version}, node ${process.version}`);
for (const clock of (process.argv[3] ?? "wall,cpu").split(",")) {
  console.log(`-- ${clock} time`);
  for (const name of chosen) time(clock, name, ...benchmarks[name]);
}
if (sink === 42) console.log("");
