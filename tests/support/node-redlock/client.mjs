// SPDX-License-Identifier: GPL-3.0-or-later
// node-redlock 5.0.0-beta.2 (npm `redlock`, on ioredis 5) as a user runs it, pointed at the
// ports `redlockscope --expose` opens: the test's foreign client (tests/app/tst_noderedlock.cpp).
// It counts its own acquisitions, so the test can compare them with what the app recorded.
//
//   node client.mjs --modules DIR --base PORT [--nodes 5] [--storage PORT] [--seconds 5]
//                   [--workers 1] [--named] [--ttl 10000] [--hold MS] [--timeout MS]
//                   [--retries 10] [--tokens]
//
// --modules: the directory setup.sh installed node_modules into (outside the source tree).
// Each worker is its own Redlock with its own connections to the nodes, looping acquire ->
// (with --storage: GET stock, SET stock to one less) -> release, library-default retries.
// --named: each worker's connections name themselves (CLIENT SETNAME redlock-wN), so the app
// shows a lane per worker; without it the process is one lane. --hold MS: take the lock once
// and keep it MS without releasing. --timeout MS: ioredis's commandTimeout (node-redlock has
// none: a node that never answers would stall a round for good). --tokens: print each
// acquired lock's value. Last line: {"acquisitions":N,"failures":F,"workers":{...}}.
import { createRequire } from 'node:module';
import path from 'node:path';

function options(argv) {
  const o = { nodes: 5, seconds: 5, workers: 1, ttl: 10000, retries: 10, timeout: 0, hold: 0 };
  for (let i = 0; i < argv.length; ++i) {
    const flag = argv[i].replace(/^--/, '');
    if (flag === 'named' || flag === 'tokens') o[flag] = true;
    else if (flag === 'modules') o.modules = argv[++i];
    else if (flag in o || flag === 'base' || flag === 'storage') o[flag] = Number(argv[++i]);
    else throw new Error(`unknown option --${flag}`);
  }
  o.modules = o.modules ?? process.env.REDLOCK_MODULES;
  if (!o.modules || !o.base) throw new Error('--modules DIR and --base PORT are needed');
  return o;
}

const o = options(process.argv.slice(2));
const require = createRequire(path.join(path.resolve(o.modules), 'package.json'));
const Redis = require('ioredis');
const Redlock = require('redlock').default;

const connect = (port, name) =>
  new Redis({
    host: '127.0.0.1',
    port,
    ...(name ? { connectionName: name } : {}),
    ...(o.timeout > 0 ? { commandTimeout: o.timeout } : {}),
  });

const counts = {};
let failures = 0;
const end = Date.now() + o.seconds * 1000;

async function worker(i) {
  const name = o.named ? `redlock-w${i}` : undefined;
  const nodes = [...Array(o.nodes).keys()].map((n) => connect(o.base + n, name));
  const store = o.storage ? connect(o.storage, name) : null;
  const redlock = new Redlock(nodes, { retryCount: o.retries });
  counts[`w${i}`] = 0;
  const once = async () => {
    const lock = await redlock.acquire(['stock-lock'], o.ttl);
    ++counts[`w${i}`];
    if (o.tokens) console.log(`acquired ${lock.value}`);
    if (o.hold > 0) {
      console.log(JSON.stringify({ holding: lock.value }));
      await new Promise((resolve) => setTimeout(resolve, o.hold));
      return;
    }
    if (store) {
      const stock = Number(await store.get('stock'));
      await store.set('stock', stock - 1);
    }
    await lock.release().catch(() => {}); // it expires anyway: node-redlock says so
  };
  do {
    try {
      await once();
    } catch (error) {
      ++failures;
    }
  } while (o.hold === 0 && Date.now() < end);
  nodes.forEach((c) => c.disconnect());
  store?.disconnect();
}

await Promise.all([...Array(o.workers).keys()].map(worker));
const acquisitions = Object.values(counts).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ acquisitions, failures, workers: counts }));
