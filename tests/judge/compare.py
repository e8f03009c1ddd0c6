#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The two judges side by side (docs/domain.md, "Two judges"): the live checker (the app's
SafetyChecker, through the `livejudge` tool) and the reference judge (refjudge.py) must reach
the same counters, per run and per client, and the same judgement of every round.

    compare.py --live LIVEJUDGE --generated N [--seed S]
        N random legal histories (histories.py); a disagreement is shrunk to the smallest
        history on which the judges still differ, printed, and fails (exit 1).
    compare.py --live LIVEJUDGE --runs FOLDER...
        every run file (*.jsonl) in the folders (the ones the suite wrote); exit 77 when there
        is none (the tests that write them did not run).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import histories  # noqa: E402
import refjudge  # noqa: E402


def normal(result):
    """A judgement in one form: clients with a count only, rounds sorted."""
    clients = {c: v for c, v in result.get("clients", {}).items() if any(v.values())}
    return {"counters": result.get("counters"), "clients": clients,
            "rounds": sorted(tuple(r) for r in result.get("rounds", []))}


def live(tool, paths):
    out = subprocess.run([tool] + paths, check=True, capture_output=True, text=True).stdout
    results = {}
    for line in out.splitlines():
        r = json.loads(line)
        results[r["file"]] = r
    return results


def differences(mine, theirs):
    a, b = normal(mine), normal(theirs)
    found = []
    for name in refjudge.COUNTERS:
        if a["counters"].get(name) != b["counters"].get(name):
            found.append("%s: live %s, reference %s"
                         % (name, a["counters"].get(name), b["counters"].get(name)))
    if a["clients"] != b["clients"]:
        found.append("per client: live %s, reference %s" % (a["clients"], b["clients"]))
    if a["rounds"] != b["rounds"]:
        only_live = sorted(set(a["rounds"]) - set(b["rounds"]))
        only_ref = sorted(set(b["rounds"]) - set(a["rounds"]))
        found.append("rounds: live only %s, reference only %s" % (only_live, only_ref))
    return found


def compare_runs(tool, folders):
    paths = []
    for folder in folders:
        if os.path.isdir(folder):
            paths += sorted(os.path.join(folder, f) for f in os.listdir(folder)
                            if f.endswith(".jsonl"))
    if not paths:
        print("compare: no run files in %s (the tests that write them did not run)"
              % ", ".join(folders))
        return 77
    results = live(tool, paths)
    failed = 0
    rounds = 0
    for path in paths:
        mine = results[path]
        if "error" in mine:
            print("compare: %s: the live checker: %s" % (path, mine["error"]))
            failed += 1
            continue
        theirs = refjudge.judge_file(path)
        rounds += len(theirs["rounds"])
        diff = differences(mine, theirs)
        if diff:
            failed += 1
            print("compare: %s: the judges differ:\n  %s" % (path, "\n  ".join(diff)))
    print("compare: %d run files, %d judged rounds: %s"
          % (len(paths), rounds, "the judges agree" if not failed else
             "%d disagreement(s)" % failed))
    return 1 if failed else 0


def judge_both(tool, folder, actions, name="h"):
    header, events = histories.play(actions)
    path = os.path.join(folder, name + ".jsonl")
    with open(path, "w") as f:
        f.write(histories.to_jsonl(header, events))
    mine = live(tool, [path])[path]
    theirs = refjudge.judge_events(header, events)
    return header, events, mine, theirs


def compare_generated(tool, count, seed):
    with tempfile.TemporaryDirectory(prefix="judges-") as folder:
        batch = 2000
        done = 0
        totals = dict.fromkeys(refjudge.COUNTERS, 0)
        rounds = 0
        while done < count:
            n = min(batch, count - done)
            theirs = {}
            for i in range(done, done + n):
                header, events = histories.play(histories.history(seed + i))
                path = os.path.join(folder, "h%06d.jsonl" % i)
                with open(path, "w") as f:
                    f.write(histories.to_jsonl(header, events))
                theirs[path] = (seed + i, refjudge.judge_events(header, events))
            results = live(tool, sorted(theirs))
            for path, (s, ref) in sorted(theirs.items()):
                rounds += len(ref["rounds"])
                for name, value in ref["counters"].items():
                    totals[name] += 1 if value else 0
                if "error" in results[path] or differences(results[path], ref):
                    return report(tool, folder, s)
                os.remove(path)
            done += n
        print("compare: %d generated histories (seeds %d-%d), %d judged rounds: the judges agree"
              % (count, seed, seed + count - 1, rounds))
        print("compare: histories with each counter above 0: %s"
              % ", ".join("%s %d" % (k, v) for k, v in totals.items()))
        return 0


def report(tool, folder, seed):
    """Shrinks the history of `seed` to the smallest on which the judges still differ."""
    def fails(actions):
        _, _, mine, theirs = judge_both(tool, folder, actions, "shrink")
        return "error" in mine or bool(differences(mine, theirs))

    shrink_target = histories.shrink(histories.history(seed), fails)
    header, events, mine, theirs = judge_both(tool, folder, shrink_target, "smallest")
    print("compare: the judges differ on generated history %d; the smallest history on which "
          "they still differ (%d events, from %d actions):" % (seed, len(events),
                                                                len(shrink_target)))
    print(histories.to_jsonl(header, events), end="")
    if "error" in mine:
        print("compare: the live checker: %s" % mine["error"])
    for line in differences(mine, theirs):
        print("compare:   " + line)
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--live", required=True, help="the livejudge tool")
    parser.add_argument("--generated", type=int, default=0)
    # A new seed every day (said, so a failure replays with --seed): the histories of one day
    # are the same on every machine, and the judges meet new ones each day.
    parser.add_argument("--seed", type=int, default=int(time.time() // 86400) * 100_000)
    parser.add_argument("--runs", nargs="*", default=[])
    args = parser.parse_args()
    if args.runs:
        return compare_runs(args.live, args.runs)
    return compare_generated(args.live, args.generated, args.seed)


if __name__ == "__main__":
    sys.exit(main())
