#!/usr/bin/env python3
"""Generates a fresh clone shaped like a team's repository (issue 16), with git fast-import.

A bare origin gets `main` (the history of --base when given, else --history synthetic commits)
and the pushed branches; a clone of it (`<out>/clone`) then gets the local-only branches, so the
clone has the reflogs a fresh clone has: none reaching the pushed branches' creation. Branches:

  merged-N     120  merged into main with a merge commit, pushed, authored by a colleague
  squashed-N    60  squash-merged into main (one commit with the branch's whole diff), pushed
  live-N        60  pushed, not merged, recent, a colleague's
  unpushed-N    40  local only, recent, authored by the clone's configured identity
  old/pushed-N  30  pushed, not merged, last commit 40+ days old, a colleague's
  old/local-N   30  local only, last commit 40+ days old, the clone's identity

(the counts scale with --scale). One fast-import, one push, one clone, one fetch: no process per
branch. Every commit date is relative to --now (seconds since the epoch; default: now).

usage: gen-clone.py --out DIR [--base REPO] [--history 300] [--scale 1] [--now EPOCH]
"""
import argparse
import os
import subprocess
import sys
import time

ME = "Me <me@example.invalid>"
COLLEAGUE = "Colleague <colleague@example.invalid>"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", required=True)
    p.add_argument("--base")
    p.add_argument("--history", type=int, default=300)
    p.add_argument("--scale", type=int, default=1)
    p.add_argument("--now", type=int, default=int(time.time()))
    a = p.parse_args()
    if os.path.exists(a.out):
        sys.exit(f"{a.out} exists; remove it or choose another --out")
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL="/dev/null")
    origin = os.path.join(a.out, "origin.git")
    gen = os.path.join(a.out, "gen.git")
    clone = os.path.join(a.out, "clone")
    run = lambda *args, **kw: subprocess.run(list(args), check=True, env=env, **kw)
    os.makedirs(a.out)
    if a.base:
        run("git", "clone", "-q", "--bare", "--single-branch", a.base, gen)
        base_tip = subprocess.run(["git", "-C", gen, "rev-parse", "HEAD"], check=True, env=env,
                                  capture_output=True, text=True).stdout.strip()
        run("git", "-C", gen, "symbolic-ref", "HEAD", "refs/heads/main")
        run("git", "-C", gen, "update-ref", "refs/heads/main", base_tip)
    else:
        run("git", "init", "-q", "--bare", "-b", "main", gen)
        base_tip = None
    run("git", "-C", gen, "config", "gc.auto", "0")

    fi = subprocess.Popen(["git", "-C", gen, "fast-import", "--quiet"], stdin=subprocess.PIPE, env=env)
    w = fi.stdin
    mark = [0]

    def data(text):
        raw = text.encode()
        w.write(b"data %d\n" % len(raw) + raw + b"\n")

    def commit(ref, when, who, message, parent, merge=None, files=()):
        mark[0] += 1
        w.write(f"commit {ref}\nmark :{mark[0]}\n".encode())
        w.write(f"author {who} {when} +0000\ncommitter {who} {when} +0000\n".encode())
        data(message)
        if parent is not None:
            w.write(f"from {parent}\n".encode())
        if merge is not None:
            w.write(f"merge {merge}\n".encode())
        for path, content in files:
            w.write(f"M 100644 inline {path}\n".encode())
            data(content)
        return f":{mark[0]}"

    s = a.scale
    now = a.now
    day = 86400
    start = now - 120 * day
    main_tip = base_tip
    t = start
    history = []
    for i in range(a.history if base_tip is None else min(a.history, 50)):
        t += 60
        main_tip = commit("refs/heads/main", t, COLLEAGUE, f"main {i}", main_tip,
                          files=[(f"src/f{i % 40}.txt", f"main version {i}\n")])
        history.append(main_tip)

    def files(name, k):
        return [(f"work/{name}/f{k}.txt", f"{name} change {k}\n")]

    def branch(ref, name, fork, when, who, commits):
        tip = fork
        for k in range(commits):
            tip = commit(ref, when + k, who, f"{name}: change {k}", tip, files=files(name, k))
        return tip

    kinds = [("merged", 120), ("squashed", 60), ("live", 60), ("unpushed", 40), ("old/pushed", 30),
             ("old/local", 30)]
    # branches fork from main's tip as it is when they start; merges and squashes move main on
    # merged and squashed branches are a few months old; live ones from the last days
    t = now - 90 * day
    for kind, count in kinds:
        if kind == "live":
            t = max(t, now - 5 * day)
        for j in range(count * s):
            name = f"{kind}-{j}"
            t += 600
            who = ME if kind in ("unpushed", "old/local") else COLLEAGUE
            when = (now - 45 * day - 3600 * j) if kind.startswith("old/") else t
            ref = f"refs/heads/{name}" if kind not in ("unpushed", "old/local") else f"refs/local/{name}"
            commits = 1 + j % 3
            tip = branch(ref, name, main_tip, when, who, commits)
            if kind == "merged":
                main_tip = commit("refs/heads/main", t + 300, COLLEAGUE, f"Merge branch '{name}'", main_tip,
                                  merge=tip, files=[f for k in range(commits) for f in files(name, k)])
            elif kind == "squashed":
                main_tip = commit("refs/heads/main", t + 300, COLLEAGUE, f"{name} (#{j}) squashed", main_tip,
                                  files=[f for k in range(commits) for f in files(name, k)])
            elif j % 4 == 0:
                t += 60
                main_tip = commit("refs/heads/main", t, COLLEAGUE, f"main after {name}", main_tip,
                                  files=[(f"src/f{j % 40}.txt", f"after {name}\n")])
    w.write(f"reset refs/heads/main\nfrom {main_tip}\n\n".encode())
    w.close()
    if fi.wait() != 0:
        sys.exit("git fast-import failed")
    run("git", "init", "-q", "--bare", "-b", "main", origin)
    run("git", "-C", gen, "push", "-q", origin, "refs/heads/*:refs/heads/*")
    run("git", "clone", "-q", origin, clone)
    run("git", "-C", clone, "config", "gc.auto", "0")
    run("git", "-C", clone, "config", "user.name", "Me")
    run("git", "-C", clone, "config", "user.email", "me@example.invalid")
    run("git", "-C", clone, "fetch", "-q", gen, "refs/local/*:refs/heads/*")
    # Local branches as `git checkout <remote branch>` leaves them (a reflog whose creation entry
    # is the checkout, upstream set) for a third of the pushed kinds: one update-ref for all.
    tracked = [f"{kind}-{j}" for kind, count in kinds if kind in ("merged", "squashed", "live", "old/pushed")
               for j in range(0, count * s, 3)]
    lines = "".join(f"create refs/heads/{n} refs/remotes/origin/{n}\n" for n in tracked)
    run("git", "-C", clone, "update-ref", "--create-reflog", "-m", "branch: Created from origin (checkout)",
        "--stdin", input=lines.encode())
    with open(os.path.join(clone, ".git", "config"), "a") as config:
        for n in tracked:
            config.write(f'[branch "{n}"]\n\tremote = origin\n\tmerge = refs/heads/{n}\n')
    # A real checkout of a remote branch, and a branch cut here at the default's tip, never committed to.
    run("git", "-C", clone, "checkout", "-q", "merged-1")
    run("git", "-C", clone, "checkout", "-q", "main")
    run("git", "-C", clone, "branch", "fresh-here")
    refs = subprocess.run(["git", "-C", clone, "for-each-ref", "--format=x", "refs/heads", "refs/remotes"],
                          check=True, env=env, capture_output=True, text=True).stdout.count("x")
    print(f"{clone}: {refs} refs ({sum(c for _, c in kinds) * s} branches), {mark[0]} commits generated")


if __name__ == "__main__":
    main()
