// SPDX-License-Identifier: GPL-3.0-or-later
// The baseline of `redlockscope --headless --bench --vs-node-redlock` (docs/benchmarks.md,
// "The benchmark"):
// node-redlock 5.0.0-beta.2 on ioredis 5, as its users run it. WORKERS workers in this one
// process, each with its own Redlock over its own connection to every node (named wN, so that
// the app tells them apart when they come through its exposed ports) and its own connection
// to the storage; the library's default retries (10, 200 ms +-100 ms); TTL 10 s. Each loops
// acquire -> GET stock -> SET stock to one less -> release. WARMUP ms first, not counted, then
// SECONDS counted. Prints one line of JSON.
//
// Besides the rate it measures the longest stall (the longest time in the counted window
// without an acquisition) and how many failed acquires kept nodes through their retries:
// node-redlock 5.0.0-beta.2 releases what a lost round won only when the whole acquire gives
// up, not between its retries, and its script refuses a key that exists even under the
// caller's own value. A split vote among contenders (each winning a minority) then leaves
// every node held, and every contender loses every retry until its retries run out.
//
//   node bench.mjs HOST:PORT,HOST:PORT,... STORAGE_HOST:PORT SECONDS WORKERS WARMUP_MS STOCK [AFTER]
//
// STOCK > 0 sets the stock first; 0 leaves it to the caller (through the app's exposed storage
// a SET outside any lock would be judged as one). AFTER "flush-scripts" empties the nodes' script
// caches at the end, as on fresh nodes: a later run through the app's exposed ports then sends
// its scripts' text once (EVALSHA fails NOSCRIPT, then EVAL), from which the app learns what
// each SHA does; an EVALSHA of a script it never saw it cannot tell.
import Redis from 'ioredis';
import Redlock from 'redlock';

const [nodeList, storageAt, secondsArg, workersArg, warmUpArg, stockArg, after] = process.argv.slice(2);
const seconds = Number(secondsArg);
const workers = Number(workersArg);
const warmUpMs = Number(warmUpArg);
const stock = Number(stockArg);
if (!nodeList || !storageAt || !(seconds > 0) || !(workers > 0) || !(warmUpMs >= 0) ||
    !(stock >= 0) || ![undefined, 'keep', 'flush-scripts'].includes(after)) {
  console.error('usage: node bench.mjs HOST:PORT,... STORAGE_HOST:PORT SECONDS WORKERS WARMUP_MS ' +
                'STOCK [keep|flush-scripts]');
  process.exit(2);
}
const address = (spec) => {
  const colon = spec.lastIndexOf(':');
  return { host: spec.slice(0, colon), port: Number(spec.slice(colon + 1)) };
};
const nodes = nodeList.split(',').map(address);
const options = { lazyConnect: true, maxRetriesPerRequest: 1 };
let connectionErrors = 0;
let nodeErrors = 0; // a node answered a lock command with an error
let firstError;

const connect = async (at, name) => {
  const redis = new Redis({ ...at, ...options, connectionName: name });
  redis.on('error', (e) => {
    ++connectionErrors; // ioredis reconnects; counted and told, not fatal
    firstError ??= `${at.host}:${at.port}: ${e.message}`;
  });
  try {
    await redis.connect();
  } catch (e) {
    throw new Error(`${at.host}:${at.port}: ${e.message}`);
  }
  return redis;
};
const storage = await connect(address(storageAt), 'bench');
if (stock > 0)
  await storage.set('stock', stock);
const stockBefore = Number(await storage.get('stock'));

let counting = false;
let acquisitions = 0;
let purchases = 0; // the warm-up's too: the stock fell by this much, unless updates were lost
let failures = 0;
let errors = 0; // the storage did not answer (a connection closed): no purchase
let stopping = false;
let stallStart = 0n; // when the counted window began, or its last acquisition
let longestStallNs = 0n;
let keptMinority = 0; // failed acquires that won some nodes in a round and kept them
const counted = () => {
  const at = process.hrtime.bigint();
  if (at - stallStart > longestStallNs)
    longestStallNs = at - stallStart;
  stallStart = at;
};
// Whether a failed acquire won some nodes in one of its rounds: those stayed its own
// until the library released them after the last retry.
const wonSome = async (error) => {
  const rounds = await Promise.all((error.attempts ?? []).map((a) => a.catch(() => null)));
  return rounds.some((round) => round && round.votesFor.size > 0);
};

async function worker(i) {
  const clients = await Promise.all(nodes.map((at) => connect(at, `w${i + 1}`)));
  const store = await connect(address(storageAt), `w${i + 1}`);
  const redlock = new Redlock(clients, { retryCount: 10, retryDelay: 200, retryJitter: 100 });
  redlock.on('error', (e) => {
    if (e.name === 'ResourceLockedError')
      return; // the lock was taken: the contention itself
    ++nodeErrors;
    firstError ??= `a node refused: ${e.message}`;
  });
  return async () => {
    while (!stopping) {
      let lock;
      try {
        lock = await redlock.acquire(['stock-lock'], 10000);
      } catch (e) {
        if (counting) {
          ++failures;
          if (await wonSome(e))
            ++keptMinority;
        }
        continue;
      }
      try {
        const value = Number(await store.get('stock'));
        await store.set('stock', value - 1);
        ++purchases;
        if (counting) {
          ++acquisitions;
          counted();
        }
      } catch (e) {
        ++errors;
        firstError ??= String(e.message);
      }
      await lock.release().catch(() => {});
    }
    await Promise.all([...clients, store].map((c) => c.quit().catch(() => {})));
  };
}

// Whether the lock is held before the first try (left by an earlier run): a phase that could
// not acquire says why.
const probes = await Promise.all(nodes.map((at) => connect(at, 'bench')));
const pttls = await Promise.all(probes.map((c) => c.pttl('stock-lock')));
await Promise.all(probes.map((c) => c.quit()));
const heldBefore = pttls.filter((ms) => ms !== -2).length;
const heldForMs = Math.max(0, ...pttls);

const loops = await Promise.all([...Array(workers).keys()].map(worker));
const running = loops.map((loop) => loop());
await new Promise((resolve) => setTimeout(resolve, warmUpMs));
const t0 = process.hrtime.bigint();
stallStart = t0;
counting = true;
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
counting = false;
counted(); // the window's end closes the last stall
const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
stopping = true;
await Promise.all(running);
if (after === 'flush-scripts') {
  const all = await Promise.all(nodes.map((at) => connect(at, 'bench')));
  await Promise.all(all.map((c) => c.script('FLUSH').then(() => c.quit())));
}
const stockAfter = Number(await storage.get('stock'));
await storage.quit();
console.log(JSON.stringify({ acquisitions, failures, seconds: elapsed,
                             perSecond: acquisitions / elapsed, purchases, stockBefore,
                             stockAfter, errors, connectionErrors, nodeErrors,
                             heldBefore, heldForMs, firstError,
                             longestStallMs: Number(longestStallNs / 1000000n), keptMinority }));
