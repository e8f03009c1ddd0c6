#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Random legal histories for the two judges (docs/domain.md, "Two judges").

A history is made from a list of *actions* (a client starts an acquisition, reads, writes, ends
its section, extends, loses its lock; a node restarts; the operator resets the stock; time
passes) played by a small discrete-event simulation of the nodes, the clients and the storage, so
that every event sequence it writes is one the app could record: each round's answers come from
the nodes' keys as they are when each request lands, late ones after the decision; a failed round
is released; keys expire; restarted nodes forget them; writes read and write the stock. Shrinking
drops actions (never single events), so a shrunk history is still a legal one.
"""

import heapq
import json
import random

TTL_US = 1_000_000
DRIFT_US = TTL_US // 100 + 2000
TIMEOUT_US = 50_000
HEADER = {"app": "judge", "clients": 0, "clockUs": 0, "format": "redlockscope-run",
          "persistence": "none", "resource": "stock-lock", "settings": {},
          "started": "2026-01-01T00:00:00.000Z", "storage": "local", "version": 1}


def make_actions(rng):
    """The random actions of one history."""
    nodes = rng.choice([3, 5, 5])
    clients = rng.randint(2, 4)
    # Some histories as files older than the rounds' fields have them (or foreign clients'):
    # answers without the round's start, attempts without the nodes asked.
    actions = [("setup", nodes, clients, rng.random() < 0.2, rng.random() < 0.1)]
    if rng.random() < 0.85:
        actions.append(("reset", 1, 0, rng.randint(1, 30)))
    for _ in range(rng.randint(5, 45)):
        kind = rng.choices(
            ["acquire", "read", "write", "end", "extend", "lost", "restart", "reset", "tick",
             "odd"],
            weights=[10, 8, 8, 6, 1, 2, 1, 1, 3, 1])[0]
        client = rng.randint(1, clients)
        dt = rng.choice([0, rng.randint(0, 3000), rng.randint(0, 60_000),
                         rng.randint(0, 1_500_000)])
        if kind == "acquire":
            spec = [(rng.choice([1, rng.randint(1, 5000), rng.randint(1, 30_000),
                                 rng.randint(1, 80_000)]),
                     rng.choices(["normal", "down", "timeout", "error", "unnamed"],
                                 weights=[20, 1, 1, 1, 1])[0])
                    for _ in range(nodes)]
            actions.append((kind, client, dt, spec, rng.randint(0, 2), rng.randint(1, 40_000)))
        elif kind == "end":
            actions.append((kind, client, dt, rng.choice(
                ["released", "released", "gave-up", "crashed", "stopped", "removed",
                 "expired", "restart"]), rng.random() < 0.7))
        elif kind == "write":
            actions.append((kind, client, dt, rng.choice(["ok", "ok", "ok", "rejected",
                                                          "conflict"])))
        elif kind == "restart":
            actions.append((kind, rng.randrange(nodes), dt, rng.randint(1, 200_000)))
        elif kind == "reset":
            actions.append((kind, client, dt, rng.randint(0, 20)))
        elif kind == "extend":
            actions.append((kind, client, dt, rng.randint(0, TTL_US)))
        elif kind == "odd":
            actions.append((kind, client, dt, rng.choice(["deleted-others-key", "reentered"])))
        else:
            actions.append((kind, client, dt))
    actions.append(("end-of-run", rng.choice([0, 0, 200_000, 10_000_000])))
    return actions


class World:
    """Plays actions into events."""

    def __init__(self, nodes, clients, foreign, older):
        self.older = older
        self.n = nodes
        self.majority = nodes // 2 + 1
        self.t = 0
        self.seq = 0
        self.queue = []  # (time, seq, function)
        self.events = []
        self.keys = [None] * nodes  # node -> (token, client, expires at)
        self.down_until = [-1] * nodes
        self.clients = {}
        self.stock = None
        self.tokens = 0
        for c in range(1, clients + 1):
            self.clients[c] = {"state": "idle", "ops": 0, "section": None, "read": None,
                               "round": None, "foreign": foreign and c == clients}
            added = {"kind": "client-added", "client": c, "text": "C%d" % c}
            if foreign and c == clients:
                added["code"] = 1
            self.emit(added)
            self.emit({"kind": "client-state", "client": c, "code": "idle"})

    # --- time ---------------------------------------------------------------------------

    def emit(self, e, t=None):
        e = dict(e)
        e["t"] = self.t if t is None else t
        self.events.append(e)

    def at(self, t, fn):
        self.seq += 1
        heapq.heappush(self.queue, (t, self.seq, fn))

    def run_until(self, t):
        while self.queue and self.queue[0][0] <= t:
            when, _, fn = heapq.heappop(self.queue)
            self.t = max(self.t, when)
            fn()
        self.t = max(self.t, t)

    def op(self, c):
        self.clients[c]["ops"] += 1
        return (c << 32) | self.clients[c]["ops"]

    def key_of(self, node):
        k = self.keys[node]
        if k and k[2] <= self.t:
            self.keys[node] = k = None
        return k

    # --- acquisitions -------------------------------------------------------------------

    def acquire(self, c, spec, retries, retry_delay):
        me = self.clients[c]
        if me["state"] != "idle":
            return
        op = self.op(c)
        self.emit({"kind": "invoke", "f": "acquire", "client": c, "id": op})
        self.state(c, "acquiring")
        self.round(c, op, spec, retries, retry_delay)

    def state(self, c, name):
        self.clients[c]["state"] = name
        self.emit({"kind": "client-state", "client": c, "code": name})

    def round(self, c, op, spec, retries, retry_delay):
        me = self.clients[c]
        self.tokens += 1
        token = "tok-%d-%d" % (c, self.tokens)
        r = {"op": op, "start": self.t, "token": token, "ok": 0, "failed": 0, "okmask": [],
             "decided": False, "answered": set(), "retries": retries, "delay": retry_delay,
             "spec": spec, "live": True}
        me["round"] = r
        for node, (delay, hint) in enumerate(spec):
            if hint == "down" or self.down_until[node] > self.t:
                self.at(self.t, lambda node=node: self.answer(c, r, node, "down"))
            elif hint == "timeout":
                self.at(self.t + TIMEOUT_US, lambda node=node: self.answer(c, r, node, "timeout"))
            elif hint == "error":
                self.at(self.t + delay, lambda node=node: self.answer(c, r, node, "error"))
            else:
                self.at(self.t + delay,
                        lambda node=node, hint=hint: self.land(c, r, node, hint))

    def land(self, c, r, node, hint):
        """The request reaches the node: it takes the key or names its holder."""
        if not r["live"]:
            return
        if self.down_until[node] > self.t:
            self.answer(c, r, node, "down")
            return
        if hint == "unnamed":
            self.answer(c, r, node, "taken", holder=(0, "foreign-token"))
            return
        k = self.key_of(node)
        if k is None:
            self.keys[node] = (r["token"], c, self.t + TTL_US)
            self.answer(c, r, node, "ok")
        else:
            self.answer(c, r, node, "taken", holder=(k[1], k[0]))

    def answer(self, c, r, node, outcome, holder=None):
        if not r["live"]:
            return
        e = {"kind": "node-answer", "f": "acquire", "client": c, "node": node, "id": r["op"],
             "code": outcome, "latency": self.t - r["start"], "since": r["start"]}
        if self.older:
            del e["since"]
        if holder:
            e["number"], e["token"] = holder
            if e["number"] == 0:
                del e["number"]
        self.emit(e)
        r["answered"].add(node)
        if r["decided"]:
            return
        if outcome == "ok":
            r["ok"] += 1
            r["okmask"].append(node + 1)
        else:
            r["failed"] += 1
        if r["ok"] >= self.majority or r["failed"] > self.n - self.majority:
            self.decide(c, r)

    def decide(self, c, r):
        r["decided"] = True
        me = self.clients[c]
        elapsed = self.t - r["start"]
        validity = TTL_US - elapsed - DRIFT_US
        won = r["ok"] >= self.majority
        code = "none" if won and validity > 0 else "validity-expired" if won else "no-quorum"
        attempt = {"kind": "attempt", "f": "acquire", "client": c, "id": r["op"], "code": code,
                   "since": r["start"], "latency": elapsed, "number": r["ok"],
                   "nodes": sorted(r["okmask"]), "asked": list(range(1, self.n + 1)),
                   "token": r["token"]}
        if self.older:
            del attempt["asked"]
        self.emit(attempt)
        if code == "none":
            me["round"] = None
            self.emit({"kind": "ok", "f": "acquire", "client": c, "id": r["op"],
                       "token": r["token"], "nodes": sorted(r["okmask"]), "number": validity,
                       "latency": elapsed})
            me["section"] = {"op": r["op"], "token": r["token"], "start": self.t,
                             "valid": self.t + validity, "lost": False}
            self.state(c, "holding")
            return
        self.release_keys(c, r["op"], r["token"], after=r)
        if r["retries"] > 0:
            self.state(c, "waiting-retry")
            spec = [(d, h) for d, h in r["spec"]]
            retries, delay = r["retries"] - 1, r["delay"]

            def retry():
                if me["state"] == "waiting-retry" and me["round"] is r:
                    self.state(c, "acquiring")
                    self.round(c, r["op"], spec, retries, delay)
            self.at(self.t + delay, retry)
        else:
            self.emit({"kind": "fail", "f": "acquire", "client": c, "id": r["op"],
                       "code": "no-quorum", "number": 1})
            self.state(c, "idle")

    def release_keys(self, c, op, token, after=None):
        """The compare-and-delete script on every node; after a round, each node's release
        comes after that node's acquire answer (one connection, in order)."""
        for node in range(self.n):
            def go(node=node):
                if after is not None and not after["live"]:
                    return
                if after is not None and node not in after["answered"] and \
                        self.down_until[node] <= self.t:
                    self.at(self.t + 1000, go)  # behind the acquire on that connection
                    return
                k = self.key_of(node)
                deleted = self.down_until[node] <= self.t and k is not None and k[0] == token
                if deleted:
                    self.keys[node] = None
                outcome = "down" if self.down_until[node] > self.t else \
                    "ok" if deleted else "taken"
                self.emit({"kind": "node-answer", "f": "release", "client": c, "node": node,
                           "id": op, "code": outcome, "latency": 300})
            self.at(self.t + 300, go)

    # --- sections -----------------------------------------------------------------------

    def end(self, c, reason, says_lost=True):
        me = self.clients[c]
        if reason == "restart":
            if me["state"] == "crashed":
                self.emit({"kind": "fault-end", "client": c, "code": "crashed"})
            if me["state"] in ("crashed", "stopped"):
                self.state(c, "idle")
            return
        if reason in ("crashed", "stopped", "removed") and me["state"] in (
                "acquiring", "waiting-retry"):
            r = me["round"]
            me["round"] = None
            if reason == "crashed":
                if r:
                    r["live"] = False  # its connections close: no more answers
                self.emit({"kind": "fault-start", "client": c, "code": "crashed"})
                self.state(c, "crashed")
            else:
                self.state(c, "stopped")
                if r:
                    self.release_keys(c, self.op(c), r["token"])
                if reason == "removed":
                    self.emit({"kind": "client-removed", "client": c, "text": "C%d" % c})
                    me["state"] = "gone"
            return
        s = me["section"]
        if s is None:
            return
        if reason == "expired" and not me["foreign"]:
            reason = "released"
        if says_lost and reason != "expired" and self.t > s["valid"] and not s["lost"]:
            s["lost"] = True
            self.emit({"kind": "lock-lost", "client": c, "id": s["op"], "since": s["valid"]})
        me["section"] = None
        code = "stopped" if reason == "removed" else reason
        self.emit({"kind": "section-end", "client": c, "id": s["op"], "code": code,
                   "token": s["token"], "since": s["start"]})
        if reason == "crashed":
            self.emit({"kind": "fault-start", "client": c, "code": "crashed"})
            self.state(c, "crashed")
            return
        if reason != "expired":
            op = self.op(c)
            self.emit({"kind": "invoke", "f": "release", "client": c, "id": op})
            self.release_keys(c, op, s["token"])
        if reason in ("stopped", "removed"):
            self.state(c, "stopped")
        else:
            self.state(c, "idle")
        if reason == "removed":
            self.emit({"kind": "client-removed", "client": c, "text": "C%d" % c})
            me["state"] = "gone"

    def lost(self, c):
        s = self.clients[c]["section"]
        if s and not s["lost"] and self.t > s["valid"]:
            s["lost"] = True
            self.emit({"kind": "lock-lost", "client": c, "id": s["op"], "since": s["valid"]})

    def extend(self, c, validity):
        s = self.clients[c]["section"]
        if s and self.t < s["valid"]:
            s["valid"] = self.t + validity
            self.emit({"kind": "ok", "f": "extend", "client": c, "id": self.op(c),
                       "token": s["token"], "number": validity})
            for node in range(self.n):
                k = self.key_of(node)
                if k and k[0] == s["token"]:
                    self.keys[node] = (k[0], k[1], self.t + validity + DRIFT_US)

    # --- the stock ----------------------------------------------------------------------

    def read(self, c):
        me = self.clients[c]
        if self.stock is None or me["state"] in ("crashed", "gone"):
            return
        me["read"] = self.stock
        self.emit({"kind": "ok", "f": "read", "client": c, "id": self.op(c), "node": -2,
                   "number": self.stock})

    def write(self, c, how):
        me = self.clients[c]
        if me["read"] is None or me["read"] <= 0 or me["state"] in ("crashed", "gone"):
            return
        op = self.op(c)
        value = me["read"] - 1
        self.emit({"kind": "invoke", "f": "write", "client": c, "id": op, "node": -2,
                   "number": value})
        if how == "ok":
            self.emit({"kind": "ok", "f": "write", "client": c, "id": op, "node": -2,
                       "number": value, "previous": self.stock, "latency": 300})
            self.stock = value
        else:
            self.emit({"kind": "fail", "f": "write", "client": c, "id": op, "node": -2,
                       "code": how, "number": value})
        me["read"] = None

    def reset(self, value):
        self.stock = value
        self.emit({"kind": "stock-set", "node": -2, "number": value})

    def restart(self, node, down_us):
        self.keys[node] = None
        self.down_until[node] = self.t + down_us
        self.emit({"kind": "node-down", "node": node})
        self.at(self.t + down_us, lambda: self.emit({"kind": "node-up", "node": node}))


def play(actions):
    """The header and the events the actions make."""
    _, nodes, clients, foreign, older = actions[0]
    world = World(nodes, clients, foreign, older)
    t = 0
    for a in actions[1:]:
        kind = a[0]
        if kind == "end-of-run":
            world.run_until(t + a[1])
            break
        c, dt = a[1], a[2]
        t += dt
        world.run_until(t)
        if kind != "restart" and kind != "reset" and world.clients.get(c, {}).get(
                "state") == "gone":
            continue
        if kind == "acquire":
            world.acquire(c, a[3], a[4], a[5])
        elif kind == "read":
            world.read(c)
        elif kind == "write":
            world.write(c, a[3])
        elif kind == "end":
            world.end(c, a[3], a[4])
        elif kind == "extend":
            world.extend(c, a[3])
        elif kind == "lost":
            world.lost(c)
        elif kind == "restart":
            world.restart(a[1], a[3])
        elif kind == "reset":
            world.reset(a[3])
        elif kind == "odd" and world.clients[c]["section"]:
            world.emit({"kind": a[3], "client": c, "id": world.op(c), "node": 0,
                        "f": "release" if a[3] == "deleted-others-key" else "acquire",
                        "token": "someone", "number": 2})
    header = dict(HEADER)
    header["nodes"] = ["local"] * nodes
    return header, sorted(world.events, key=lambda e: e["t"])


def history(seed):
    return make_actions(random.Random(seed))


def to_jsonl(header, events):
    lines = [json.dumps(header, sort_keys=True)]
    lines += [json.dumps(e, separators=(",", ":")) for e in events]
    return "\n".join(lines) + "\n"


def shrink(actions, fails):
    """The smallest list of actions (ddmin over all but the setup) for which fails() holds."""
    setup, body, last = actions[0], list(actions[1:-1]), actions[-1]
    chunk = max(1, len(body) // 2)
    while chunk >= 1:
        i = 0
        progressed = False
        while i < len(body):
            trial = body[:i] + body[i + chunk:]
            if fails([setup] + trial + [last]):
                body = trial
                progressed = True
            else:
                i += chunk
        if not progressed:
            chunk //= 2
    for simpler in (("end-of-run", 0), ("end-of-run", 10_000_000)):
        if fails([setup] + body + [simpler]):
            last = simpler
            break
    return [setup] + body + [last]
