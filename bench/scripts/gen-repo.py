#!/usr/bin/env python3
"""Generates a benchmark repository with git fast-import.

The default branch `main` gets a linear history of at least --history commits. Each of --branches
branches forks from a main commit and adds 1 to 3 commits of its own; then, in thirds:

  merged      main merges it later with a merge commit (merged by ancestry),
  equivalent  main later gets the same changes: half cherry-picked commit by commit, half as one
              squash commit (patch-equivalent or squash-merged),
  unmerged    never integrated.

refs/remotes/origin/main and refs/remotes/origin/HEAD point at main, as in a clone. The layout is
deterministic for a given --seed. A list of the branches by kind is written beside the repository
(<out>.kinds.tsv) so that tools' answers can be checked.

usage: gen-repo.py --out DIR --branches N [--history 10000] [--seed 1]
"""
import argparse
import os
import random
import subprocess
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--branches", type=int, required=True)
    parser.add_argument("--history", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if os.path.exists(args.out):
        sys.exit(f"{args.out} exists; remove it or choose another --out")
    rng = random.Random(args.seed)
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null")
    subprocess.run(["git", "init", "-q", "-b", "main", args.out], check=True, env=env)
    subprocess.run(["git", "-C", args.out, "config", "gc.auto", "0"], check=True, env=env)

    # Plan: each branch forks at a main position and is integrated (or not) some positions later.
    kinds = ["merged", "equivalent", "unmerged"]
    forks = {}
    integrations = {}
    plan = []
    span = max(args.history - 200, 1)
    for j in range(args.branches):
        kind = kinds[j % 3]
        fork = rng.randrange(0, span)
        commits = 1 + rng.randrange(3)
        style = "pick" if kind == "equivalent" and (j // 3) % 2 == 0 else "squash"
        plan.append((j, kind, fork, commits, style))
        forks.setdefault(fork, []).append(j)
        if kind != "unmerged":
            integrations.setdefault(fork + 1 + rng.randrange(150), []).append(j)

    out = subprocess.Popen(["git", "-C", args.out, "fast-import", "--quiet"], stdin=subprocess.PIPE, env=env)
    w = out.stdin
    mark = [0]
    base = 1_700_000_000

    def next_mark():
        mark[0] += 1
        return mark[0]

    def data(text):
        raw = text.encode()
        w.write(b"data %d\n" % len(raw) + raw + b"\n")

    def commit(ref, when, message, parent, merge=None, files=()):
        m = next_mark()
        w.write(f"commit {ref}\nmark :{m}\n".encode())
        w.write(f"author Bench <bench@example.invalid> {when} +0000\n".encode())
        w.write(f"committer Bench <bench@example.invalid> {when} +0000\n".encode())
        data(message)
        if parent is not None:
            w.write(f"from :{parent}\n".encode())
        if merge is not None:
            w.write(f"merge :{merge}\n".encode())
        for path, content in files:
            w.write(f"M 100644 inline {path}\n".encode())
            data(content)
        return m

    def branch_files(j, k):
        return [(f"b/{j}/f{k}.txt", f"branch {j} change {k}\n")]

    tips = {}
    main_tip = None
    position = 0
    pending = []
    when = base
    while position < args.history or pending:
        when += 60
        due = integrations.pop(position, [])
        pending.extend(due)
        if pending and (position >= args.history or rng.random() < 0.8):
            j = pending.pop(0)
            _, kind, _, commits, style = plan[j]
            changes = [f for k in range(commits) for f in branch_files(j, k)]
            if kind == "merged":
                main_tip = commit("refs/heads/main", when, f"Merge branch topic-{j}", main_tip, merge=tips[j],
                                  files=changes)
            elif style == "pick":
                for k in range(commits):
                    main_tip = commit("refs/heads/main", when + k, f"topic-{j} change {k} (picked)", main_tip,
                                      files=branch_files(j, k))
            else:
                main_tip = commit("refs/heads/main", when, f"Squashed topic-{j}", main_tip, files=changes)
        else:
            main_tip = commit("refs/heads/main", when, f"main {position}", main_tip,
                              files=[(f"src/f{position % 50}.txt", f"main version {position}\n")])
        for j in forks.pop(position, []):
            _, kind, _, commits, _ = plan[j]
            tip = main_tip
            for k in range(commits):
                tip = commit(f"refs/heads/topic-{j}", when + 1 + k, f"topic-{j} change {k}", tip, files=branch_files(j, k))
            tips[j] = tip
        position += 1
    w.write(f"reset refs/remotes/origin/main\nfrom :{main_tip}\n\n".encode())
    w.close()
    if out.wait() != 0:
        sys.exit("git fast-import failed")
    subprocess.run(["git", "-C", args.out, "symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/main"],
                   check=True, env=env)
    subprocess.run(["git", "-C", args.out, "pack-refs", "--all"], check=True, env=env)
    # A clean checkout of main, as a user's clone has (some tools refuse to run on a dirty tree).
    subprocess.run(["git", "-C", args.out, "reset", "-q", "--hard", "main"], check=True, env=env)
    with open(args.out.rstrip("/") + ".kinds.tsv", "w") as kinds_file:
        for j, kind, fork, commits, style in plan:
            kinds_file.write(f"topic-{j}\t{kind if kind != 'equivalent' else style}\t{commits}\n")
    print(f"{args.out}: {args.branches} branches, {position} main positions, {mark[0]} commits")


if __name__ == "__main__":
    main()
