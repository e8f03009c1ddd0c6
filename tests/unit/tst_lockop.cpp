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
        // An EVALSHA of a script never seen is nothing the app can read.
        QCOMPARE(LockOp::recognise({"EVALSHA", QByteArray(40, 'a'), "1", "lock", "tok"},
                                   RedisReply::number(1), "stock", &scripts)
                     .kind,
                 Kind::None);
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
