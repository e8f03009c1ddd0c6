// SPDX-License-Identifier: GPL-3.0-or-later
// LockOp reads a foreign client's commands by what they do (issue 24): the SET and SETNX
// forms, and scripts in the shape the well-known clients send them (node-redlock 5's
// multi-key acquire, release and extend, with their comments; Redisson's hash lock, unlock
// and renewal; redis-py's Lock release and extend), each with the node's answer.
#include "clients/lockop.h"

#include <QCryptographicHash>
#include <QTest>

namespace {

using Kind = LockOp::Kind;

// node-redlock 5.0.0-beta.2 (npm redlock, dist/esm/index.js), verbatim.
const QByteArray NodeRedlockAcquire = R"(
  -- Return 0 if an entry already exists.
  for i, key in ipairs(KEYS) do
    if redis.call("exists", key) == 1 then
      return 0
    end
  end

  -- Create an entry for each provided key.
  for i, key in ipairs(KEYS) do
    redis.call("set", key, ARGV[1], "PX", ARGV[2])
  end

  -- Return the number of entries added.
  return #KEYS
)";

const QByteArray NodeRedlockExtend = R"(
  -- Return 0 if an entry exists with a *different* lock value.
  for i, key in ipairs(KEYS) do
    if redis.call("get", key) ~= ARGV[1] then
      return 0
    end
  end

  -- Update the entry for each provided key.
  for i, key in ipairs(KEYS) do
    redis.call("set", key, ARGV[1], "PX", ARGV[2])
  end

  -- Return the number of entries updated.
  return #KEYS
)";

const QByteArray NodeRedlockRelease = R"(
  local count = 0
  for i, key in ipairs(KEYS) do
    -- Only remove entries for *this* lock value.
    if redis.call("get", key) == ARGV[1] then
      redis.pcall("del", key)
      count = count + 1
    end
  end

  -- Return the number of entries removed.
  return count
)";

const QByteArray RedissonLock =
    "if (redis.call('exists', KEYS[1]) == 0) then redis.call('hincrby', KEYS[1], ARGV[2], 1); "
    "redis.call('pexpire', KEYS[1], ARGV[1]); return nil; end; "
    "if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then redis.call('hincrby', KEYS[1], "
    "ARGV[2], 1); redis.call('pexpire', KEYS[1], ARGV[1]); return nil; end; "
    "return redis.call('pttl', KEYS[1]);";

const QByteArray RedissonUnlock =
    "if (redis.call('hexists', KEYS[1], ARGV[3]) == 0) then return nil;end; "
    "local counter = redis.call('hincrby', KEYS[1], ARGV[3], -1); "
    "if (counter > 0) then redis.call('pexpire', KEYS[1], ARGV[2]); return 0; "
    "else redis.call('del', KEYS[1]); redis.call('publish', KEYS[2], ARGV[1]); return 1; end; "
    "return nil;";

const QByteArray RedissonRenew =
    "if (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then "
    "redis.call('pexpire', KEYS[1], ARGV[1]); return 1; end; return 0;";

const QByteArray RedisPyRelease = "local token = redis.call('get', KEYS[1]) "
                                  "if not token or token ~= ARGV[1] then return 0 end "
                                  "redis.call('del', KEYS[1]) return 1";

const QByteArray RedisPyExtend =
    "local token = redis.call('get', KEYS[1]) if not token or token ~= ARGV[1] then return 0 end "
    "local expiration = redis.call('pttl', KEYS[1]) if not expiration then expiration = 0 end "
    "if expiration < 0 then return 0 end local newttl = ARGV[2] "
    "if ARGV[3] == \"0\" then newttl = ARGV[2] + expiration end "
    "redis.call('pexpire', KEYS[1], newttl) return 1";

// @sesamecare-oss/redlock 1.4.0 (build/scripts.js): the database number comes first.
const QByteArray SesameSelect = R"(
  -- Protected call to execute SELECT command if supported
  redis.pcall("SELECT", tonumber(ARGV[1]))
)";
const QByteArray SesameAcquire = SesameSelect + R"(
  -- Return 0 if an entry already exists.
  for i, key in ipairs(KEYS) do
    if redis.call("exists", key) == 1 then
      return 0
    end
  end
  -- Create an entry for each provided key.
  for i, key in ipairs(KEYS) do
    redis.call("set", key, ARGV[2], "PX", ARGV[3])
  end
  return #KEYS
)";
const QByteArray SesameExtend = SesameSelect + R"(
  for i, key in ipairs(KEYS) do
    if redis.call("get", key) ~= ARGV[2] then
      return 0
    end
  end
  for i, key in ipairs(KEYS) do
    redis.call("set", key, ARGV[2], "PX", ARGV[3])
  end
  return #KEYS
)";
const QByteArray SesameRelease = SesameSelect + R"(
  local count = 0
  for i, key in ipairs(KEYS) do
    -- Only remove entries for *this* lock value.
    if redis.call("get", key) == ARGV[2] then
      redis.pcall("del", key)
      count = count + 1
    end
  end
  return count
)";

// redlock-universal 0.8.5 (dist/index.js): its atomic extension answers {1, ttl}, and takes
// the minimum TTL before the new one.
const QByteArray UniversalAtomicExtend = R"(local current_ttl = redis.call("PTTL", KEYS[1])
local min_ttl = tonumber(ARGV[2])
local new_ttl = tonumber(ARGV[3])
if current_ttl == -2 then
  return {-1, -2}
end
if current_ttl < min_ttl then
  return {0, current_ttl}
end
local current_value = redis.call("GET", KEYS[1])
if current_value == ARGV[1] then
  redis.call("PEXPIRE", KEYS[1], new_ttl)
  return {1, current_ttl}
else
  return {-1, current_ttl}
end)";
const QByteArray UniversalBatchAcquire = R"(
  for i = 1, #KEYS do
    if redis.call("EXISTS", KEYS[i]) == 1 then
      return {0, i, KEYS[i]}
    end
  end
  local ttl = tonumber(ARGV[#ARGV])
  for i = 1, #KEYS do
    redis.call("SET", KEYS[i], ARGV[i], "PX", ttl)
  end
  return {1, #KEYS}
)";
const QByteArray UniversalInspect = R"(
local value = redis.call("GET", KEYS[1])
if not value then
  return nil
end
local ttl = redis.call("PTTL", KEYS[1])
return {value, ttl}
)";

// redis-semaphore 5.8.0 (lib/mutex/refresh.js): the arguments through locals.
const QByteArray SemaphoreRefresh = R"(
  local key = KEYS[1]
  local identifier = ARGV[1]
  local lockTimeout = ARGV[2]

  local value = redis.call('get', key)

  if value == identifier then
    redis.call('pexpire', key, lockTimeout)
    return 1
  end

  return 0
  )";

RedisReply arrayOf(const QList<RedisReply>& elements)
{
    RedisReply r;
    r.type = RedisReply::Type::Array;
    r.elements = elements;
    return r;
}

LockOp eval(const QByteArray& script, const QByteArrayList& keysAndArgs, int keys,
            const RedisReply& reply, LockOp::Scripts* scripts = nullptr)
{
    LockOp::Scripts own;
    QByteArrayList c{"EVAL", script, QByteArray::number(keys)};
    c += keysAndArgs;
    return LockOp::recognise(c, reply, "stock", scripts ? scripts : &own);
}

} // namespace

class TestLockOp : public QObject
{
    Q_OBJECT

private slots:
    void setNxPx()
    {
        LockOp::Scripts s;
        const LockOp ok = LockOp::recognise({"SET", "lock", "t1", "NX", "PX", "3000"},
                                            RedisReply::status("OK"), "stock", &s);
        QCOMPARE(ok.kind, Kind::Acquire);
        QCOMPARE(ok.token, QByteArray("t1"));
        QCOMPARE(ok.ttlMs, 3000);
        QVERIFY(ok.granted);
        const LockOp taken = LockOp::recognise({"set", "lock", "t2", "px", "3000", "nx"},
                                               RedisReply::nil(), "stock", &s);
        QCOMPARE(taken.kind, Kind::Acquire);
        QVERIFY(!taken.granted);
        const LockOp ex = LockOp::recognise({"SET", "lock", "t3", "EX", "2", "NX"},
                                            RedisReply::status("OK"), "stock", &s);
        QCOMPARE(ex.ttlMs, 2000);
        // A plain SET is no lock.
        QCOMPARE(
            LockOp::recognise({"SET", "lock", "t4"}, RedisReply::status("OK"), "stock", &s).kind,
            Kind::None);
    }

    void nodeRedlock()
    {
        const LockOp acquire =
            eval(NodeRedlockAcquire, {"lock", "tok", "10000"}, 1, RedisReply::number(1));
        QCOMPARE(acquire.kind, Kind::Acquire);
        QVERIFY(acquire.granted);
        QCOMPARE(acquire.token, QByteArray("tok"));
        QCOMPARE(acquire.ttlMs, 10000);
        QVERIFY(
            !eval(NodeRedlockAcquire, {"lock", "tok", "10000"}, 1, RedisReply::number(0)).granted);
        const LockOp extend =
            eval(NodeRedlockExtend, {"lock", "tok", "5000"}, 1, RedisReply::number(1));
        QCOMPARE(extend.kind, Kind::Extend);
        QVERIFY(extend.granted);
        QCOMPARE(extend.ttlMs, 5000);
        const LockOp release = eval(NodeRedlockRelease, {"lock", "tok"}, 1, RedisReply::number(1));
        QCOMPARE(release.kind, Kind::Release);
        QVERIFY(release.granted);
        // Several resources at once: the keys come first, the first one names the lock.
        const LockOp both =
            eval(NodeRedlockAcquire, {"a", "b", "tok", "10000"}, 2, RedisReply::number(2));
        QCOMPARE(both.kind, Kind::Acquire);
        QCOMPARE(both.key, QByteArray("a"));
        QCOMPARE(both.token, QByteArray("tok"));
        QVERIFY(both.granted);
        QVERIFY(!eval(NodeRedlockAcquire, {"a", "b", "tok", "10000"}, 2, RedisReply::number(0))
                     .granted);
    }

    // node-redlock sends EVALSHA first and, answered NOSCRIPT, the script itself: NOSCRIPT is
    // no refusal (it would split the round and count as a node that said no).
    void noScriptIsNoAnswer()
    {
        LockOp::Scripts scripts;
        scripts.learn(NodeRedlockAcquire);
        const QByteArray sha =
            QCryptographicHash::hash(NodeRedlockAcquire, QCryptographicHash::Sha1).toHex();
        QCOMPARE(
            LockOp::recognise({"EVALSHA", sha, "1", "lock", "tok", "10000"},
                              RedisReply::error("NOSCRIPT No matching script. Please use EVAL."),
                              "stock", &scripts)
                .kind,
            Kind::None);
        const LockOp granted = LockOp::recognise({"EVALSHA", sha, "1", "lock", "tok", "10000"},
                                                 RedisReply::number(1), "stock", &scripts);
        QCOMPARE(granted.kind, Kind::Acquire);
        QVERIFY(granted.granted);
    }

    void redisson()
    {
        const LockOp lock =
            eval(RedissonLock, {"lock", "30000", "uuid-1:42"}, 1, RedisReply::nil());
        QCOMPARE(lock.kind, Kind::Acquire);
        QVERIFY(lock.granted);
        QCOMPARE(lock.token, QByteArray("uuid-1:42"));
        QCOMPARE(lock.ttlMs, 30000);
        QVERIFY(!eval(RedissonLock, {"lock", "30000", "uuid-2:7"}, 1, RedisReply::number(2500))
                     .granted); // answered the holder's PTTL
        const LockOp unlock = eval(
            RedissonUnlock, {"lock", "redisson_lock__channel:{lock}", "0", "30000", "uuid-1:42"}, 2,
            RedisReply::number(1));
        QCOMPARE(unlock.kind, Kind::Release);
        QVERIFY(unlock.granted);
        QCOMPARE(unlock.key, QByteArray("lock"));
        QCOMPARE(unlock.token, QByteArray("uuid-1:42"));
        const LockOp renew =
            eval(RedissonRenew, {"lock", "30000", "uuid-1:42"}, 1, RedisReply::number(1));
        QCOMPARE(renew.kind, Kind::Extend);
        QVERIFY(renew.granted);
    }

    void redisPyAndEvalSha()
    {
        LockOp::Scripts scripts;
        scripts.learn(RedisPyRelease);
        const QByteArray sha =
            QCryptographicHash::hash(RedisPyRelease, QCryptographicHash::Sha1).toHex();
        const LockOp release = LockOp::recognise({"EVALSHA", sha, "1", "lock", "tok"},
                                                 RedisReply::number(1), "stock", &scripts);
        QCOMPARE(release.kind, Kind::Release);
        QVERIFY(release.granted);
        const LockOp extend =
            eval(RedisPyExtend, {"lock", "tok", "2000", "1"}, 1, RedisReply::number(1));
        QCOMPARE(extend.kind, Kind::Extend);
        QCOMPARE(extend.ttlMs, 2000);
        // An EVALSHA of a script never seen is nothing the app can read from the text alone.
        const LockOp unseen =
            LockOp::recognise({"EVALSHA", QByteArray(40, 'a'), "1", "lock", "tok"},
                              RedisReply::number(1), "stock", &scripts);
        QCOMPARE(unseen.kind, Kind::None);
        QVERIFY(unseen.unknownScript);
    }

    // The token and the TTL are found by what the script does with them, not by their place.
    void argumentsByWhatTheScriptDoes()
    {
        const LockOp acquire =
            eval(SesameAcquire, {"lock", "0", "tok", "10000"}, 1, RedisReply::number(1));
        QCOMPARE(acquire.kind, Kind::Acquire);
        QCOMPARE(acquire.token, QByteArray("tok"));
        QCOMPARE(acquire.ttlMs, 10000);
        QVERIFY(acquire.granted);
        const LockOp extend =
            eval(SesameExtend, {"lock", "0", "tok", "5000"}, 1, RedisReply::number(1));
        QCOMPARE(extend.kind, Kind::Extend);
        QCOMPARE(extend.token, QByteArray("tok"));
        QCOMPARE(extend.ttlMs, 5000);
        const LockOp release = eval(SesameRelease, {"lock", "0", "tok"}, 1, RedisReply::number(1));
        QCOMPARE(release.kind, Kind::Release);
        QCOMPARE(release.token, QByteArray("tok"));
        QVERIFY(release.granted);

        const LockOp atomic = eval(UniversalAtomicExtend, {"lock", "tok", "1000", "30000"}, 1,
                                   arrayOf({RedisReply::number(1), RedisReply::number(900)}));
        QCOMPARE(atomic.kind, Kind::Extend);
        QVERIFY(atomic.granted);
        QCOMPARE(atomic.token, QByteArray("tok"));
        QCOMPARE(atomic.ttlMs, 30000);
        QVERIFY(!eval(UniversalAtomicExtend, {"lock", "tok", "1000", "30000"}, 1,
                      arrayOf({RedisReply::number(-1), RedisReply::number(900)}))
                     .granted);
        const LockOp batch = eval(UniversalBatchAcquire, {"lock", "tok", "8000"}, 1,
                                  arrayOf({RedisReply::number(1), RedisReply::number(1)}));
        QCOMPARE(batch.kind, Kind::Acquire);
        QCOMPARE(batch.token, QByteArray("tok"));
        QCOMPARE(batch.ttlMs, 8000);
        QVERIFY(batch.granted);
        QCOMPARE(eval(UniversalInspect, {"lock"}, 1, RedisReply::nil()).kind, Kind::None);

        const LockOp refresh =
            eval(SemaphoreRefresh, {"lock", "id-1", "10000"}, 1, RedisReply::number(1));
        QCOMPARE(refresh.kind, Kind::Extend);
        QCOMPARE(refresh.token, QByteArray("id-1"));
        QCOMPARE(refresh.ttlMs, 10000);
        QVERIFY(!refresh.ttlFromNode);
        // redis-py's extend adds to what is left: the node knows the new deadline.
        QVERIFY(eval(RedisPyExtend, {"lock", "tok", "2000", "0"}, 1, RedisReply::number(1))
                    .ttlFromNode);
    }

    // An EVALSHA of a script never seen says so, with what it was called with; once learnt
    // (from the node) it is read as any script.
    void anUnknownScriptIsToldAndCanBeLearnt()
    {
        LockOp::Scripts scripts;
        const QByteArray sha(40, 'b');
        const LockOp unknown = LockOp::recognise({"EVALSHA", sha, "1", "lock", "0", "tok", "9000"},
                                                 RedisReply::number(1), "stock", &scripts);
        QCOMPARE(unknown.kind, Kind::None);
        QVERIFY(unknown.unknownScript);
        QCOMPARE(unknown.key, QByteArray("lock"));
        QCOMPARE(unknown.args, (QByteArrayList{"0", "tok", "9000"}));
        ScriptShape shape;
        shape.kind = ScriptShape::Kind::Acquire;
        shape.tokenArg = 1;
        shape.ttlArg = 2;
        scripts.learnShape(sha, shape);
        const LockOp known = LockOp::recognise({"EVALSHA", sha, "1", "lock", "0", "tok", "9000"},
                                               RedisReply::number(1), "stock", &scripts);
        QCOMPARE(known.kind, Kind::Acquire);
        QCOMPARE(known.token, QByteArray("tok"));
        QCOMPARE(known.ttlMs, 9000);
        QVERIFY(known.granted);
        // What a request means before its answer: a release of that token.
        ScriptShape release;
        release.kind = ScriptShape::Kind::Release;
        release.tokenArg = 0;
        scripts.learnShape(QByteArray(40, 'c'), release);
        const LockOp intent =
            LockOp::intent({"EVALSHA", QByteArray(40, 'c'), "1", "lock", "tok"}, "stock", &scripts);
        QCOMPARE(intent.kind, Kind::Release);
        QCOMPARE(intent.token, QByteArray("tok"));
    }

    void stock()
    {
        LockOp::Scripts s;
        const LockOp read =
            LockOp::recognise({"GET", "stock"}, RedisReply::string("99"), "stock", &s);
        QCOMPARE(read.kind, Kind::Read);
        QCOMPARE(read.value, 99);
        const LockOp write =
            LockOp::recognise({"SET", "stock", "98"}, RedisReply::status("OK"), "stock", &s);
        QCOMPARE(write.kind, Kind::Write);
        QCOMPARE(write.value, 98);
        QVERIFY(write.granted);
    }
};

QTEST_GUILESS_MAIN(TestLockOp)
#include "tst_lockop.moc"
