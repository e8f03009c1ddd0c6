#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The reference judge: reads a Redlock Scope run file (JSON Lines) and prints the checker's
counters, as docs/domain.md ("The checker's counters") defines them.

Written from that section alone; it shares no code with the app's live checker
(engine/record/), so the two can be run side by side and must agree (tests/judge/).

    refjudge.py RUN.jsonl            prints {"counters": ..., "clients": ..., "rounds": ...}
"""

import json
import sys

# In the order of CheckCounters::Name (the order does not matter for the comparison).
COUNTERS = ["overlaps", "lock_lost", "stale_writes", "stale_writes_rejected",
            "valid_writes_rejected", "lost_updates", "resets_overwritten", "oversold",
            "split_votes", "acquisitions", "failures", "sales", "conflicts", "wrong_releases",
            "reentries"]

# The judges' own findings: never facts.
FINDINGS = {"violation", "violation-end", "round-judged"}


class Section:
    def __init__(self, client, start, nodes, validity_end):
        self.client = client
        self.start = start
        self.nodes = nodes  # node numbers, from 1
        self.validity_end = validity_end
        self.lost = False  # counted in lock_lost already


class Hold:
    def __init__(self, client, start, nodes, end):
        self.client = client
        self.start = start
        self.nodes = nodes
        self.end = end  # its validity end, or the end of its section (not a crash)


class Round:
    def __init__(self, client, op, start, asked):
        self.client = client
        self.op = op
        self.start = start
        self.asked = asked  # node numbers, from 1
        self.answers = {}  # node number -> the answer event (its first)
        self.released = set()  # nodes that answered the round's release


class Judge:
    def __init__(self, header):
        self.fleet = len(header.get("nodes", [])) or 1
        self.majority = self.fleet // 2 + 1
        self.resource = header.get("resource", "")
        self.total = dict.fromkeys(COUNTERS, 0)
        self.clients = {}
        # [client, id, since, reason, previous (the holder, or how many clients the votes went
        # to, or -1)], in the order they were judged
        self.rounds = []
        self.last_t = 0
        self.sections = {}  # (resource, client) -> Section
        self.holds = {}  # client -> [Hold]
        self.latest_acquire = {}  # resource -> (client, t)
        self.own_latest_acquire = {}  # client -> t
        self.attempt_time = {}  # token -> t of the first attempt that used it
        self.token_client = {}  # token -> client
        self.foreign = set()
        self.waiting_answers = []  # answers whose attempt has not come yet
        self.pending = []  # decided rounds, not yet complete
        self.last_read = {}  # client -> t of its last ok read
        self.stock_set = None  # (t, value, sales before, oversold before)

    # --- counting ---------------------------------------------------------------------------

    def count(self, name, client, amount=1):
        self.total[name] += amount
        if client >= 0:
            per = self.clients.setdefault(client, dict.fromkeys(COUNTERS, 0))
            per[name] += amount

    # --- events -----------------------------------------------------------------------------

    def feed(self, e):
        self.last_t = e["t"]
        kind, f = e["kind"], e.get("f")
        if kind == "client-added" and e.get("code") == 1:
            self.foreign.add(e["client"])
        elif kind == "invoke":
            pass
        elif kind == "ok" and f == "acquire":
            self.on_acquired(e)
        elif kind == "ok" and f == "extend":
            self.on_extended(e)
        elif kind == "ok" and f == "read":
            self.last_read[e["client"]] = e["t"]
        elif kind == "ok" and f == "write":
            self.on_write(e)
        elif kind == "fail" and f == "acquire":
            self.count("failures", e["client"])
        elif kind == "fail" and f == "write":
            self.on_refused_write(e)
        elif kind == "attempt":
            self.on_attempt(e)
        elif kind == "node-answer":
            self.on_answer(e)
        elif kind == "lock-lost":
            section = self.sections.get((e["resource"], e["client"]))
            if section and not section.lost:
                section.lost = True
                self.count("lock_lost", e["client"])
        elif kind == "section-end":
            self.on_section_end(e)
        elif kind == "deleted-others-key":
            self.count("wrong_releases", e["client"])
        elif kind == "reentered":
            self.count("reentries", e["client"])
        elif kind == "stock-set":
            self.stock_set = (e["t"], e["number"], self.total["sales"], self.total["oversold"])
        if kind == "client-state" and e.get("code") in ("crashed", "stopped"):
            self.complete_rounds(lambda r: r.client == e["client"])
        elif kind == "client-removed":
            self.complete_rounds(lambda r: r.client == e["client"])

    def finish(self):
        self.complete_rounds(lambda r: True)
        for section in self.sections.values():
            if (section.client not in self.foreign and not section.lost
                    and self.last_t > section.validity_end):
                section.lost = True
                self.count("lock_lost", section.client)

    # --- sections ---------------------------------------------------------------------------

    def on_acquired(self, e):
        client, resource, t = e["client"], e["resource"], e["t"]
        self.count("acquisitions", client)
        for (res, other) in self.sections:
            if res == resource and other != client:
                self.count("overlaps", client)
        nodes = e.get("nodes", [])
        validity_end = t + e.get("number", 0)
        self.sections[(resource, client)] = Section(client, t, nodes, validity_end)
        self.holds.setdefault(client, []).append(Hold(client, t, nodes, validity_end))
        self.latest_acquire[resource] = (client, t)
        self.own_latest_acquire[client] = t

    def on_extended(self, e):
        section = self.sections.get((e["resource"], e["client"]))
        if section and e.get("number", 0) > 0:
            section.validity_end = e["t"] + e["number"]
            self.holds[e["client"]][-1].end = section.validity_end

    def on_section_end(self, e):
        section = self.sections.pop((e["resource"], e["client"]), None)
        if not section:
            return
        reason = e.get("code")
        if reason != "expired" and not section.lost and e["t"] > section.validity_end:
            self.count("lock_lost", section.client)
        if reason != "crashed":
            hold = self.holds[section.client][-1]
            hold.end = min(hold.end, e["t"])

    # --- the stock --------------------------------------------------------------------------

    def superseded(self, e):
        latest = self.latest_acquire.get(e["resource"])
        own = self.own_latest_acquire.get(e["client"])
        return latest is not None and own is not None and latest[0] != e["client"] \
            and latest[1] > own

    def on_write(self, e):
        client = e["client"]
        self.count("sales", client)
        if self.superseded(e):
            self.count("stale_writes", client)
        p = e.get("previous", -1)
        if p >= 0:
            written = e.get("number", 0)
            read_at = self.last_read.get(client)
            if self.stock_set and read_at is not None and read_at < self.stock_set[0]:
                self.count("resets_overwritten", client)
                self.count("lost_updates", client, self.stock_set[1] - p)
            else:
                self.count("lost_updates", client, written + 1 - p)
        if self.stock_set:
            _, items, sales_before, oversold_before = self.stock_set
            beyond = (self.total["sales"] - sales_before) - items \
                - (self.total["oversold"] - oversold_before)
            if beyond > 0:
                self.count("oversold", client, beyond)

    def on_refused_write(self, e):
        reason = e.get("code")
        if reason == "conflict":
            self.count("conflicts", e["client"])
        elif reason in ("rejected", "rejected-valid"):
            if self.superseded(e):
                self.count("stale_writes_rejected", e["client"])
            else:
                self.count("valid_writes_rejected", e["client"])

    # --- rounds -----------------------------------------------------------------------------

    def on_attempt(self, e):
        token = e.get("token")
        if token and token not in self.attempt_time:
            self.attempt_time[token] = e["t"]
            self.token_client[token] = e["client"]
        if e.get("f") != "acquire":
            return
        client, op, start = e["client"], e.get("id", 0), e.get("since", -1)
        mine = [a for a in self.waiting_answers if a["client"] == client]
        self.waiting_answers = [a for a in self.waiting_answers if a["client"] != client]
        if e.get("code") not in ("no-quorum", "split-vote", "held-by-another"):
            return
        asked = e.get("asked") or list(range(1, self.fleet + 1))
        r = Round(client, op, start, asked)
        for a in mine:
            if self.answers_round(a, r):
                r.answers.setdefault(a["node"] + 1, a)
        self.pending.append(r)
        self.complete_rounds(lambda x: x is r and self.is_complete(x))

    @staticmethod
    def answers_round(a, r):
        if a.get("id", 0) != r.op:
            return False
        since = a.get("since", -1)
        if since >= 0:
            return since == r.start
        latency = a.get("latency", -1)
        sent = a["t"] - latency if latency >= 0 else a["t"]
        return sent >= r.start

    def on_answer(self, e):
        if e.get("f") == "release":
            for r in self.pending:
                if r.client == e["client"] and r.op == e.get("id", 0):
                    r.released.add(e["node"] + 1)
        elif e.get("f") == "acquire":
            owner = [r for r in self.pending if r.client == e["client"] and
                     self.answers_round(e, r)]
            if owner:
                owner[-1].answers.setdefault(e["node"] + 1, e)
            else:
                self.waiting_answers.append(e)
        else:
            return
        self.complete_rounds(lambda r: r.client == e["client"] and self.is_complete(r))

    @staticmethod
    def is_complete(r):
        return all(n in r.answers or n in r.released for n in r.asked)

    def complete_rounds(self, which):
        done = [r for r in self.pending if which(r)]
        self.pending = [r for r in self.pending if r not in done]
        for r in done:
            reason, previous = self.judge_round(r, self.last_t)
            self.rounds.append([r.client, r.op, r.start, reason, previous])
            if reason == "split-vote":
                self.count("split_votes", r.client)

    def judge_round(self, r, end):
        votes = {}  # node -> client, or None for an unknown vote
        for node, a in r.answers.items():
            outcome = a.get("code")
            if outcome == "ok":
                votes[node] = r.client
            elif outcome == "taken":
                named = a.get("number", 0)
                if named <= 0:
                    named = self.token_client.get(a.get("token"), 0)
                votes[node] = named if named > 0 else None
        if len(votes) < self.majority:
            return "no-quorum", -1
        tally = {}
        for voter in votes.values():
            if voter is not None:
                tally[voter] = tally.get(voter, 0) + 1
        unknown = {n for n, v in votes.items() if v is None}
        reached = set(votes)

        def ranked(clients):
            return sorted(clients, key=lambda c: (-tally.get(c, 0), c))

        holders = {}
        for client, holds in self.holds.items():
            for h in holds:
                if client != r.client and h.start <= end and h.end > r.start:
                    holders.setdefault(client, []).append(h)
        for client in ranked(holders):
            for h in holders[client]:
                met = tally.get(client, 0) > 0 or bool(unknown & set(h.nodes))
                missed = bool(set(h.nodes) - reached)
                if met or missed:
                    return "held-by-another", client
        for client in ranked(c for c in tally if c != r.client):
            if tally[client] >= self.majority:
                tokens = [a.get("token") for n, a in r.answers.items() if votes.get(n) == client]
                old = all(t in self.attempt_time and self.attempt_time[t] < r.start
                          for t in tokens)
                return ("held-by-expired" if old else "held-by-another"), client
        if holders or unknown or any(n >= self.majority for n in tally.values()):
            return "no-quorum", -1
        return ("split-vote", len(tally)) if len(tally) >= 2 else ("no-quorum", -1)


def read_run(path):
    """The header and the events of a run file, in time order (ties in file order); lines
    that are not events (a cut-off last line) are skipped."""
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8", "replace").split("\n")
    header = json.loads(lines[0])
    events = []
    for line in lines[1:]:
        if not line.strip():
            continue
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if not isinstance(e, dict) or "t" not in e or "kind" not in e:
            continue
        events.append(e)
    return header, events


def judge_events(header, events):
    """The judgement of a run's events (in time order; ties keep their order)."""
    judge = Judge(header)
    for e in sorted(events, key=lambda e: e["t"]):
        if e["kind"] in FINDINGS:
            continue
        e = dict(e)
        e.setdefault("client", -1)
        e.setdefault("node", -1)
        if "resource" not in e:  # a client's event: the run's resource
            e["resource"] = header.get("resource", "") if e["client"] >= 0 else ""
        judge.feed(e)
    judge.finish()
    return {"counters": judge.total,
            "clients": {str(c): v for c, v in sorted(judge.clients.items())},
            "rounds": judge.rounds}


def judge_file(path):
    header, events = read_run(path)
    return judge_events(header, events)


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    print(json.dumps(judge_file(argv[1]), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
