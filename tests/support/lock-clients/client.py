# SPDX-License-Identifier: GPL-3.0-or-later
"""The redis-py lock clients of the library matrix (tests/matrix/tst_lockclients.cpp), on
Debian's python3-redis, pointed at the ports `redlockscope --expose` opens. Counts its own
acquisitions and extensions, so the test can compare them with what the app recorded.

    python3 client.py --library NAME --base PORT [--seconds 5] [--workers 1] [--named]
                      [--ttl 10000] [--hold MS] [--extend-every MS] [--timeout MS]
                      [--storage PORT] [--warm]

NAME: redis-py-lock (redis.lock.Lock on node 1, blocking, its default 0.1 s sleep between
tries) or redis-py-redlock (a Redlock written on redis-py: SET NX PX on the five nodes at
once, a majority within the validity, else release everywhere and retry after 100-300 ms;
released with a compare-and-delete script, extended with redis-py's own extend script).
Workers are threads, each with its own connections (--named: CLIENT SETNAME wN, a lane each),
each pausing 100-300 ms between a release and its next acquire.
--hold MS: take the lock once and keep it MS, extending it every --extend-every MS (redis-py's
Lock.extend adds to what is left). --warm: first load the scripts directly on the nodes
(their ports from INFO through the exposed ones), as on servers that ran the library before.
Last line: {"acquisitions":N,"failures":F,"extensions":E,"workers":{...}}.
"""
import argparse
import json
import random
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import redis
from redis.lock import Lock

KEY = "stock-lock"


def options():
    p = argparse.ArgumentParser()
    p.add_argument("--library", required=True)
    p.add_argument("--base", type=int, required=True)
    p.add_argument("--seconds", type=float, default=5)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--named", action="store_true")
    p.add_argument("--ttl", type=int, default=10000)
    p.add_argument("--hold", type=int, default=0)
    p.add_argument("--extend-every", type=int, default=0)
    p.add_argument("--timeout", type=int, default=0)
    p.add_argument("--storage", type=int, default=0)
    p.add_argument("--warm", action="store_true")
    return p.parse_args()


o = options()
ONE_NODE = o.library == "redis-py-lock"
PORTS = [o.base + n for n in range(1 if ONE_NODE else 5)]


def connect(port, name=None):
    timeout = o.timeout / 1000 if o.timeout > 0 else None
    return redis.Redis(host="127.0.0.1", port=port, client_name=name, socket_timeout=timeout,
                       socket_connect_timeout=timeout)


class PyLock:
    """redis-py's own Lock on one node."""

    def __init__(self, clients):
        self.client = clients[0]

    def acquire(self):
        lock = Lock(self.client, KEY, timeout=o.ttl / 1000, sleep=0.1, blocking_timeout=2)
        if not lock.acquire():
            raise RuntimeError("not acquired")
        return lock

    def extend(self, lock):
        return lock.extend(o.ttl / 1000)

    def release(self, lock):
        lock.release()


class PyRedlock:
    """A Redlock written on redis-py, as the Redis documentation describes it."""

    def __init__(self, clients):
        self.clients = clients
        self.quorum = len(clients) // 2 + 1
        # redis-py's own scripts: the release and the extension its Lock uses.
        self.release_script = clients[0].register_script(Lock.LUA_RELEASE_SCRIPT)
        self.extend_script = clients[0].register_script(Lock.LUA_EXTEND_SCRIPT)

    def _each(self, call):
        def one(client):
            try:
                return call(client)
            except redis.RedisError:
                return None
        with ThreadPoolExecutor(len(self.clients)) as pool:
            return list(pool.map(one, self.clients))

    def acquire(self):
        token = secrets.token_hex(20)
        for _ in range(5):
            start = time.monotonic()
            votes = self._each(lambda c: c.set(KEY, token, nx=True, px=o.ttl))
            elapsed_ms = (time.monotonic() - start) * 1000
            validity = o.ttl - elapsed_ms - (o.ttl * 0.01 + 2)
            if sum(1 for v in votes if v) >= self.quorum and validity > 0:
                return token
            self.release(token)
            time.sleep(random.uniform(0.1, 0.3))
        raise RuntimeError("not acquired")

    def extend(self, token):
        done = self._each(lambda c: self.extend_script(keys=[KEY], args=[token, o.ttl, "1"],
                                                       client=c))
        return sum(1 for d in done if d) >= self.quorum

    def release(self, token):
        self._each(lambda c: self.release_script(keys=[KEY], args=[token], client=c))


def lock_of(clients):
    return PyLock(clients) if ONE_NODE else PyRedlock(clients)


def warm():
    direct = []
    for port in PORTS:
        real = connect(port).info("server")["tcp_port"]
        direct.append(connect(real))
    lock = lock_of(direct)
    handle = lock.acquire()
    lock.extend(handle)
    lock.release(handle)
    for c in direct:
        c.close()


counts = {}
failures = 0
extensions = 0
guard = threading.Lock()
THINK_S = (0.1, 0.3)  # a worker's pause between a release and its next acquire


def worker(i):
    global failures, extensions
    name = f"w{i}" if o.named else None
    clients = [connect(port, name) for port in PORTS]
    store = connect(o.storage, name) if o.storage else None
    lock = lock_of(clients)
    counts[f"w{i}"] = 0
    end = time.monotonic() + o.seconds
    while True:
        try:
            handle = lock.acquire()
            with guard:
                counts[f"w{i}"] += 1
            if o.hold > 0:
                print(json.dumps({"holding": True}), flush=True)
                until = time.monotonic() + o.hold / 1000
                while o.extend_every > 0 and time.monotonic() + o.extend_every / 1000 < until:
                    time.sleep(o.extend_every / 1000)
                    if lock.extend(handle):
                        with guard:
                            extensions += 1
                time.sleep(max(0.0, until - time.monotonic()))
            elif store:
                stock = int(store.get("stock") or 0)
                store.set("stock", stock - 1)
            try:
                lock.release(handle)
            except Exception:  # it expires anyway
                pass
        except Exception:
            with guard:
                failures += 1
        if o.hold > 0 or time.monotonic() >= end:
            break
        # Between two purchases a worker thinks, as a real one does: one that took the lock
        # back at once starved a second worker polling every 0.1 s (redis-py's Lock) for the
        # whole run on a busy machine, whose lane then never acquired.
        time.sleep(random.uniform(THINK_S[0], THINK_S[1]))
    for c in clients:
        c.close()


if o.warm:
    warm()
threads = [threading.Thread(target=worker, args=(i,)) for i in range(o.workers)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps({"acquisitions": sum(counts.values()), "failures": failures,
                  "extensions": extensions, "workers": counts}), flush=True)
