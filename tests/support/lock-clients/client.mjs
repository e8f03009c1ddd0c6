// SPDX-License-Identifier: GPL-3.0-or-later
// The npm lock clients of the library matrix (tests/matrix/tst_lockclients.cpp), each run as
// its users run it, pointed at the ports `redlockscope --expose` opens. It counts its own
// acquisitions and extensions, so the test can compare them with what the app recorded.
//
//   node client.mjs --library NAME --modules DIR --base PORT [--seconds 5] [--workers 1]
//                   [--named] [--ttl 10000] [--hold MS] [--extend-every MS] [--timeout MS]
//                   [--storage PORT] [--warm]
//
// NAME: node-redlock, sesamecare (@sesamecare-oss/redlock), semaphore-redlock (redis-semaphore
// RedlockMutex), semaphore-mutex (its Mutex, on node 1), universal-redlock (redlock-universal
// createRedlock), universal-lock (its createLock, on node 1). --modules: the directory
// scripts/node-redlock/setup.sh installed node_modules into (outside the source tree).
// Each worker loops acquire -> (with --storage: GET stock, SET stock to one less) -> release,
// then pauses 100-300 ms.
// --named: each worker's connections name themselves (CLIENT SETNAME wN), a lane each.
// --hold MS: take the lock once and keep it MS (extending it every --extend-every MS, the
// library's own way), then release. --timeout MS: ioredis's commandTimeout (a node that never
// answers would otherwise stall some libraries for good). --warm: first load the library's
// scripts directly on the nodes, bypassing the app (their ports from INFO through the exposed
// ones), as on servers that ran the library before. Last line:
// {"acquisitions":N,"failures":F,"extensions":E,"workers":{...}}.
import { createRequire } from 'node:module';
import path from 'node:path';

function options(argv) {
  const o = { seconds: 5, workers: 1, ttl: 10000, timeout: 0, hold: 0, extendEvery: 0 };
  for (let i = 0; i < argv.length; ++i) {
    const flag = argv[i].replace(/^--/, '').replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (flag === 'named' || flag === 'warm') o[flag] = true;
    else if (flag === 'modules' || flag === 'library') o[flag] = argv[++i];
    else if (flag in o || flag === 'base' || flag === 'storage') o[flag] = Number(argv[++i]);
    else throw new Error(`unknown option --${argv[i]}`);
  }
  o.modules = o.modules ?? process.env.REDLOCK_MODULES;
  if (!o.modules || !o.base || !o.library) throw new Error('--library, --modules and --base');
  return o;
}

const o = options(process.argv.slice(2));
const require = createRequire(path.join(path.resolve(o.modules), 'package.json'));
const Redis = require('ioredis');
const oneNode = ['semaphore-mutex', 'universal-lock'].includes(o.library);
const ports = [...Array(oneNode ? 1 : 5).keys()].map((n) => o.base + n);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const connect = (port, name, host = '127.0.0.1') =>
  new Redis({
    host,
    port,
    maxRetriesPerRequest: 1,
    ...(name ? { connectionName: name } : {}),
    ...(o.timeout > 0 ? { commandTimeout: o.timeout } : {}),
  });

// One library behind one face: acquire() -> handle; extend(handle) -> the handle to go on
// with, or null; release(handle); and, where the library has its own way to hold a lock while
// work runs (redlock-universal's using(), which extends it by itself), using(work).
function lockOf(library, clients) {
  const key = 'stock-lock';
  switch (library) {
  case 'node-redlock':
  case 'sesamecare': {
    const Redlock = library === 'node-redlock' ? require('redlock').default
                                              : require('@sesamecare-oss/redlock').Redlock;
    // Few retries: a round that waits for a killed node's timeout must not outlast the run.
    const redlock = new Redlock(clients, { retryCount: 3, retryDelay: 200, retryJitter: 100 });
    redlock.on('error', () => {});
    return {
      acquire: () => redlock.acquire([key], o.ttl),
      extend: (lock) => lock.extend(o.ttl), // a new Lock, with the new expiry
      release: (lock) => lock.release(),
    };
  }
  case 'semaphore-redlock':
  case 'semaphore-mutex': {
    const { RedlockMutex, Mutex } = require('redis-semaphore');
    // Refreshed by this driver (the step its own timer runs), so that it can count them.
    const settings = { lockTimeout: o.ttl, acquireTimeout: 2000, retryInterval: 50,
                       refreshInterval: 0, onLockLost: () => {} };
    return {
      acquire: async () => {
        const mutex = library === 'semaphore-mutex'
          ? new Mutex(clients[0], key, settings) : new RedlockMutex(clients, key, settings);
        await mutex.acquire();
        return mutex;
      },
      extend: async (mutex) => ((await mutex._refresh()) ? mutex : null),
      release: (mutex) => mutex.release(),
    };
  }
  case 'universal-redlock':
  case 'universal-lock': {
    const { createLock, createRedlock, IoredisAdapter } = require('redlock-universal');
    const adapters = clients.map((c) => new IoredisAdapter(c));
    const lock = library === 'universal-lock'
      ? createLock({ adapter: adapters[0], key, ttl: o.ttl, retryAttempts: 4, retryDelay: 50 })
      : createRedlock({ adapters, key, ttl: o.ttl, retryAttempts: 3, retryDelay: 200 });
    return {
      acquire: () => lock.acquire(),
      extend: async (handle) => ((await lock.extend(handle, o.ttl)) ? handle : null),
      release: (handle) => lock.release(handle),
      using: (work) => lock.using(work),
    };
  }
  default:
    throw new Error(`unknown library ${library}`);
  }
}

// The library's scripts loaded straight on the nodes: one acquire, extend and release there.
async function warm() {
  const direct = [];
  for (const port of ports) {
    const probe = connect(port);
    const info = await probe.info('server');
    direct.push(connect(Number(/tcp_port:(\d+)/.exec(info)[1])));
    probe.disconnect();
  }
  const lock = lockOf(o.library, direct);
  const handle = await lock.acquire();
  const extended = await lock.extend(handle).catch(() => null);
  await lock.release(extended ?? handle).catch(() => {});
  direct.forEach((c) => c.disconnect());
}

const counts = {};
let failures = 0;
let extensions = 0;
const end = Date.now() + o.seconds * 1000;

async function worker(i) {
  const name = o.named ? `w${i}` : undefined;
  const clients = ports.map((port) => connect(port, name));
  const store = o.storage ? connect(o.storage, name) : null;
  const lock = lockOf(o.library, clients);
  counts[`w${i}`] = 0;
  const hold = async (handle) => {
    console.log(JSON.stringify({ holding: true }));
    const until = Date.now() + o.hold;
    while (o.extendEvery > 0 && Date.now() + o.extendEvery < until) {
      await sleep(o.extendEvery);
      const next = await lock.extend(handle).catch(() => null);
      if (next) {
        handle = next;
        ++extensions;
      }
    }
    await sleep(Math.max(0, until - Date.now()));
    return handle;
  };
  const once = async () => {
    if (o.hold > 0 && o.extendEvery > 0 && lock.using) {
      // The library's own way: it extends the lock itself while the work runs.
      await lock.using(async () => {
        ++counts[`w${i}`];
        console.log(JSON.stringify({ holding: true }));
        await sleep(o.hold);
      });
      return;
    }
    let handle = await lock.acquire();
    ++counts[`w${i}`];
    if (o.hold > 0) {
      handle = await hold(handle);
    } else if (store) {
      const stock = Number(await store.get('stock'));
      await store.set('stock', stock - 1);
    }
    await lock.release(handle).catch(() => {});
  };
  do {
    try {
      await once();
    } catch (error) {
      ++failures;
    }
    // Between two purchases a worker thinks, as a real one does: one that takes the lock back
    // at once can starve the other, which retries only every retryDelay (client.py says more).
    if (o.hold === 0 && Date.now() < end) await sleep(100 + Math.random() * 200);
  } while (o.hold === 0 && Date.now() < end);
  clients.forEach((c) => c.disconnect());
  store?.disconnect();
}

if (o.warm) await warm();
await Promise.all([...Array(o.workers).keys()].map(worker));
const acquisitions = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ acquisitions, failures, extensions, workers: counts }));
