// Times unbash (npm) on the same commands as ShellParseBenchmark, in-process, after warm-up.
// Usage: node parse-corpus.mjs <samples.json>   (written by dev.groundskeeper.bench.shell.ShellSamples)
import { readFileSync } from "node:fs";
import { parse } from "unbash";

const samples = JSON.parse(readFileSync(process.argv[2], "utf8"));
let sink = 0;

function time(name, work, perOp) {
  const warmUntil = process.hrtime.bigint() + 3_000_000_000n;
  while (process.hrtime.bigint() < warmUntil) sink += work();
  const results = [];
  for (let round = 0; round < 5; round++) {
    let ops = 0;
    const start = process.hrtime.bigint();
    const end = start + 2_000_000_000n;
    let now = start;
    while (now < end) {
      for (let i = 0; i < 100; i++) sink += work();
      ops += 100;
      now = process.hrtime.bigint();
    }
    results.push(Number(now - start) / ops);
  }
  const mean = results.reduce((a, b) => a + b, 0) / results.length;
  const sd = Math.sqrt(results.reduce((a, b) => a + (b - mean) ** 2, 0) / results.length);
  console.log(`${name.padEnd(14)} ${mean.toFixed(1).padStart(12)} ns/op  ± ${sd.toFixed(1)}`
    + (perOp ? `   (${(mean / perOp).toFixed(1)} ns per command over ${perOp})` : ""));
}

const count = (ast) => ast.commands.length;
console.log(`unbash ${JSON.parse(readFileSync(new URL("./node_modules/unbash/package.json", import.meta.url))).version}, node ${process.version}`);
time("parseShort", () => count(parse(samples.short)));
time("parseTypical", () => count(parse(samples.typical)));
time("parseLong", () => count(parse(samples.long)));
time("parseCorpus", () => {
  let n = 0;
  for (const c of samples.corpus) n += count(parse(c));
  return n;
}, samples.corpus.length);
if (sink === 42) console.log("");
