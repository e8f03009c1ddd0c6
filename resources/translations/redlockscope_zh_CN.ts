<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AttemptOutcome</name>
    <message>
        <source>acquired</source>
        <translation>已获得</translation>
    </message>
    <message>
        <source>refused: held by another</source>
        <translation>被拒：锁由他人持有</translation>
    </message>
    <message>
        <source>no quorum: nodes down or slow</source>
        <translation>未达多数：节点宕机或太慢</translation>
    </message>
    <message>
        <source>split vote</source>
        <translation>选票分裂</translation>
    </message>
    <message>
        <source>expired before granted</source>
        <translation>获批前已过期</translation>
    </message>
    <message>
        <source>a quorum of nodes granted the lock in time</source>
        <translation>多数节点及时授予了锁</translation>
    </message>
    <message>
        <source>the nodes answered that another client holds the lock</source>
        <translation>节点答复：另一个客户端持有该锁</translation>
    </message>
    <message>
        <source>too few nodes answered: down, timed out or answering errors</source>
        <translation>答复的节点太少：宕机、超时或返回错误</translation>
    </message>
    <message>
        <source>the nodes&apos; votes split between clients and nobody reached the quorum</source>
        <translation>节点的选票分散在多个客户端之间，没有人达到多数</translation>
    </message>
    <message>
        <source>a quorum said yes, but too late: the validity had run out</source>
        <translation>多数节点同意了，但太晚：有效期已经用完</translation>
    </message>
    <message>
        <source>no quorum: its own earlier key</source>
        <translation>未达多数：它自己早先的键</translation>
    </message>
    <message>
        <source>nodes still held this client&apos;s key from an earlier try, whose release had not reached them</source>
        <translation>节点上还留着这个客户端早先尝试的键，那次释放还没到达它们</translation>
    </message>
</context>
<context>
    <name>CaptionBar</name>
    <message>
        <source>The scenario line this narration comes from.</source>
        <translation>这段旁白来自场景的这一行。</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
</context>
<context>
    <name>Chart</name>
    <message>
        <source>Lock timeline</source>
        <translation>锁时间线</translation>
    </message>
    <message>
        <source>Acquire latency over time</source>
        <translation>获取延迟随时间变化</translation>
    </message>
    <message>
        <source>Acquire latency histogram</source>
        <translation>获取延迟直方图</translation>
    </message>
    <message>
        <source>Quorum over time</source>
        <translation>法定人数随时间变化</translation>
    </message>
    <message>
        <source>Acquisitions and failures per second</source>
        <translation>每秒获取与失败次数</translation>
    </message>
    <message>
        <source>Stock over time</source>
        <translation>库存随时间变化</translation>
    </message>
    <message>
        <source>A lane per client (acquiring, holding, working without the lock, paused, crashed) and per node (whose key, its TTL running out); faults shaded, overlapping critical sections in red, narration on top.</source>
        <translation>每个客户端一条泳道（获取中、持有、在没有锁的情况下工作、已暂停、已崩溃），每个节点一条泳道（谁的键、其 TTL 逐渐耗尽）；故障以阴影标出，重叠的临界区显示为红色，旁白显示在顶部。</translation>
    </message>
    <message>
        <source>Every round of an acquire as a point at its decision, by what became of it: acquired, refused because another client held the lock, no quorum (nodes down or slow), split vote, or expired before it was granted; the p50 and p99 lines are of the acquisitions alone; faults shaded.</source>
        <translation>每一轮获取请求在其决定时刻为一个点，按结果区分：已获得、因另一个客户端持有锁而被拒、未达多数（节点宕机或太慢）、选票分裂、获批前已过期；p50 和 p99 线只统计成功获得的轮次；故障以阴影表示。</translation>
    </message>
    <message>
        <source>How long the rounds took to be decided, stacked by outcome; p50, p90, p99 and the slowest of the acquisitions alone, with their values in the legend.</source>
        <translation>各轮获取请求用了多长时间做出决定，按结果堆叠；p50、p90、p99 和最慢值只统计成功获得的轮次，数值列在图例中。</translation>
    </message>
    <message>
        <source>The OK votes of each round (split votes marked), the rule a round must meet (a majority, or one node for single-node locks), and the most nodes holding one client&apos;s key; faults shaded.</source>
        <translation>每一轮获得的同意票（标出选票分裂）、一轮必须满足的规则（多数，单节点锁为一个节点），以及单个客户端的键所在的最多节点数；故障以阴影表示。</translation>
    </message>
    <message>
        <source>Per second: attempts (every round asked of the nodes, won or lost), acquisitions, and final failures (acquires that gave up after their last retry); faults shaded.</source>
        <translation>每秒：尝试次数（向节点发出的每一轮请求，无论成败）、获得次数，以及最终失败（最后一次重试后放弃的获取）；故障以阴影表示。</translation>
    </message>
    <message>
        <source>The stock on the storage, the items sold since `stock N`, the stock put there and the stock there should be (stock N minus the sales); each oversold item and each lost update marked and labelled; faults shaded.</source>
        <translation>存储上的库存、自 `stock N` 以来卖出的商品、放入的库存，以及应有的库存（stock N 减去销量）；每件超卖的商品和每次丢失更新都有标记和标注；故障以阴影表示。</translation>
    </message>
</context>
<context>
    <name>ChartRenderer</name>
    <message>
        <source>cannot draw %1</source>
        <translation>无法绘制 %1</translation>
    </message>
    <message>
        <source>smallest text %1 px at %2 × %3</source>
        <translation>最小文字 %1 像素，尺寸 %2 × %3</translation>
    </message>
</context>
<context>
    <name>CheckCounters</name>
    <message>
        <source>writes the storage accepted from a client after another client had acquired the lock since this client&apos;s acquisition</source>
        <translation>存储接受的写入：在该客户端获得锁之后，另一个客户端又获得了锁</translation>
    </message>
    <message>
        <source>such stale writes the fenced storage refused</source>
        <translation>带栅栏的存储拒绝的此类过期写入</translation>
    </message>
    <message>
        <source>writes the fenced storage refused although nobody had acquired the lock after the writer: a node&apos;s fencing number went back (a restart without persistence)</source>
        <translation>带栅栏的存储拒绝的写入，尽管写入者之后没有人获得锁：某个节点的栅栏编号倒退了（无持久化重启）</translation>
    </message>
    <message>
        <source>writes that went over an operator&apos;s `stock N` set after the writer had read the stock</source>
        <translation>覆盖了操作员 `stock N` 设置的写入（该设置发生在写入者读取库存之后）</translation>
    </message>
    <message>
        <source>items sold beyond the stock put there by the last `stock N`</source>
        <translation>超出最近一次 `stock N` 所放库存的售出件数</translation>
    </message>
    <message>
        <source>locks acquired</source>
        <translation>获得的锁</translation>
    </message>
    <message>
        <source>acquisitions that failed after every retry</source>
        <translation>所有重试后仍失败的获取</translation>
    </message>
    <message>
        <source>writes the storage accepted</source>
        <translation>存储接受的写入</translation>
    </message>
    <message>
        <source>WATCH: writes EXEC refused because the stock changed since it was watched</source>
        <translation>WATCH：因库存在被监视后发生变化而被 EXEC 拒绝的写入</translation>
    </message>
    <message>
        <source>releases that deleted another client&apos;s key</source>
        <translation>删除了其他客户端键的释放</translation>
    </message>
    <message>
        <source>reentrant locks taken again by their holder</source>
        <translation>被持有者再次获取的可重入锁</translation>
    </message>
    <message>
        <source>times a client acquired the lock while another client was in its critical section on the same resource (a paused client is inside until it resumes and leaves)</source>
        <translation>某个客户端获取锁时，另一个客户端正处于同一资源的临界区内的次数（暂停的客户端在恢复并离开之前都算在临界区内）</translation>
    </message>
    <message>
        <source>critical sections that lasted past their validity: the client saw its deadline pass inside, or the section ended (released, gave up, crashed, stopped, removed, or the run ended) after it</source>
        <translation>持续超过有效期的临界区：客户端在区内看到截止时间已过，或者临界区在截止之后才结束（释放、放弃、崩溃、停止、移除或运行结束）</translation>
    </message>
    <message>
        <source>sales the stock does not show: the sales since the last `stock N` minus the drop of the stock since then (N − the stock now), as on the storage card, added up over every `stock N`; each write that erased sales is named</source>
        <translation>库存没有反映出来的销售：自最近一次 `stock N` 以来的销售数减去库存自那以后的下降（N − 当前库存），与存储卡片上显示的一致，对每次 `stock N` 累加；每个抹掉销售的写入都会被点名</translation>
    </message>
    <message>
        <source>failed rounds, judged once complete (every answer, late ones included), where no client held a majority at any moment of the round and the votes went to two clients or more</source>
        <translation>失败的轮次（在轮次完整后根据全部回答判定，包括迟到的回答），其中在该轮的任何时刻都没有客户端持有多数，且选票分给了两个或更多客户端</translation>
    </message>
</context>
<context>
    <name>ClientJournal</name>
    <message>
        <source>renewed by the watchdog</source>
        <translation>已由看门狗续期</translation>
    </message>
</context>
<context>
    <name>ClientLane</name>
    <message>
        <source>The client&apos;s name and colour: its keys on the nodes have this colour.</source>
        <translation>客户端的名称和颜色：它在各节点上的键使用这个颜色。</translation>
    </message>
    <message>
        <source>What the client&apos;s loop is doing now.</source>
        <translation>客户端的循环此刻在做什么。</translation>
    </message>
    <message>
        <source>The nodes this client cannot reach (a partition): heal the node to reconnect it.</source>
        <translation>此客户端无法访问的节点（网络分区）：修复该节点即可重新连接。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this client&apos;s loop (it releases first if it holds the lock), or start it again.</source>
        <translation>停止此客户端的循环（若持有锁则先释放），或重新启动它。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Freeze the client like a long GC pause: it keeps believing it holds the lock.</source>
        <translation>像长时间 GC 暂停一样冻结客户端：它仍然相信自己持有锁。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Let the paused client go on, as if no time had passed for it.</source>
        <translation>让暂停的客户端继续运行，仿佛它的时间没有流逝。</translation>
    </message>
    <message>
        <source>Crash</source>
        <translation>崩溃</translation>
    </message>
    <message>
        <source>Kill the client without a release: its keys stay until their TTL ends.</source>
        <translation>不释放就杀死客户端：它的键一直保留到 TTL 结束。</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>Start the crashed client again.</source>
        <translation>重新启动已崩溃的客户端。</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Change this client&apos;s TTL, timeouts, drift, retries and work times.</source>
        <translation>修改此客户端的 TTL、超时、漂移、重试和工作时间。</translation>
    </message>
    <message>
        <source>More faults: a timed GC pause, cut off from nodes.</source>
        <translation>更多故障：定时 GC 暂停、与节点断开。</translation>
    </message>
    <message>
        <source>Remove this client (it releases first if it holds the lock).</source>
        <translation>移除此客户端（若持有锁则先释放）。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Pause for 5 s (GC)</source>
        <translation>暂停 5 秒（GC）</translation>
    </message>
    <message>
        <source>Freeze the client for five seconds, like a long GC pause.</source>
        <translation>将客户端冻结五秒，就像一次长时间的 GC 暂停。</translation>
    </message>
    <message>
        <source>Pause past its TTL</source>
        <translation>暂停超过其 TTL</translation>
    </message>
    <message>
        <source>Freeze the client for its TTL plus two seconds: if it holds the lock, it wakes up believing it still does, while another client may have taken it.</source>
        <translation>将客户端冻结其 TTL 再加两秒：如果它持有锁，醒来时仍相信自己持有，而此时另一个客户端可能已经拿到了锁。</translation>
    </message>
    <message>
        <source>Cut off from node</source>
        <translation>与节点断开</translation>
    </message>
    <message>
        <source>Cut this client&apos;s connections to some nodes (a partition). Heal the node to reconnect it.</source>
        <translation>切断此客户端到某些节点的连接（网络分区）。修复节点即可重新连接。</translation>
    </message>
    <message>
        <source>Heal its partitions</source>
        <translation>修复它的网络分区</translation>
    </message>
    <message>
        <source>(no nodes yet)</source>
        <translation>（还没有节点）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>This client can no longer reach node %1.</source>
        <translation>此客户端再也无法访问节点 %1。</translation>
    </message>
    <message>
        <source>A majority (nodes 1–%1)</source>
        <translation>多数派（节点 1–%1）</translation>
    </message>
    <message>
        <source>Cut off from a majority: this client can no longer acquire the lock.</source>
        <translation>与多数派断开：此客户端再也无法获取锁。</translation>
    </message>
    <message>
        <source>✂ node %1</source>
        <translation>✂ 节点 %1</translation>
    </message>
    <message>
        <source>✂ nodes %1</source>
        <translation>✂ 节点 %1</translation>
    </message>
    <message>
        <source>Heal its partitions (node heal %1)</source>
        <translation>修复它的网络分区（node heal %1）</translation>
    </message>
    <message>
        <source>acquiring (try %1)</source>
        <translation>获取中（第 %1 次尝试）</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>等待重试</translation>
    </message>
    <message>
        <source>paused (GC) while holding</source>
        <translation>持有时被暂停（GC）</translation>
    </message>
    <message>
        <source>paused (GC)</source>
        <translation>已暂停（GC）</translation>
    </message>
    <message>
        <source>lock lost — gave up</source>
        <translation>锁已失去——放弃</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source> (extended %1×)</source>
        <translation>（已续期 %1 次）</translation>
    </message>
    <message>
        <source>PAUSED, BELIEVES IT HOLDS — validity ended %1 ago</source>
        <translation>已暂停，仍相信自己持有锁——有效期已于 %1 前结束</translation>
    </message>
    <message>
        <source>WORKING WITHOUT THE LOCK, validity ended %1 ago</source>
        <translation>在没有锁的情况下工作，有效期已于 %1 前结束</translation>
    </message>
    <message>
        <source>crashed: its key lives on 1 node until its TTL ends</source>
        <translation>已崩溃：它的键仍在 1 个节点上，直到 TTL 结束</translation>
    </message>
    <message>
        <source>crashed: its key lives on %1 nodes until its TTL ends</source>
        <translation>已崩溃：它的键仍在 %1 个节点上，直到 TTL 结束</translation>
    </message>
    <message>
        <source>%1 tries · %2 acquired · %3 failed</source>
        <translation>尝试 %1 次 · 获得 %2 次 · 失败 %3 次</translation>
    </message>
    <message>
        <source> · %1 sold</source>
        <translation> · 售出 %1</translation>
    </message>
    <message>
        <source> · %1 stale writes rejected</source>
        <translation> · 拒绝过期写入 %1 次</translation>
    </message>
    <message>
        <source> · gave up %1×</source>
        <translation> · 放弃 %1 次</translation>
    </message>
    <message>
        <source> · fence %1</source>
        <translation> · 栅栏 %1</translation>
    </message>
    <message>
        <source> · mean %1 · p99 %2</source>
        <translation> · 平均 %1 · p99 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 tries&lt;/b&gt;: acquire attempts (each retry is one)</source>
        <translation>&lt;b&gt;尝试 %1 次&lt;/b&gt;：获取尝试（每次重试算一次）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 acquired&lt;/b&gt;: attempts that got a majority with validity left</source>
        <translation>&lt;b&gt;获得 %1 次&lt;/b&gt;：得到多数派且仍有有效期的尝试</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 failed&lt;/b&gt;, by reason:</source>
        <translation>&lt;b&gt;失败 %1 次&lt;/b&gt;，按原因：</translation>
    </message>
    <message>
        <source>&amp;nbsp;&amp;nbsp;none yet</source>
        <translation>&amp;nbsp;&amp;nbsp;暂无</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 sold&lt;/b&gt;: writes of the stock under the lock</source>
        <translation>&lt;b&gt;售出 %1&lt;/b&gt;：在锁保护下对库存的写入</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 stale writes rejected&lt;/b&gt; by the storage&apos;s fencing check</source>
        <translation>&lt;b&gt;拒绝过期写入 %1 次&lt;/b&gt;，由存储的栅栏令牌检查拒绝</translation>
    </message>
    <message>
        <source>&lt;b&gt;gave up %1×&lt;/b&gt;: the validity ran out before the write</source>
        <translation>&lt;b&gt;放弃 %1 次&lt;/b&gt;：写入之前有效期已用完</translation>
    </message>
    <message>
        <source>acquire latency: mean %1, 99th percentile %2</source>
        <translation>获取延迟：平均 %1，第 99 百分位 %2</translation>
    </message>
    <message>
        <source>Pause past its TTL (%1 s)</source>
        <translation>暂停超过其 TTL（%1 秒）</translation>
    </message>
    <message>
        <source>no lock</source>
        <translation>无锁</translation>
    </message>
    <message>
        <source>optimistic</source>
        <translation>乐观</translation>
    </message>
    <message>
        <source>%1 · reads the stock</source>
        <translation>%1 · 读取库存</translation>
    </message>
    <message>
        <source>%1 · read %2, working</source>
        <translation>%1 · 读到 %2，工作中</translation>
    </message>
    <message>
        <source>%1 · writes %2</source>
        <translation>%1 · 写入 %2</translation>
    </message>
    <message>
        <source>Locks with %1: %2. Click to choose another rung of the ladder.</source>
        <translation>使用 %1 加锁：%2。点击可选择阶梯上的另一级。</translation>
    </message>
    <message>
        <source> · %1 EXEC conflicts</source>
        <translation> · EXEC 冲突 %1 次</translation>
    </message>
    <message>
        <source> · reentered %1×</source>
        <translation> · 重入 %1×</translation>
    </message>
    <message>
        <source> · pub/sub</source>
        <translation> · 发布/订阅</translation>
    </message>
    <message>
        <source> · woken by unlock %1×</source>
        <translation> · 被解锁消息唤醒 %1×</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>无 TTL</translation>
    </message>
    <message>
        <source>could not read the stock — released</source>
        <translation>无法读取库存——已释放</translation>
    </message>
    <message>
        <source>Your own client (%1), through the exposed ports: its locks are recorded and judged as leases. The app can pause it and cut it off from nodes; it cannot stop, crash or change it.</source>
        <translation>你自己的客户端（%1），经由开放的端口：它的锁被记录下来，并按租约评判。本应用可以暂停它、把它与节点隔断；不能停止、崩溃或修改它。</translation>
    </message>
    <message>
        <source>1 try · %1 acquired · %2 failed</source>
        <translation>1 次尝试 · %1 次获得 · %2 次失败</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 try&lt;/b&gt;: acquire attempts (each retry is one)</source>
        <translation>&lt;b&gt;1 次尝试&lt;/b&gt;：获取锁的尝试（每次重试算一次）</translation>
    </message>
</context>
<context>
    <name>ClientLaneList</name>
    <message>
        <source>No clients yet: press A to add one.</source>
        <translation>还没有客户端：按 A 添加一个。</translation>
    </message>
    <message>
        <source>✗ its stale write (stock %1, fence %2) was REJECTED: %3 had taken the lock</source>
        <translation>✗ 它的过期写入（库存 %1，令牌 %2）被拒绝：%3 已拿到锁</translation>
    </message>
    <message>
        <source>✗ stale write REJECTED · fence %1</source>
        <translation>✗ 过期写入被拒绝 · 令牌 %1</translation>
    </message>
    <message>
        <source>✗ write REJECTED</source>
        <translation>✗ 写入被拒绝</translation>
    </message>
    <message>
        <source>✗ its release DELETED %1&apos;s lock on %2</source>
        <translation>✗ 它的释放删除了 %1 在%2 上的锁</translation>
    </message>
    <message>
        <source>✗ deleted %1&apos;s lock</source>
        <translation>✗ 删除了 %1 的锁</translation>
    </message>
    <message>
        <source>✗ its lock on %1 was DELETED by %2&apos;s release</source>
        <translation>✗ 它在%1 上的锁被 %2 的释放删除了</translation>
    </message>
    <message>
        <source>✗ lock deleted by %1</source>
        <translation>✗ 锁被 %1 删除</translation>
    </message>
    <message>
        <source>No clients yet.</source>
        <translation>还没有客户端。</translation>
    </message>
</context>
<context>
    <name>ClientRegistry</name>
    <message>
        <source>a client named &apos;%1&apos; exists already</source>
        <translation>名为“%1”的客户端已存在</translation>
    </message>
    <message>
        <source>%1 added</source>
        <translation>已添加 %1</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos;</source>
        <translation>没有名为“%1”的客户端</translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation>已移除 %1</translation>
    </message>
    <message numerus="yes">
        <source>settings changed for %n client(s)</source>
        <translation>
            <numerusform>已修改 %n 个客户端的设置</numerusform>
        </translation>
    </message>
    <message>
        <source>defaults: %1</source>
        <translation>默认值：%1</translation>
    </message>
    <message>
        <source>%1 armed %2</source>
        <translation>%1 已预设于 %2</translation>
    </message>
    <message>
        <source>%1 not added: %2</source>
        <translation>%1 未添加：%2</translation>
    </message>
    <message>
        <source> · fencing=on does nothing for %1: its rung hands out no token to fence with</source>
        <translation> · fencing=on 对 %1 不起作用：它的这一级不发出可用于 fencing 的令牌</translation>
    </message>
</context>
<context>
    <name>ClientSettingField</name>
    <message>
        <source>TTL (ms)</source>
        <translation>TTL（毫秒）</translation>
    </message>
    <message>
        <source>How long a lock key lives on a node before it expires.</source>
        <translation>锁键在节点上存活多久后过期。</translation>
    </message>
    <message>
        <source>Per-node timeout (ms)</source>
        <translation>单节点超时（毫秒）</translation>
    </message>
    <message>
        <source>How long to wait for one node&apos;s answer; below the TTL, best far below it.</source>
        <translation>等待一个节点回答的时长；必须小于 TTL，最好远小于。</translation>
    </message>
    <message>
        <source>Drift factor</source>
        <translation>漂移系数</translation>
    </message>
    <message>
        <source>Clock drift allowance as a share of the TTL (0.01 = 1 %).</source>
        <translation>时钟漂移余量，占 TTL 的比例（0.01 = 1 %）。</translation>
    </message>
    <message>
        <source>Drift constant (ms)</source>
        <translation>漂移常量（毫秒）</translation>
    </message>
    <message>
        <source>Clock drift allowance added to the share above.</source>
        <translation>在上述比例之外再加的时钟漂移余量。</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>重试次数</translation>
    </message>
    <message>
        <source>Further attempts after a failed first try.</source>
        <translation>第一次尝试失败后的额外尝试次数。</translation>
    </message>
    <message>
        <source>Retry delay (ms)</source>
        <translation>重试延迟（毫秒）</translation>
    </message>
    <message>
        <source>The fixed part of the wait before a retry.</source>
        <translation>重试前等待时间的固定部分。</translation>
    </message>
    <message>
        <source>Retry jitter (ms)</source>
        <translation>重试抖动（毫秒）</translation>
    </message>
    <message>
        <source>The largest random part added to the retry delay.</source>
        <translation>加到重试延迟上的随机部分的最大值。</translation>
    </message>
    <message>
        <source>Random jitter</source>
        <translation>随机抖动</translation>
    </message>
    <message>
        <source>Off: every client retries in lock step, which shows split votes.</source>
        <translation>关闭：所有客户端步调一致地重试，从而出现选票分裂。</translation>
    </message>
    <message>
        <source>Max extensions</source>
        <translation>最大续期次数</translation>
    </message>
    <message>
        <source>How many times a held lock may be extended.</source>
        <translation>已持有的锁最多可以续期多少次。</translation>
    </message>
    <message>
        <source>Work time (ms or MIN-MAX)</source>
        <translation>工作时间（毫秒或 最小-最大）</translation>
    </message>
    <message>
        <source>How long the client works under the lock, e.g. 1500-2500.</source>
        <translation>客户端在锁保护下工作的时长，例如 1500-2500。</translation>
    </message>
    <message>
        <source>Think time (ms)</source>
        <translation>思考时间（毫秒）</translation>
    </message>
    <message>
        <source>The pause between a release and the next acquire.</source>
        <translation>释放与下一次获取之间的间隔。</translation>
    </message>
    <message>
        <source>Auto-extend</source>
        <translation>自动续期</translation>
    </message>
    <message>
        <source>Extend the lock when its validity runs low.</source>
        <translation>有效期不足时为锁续期。</translation>
    </message>
    <message>
        <source>Extend below (ms)</source>
        <translation>低于此值时续期（毫秒）</translation>
    </message>
    <message>
        <source>Auto-extend when the believed validity falls below this; below the TTL.</source>
        <translation>当认为的有效期低于此值时自动续期；必须小于 TTL。</translation>
    </message>
    <message>
        <source>Careful</source>
        <translation>谨慎</translation>
    </message>
    <message>
        <source>On: gives up when its validity ends inside the critical section and checks it right before writing. Off: the seed&apos;s naive code, it writes anyway.</source>
        <translation>开启：有效期在临界区内结束时放弃，并在写入前一刻再检查一次。关闭：种子文章中的朴素代码，照样写入。</translation>
    </message>
    <message>
        <source>Network delay (ms)</source>
        <translation>网络延迟（毫秒）</translation>
    </message>
    <message>
        <source>The client&apos;s own distance to the nodes: each node&apos;s delay drawn once from 0 to this, as for a client on another host (split votes need it).</source>
        <translation>客户端自己到各节点的距离：每个节点的延迟在 0 到此值之间抽取一次，如同客户端在另一台主机上（选票分裂需要它）。</translation>
    </message>
    <message>
        <source>Fencing tokens</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>Take a fencing token with the lock; the storage refuses a write whose token is not newer than the last it took.</source>
        <translation>随锁一起取得栅栏令牌；若写入的令牌不比存储上次接受的更新，存储就拒绝该写入。</translation>
    </message>
    <message>
        <source>Lock strategy</source>
        <translation>锁策略</translation>
    </message>
    <message>
        <source>The rung of the seeds&apos; ladder the client locks with, from no lock to Redlock.</source>
        <translation>客户端加锁所用的策略，即种子文章阶梯中的一级：从不加锁到 Redlock。</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待方式</translation>
    </message>
    <message>
        <source>poll: a refused client sleeps its retry delay. pubsub (reentrant, watchdog): it also wakes at once when the holder&apos;s release publishes an unlock message.</source>
        <translation>poll：被拒绝的客户端睡满它的重试延迟。pubsub（reentrant、watchdog）：持有者释放时发布解锁消息，它也会立刻醒来。</translation>
    </message>
</context>
<context>
    <name>ClientSettingsDialog</name>
    <message>
        <source>Settings of all clients</source>
        <translation>所有客户端的设置</translation>
    </message>
    <message>
        <source>Settings of %1</source>
        <translation>%1 的设置</translation>
    </message>
    <message>
        <source>Changes apply to the client&apos;s next acquisition.</source>
        <translation>修改将在客户端下一次获取锁时生效。</translation>
    </message>
</context>
<context>
    <name>ClientSettingsForm</name>
    <message>
        <source>Nothing was applied: fix the values marked in red.</source>
        <translation>未应用任何修改：请修正标红的值。</translation>
    </message>
    <message>
        <source>Nothing was applied: %1</source>
        <translation>未应用任何修改：%1</translation>
    </message>
</context>
<context>
    <name>CommandCatalogue</name>
    <message>
        <source>add a client (optionally named, with settings) and start its loop</source>
        <translation>添加一个客户端（可指定名称和设置）并启动其循环</translation>
    </message>
    <message>
        <source>remove a client</source>
        <translation>移除一个客户端</translation>
    </message>
    <message>
        <source>stop clients; a holder releases first</source>
        <translation>停止客户端；持有者先释放锁</translation>
    </message>
    <message>
        <source>start stopped clients again</source>
        <translation>重新启动已停止的客户端</translation>
    </message>
    <message>
        <source>change settings (all checked first; all or nothing)</source>
        <translation>修改设置（先全部检查；要么全部生效，要么全不生效）</translation>
    </message>
    <message>
        <source>end a pause</source>
        <translation>结束暂停</translation>
    </message>
    <message>
        <source>a crashed client comes back</source>
        <translation>已崩溃的客户端重新回来</translation>
    </message>
    <message>
        <source>cut the client off from those nodes</source>
        <translation>切断客户端与这些节点的连接</translation>
    </message>
    <message>
        <source>settings for clients added later</source>
        <translation>之后添加的客户端所用的设置</translation>
    </message>
    <message>
        <source>crash the node (SIGKILL; external: SHUTDOWN NOSAVE)</source>
        <translation>使节点崩溃（SIGKILL；外部节点：SHUTDOWN NOSAVE）</translation>
    </message>
    <message>
        <source>freeze the node (SIGSTOP; external: CLIENT PAUSE WRITE), for MS or until resumed</source>
        <translation>冻结节点（SIGSTOP；外部节点：CLIENT PAUSE WRITE），持续 MS 毫秒或直到恢复</translation>
    </message>
    <message>
        <source>end a node&apos;s pause</source>
        <translation>结束节点的暂停</translation>
    </message>
    <message>
        <source>respawn now, or stay down MS first (default: the largest TTL in use + 1 s)</source>
        <translation>立即重生，或先停机 MS 毫秒（默认：当前最大 TTL + 1 秒）</translation>
    </message>
    <message>
        <source>graceful shutdown (SIGTERM; external: SHUTDOWN SAVE)</source>
        <translation>优雅关闭（SIGTERM；外部节点：SHUTDOWN SAVE）</translation>
    </message>
    <message>
        <source>AOF mode, now (CONFIG SET) and at the next start</source>
        <translation>AOF 模式，立即生效（CONFIG SET）并在下次启动时生效</translation>
    </message>
    <message>
        <source>cut the node off from every client, or from those named</source>
        <translation>切断节点与所有客户端的连接，或只与指定的客户端</translation>
    </message>
    <message>
        <source>delay requests through the node&apos;s proxy (0 clears)</source>
        <translation>延迟经过节点代理的请求（0 表示清除）</translation>
    </message>
    <message>
        <source>drop whole requests through the node&apos;s proxy (0 clears)</source>
        <translation>丢弃经过节点代理的整个请求（0 表示清除）</translation>
    </message>
    <message>
        <source>the node&apos;s clock jumps forward: its keys expire MS early</source>
        <translation>节点的时钟向前跳：它的键提前 MS 毫秒过期</translation>
    </message>
    <message>
        <source>end partition, latency, drop and the clock mark</source>
        <translation>结束网络分区、延迟、丢包和时钟标记</translation>
    </message>
    <message>
        <source>put N items on the storage (clients then buy one per critical section); alone: report the stock</source>
        <translation>在存储上放 N 件商品（之后客户端每个临界区买一件）；不带参数：报告库存</translation>
    </message>
    <message>
        <source>the commands, or one command in full</source>
        <translation>所有命令，或某个命令的完整说明</translation>
    </message>
    <message>
        <source>narration: a caption in the window, a line in the history</source>
        <translation>旁白：窗口中的字幕，历史中的一行</translation>
    </message>
    <message>
        <source>the same narration in Chinese</source>
        <translation>同一段旁白的中文版</translation>
    </message>
    <message>
        <source>the same narration in Japanese</source>
        <translation>同一段旁白的日文版</translation>
    </message>
    <message>
        <source>wait MS milliseconds</source>
        <translation>等待 MS 毫秒</translation>
    </message>
    <message>
        <source>wait until the client is in STATE (default at most 30 s); a timeout fails the scenario</source>
        <translation>等待客户端进入 STATE 状态（默认最多 30 秒）；超时则场景失败</translation>
    </message>
    <message>
        <source>key=value, the settings:</source>
        <translation>key=value 的设置:</translation>
    </message>
    <message>
        <source>EVENT, one of (EVENT(CLIENT): one client&apos;s):</source>
        <translation>EVENT 为以下之一（EVENT(CLIENT) 表示某个客户端的事件）:</translation>
    </message>
    <message>
        <source>every random choice (tokens aside) comes from N: the run replays the same way</source>
        <translation>除令牌外的所有随机选择都来自 N：这次运行会以同样方式重放</translation>
    </message>
    <message>
        <source>no command &apos;%1&apos; (help lists them all)</source>
        <translation>没有命令“%1”（help 列出全部命令）</translation>
    </message>
    <message>
        <source>the client vanishes without releasing, now or at a MOMENT: its keys live out their TTL</source>
        <translation>客户端不释放就消失，可立即或在某个 MOMENT 发生：它的键一直存留到 TTL 结束</translation>
    </message>
    <message>
        <source>a stop-the-world pause (GC pause), now or armed for a MOMENT: before-write (after the careful check), before-expire (setnx-expire), before-delete (token-get-del)</source>
        <translation>一次全局停顿（GC 暂停），可立即发生或预设在某个 MOMENT：before-write（谨慎检查之后）、before-expire（setnx-expire）、before-delete（token-get-del）</translation>
    </message>
    <message>
        <source>ask Sentinel to promote the replica of master N (SENTINEL FAILOVER; --topology replicated only)</source>
        <translation>请哨兵提升主节点 N 的副本（SENTINEL FAILOVER；仅限 --topology replicated）</translation>
    </message>
    <message>
        <source>checked at the end: NAME OP NUMBER, NAME(CLIENT) for one client, `expect safe`, or `expect NAME any` (it may be anything: a violation of that kind fails nothing)</source>
        <translation>在结束时检查：NAME OP NUMBER，NAME(CLIENT) 表示单个客户端，`expect safe`，或 `expect NAME any`（可以是任意值：这类违规不会让运行失败）</translation>
    </message>
    <message>
        <source>ports for your own lock clients: node 1 on PORT, node 2 on PORT+1, ..., the storage after them, each through its node&apos;s faults; host 127.0.0.1 unless given</source>
        <translation>给你自己的锁客户端的端口：节点 1 在 PORT，节点 2 在 PORT+1，……，存储在它们之后，每个都经过其节点的故障；未指定时主机为 127.0.0.1</translation>
    </message>
    <message>
        <source>start a program (your own lock client, through the exposed ports) in a shell: its output goes into the history, it is stopped when the scenario ends</source>
        <translation>在 shell 中启动一个程序（你自己的锁客户端，经由开放的端口）：它的输出进入历史记录，场景结束时它被停止</translation>
    </message>
    <message>
        <source>a slide now (--slides): the window as it is, with the caption on screen and the TITLE in quotes when one is given</source>
        <translation>此刻拍一张幻灯片（--slides）：窗口此刻的样子、屏幕上的字幕，给出时再加上引号里的 TITLE</translation>
    </message>
    <message>
        <source>wait until an EVENT happens, EVENT(CLIENT) for one client&apos;s, exited(LINE) for the end of the program the exec on line LINE started (see docs/commands.md)</source>
        <translation>等待 EVENT 发生，EVENT(CLIENT) 表示某一个客户端的，exited(LINE) 表示第 LINE 行的 exec 启动的程序结束（见 docs/commands.md）</translation>
    </message>
</context>
<context>
    <name>CommandParser</name>
    <message>
        <source>%1 must not be negative (got %2)</source>
        <translation>%1 不能为负（得到 %2）</translation>
    </message>
    <message>
        <source>%1 must be a whole number%2, not &apos;%3&apos;</source>
        <translation>%1 必须是整数%2，而不是“%3”</translation>
    </message>
    <message>
        <source>%1 must be at most %2%3 (got %4)</source>
        <translation>%1 最大为 %2%3（得到 %4）</translation>
    </message>
    <message>
        <source>%1 must be at least %2%3 (got %4)</source>
        <translation>%1 最小为 %2%3（得到 %4）</translation>
    </message>
    <message>
        <source>no node &apos;%1&apos;: nodes are numbered 1 to %2</source>
        <translation>没有节点“%1”：节点编号为 1 到 %2</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not &apos;%3&apos;</source>
        <translation>%1 必须是 %2 之一，而不是“%3”</translation>
    </message>
    <message>
        <source>expected &apos;%1&apos;, not &apos;%2&apos;</source>
        <translation>应为“%1”，而不是“%2”</translation>
    </message>
    <message>
        <source>expected key=value, not &apos;%1&apos;</source>
        <translation>应为 key=value，而不是“%1”</translation>
    </message>
    <message>
        <source>&apos;all&apos; names every client; choose another name</source>
        <translation>“all”指所有客户端；请换一个名称</translation>
    </message>
    <message>
        <source>a name may not contain &apos;=&apos;</source>
        <translation>名称中不能包含“=”</translation>
    </message>
    <message>
        <source>empty command</source>
        <translation>空命令</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos; (help lists them)</source>
        <translation>未知命令“%1”（help 列出全部命令）</translation>
    </message>
    <message>
        <source>missing %1 (usage: %2)</source>
        <translation>缺少 %1（用法：%2）</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; (usage: %2)</source>
        <translation>多余的“%1”（用法：%2）</translation>
    </message>
    <message>
        <source>unknown setting &apos;%1&apos; (known: %2)</source>
        <translation>未知设置“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>a client&apos;s name may be at most %1 characters, not %2</source>
        <translation>客户端名称最多 %1 个字符，而不是 %2 个</translation>
    </message>
    <message>
        <source>a line may be at most %1 characters, not %2</source>
        <translation>一行最多 %1 个字符，而不是 %2 个</translation>
    </message>
    <message>
        <source>control character %1 in the line (it would act on a terminal; write plain text)</source>
        <translation>该行中有控制字符 %1（它会作用于终端；请写纯文本）</translation>
    </message>
    <message>
        <source>MS + JITTER_MS must be at most %1 ms in all (got %2 ms)</source>
        <translation>MS + JITTER_MS 合计最多 %1 ms（得到 %2 ms）</translation>
    </message>
    <message>
        <source>%1 may be at most %2 characters, not %3</source>
        <translation>%1 最多 %2 个字符，而不是 %3 个</translation>
    </message>
</context>
<context>
    <name>ConnectionTest</name>
    <message>
        <source>Redis answered</source>
        <translation>Redis 已应答</translation>
    </message>
    <message>
        <source>Redis %1</source>
        <translation>Redis %1</translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation>连接已关闭</translation>
    </message>
</context>
<context>
    <name>ConsentDialog</name>
    <message>
        <source>Run %1?</source>
        <translation>运行 %1？</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; would start programs or change servers the app did not start. Run it only if you trust where it came from:</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 会启动程序，或更改不是本应用启动的服务器。只有在信任它的来源时才运行：</translation>
    </message>
    <message>
        <source>Your answer is remembered for this file as it is now; if it changes, you are asked again.</source>
        <translation>对此文件当前内容的回答会被记住；文件一旦改变，会再次询问。</translation>
    </message>
    <message>
        <source>Run it</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>ConsoleView</name>
    <message>
        <source>refused: </source>
        <translation>已拒绝：</translation>
    </message>
    <message>
        <source>A command or directive, e.g. node kill 3 · client pause C1 3000 · help</source>
        <translation>命令或指令，例如 node kill 3 · client pause C1 3000 · help</translation>
    </message>
    <message>
        <source>Enter runs the line; Up and Down walk the lines typed before; Tab completes a verb.</source>
        <translation>回车执行该行；上下键浏览之前输入的行；Tab 补全动词。</translation>
    </message>
</context>
<context>
    <name>Counterexample</name>
    <message numerus="yes">
        <source>%1: %n step(s), %2</source>
        <translation>
            <numerusform>%1：%n 步，%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CounterexampleSearch</name>
    <message>
        <source>the budget of %1 s is spent</source>
        <translation>%1 秒的预算已用完</translation>
    </message>
    <message>
        <source>searching: %1, faults %2, %3 client(s), at most %4 node(s) faulty at once, seed %5</source>
        <translation>搜索中：%1，故障 %2，%3 个客户端，同时最多 %4 个节点故障，种子 %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>trial %1 broke the property (%2): replaying it %3 times</source>
        <translation>试验 %1 破坏了性质（%2）：重放 %3 次</translation>
    </message>
    <message>
        <source>trial %1 failed in %2 of %3 replays</source>
        <translation>试验 %1 在 %3 次重放中失败 %2 次</translation>
    </message>
    <message numerus="yes">
        <source>shrunk, %1: %n step(s), %2 s (candidate %3)</source>
        <translation>
            <numerusform>已缩小，%1：%n 步，%2 秒（候选 %3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>trial %1 counts: shrinking it from %n step(s)</source>
        <translation>
            <numerusform>试验 %1 成立：从 %n 步开始缩小</numerusform>
        </translation>
    </message>
    <message>
        <source>telling the story from one more run, %1 s longer</source>
        <translation>再运行一次来讲述经过，延长 %1 秒</translation>
    </message>
    <message>
        <source>the scenario written does not parse: %1</source>
        <translation>写出的场景无法解析：%1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no new schedule from %1 s on: the budget left would not replay and tell one that fails</source>
        <translation>从 %1 秒起不再开始新的调度：剩余预算不够重放并讲述一个失败的调度</translation>
    </message>
    <message>
        <source>every step is needed: without any one fault or client it held</source>
        <translation>每一步都是必需的：去掉任何一个故障或客户端，它都不再失败</translation>
    </message>
    <message>
        <source>shrinking stopped before every step was tried without</source>
        <translation>缩减在逐一尝试去掉每一步之前就停止了</translation>
    </message>
    <message>
        <source>trial %1 failed once, but the budget ended before its replays: continue with seed %2 to replay it first</source>
        <translation>试验 %1 失败了一次，但预算在重放之前就用完了：用种子 %2 继续即可先重放它</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot copy the run %1: %2</source>
        <translation>无法复制运行记录 %1：%2</translation>
    </message>
</context>
<context>
    <name>DataIncident</name>
    <message>
        <source>DATA DAMAGED: %1 wrote stock %2 over the stock the operator set (%3)</source>
        <translation>数据受损：%1 写入库存 %2，覆盖了操作员设置的库存（%3）</translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1 wrote stock %2</source>
        <translation>数据受损：%1 写入了库存 %2</translation>
    </message>
    <message>
        <source>; 1 update lost</source>
        <translation>；丢失 1 次更新</translation>
    </message>
    <message>
        <source>; %1 updates lost</source>
        <translation>；丢失 %1 次更新</translation>
    </message>
    <message>
        <source>; 1 item oversold</source>
        <translation>；超卖 1 件</translation>
    </message>
    <message>
        <source>; %1 items oversold</source>
        <translation>；超卖 %1 件</translation>
    </message>
    <message>
        <source>%1 wrote what it had read: the sales made since are gone</source>
        <translation>%1 写入的是它之前读到的值：此后的销售都丢失了</translation>
    </message>
    <message>
        <source>the storage accepted the write</source>
        <translation>存储接受了这次写入</translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1 wrote stock %2 %3</source>
        <translation>数据受损：%1 %3写入了库存 %2</translation>
    </message>
    <message>
        <source>with no lock at all</source>
        <translation>在完全没有锁的情况下</translation>
    </message>
    <message>
        <source>after its lock expired in a pause</source>
        <translation>在它的锁于停顿中过期之后</translation>
    </message>
    <message>
        <source>after its lock expired</source>
        <translation>在它的锁过期之后</translation>
    </message>
    <message>
        <source>after a failover lost its lock</source>
        <translation>在故障转移丢掉了它的锁之后</translation>
    </message>
    <message>
        <source>after a clock jump ended its lock early</source>
        <translation>在时钟跳变让它的锁提前结束之后</translation>
    </message>
    <message>
        <source>after a restart lost its lock</source>
        <translation>在重启丢掉了它的锁之后</translation>
    </message>
    <message>
        <source>after %1 deleted its lock</source>
        <translation>在 %1 删除了它的锁之后</translation>
    </message>
    <message>
        <source>while %1 held the lock too</source>
        <translation>在 %1 也持有这把锁时</translation>
    </message>
    <message>
        <source>%1 went in</source>
        <translation>%1 也进入了</translation>
    </message>
    <message>
        <source>%1 acquired (node %2)</source>
        <translation>%1 获得了锁（节点 %2）</translation>
    </message>
    <message>
        <source>%1 acquired (nodes %2)</source>
        <translation>%1 获得了锁（节点 %2）</translation>
    </message>
    <message>
        <source>%1 too: with no lock, nothing kept them apart</source>
        <translation>%1：没有锁，没有什么能把它们隔开</translation>
    </message>
    <message>
        <source>%1 after %2&apos;s validity had ended</source>
        <translation>%1，此时 %2 的有效期已经结束</translation>
    </message>
    <message>
        <source>the master died before the key reached the replica; %1 on the new master while %2&apos;s validity still ran</source>
        <translation>键还没到达副本，主节点就宕机了；%1，在新主节点上，而 %2 的有效期还没结束</translation>
    </message>
    <message>
        <source>node %1&apos;s clock jumped and its key expired; %2 while %3&apos;s validity still ran</source>
        <translation>节点 %1 的时钟跳变，它的键过期了；%2，而 %3 的有效期还没结束</translation>
    </message>
    <message>
        <source>node %1 came back without the key; %2 while %3&apos;s validity still ran</source>
        <translation>节点 %1 回来时已没有这个键；%2，而 %3 的有效期还没结束</translation>
    </message>
    <message>
        <source>%1&apos;s release deleted %2&apos;s key on node %3; %4</source>
        <translation>%1 的释放删除了 %2 在节点 %3 上的键；%4</translation>
    </message>
    <message>
        <source>%1 while %2 was still in its section</source>
        <translation>%1，而 %2 仍在临界区内</translation>
    </message>
</context>
<context>
    <name>DeckWriter</name>
    <message>
        <source>cannot write slides to %1: the file name must end in .pdf or .html</source>
        <translation>无法把幻灯片写入 %1：文件名必须以 .pdf 或 .html 结尾</translation>
    </message>
    <message>
        <source>%1 · slide %2 · %3 s</source>
        <translation>%1 · 第 %2 张 · %3 秒</translation>
    </message>
    <message>
        <source>What the checker found</source>
        <translation>检查器的发现</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>column %1: %2</source>
        <translation>第 %1 列：%2</translation>
    </message>
    <message>
        <source>%1 before the first line: the nodes were not up yet</source>
        <translation>%1，发生在第一行之前：节点尚未启动</translation>
    </message>
</context>
<context>
    <name>EngineConfig</name>
    <message>
        <source>a config file</source>
        <translation>配置文件</translation>
    </message>
</context>
<context>
    <name>EngineSession</name>
    <message>
        <source>the engine did not start: %1</source>
        <translation>引擎没有启动：%1</translation>
    </message>
</context>
<context>
    <name>EnumText</name>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>获取中</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>释放中</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>等待重试</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <source>up</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <source>acquire</source>
        <translation>获取</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>extend</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>no quorum</source>
        <translation>未达法定人数</translation>
    </message>
    <message>
        <source>split vote</source>
        <translation>选票分裂</translation>
    </message>
    <message>
        <source>validity expired</source>
        <translation>有效期已过</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>extension limit</source>
        <translation>续期次数已达上限</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>too few nodes said yes (refused, down or timed out)</source>
        <translation>同意的节点太少（拒绝、宕机或超时）</translation>
    </message>
    <message>
        <source>a majority, but slower than the TTL allows</source>
        <translation>得到了多数派，但比 TTL 允许的更慢</translation>
    </message>
    <message>
        <source>the storage refused a stale fencing token</source>
        <translation>存储拒绝了一个过期的栅栏令牌</translation>
    </message>
    <message>
        <source>a node or the storage answered an error</source>
        <translation>某个节点或存储返回了错误</translation>
    </message>
    <message>
        <source>the storage did not answer</source>
        <translation>存储没有应答</translation>
    </message>
    <message>
        <source>the bound on extensions was reached</source>
        <translation>已达到续期次数的上限</translation>
    </message>
    <message>
        <source>the client crashed or stopped before the answer</source>
        <translation>客户端在得到回答之前崩溃或停止了</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>已被占用</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>the lock&apos;s one node said another client holds it</source>
        <translation>锁所在的唯一节点说另一个客户端持有它</translation>
    </message>
    <message>
        <source>the stock changed between WATCH and EXEC: the write was refused</source>
        <translation>库存在 WATCH 和 EXEC 之间被改动：写入被拒绝</translation>
    </message>
    <message>
        <source>held by another</source>
        <translation>被他人持有</translation>
    </message>
    <message>
        <source>valid write refused</source>
        <translation>有效写入被拒绝</translation>
    </message>
    <message>
        <source>another client held the lock (judged from the whole history)</source>
        <translation>另一个客户端持有锁（根据完整历史判定）</translation>
    </message>
    <message>
        <source>the storage refused a write whose lock was valid: a node&apos;s fencing number went back</source>
        <translation>存储拒绝了一次锁仍有效的写入：某个节点的栅栏编号倒退了</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <comment>the last two of a list of names</comment>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>held by an expired lock</source>
        <translation>被已过期的锁占着</translation>
    </message>
    <message>
        <source>the votes went to two clients or more and nobody held a majority at any moment of the round (judged once the round was complete)</source>
        <translation>选票分给了两个或更多客户端，且在该轮的任何时刻都没有人持有多数（在轮次完整后判定）</translation>
    </message>
    <message>
        <source>a majority of the nodes still held the keys of another client&apos;s lock that was no longer valid (judged once the round was complete)</source>
        <translation>多数节点仍保存着另一个客户端已不再有效的锁的键（在轮次完整后判定）</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>被杀死</translation>
    </message>
    <message>
        <source>waiting to restart</source>
        <translation>等待重启</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>partitioned</source>
        <translation>被分区</translation>
    </message>
    <message>
        <source>slowed</source>
        <translation>被减速</translation>
    </message>
    <message>
        <source>dropping requests</source>
        <translation>丢弃请求</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>时钟跳变</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>已重启</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>stale write</source>
        <translation>过期写入</translation>
    </message>
    <message>
        <source>lost update</source>
        <translation>丢失更新</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>超卖</translation>
    </message>
    <message>
        <source>reset overwritten</source>
        <translation>重置被覆盖</translation>
    </message>
    <message>
        <source>valid write rejected</source>
        <translation>有效写入被拒绝</translation>
    </message>
    <message>
        <source>lease overlap</source>
        <translation>租约重叠</translation>
    </message>
    <message>
        <source>overlaps: two in their critical sections at once</source>
        <translation>重叠：两个客户端同时在临界区内</translation>
    </message>
    <message>
        <source>locks lost inside a critical section</source>
        <translation>在临界区内丢失的锁</translation>
    </message>
    <message>
        <source>stale writes accepted</source>
        <translation>被接受的过期写入</translation>
    </message>
    <message>
        <source>stale writes rejected by fencing</source>
        <translation>被栅栏令牌拒绝的过期写入</translation>
    </message>
    <message>
        <source>valid writes rejected</source>
        <translation>被拒绝的有效写入</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>丢失的更新</translation>
    </message>
    <message>
        <source>stock resets overwritten</source>
        <translation>被覆盖的库存重置</translation>
    </message>
    <message>
        <source>items oversold</source>
        <translation>超卖的商品</translation>
    </message>
    <message>
        <source>split votes</source>
        <translation>选票分裂</translation>
    </message>
    <message>
        <source>locks acquired</source>
        <translation>获得的锁</translation>
    </message>
    <message>
        <source>acquisitions failed</source>
        <translation>获取失败</translation>
    </message>
    <message>
        <source>sales</source>
        <translation>销售</translation>
    </message>
    <message>
        <source>EXEC conflicts</source>
        <translation>EXEC 冲突</translation>
    </message>
    <message>
        <source>locks deleted by another client</source>
        <translation>被其他客户端删除的锁</translation>
    </message>
    <message>
        <source>reentries</source>
        <translation>重入次数</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>caption</source>
        <translation>字幕</translation>
    </message>
    <message>
        <source>node up</source>
        <translation>节点启动</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>节点宕机</translation>
    </message>
    <message>
        <source>client added</source>
        <translation>客户端已添加</translation>
    </message>
    <message>
        <source>client removed</source>
        <translation>客户端已移除</translation>
    </message>
    <message>
        <source>client state</source>
        <translation>客户端状态</translation>
    </message>
    <message>
        <source>%1 invoked</source>
        <translation>%1 发起</translation>
    </message>
    <message>
        <source>invoked</source>
        <translation>发起</translation>
    </message>
    <message>
        <source>%1 ok</source>
        <translation>%1 成功</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 失败</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>node answer</source>
        <translation>节点应答</translation>
    </message>
    <message>
        <source>lock lost</source>
        <translation>锁丢失</translation>
    </message>
    <message>
        <source>round judged</source>
        <translation>轮次判定</translation>
    </message>
    <message>
        <source>section end</source>
        <translation>临界区结束</translation>
    </message>
    <message>
        <source>fault start</source>
        <translation>故障开始</translation>
    </message>
    <message>
        <source>fault end</source>
        <translation>故障结束</translation>
    </message>
    <message>
        <source>violation</source>
        <translation>违规</translation>
    </message>
    <message>
        <source>violation end</source>
        <translation>违规结束</translation>
    </message>
    <message>
        <source>stock set</source>
        <translation>设置库存</translation>
    </message>
    <message>
        <source>deleted another&apos;s key</source>
        <translation>删除了别人的键</translation>
    </message>
    <message>
        <source>reentered</source>
        <translation>重入</translation>
    </message>
    <message>
        <source>woken up</source>
        <translation>被唤醒</translation>
    </message>
</context>
<context>
    <name>EventLogModel</name>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>EventLogView</name>
    <message>
        <source>All events</source>
        <translation>所有事件</translation>
    </message>
    <message>
        <source>Show only the events of one client.</source>
        <translation>只显示某个客户端的事件。</translation>
    </message>
    <message>
        <source>Show only the events of one node.</source>
        <translation>只显示某个节点的事件。</translation>
    </message>
    <message>
        <source>Show only one kind of event.</source>
        <translation>只显示一种事件。</translation>
    </message>
    <message>
        <source>Events shown / kept (the log keeps the latest %L1).</source>
        <translation>显示的事件 / 保留的事件（日志保留最新的 %L1 条）。</translation>
    </message>
    <message>
        <source>The latest events of the run, oldest at the top.</source>
        <translation>本次运行的最新事件，最早的在最上面。</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>All clients</source>
        <translation>所有客户端</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>%L1 / %L2</source>
        <translation>%L1 / %L2</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>refused: </source>
        <translation>已拒绝：</translation>
    </message>
    <message>
        <source>%1 up</source>
        <translation>%1 已启动</translation>
    </message>
    <message>
        <source>%1 up (%2)</source>
        <translation>%1 已启动（%2）</translation>
    </message>
    <message>
        <source>%1 down: %2</source>
        <translation>%1 宕机：%2</translation>
    </message>
    <message>
        <source>%1 added</source>
        <translation>已添加 %1</translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation>已移除 %1</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 现为 %2</translation>
    </message>
    <message>
        <source>%1 LOST THE LOCK: its validity ended inside the critical section</source>
        <translation>%1 失去了锁：它的有效期在临界区内结束了</translation>
    </message>
    <message>
        <source>%1 left its critical section (%2) after %3</source>
        <translation>%1 离开了临界区（%2），用时 %3</translation>
    </message>
    <message>
        <source>stock set to %1 on the storage</source>
        <translation>存储上的库存设为 %1</translation>
    </message>
    <message>
        <source>%1 tries to acquire %2</source>
        <translation>%1 尝试获取 %2</translation>
    </message>
    <message>
        <source>%1 releases %2</source>
        <translation>%1 释放 %2</translation>
    </message>
    <message>
        <source>%1 asks to extend its lock</source>
        <translation>%1 请求为它的锁续期</translation>
    </message>
    <message>
        <source>%1 reads the stock</source>
        <translation>%1 读取库存</translation>
    </message>
    <message>
        <source>%1 writes stock = %2</source>
        <translation>%1 写入 库存 = %2</translation>
    </message>
    <message>
        <source>%1 writes stock = %2 with fence %3</source>
        <translation>%1 写入 库存 = %2，栅栏令牌 %3</translation>
    </message>
    <message>
        <source>%1 acquired %2 on nodes %3 · valid %4 · token %5</source>
        <translation>%1 在节点 %3 上获得了 %2 · 有效 %4 · 令牌 %5</translation>
    </message>
    <message>
        <source> · fence %1</source>
        <translation> · 栅栏 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 released %2 on %n node(s)</source>
        <translation>
            <numerusform>%1 在 %n 个节点上释放了 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 extended its lock · valid %2</source>
        <translation>%1 为锁续期 · 有效 %2</translation>
    </message>
    <message>
        <source>%1 read stock = %2</source>
        <translation>%1 读到 库存 = %2</translation>
    </message>
    <message>
        <source>%1 wrote stock = %2: one item sold</source>
        <translation>%1 写入 库存 = %2：卖出一件</translation>
    </message>
    <message>
        <source>%1 did not get %2: %3</source>
        <translation>%1 未获得 %2：%3</translation>
    </message>
    <message>
        <source>the storage REJECTED %1&apos;s stale write (fence %2): %3</source>
        <translation>存储拒绝了 %1 的过期写入（栅栏 %2）：%3</translation>
    </message>
    <message>
        <source>%1&apos;s write failed: %2</source>
        <translation>%1 的写入失败：%2</translation>
    </message>
    <message>
        <source>%1&apos;s release failed: %2</source>
        <translation>%1 的释放失败：%2</translation>
    </message>
    <message>
        <source>%1 could not extend: %2</source>
        <translation>%1 无法续期：%2</translation>
    </message>
    <message>
        <source>%1 could not read the stock: %2</source>
        <translation>%1 无法读取库存：%2</translation>
    </message>
    <message>
        <source>%1: %2 votes, quorum in %3</source>
        <translation>%1：%2 票，%3 内达到法定人数</translation>
    </message>
    <message>
        <source>%1: %2 votes, but %3 used up the validity</source>
        <translation>%1：%2 票，但 %3 耗尽了有效期</translation>
    </message>
    <message>
        <source>%1: %2 votes, no quorum</source>
        <translation>%1：%2 票，未达法定人数</translation>
    </message>
    <message>
        <source>%1 → %2 %3: %4</source>
        <translation>%1 → %2 %3：%4</translation>
    </message>
    <message>
        <source> by %1</source>
        <translation>，持有者 %1</translation>
    </message>
    <message>
        <source>foreign %1</source>
        <translation>外部 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 · %3</source>
        <translation>%1：%2 · %3</translation>
    </message>
    <message>
        <source>%1: %2 ended</source>
        <translation>%1：%2 结束</translation>
    </message>
    <message>
        <source> after %1</source>
        <translation>，用时 %1</translation>
    </message>
    <message>
        <source>%1 of %2 and %3 ended after %4</source>
        <translation>%2 与 %3 的 %1 在 %4 后结束</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN: %1 and %2 are both in their critical sections on %3</source>
        <translation>互斥被破坏：%1 和 %2 同时处于 %3 的临界区</translation>
    </message>
    <message>
        <source>DATA DAMAGED: the storage accepted a stale write from %1 after %2 acquired</source>
        <translation>数据受损：在 %2 获得锁之后，存储接受了 %1 的过期写入</translation>
    </message>
    <message numerus="yes">
        <source>DATA DAMAGED: %1&apos;s write erased %n sale(s) it never saw</source>
        <translation>
            <numerusform>数据受损：%1 的写入抹掉了它没看到的 %n 笔销售</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>DATA DAMAGED: oversold, %1 sold %n item(s) that were not there</source>
        <translation>
            <numerusform>数据受损：超卖，%1 卖出了 %n 件并不存在的商品</numerusform>
        </translation>
    </message>
    <message>
        <source> (nodes %1)</source>
        <translation>（节点 %1）</translation>
    </message>
    <message>
        <source>acquire</source>
        <translation>获取</translation>
    </message>
    <message>
        <source>release</source>
        <translation>释放</translation>
    </message>
    <message>
        <source>extend</source>
        <translation>续期</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>已被占用</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>获取中</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>释放中</translation>
    </message>
    <message>
        <source>waiting-retry</source>
        <translation>等待重试</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>no quorum</source>
        <translation>未达法定人数</translation>
    </message>
    <message>
        <source>split vote</source>
        <translation>选票分裂</translation>
    </message>
    <message>
        <source>validity expired</source>
        <translation>有效期已过</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>extension limit</source>
        <translation>续期次数已达上限</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1&apos;s release DELETED %2&apos;s lock on %3</source>
        <translation>%1 的释放删除了 %2 在 %3 上的锁</translation>
    </message>
    <message>
        <source>someone else</source>
        <translation>其他人</translation>
    </message>
    <message>
        <source>%1 took its reentrant lock again (held %2 times)</source>
        <translation>%1 再次获取了它的可重入锁（已持有 %2 次）</translation>
    </message>
    <message>
        <source>%1 woke on the unlock message after %2 ms and tries at once (its retry delay: %3 ms)</source>
        <translation>%1 等了 %2 ms 后被解锁消息唤醒，立刻重试（它的重试延迟：%3 ms）</translation>
    </message>
    <message>
        <source>the storage refused %1&apos;s write although its lock was valid (fence %2): %3</source>
        <translation>尽管 %1 的锁仍有效，存储还是拒绝了它的写入（栅栏 %2）：%3</translation>
    </message>
    <message>
        <source>%1: %2 votes, SPLIT VOTE: the votes went to %3 clients and nobody had a majority</source>
        <translation>%1：%2 票，选票分裂：选票分给了 %3 个客户端，没有人获得过半数</translation>
    </message>
    <message>
        <source>%1: %2 votes, refused: %3 holds the lock</source>
        <translation>%1：%2 票，被拒绝：%3 持有锁</translation>
    </message>
    <message>
        <source>held by another</source>
        <translation>被他人持有</translation>
    </message>
    <message>
        <source>rejected valid</source>
        <translation>有效却被拒</translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1&apos;s write went over the stock the operator set (%2) after %1 had read it</source>
        <translation>数据受损：%1 读取库存之后，操作员设置了库存（%2），而 %1 的写入覆盖了它</translation>
    </message>
    <message>
        <source>%1&apos;s write refused although its lock was valid</source>
        <translation>尽管 %1 的锁仍有效，它的写入还是被拒绝</translation>
    </message>
    <message>
        <source>%1&apos;s write refused although its lock was valid: node %2&apos;s fencing number went back from %3 to %4 (a restart without persistence starts it again)</source>
        <translation>尽管 %1 的锁仍有效，它的写入还是被拒绝：节点 %2 的栅栏编号从 %3 倒退到 %4（无持久化重启会让它从头计数）</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>gave up</source>
        <translation>已放弃</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <source>read failed</source>
        <translation>读取失败</translation>
    </message>
    <message>
        <source>%1 is %2, your own client through the exposed ports</source>
        <translation>%1 是 %2，经由开放端口的你自己的客户端</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>LEASES OVERLAPPING: %1 and %2 held the lock on %3 at once (a lease: from a majority&apos;s grant for its TTL, or until released)</source>
        <translation>租约重叠：%1 和 %2 同时持有 %3 上的锁（租约：从多数节点授予起，持续其 TTL，或直到释放）</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: SPLIT VOTE: its votes went to %2 clients and nobody held a majority</source>
        <translation>%1 的这一轮（根据全部回答判定）：分票：选票分给了 %2 个客户端，没有人持有多数</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: refused, %2 held the lock</source>
        <translation>%1 的这一轮（根据全部回答判定）：被拒绝，%2 持有锁</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: refused by the leftover keys of %2&apos;s lock, which was no longer valid</source>
        <translation>%1 的这一轮（根据全部回答判定）：被 %2 的锁残留的键拒绝，而那把锁已不再有效</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: no quorum (%2 votes for it)</source>
        <translation>%1 的这一轮（根据全部回答判定）：未达多数（它得到 %2 票）</translation>
    </message>
    <message>
        <source>%1&apos;s write refused although its lock was valid: node %2&apos;s fencing number did not grow (%3 again: a restart without persistence counts from 1 again)</source>
        <translation>%1 的锁有效，写入却被拒绝：节点 %2 的 fencing 编号没有增长（又是 %3：没有持久化的重启会从 1 重新计数）</translation>
    </message>
    <message>
        <source>%1 → %2 connecting: %3</source>
        <translation>%1 → %2 连接：%3</translation>
    </message>
</context>
<context>
    <name>Expectation</name>
    <message>
        <source>`expect safe` takes nothing more</source>
        <translation>`expect safe` 后面不能再有其他内容</translation>
    </message>
    <message>
        <source>unknown expectation &apos;%1&apos; (known: safe, %2; NAME(CLIENT) for one client)</source>
        <translation>未知期望“%1”（已知：safe、%2；NAME(CLIENT) 表示单个客户端）</translation>
    </message>
    <message>
        <source>`expect %1 any` takes no number</source>
        <translation>`expect %1 any` 不接受数字</translation>
    </message>
    <message>
        <source>expect NAME OP NUMBER, e.g. `expect %1 == 0`</source>
        <translation>expect NAME OP NUMBER，例如 `expect %1 == 0`</translation>
    </message>
    <message>
        <source>`expect %1 &gt;= 0` always holds (a count is never negative), so it checks nothing; to let %1 be anything, write `expect %1 any`</source>
        <translation>`expect %1 &gt;= 0` 总是成立（计数永远不会为负），因此什么也没检查；要让 %1 可以是任意值，请写 `expect %1 any`</translation>
    </message>
    <message>
        <source>`expect %1 &lt; 0` can never hold: a count is never negative</source>
        <translation>`expect %1 &lt; 0` 永远不可能成立：计数永远不会为负</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos; ran: nothing to count ✗</source>
        <translation>没有名为“%1”的客户端运行过：无可计数 ✗</translation>
    </message>
</context>
<context>
    <name>ExposeAddress</name>
    <message>
        <source>expose takes [HOST:]PORT, a port from 1 to %1 (one per node and the storage: %2 ports), not &apos;%3&apos;</source>
        <translation>expose 需要 [HOST:]PORT，端口为 1 到 %1（每个节点一个，存储一个：共 %2 个端口），而不是 &apos;%3&apos;</translation>
    </message>
    <message>
        <source>expose: the host &apos;%1&apos; does not resolve (%2): nothing was opened</source>
        <translation>expose：无法解析主机 &apos;%1&apos;（%2）：未打开任何端口</translation>
    </message>
    <message>
        <source>warning: ports %1-%2 on %3 are not loopback: anyone who can reach that address can use your nodes through them, without a password</source>
        <translation>警告：%3 上的端口 %1-%2 不是回环地址：任何能访问该地址的人都可以通过它们使用你的节点，无需密码</translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation>无法在 %1:%2 上监听：%3</translation>
    </message>
</context>
<context>
    <name>ExposeCommands</name>
    <message>
        <source>the nodes are exposed already (one set of ports per run):
%1</source>
        <translation>节点已经开放（每次运行一组端口）：
%1</translation>
    </message>
    <message>
        <source>node %1 for your clients: %2:%3</source>
        <translation>给你的客户端的节点 %1：%2:%3</translation>
    </message>
    <message>
        <source>the storage for your clients: %1:%2</source>
        <translation>给你的客户端的存储：%1:%2</translation>
    </message>
    <message>
        <source>sentinel %1 for your clients: %2:%3 (it names the nodes by the ports above)</source>
        <translation>哨兵 %1 供你的客户端使用：%2:%3（它用上面的端口指明各节点）</translation>
    </message>
    <message>
        <source>these ports speak plain RESP only (no TLS: %1)</source>
        <translation>这些端口只讲明文 RESP（无 TLS：%1）</translation>
    </message>
    <message>
        <source>these ports speak plain RESP and TLS alike; a TLS client trusts the run&apos;s CA %1 (the certificate names 127.0.0.1 and localhost)</source>
        <translation>这些端口同时接受明文 RESP 和 TLS；TLS 客户端应信任本次运行的 CA %1（证书的名字是 127.0.0.1 和 localhost）</translation>
    </message>
</context>
<context>
    <name>ExternalNodeControl</name>
    <message>
        <source>its time was up</source>
        <translation>时间到了</translation>
    </message>
    <message>
        <source>back up</source>
        <translation>重新启动</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>CLIENT PAUSE WRITE: writes wait</source>
        <translation>CLIENT PAUSE WRITE：写入需等待</translation>
    </message>
    <message>
        <source>node %1 is not paused</source>
        <translation>节点 %1 没有暂停</translation>
    </message>
    <message>
        <source>resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>node %1 is external: start it yourself, the app reconnects on its own</source>
        <translation>节点 %1 是外部节点：请自行启动它，应用会自动重新连接</translation>
    </message>
    <message>
        <source>external node: faults go through Redis (SHUTDOWN, CLIENT PAUSE, CONFIG) and the app&apos;s proxy; restart it yourself</source>
        <translation>外部节点：故障通过 Redis（SHUTDOWN、CLIENT PAUSE、CONFIG）和应用的代理注入；请自行重启它</translation>
    </message>
</context>
<context>
    <name>FailoverLock</name>
    <message>
        <source>no Sentinel answers: the master is unknown</source>
        <translation>没有哨兵应答：无从得知主节点</translation>
    </message>
</context>
<context>
    <name>FaultShading</name>
    <message>
        <source>client crashed</source>
        <translation>客户端崩溃</translation>
    </message>
    <message>
        <source>client paused (GC pause)</source>
        <translation>客户端暂停（GC 暂停）</translation>
    </message>
    <message>
        <source>node killed</source>
        <translation>节点被强制终止</translation>
    </message>
    <message>
        <source>node paused</source>
        <translation>节点暂停</translation>
    </message>
    <message>
        <source>node waiting to restart</source>
        <translation>节点等待重启</translation>
    </message>
    <message>
        <source>node shut down</source>
        <translation>节点关闭</translation>
    </message>
    <message>
        <source>network partition</source>
        <translation>网络分区</translation>
    </message>
    <message>
        <source>network latency</source>
        <translation>网络延迟</translation>
    </message>
    <message>
        <source>requests dropped</source>
        <translation>请求被丢弃</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>时钟跳变</translation>
    </message>
    <message>
        <source>node fault</source>
        <translation>节点故障</translation>
    </message>
    <message>
        <source>%1: %2, %3 to %4</source>
        <translation>%1：%2，%3 至 %4</translation>
    </message>
</context>
<context>
    <name>FaultText</name>
    <message>
        <source>for %1 s</source>
        <translation>持续 %1 秒</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>已杀死</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>partitioned</source>
        <translation>网络分区</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>drops requests</source>
        <translation>丢弃请求</translation>
    </message>
    <message>
        <source>clock jumped</source>
        <translation>时钟跳变</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>%1 后</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>剩余 %1</translation>
    </message>
    <message>
        <source>Crashed without a goodbye: a node without persistence comes back empty.</source>
        <translation>不告而别地崩溃：没有持久化的节点回来时是空的。</translation>
    </message>
    <message>
        <source>Frozen: it keeps its keys (their TTLs keep running) but answers nothing.</source>
        <translation>冻结：它保留着键（TTL 继续计时），但什么也不回答。</translation>
    </message>
    <message>
        <source>Stays down until every key it had has expired, then starts again: the safe way back.</source>
        <translation>保持宕机，直到它拥有的每个键都已过期，然后再启动：安全的恢复方式。</translation>
    </message>
    <message>
        <source>Stopped cleanly.</source>
        <translation>已正常停止。</translation>
    </message>
    <message>
        <source>Still up, but the clients named cannot reach it: their requests time out.</source>
        <translation>仍在运行，但指定的客户端无法访问它：它们的请求会超时。</translation>
    </message>
    <message>
        <source>Every request to this node is delayed; past the client&apos;s node timeout it counts as a timeout.</source>
        <translation>发往此节点的每个请求都会被延迟；超过客户端的节点超时就算作超时。</translation>
    </message>
    <message>
        <source>This share of requests is lost on the way: the client sees a timeout.</source>
        <translation>这一比例的请求在途中丢失：客户端看到的是超时。</translation>
    </message>
    <message>
        <source>Its clock ran ahead: its keys expire that much early, while their owner still counts on them.</source>
        <translation>它的时钟跑快了：它的键提前这么多过期，而键的主人仍依赖着它们。</translation>
    </message>
    <message>
        <source>
Since %1 on the run clock.</source>
        <translation>
自运行时钟 %1 起。</translation>
    </message>
    <message>
        <source>AOF always</source>
        <translation>AOF always</translation>
    </message>
    <message>
        <source>AOF everysec</source>
        <translation>AOF everysec</translation>
    </message>
    <message>
        <source>no AOF</source>
        <translation>无 AOF</translation>
    </message>
    <message>
        <source>Persistence: AOF, fsync on every write. A crashed node comes back with every key it had acknowledged.</source>
        <translation>持久化：AOF，每次写入都 fsync。崩溃的节点回来时拥有它确认过的所有键。</translation>
    </message>
    <message>
        <source>Persistence: AOF, fsync once a second. A crashed node may come back without the keys of its last second.</source>
        <translation>持久化：AOF，每秒 fsync 一次。崩溃的节点回来时可能缺少最后一秒的键。</translation>
    </message>
    <message>
        <source>Persistence: none. A crashed node comes back empty: restart it only after the longest TTL, or a second client can win a majority.</source>
        <translation>持久化：无。崩溃的节点回来时是空的：只能在最长 TTL 之后再重启它，否则第二个客户端可能赢得多数派。</translation>
    </message>
    <message>
        <source>Persistence: %1</source>
        <translation>持久化：%1</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>Gone without releasing: its keys stay until their TTL ends.</source>
        <translation>没有释放就消失了：它的键一直留到 TTL 结束。</translation>
    </message>
    <message>
        <source>for %1</source>
        <translation>持续 %1</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>已重启</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 秒前</translation>
    </message>
    <message>
        <source>A new process (its process id changed). Without persistence it came back empty: a lock key it granted is gone while its owner still counts on it. With an AOF it read back the keys it had written to the file.</source>
        <translation>一个新进程（进程号变了）。没有持久化时它回来是空的：它授予的锁键已经消失，而持有者仍然依赖它。有 AOF 时它从文件中读回了写入过的键。</translation>
    </message>
    <message>
        <source>restarted, no AOF</source>
        <translation>已重启，无 AOF</translation>
    </message>
    <message>
        <source>restarted from its AOF</source>
        <translation>已重启，从 AOF 恢复</translation>
    </message>
    <message>
        <source>restarts</source>
        <translation>等待重启</translation>
    </message>
</context>
<context>
    <name>Fleet</name>
    <message>
        <source>starting %1 local redis-server nodes</source>
        <translation>正在启动 %1 个本地 redis-server 节点</translation>
    </message>
    <message>
        <source>starting a master, its replica and %1 Sentinels</source>
        <translation>正在启动一个主节点、它的副本和 %1 个哨兵</translation>
    </message>
    <message>
        <source>failover needs the replicated topology (--topology replicated); these are independent masters</source>
        <translation>failover 需要复制拓扑（--topology replicated）；而这些是独立的主节点</translation>
    </message>
    <message>
        <source>node %1 is not the master; the Sentinels name node %2</source>
        <translation>节点 %1 不是主节点；哨兵认定的主节点是节点 %2</translation>
    </message>
    <message>
        <source>node %1 (%2): %3</source>
        <translation>节点 %1（%2）：%3</translation>
    </message>
    <message>
        <source>none of the lock nodes can be used: %1</source>
        <translation>没有一个锁节点可用：%1</translation>
    </message>
    <message>
        <source>TLS WITHOUT verification (--tls-insecure): the traffic to the rediss:// nodes is encrypted, but their certificates are not checked, so anyone in between could pose as a node</source>
        <translation>TLS 未验证（--tls-insecure）：到 rediss:// 节点的流量已加密，但不检查它们的证书，中间的任何人都可以冒充节点</translation>
    </message>
    <message>
        <source>TLS to the rediss:// nodes, their certificates checked against %1</source>
        <translation>到 rediss:// 节点使用 TLS，其证书按 %1 检查</translation>
    </message>
    <message>
        <source>the system&apos;s CAs</source>
        <translation>系统的 CA</translation>
    </message>
    <message>
        <source>TLS failed: %1</source>
        <translation>TLS 失败：%1</translation>
    </message>
    <message>
        <source>--tls: %1</source>
        <translation>--tls：%1</translation>
    </message>
    <message>
        <source>TLS only on the local nodes and Sentinels, replication and Sentinel&apos;s links in TLS too, with a CA made for this run (%1)</source>
        <translation>本地节点和 Sentinel 只用 TLS，复制和 Sentinel 的连接也用 TLS，使用为本次运行生成的 CA（%1）</translation>
    </message>
    <message>
        <source>TLS only on the local nodes, with a CA made for this run (%1)</source>
        <translation>本地节点只用 TLS，使用为本次运行生成的 CA（%1）</translation>
    </message>
    <message>
        <source>start the run with --tls for TLS on them</source>
        <translation>要在这些端口上用 TLS，请用 --tls 启动运行</translation>
    </message>
</context>
<context>
    <name>FleetNode</name>
    <message>
        <source>cannot %1 node %2 now (it is %3</source>
        <translation>现在无法对节点 %2 执行 %1（它处于 %3</translation>
    </message>
    <message>
        <source>node %1 %2</source>
        <translation>节点 %1 %2</translation>
    </message>
    <message>
        <source>partitioned from every client</source>
        <translation>与所有客户端分区</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos;</source>
        <translation>没有名为“%1”的客户端</translation>
    </message>
    <message>
        <source>partitioned from %1</source>
        <translation>与 %1 分区</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>healed</source>
        <translation>已修复</translation>
    </message>
    <message>
        <source>has no added latency</source>
        <translation>没有附加延迟</translation>
    </message>
    <message>
        <source>latency %1±%2 ms</source>
        <translation>延迟 %1±%2 毫秒</translation>
    </message>
    <message>
        <source>drops nothing</source>
        <translation>不丢弃任何请求</translation>
    </message>
    <message>
        <source>drops %1% of requests</source>
        <translation>丢弃 %1% 的请求</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>时钟</translation>
    </message>
    <message>
        <source>jumped again</source>
        <translation>再次跳变</translation>
    </message>
    <message>
        <source>clock +%1 ms: keys expire early</source>
        <translation>时钟 +%1 毫秒：键提前过期</translation>
    </message>
    <message>
        <source>the app cuts this client off from node %1 (a partition: `node heal %1` ends it)</source>
        <translation>是本应用切断了这个客户端与节点 %1 的连接（分区：`node heal %1` 可结束）</translation>
    </message>
    <message>
        <source>node %1&apos;s clock jumped %2 ms forward: its keys expire that much early</source>
        <translation>节点 %1 的时钟向前跳了 %2 ms：它的键会提前这么多过期</translation>
    </message>
    <message>
        <source>node %1&apos;s clock jumped %2 ms forward, %3 ms in all: its keys expire that much early</source>
        <translation>节点 %1 的时钟向前跳了 %2 ms，共 %3 ms：它的键会提前这么多过期</translation>
    </message>
    <message>
        <source>the replica</source>
        <translation>副本</translation>
    </message>
</context>
<context>
    <name>ForeignClients</name>
    <message>
        <source>no foreign client named &apos;%1&apos;</source>
        <translation>没有名为“%1”的外部客户端</translation>
    </message>
    <message>
        <source>%1 is paused already</source>
        <translation>%1 已经暂停</translation>
    </message>
    <message>
        <source>%1 is not paused</source>
        <translation>%1 没有暂停</translation>
    </message>
    <message>
        <source>an EVALSHA %1 (a script the app never saw: loaded on the node before) is %2: learnt from node %3, which then held %4 (PTTL %5 ms)</source>
        <translation>EVALSHA %1（应用从未见过的脚本：之前已加载到节点上）是%2：从节点 %3 得知，该节点当时%4（PTTL %5 ms）</translation>
    </message>
    <message>
        <source>an acquire</source>
        <translation>一次获取</translation>
    </message>
    <message>
        <source>a release</source>
        <translation>一次释放</translation>
    </message>
    <message>
        <source>an extension</source>
        <translation>一次延期</translation>
    </message>
    <message>
        <source>the key</source>
        <translation>持有该键</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>没有该键</translation>
    </message>
    <message>
        <source>%1&apos;s key on node %2 was gone: the node granted %3 to %4</source>
        <translation>%1 在节点 %2 上的键已不存在：该节点把 %3 授予了 %4</translation>
    </message>
    <message>
        <source>pause: %1&apos;s bytes wait in the proxies, both ways; its own process runs on (the app cannot stop it)</source>
        <translation>暂停：%1 的字节在代理中双向等待；它自己的进程继续运行（应用无法停止它）</translation>
    </message>
    <message>
        <source>resume: %1&apos;s bytes flow again</source>
        <translation>恢复：%1 的字节重新流动</translation>
    </message>
    <message>
        <source>no connection left, idle</source>
        <translation>已无连接，空闲</translation>
    </message>
</context>
<context>
    <name>HeadlessRun</name>
    <message>
        <source>checker: the run file, judged again, says the same</source>
        <translation>检查器：重新判定运行文件，结论相同</translation>
    </message>
    <message>
        <source>checker: the run file, judged again, disagrees: %1</source>
        <translation>检查器：重新判定运行文件，结论不一致：%1</translation>
    </message>
    <message>
        <source>interrupted by %1</source>
        <translation>被 %1 中断</translation>
    </message>
    <message>
        <source>--duration %1 s ran out</source>
        <translation>--duration %1 秒已用完</translation>
    </message>
    <message>
        <source>%1 s had passed since the start</source>
        <translation>启动后已过 %1 秒</translation>
    </message>
    <message>
        <source>%1; the engine did not answer</source>
        <translation>%1；引擎没有应答</translation>
    </message>
    <message>
        <source>redlockscope: the nodes were not up when %1: nothing ran</source>
        <translation>redlockscope：%1 时节点尚未就绪：什么都没有运行</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <source>rounds</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>运行的这一段中没有获取请求做出决定。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>slowest</source>
        <translation>最慢</translation>
    </message>
    <message>
        <source>%1 to %2 ms
%3</source>
        <translation>%1 至 %2 毫秒
%3</translation>
    </message>
    <message>
        <source>ms to the decision (log scale); p50 to slowest: of the acquisitions alone</source>
        <translation>到做出决定的毫秒数（对数刻度）；p50 至最慢值：只统计成功获得的</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>HtmlReport</name>
    <message>
        <source>Redlock Scope run %1</source>
        <translation>Redlock Scope 运行记录 %1</translation>
    </message>
    <message>
        <source>Redlock Scope run</source>
        <translation>Redlock Scope 运行记录</translation>
    </message>
    <message>
        <source>%1 · recorded %2 · %3</source>
        <translation>%1 · 录制于 %2 · %3</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Checker counters</source>
        <translation>检查器计数</translation>
    </message>
    <message>
        <source>Violations, with their evidence</source>
        <translation>违规及其证据</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Made by Redlock Scope %1 from the run file; the verdict is the checker&apos;s, judged again from the recorded events.</source>
        <translation>由 Redlock Scope %1 根据运行记录文件生成；判定出自检查器，依据录制的事件重新判断。</translation>
    </message>
    <message>
        <source>Clients, with the settings they ran with</source>
        <translation>各客户端及其运行时所用的设置</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>resource</source>
        <translation>资源</translation>
    </message>
    <message>
        <source>clients at start</source>
        <translation>启动时的客户端数</translation>
    </message>
    <message>
        <source>persistence at start</source>
        <translation>启动时的持久化</translation>
    </message>
    <message>
        <source>client defaults at start</source>
        <translation>启动时的客户端默认值</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>app version</source>
        <translation>应用版本</translation>
    </message>
    <message>
        <source>No client ran.</source>
        <translation>没有客户端运行过。</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>settings as used</source>
        <translation>实际使用的设置</translation>
    </message>
    <message>
        <source>from %1 s: %2</source>
        <translation>从 %1 秒起：%2</translation>
    </message>
    <message>
        <source>None: the checker found nothing.</source>
        <translation>无：检查器没有发现问题。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>from (s)</source>
        <translation>开始（秒）</translation>
    </message>
    <message>
        <source>to (s)</source>
        <translation>结束（秒）</translation>
    </message>
    <message>
        <source>lasted</source>
        <translation>持续</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>(still going at the end)</source>
        <translation>（结束时仍在持续）</translation>
    </message>
    <message>
        <source>The first %1 of %2 are listed; the run file has them all.</source>
        <translation>列出了 %2 条中的前 %1 条；运行记录文件里有全部。</translation>
    </message>
    <message>
        <source>your own client (%1): its settings are its own; the run has what it sent to the nodes and what they answered</source>
        <translation>你自己的客户端（%1）：它的设置是它自己的；本次运行记录了它发给节点的内容和节点的回答</translation>
    </message>
</context>
<context>
    <name>KeyListView</name>
    <message>
        <source>no lock key</source>
        <translation>没有锁键</translation>
    </message>
    <message>
        <source>keys unknown</source>
        <translation>键未知</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>无 TTL</translation>
    </message>
    <message>
        <source>fence %1 · %2</source>
        <translation>栅栏 %1 · %2</translation>
    </message>
    <message>
        <source>A foreign client (not one of ours)</source>
        <translation>外部客户端（不是本应用的）</translation>
    </message>
    <message>
        <source>its TTL ran out and the node let it expire</source>
        <translation>它的 TTL 用完了，节点让它过期</translation>
    </message>
    <message>
        <source>it was deleted with %1 still left</source>
        <translation>它在还剩 %1 时被删除</translation>
    </message>
    <message>
        <source>the node cannot be read now: whether the key is still there is unknown</source>
        <translation>现在无法读取该节点：不知道键是否还在</translation>
    </message>
    <message>
        <source>it has no TTL, so it never expires on its own</source>
        <translation>它没有 TTL，所以永远不会自行过期</translation>
    </message>
    <message>
        <source>%1 left (the bar counts down from the node&apos;s last PTTL reading)</source>
        <translation>剩余 %1（进度条从节点最近一次的 PTTL 读数开始倒数）</translation>
    </message>
    <message>
        <source>%1 holds key &quot;%2&quot; on this node with token %3…; %4.</source>
        <translation>%1 在此节点上持有键“%2”，令牌 %3…；%4。</translation>
    </message>
    <message>
        <source>No lock key on this node right now.</source>
        <translation>此节点上目前没有锁键。</translation>
    </message>
    <message>
        <source>The node cannot be read now; keys are shown as last seen.</source>
        <translation>现在无法读取该节点；显示的是最后看到的键。</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>As the system (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <source>ms (log scale)</source>
        <translation>毫秒（对数）</translation>
    </message>
    <message>
        <source>p99 of acquisitions</source>
        <translation>获得的 p99</translation>
    </message>
    <message>
        <source>p50 of acquisitions</source>
        <translation>获得的 p50</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>运行的这一段中没有获取请求做出决定。</translation>
    </message>
    <message>
        <source>%1 at %2: decided in %3</source>
        <translation>%1，于 %2：用时 %3 做出决定</translation>
    </message>
</context>
<context>
    <name>LocalNodeControl</name>
    <message>
        <source>killed</source>
        <translation>已杀死</translation>
    </message>
    <message>
        <source>SIGKILL: crashed, no goodbye</source>
        <translation>SIGKILL：崩溃，不告而别</translation>
    </message>
    <message>
        <source>node %1 killed</source>
        <translation>节点 %1 已被杀死</translation>
    </message>
    <message>
        <source>SIGSTOP: connections accepted, nothing answered</source>
        <translation>SIGSTOP：接受连接，但什么也不回答</translation>
    </message>
    <message>
        <source>node %1 paused for %2 ms</source>
        <translation>节点 %1 暂停 %2 毫秒</translation>
    </message>
    <message>
        <source>node %1 paused</source>
        <translation>节点 %1 已暂停</translation>
    </message>
    <message>
        <source>node %1 is not paused</source>
        <translation>节点 %1 没有暂停</translation>
    </message>
    <message>
        <source>SIGCONT</source>
        <translation>SIGCONT</translation>
    </message>
    <message>
        <source>node %1 resumed</source>
        <translation>节点 %1 已继续</translation>
    </message>
    <message>
        <source>stays down %1 s, then restarts</source>
        <translation>停机 %1 秒，然后重启</translation>
    </message>
    <message>
        <source>node %1 restarts in %2 ms</source>
        <translation>节点 %1 将在 %2 毫秒后重启</translation>
    </message>
    <message>
        <source>node %1 restarting</source>
        <translation>节点 %1 正在重启</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>SIGTERM: graceful shutdown</source>
        <translation>SIGTERM：优雅关闭</translation>
    </message>
    <message>
        <source>node %1 shutting down</source>
        <translation>节点 %1 正在关闭</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>已重启</translation>
    </message>
    <message>
        <source>the process ended on its own: %1</source>
        <translation>进程自行结束了：%1</translation>
    </message>
</context>
<context>
    <name>LockClient</name>
    <message>
        <source>cannot %1 %2 while it is %3</source>
        <translation>%2 处于 %3 时无法 %1</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>已重启</translation>
    </message>
    <message>
        <source>cancelled: the client crashed</source>
        <translation>已取消：客户端崩溃了</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Redlock Scope</source>
        <translation>Redlock Scope</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n line(s) to %1</source>
        <translation>
            <numerusform>已将 %n 行保存到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody holds the lock now: nothing to pause.</source>
        <translation>现在没有人持有锁：没有可暂停的。</translation>
    </message>
    <message numerus="yes">
        <source>Now on %n local node(s).</source>
        <translation>
            <numerusform>现在使用 %n 个本地节点。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Now on %n node(s) of your own.</source>
        <translation>
            <numerusform>现在使用你自己的 %n 个节点。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open the run: %1</source>
        <translation>无法打开运行记录：%1</translation>
    </message>
    <message>
        <source>A recorded run: nothing to command (File → Live run goes back).</source>
        <translation>这是运行记录：没有可执行的命令（文件 → 实时运行 可返回）。</translation>
    </message>
    <message>
        <source>This run is not recorded: %1</source>
        <translation>本次运行未被录制：%1</translation>
    </message>
    <message>
        <source>Opened %1: %2 (in %3 s)</source>
        <translation>已打开 %1：%2（用时 %3 秒）</translation>
    </message>
    <message>
        <source>Redlock Scope — %1 (recorded)</source>
        <translation>Redlock Scope — %1（已录制）</translation>
    </message>
    <message>
        <source>This run is not recorded, so there is nothing to export.</source>
        <translation>本次运行未被录制，因此没有可导出的内容。</translation>
    </message>
    <message>
        <source>Could not read the run: %1</source>
        <translation>无法读取运行记录：%1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Expose for your clients</source>
        <translation>为你的客户端开放</translation>
    </message>
    <message>
        <source>Your own lock client reaches node 1 at PORT, node 2 at PORT+1, ..., and the storage after them, each through that node&apos;s faults; with master, replica and Sentinel, the Sentinels follow the storage. [HOST:]PORT:</source>
        <translation>你自己的锁客户端在 PORT 访问节点 1，在 PORT+1 访问节点 2，……，存储在它们之后，每个都经过该节点的故障；在主节点、副本和哨兵的拓扑下，哨兵的端口紧随存储之后。[HOST:]PORT：</translation>
    </message>
    <message>
        <source>Not run: %1 would start programs or change servers the app did not start, and you did not agree</source>
        <translation>未运行：%1 会启动程序或更改不是本应用启动的服务器，而你没有同意</translation>
    </message>
</context>
<context>
    <name>NodeAdmin</name>
    <message>
        <source>node %1 cannot be reached for %2: %3</source>
        <translation>节点 %1 无法访问，无法执行 %2：%3</translation>
    </message>
    <message>
        <source>node %1 refused %2: %3</source>
        <translation>节点 %1 拒绝了 %2：%3</translation>
    </message>
    <message>
        <source>node %1: %2 done</source>
        <translation>节点 %1：%2 完成</translation>
    </message>
</context>
<context>
    <name>NodeCard</name>
    <message>
        <source>Lock key</source>
        <translation>锁键</translation>
    </message>
    <message>
        <source>Last answers (ms)</source>
        <translation>最近的回答（毫秒）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>Node %1: one of the independent Redis masters Redlock asks for a majority; press %1 to select it for keyboard faults.</source>
        <translation>节点 %1：Redlock 要求多数派同意的独立 Redis 主节点之一；按 %1 选中它，用键盘注入故障。</translation>
    </message>
    <message>
        <source>The node&apos;s state as the engine sees it: up, down, paused or starting. The faults in force are listed under it.</source>
        <translation>引擎看到的节点状态：运行、宕机、暂停或启动中。生效中的故障列在下面。</translation>
    </message>
    <message>
        <source>Where this node listens (host:port).</source>
        <translation>此节点监听的地址（host:port）。</translation>
    </message>
    <message>
        <source>The lock keys on this node: owner, token and the TTL left.</source>
        <translation>此节点上的锁键：所有者、令牌和剩余 TTL。</translation>
    </message>
    <message>
        <source>Each client&apos;s latest answer from this node and how many milliseconds it took.</source>
        <translation>每个客户端从此节点得到的最新回答及其耗时（毫秒）。</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>杀死</translation>
    </message>
    <message>
        <source>Crash this node now (SIGKILL): keys it did not persist are lost.</source>
        <translation>立即使此节点崩溃（SIGKILL）：未持久化的键会丢失。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Freeze this node (SIGSTOP): it keeps its keys but answers nothing.</source>
        <translation>冻结此节点（SIGSTOP）：它保留键，但什么也不回答。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Let the paused node run again; its keys&apos; TTLs kept running.</source>
        <translation>让暂停的节点重新运行；它的键的 TTL 一直在计时。</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>Start the node again on the same port now (after killing it if it runs).</source>
        <translation>立即在同一端口重新启动节点（若在运行则先杀死）。</translation>
    </message>
    <message>
        <source>More faults: delayed restart, shutdown, timed pause, partition, latency, drops, clock jump, persistence.</source>
        <translation>更多故障：延迟重启、关闭、定时暂停、网络分区、延迟、丢包、时钟跳变、持久化。</translation>
    </message>
    <message>
        <source>Restart after the longest TTL</source>
        <translation>在最长 TTL 之后重启</translation>
    </message>
    <message>
        <source>Kill the node and start it again only once every key it had has expired: the safe way back for a node without persistence.</source>
        <translation>杀死节点，等它拥有的每个键都过期后才重新启动：对没有持久化的节点来说这是安全的恢复方式。</translation>
    </message>
    <message>
        <source>Shut down cleanly</source>
        <translation>正常关闭</translation>
    </message>
    <message>
        <source>Stop this node gracefully (it saves what its persistence says).</source>
        <translation>优雅地停止此节点（按持久化设置保存数据）。</translation>
    </message>
    <message>
        <source>Pause for 5 s</source>
        <translation>暂停 5 秒</translation>
    </message>
    <message>
        <source>Freeze this node for five seconds, then let it run again.</source>
        <translation>冻结此节点五秒，然后让它重新运行。</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Partition from all clients</source>
        <translation>与所有客户端分区</translation>
    </message>
    <message>
        <source>Cut this node off from every client: it stays up, but their requests time out.</source>
        <translation>将此节点与所有客户端隔开：它仍在运行，但它们的请求会超时。</translation>
    </message>
    <message>
        <source>Partition from client</source>
        <translation>与某个客户端分区</translation>
    </message>
    <message>
        <source>Cut this node off from one client only (adds to the clients already cut off).</source>
        <translation>只将此节点与一个客户端隔开（在已隔开的客户端之外再加一个）。</translation>
    </message>
    <message>
        <source>Heal</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>End this node&apos;s partition, latency, drops and clock jump.</source>
        <translation>结束此节点的网络分区、延迟、丢包和时钟跳变。</translation>
    </message>
    <message>
        <source>Nothing to heal: no partition, latency, drops or clock jump.</source>
        <translation>没有需要修复的：没有网络分区、延迟、丢包或时钟跳变。</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Delay every request to this node.</source>
        <translation>延迟发往此节点的每个请求。</translation>
    </message>
    <message>
        <source>20 ms</source>
        <translation>20 毫秒</translation>
    </message>
    <message>
        <source>50 ± 25 ms</source>
        <translation>50 ± 25 毫秒</translation>
    </message>
    <message>
        <source>200 ms</source>
        <translation>200 毫秒</translation>
    </message>
    <message>
        <source>Add %1 to every request to this node.</source>
        <translation>给发往此节点的每个请求加上 %1。</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>Choose the delay and its jitter.</source>
        <translation>选择延迟及其抖动。</translation>
    </message>
    <message>
        <source>No added latency</source>
        <translation>无附加延迟</translation>
    </message>
    <message>
        <source>Requests to this node go through without delay again.</source>
        <translation>发往此节点的请求重新无延迟地通过。</translation>
    </message>
    <message>
        <source>No latency is added now.</source>
        <translation>目前没有附加延迟。</translation>
    </message>
    <message>
        <source>Drop requests</source>
        <translation>丢弃请求</translation>
    </message>
    <message>
        <source>Lose a share of the requests to this node on the way.</source>
        <translation>让发往此节点的一部分请求在途中丢失。</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Drop %1% of the requests to this node: the clients see timeouts.</source>
        <translation>丢弃发往此节点的 %1% 请求：客户端会看到超时。</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Drop nothing any more.</source>
        <translation>不再丢弃任何请求。</translation>
    </message>
    <message>
        <source>Nothing is dropped now.</source>
        <translation>目前没有丢弃任何请求。</translation>
    </message>
    <message>
        <source>Clock jump</source>
        <translation>时钟跳变</translation>
    </message>
    <message>
        <source>Make this node&apos;s clock jump forward: its keys expire early.</source>
        <translation>让此节点的时钟向前跳：它的键提前过期。</translation>
    </message>
    <message>
        <source>+%1 s</source>
        <translation>+%1 秒</translation>
    </message>
    <message>
        <source>Its keys expire %1 s early.</source>
        <translation>它的键提前 %1 秒过期。</translation>
    </message>
    <message>
        <source>+TTL</source>
        <translation>+TTL</translation>
    </message>
    <message>
        <source>Jump by a whole TTL: every key on this node expires at once.</source>
        <translation>跳过整整一个 TTL：此节点上的所有键立即过期。</translation>
    </message>
    <message>
        <source>Choose how far the clock jumps.</source>
        <translation>选择时钟向前跳多远。</translation>
    </message>
    <message>
        <source>Persistence</source>
        <translation>持久化</translation>
    </message>
    <message>
        <source>What a crashed node still has when it comes back.</source>
        <translation>崩溃的节点回来时还剩下什么。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>AOF everysec</source>
        <translation>AOF everysec</translation>
    </message>
    <message>
        <source>AOF always</source>
        <translation>AOF always</translation>
    </message>
    <message>
        <source>(no clients)</source>
        <translation>（没有客户端）</translation>
    </message>
    <message>
        <source>Cut node %1 off from %2 only.</source>
        <translation>只将节点 %1 与 %2 隔开。</translation>
    </message>
    <message>
        <source>Latency on node %1</source>
        <translation>节点 %1 的延迟</translation>
    </message>
    <message>
        <source>Every request to node %1 waits this long, plus a random 0 to ± jitter. Above the clients&apos; node timeout (50 ms by default) the node counts as a timeout.</source>
        <translation>发往节点 %1 的每个请求都等待这么久，再加上 0 到 ± 抖动的随机值。超过客户端的节点超时（默认 50 毫秒）时，该节点算作超时。</translation>
    </message>
    <message>
        <source>&amp;Delay (ms)</source>
        <translation>延迟（毫秒）(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Jitter ± (ms)</source>
        <translation>抖动 ±（毫秒）(&amp;J)</translation>
    </message>
    <message>
        <source>Clock jump on node %1</source>
        <translation>节点 %1 的时钟跳变</translation>
    </message>
    <message>
        <source>Node %1&apos;s clock jumps forward: each of its keys expires this much early, while its owner still counts on it.</source>
        <translation>节点 %1 的时钟向前跳：它的每个键都提前这么多过期，而键的主人仍依赖着它。</translation>
    </message>
    <message>
        <source>&amp;Forward by (ms)</source>
        <translation>向前跳（毫秒）(&amp;F)</translation>
    </message>
    <message>
        <source>refuses writes: %1</source>
        <translation>拒绝写入：%1</translation>
    </message>
    <message>
        <source>%1  ·  local</source>
        <translation>%1  ·  本地</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Not offered for node %1 now: %2.</source>
        <translation>现在不对节点 %1 提供：%2。</translation>
    </message>
    <message>
        <source>Not possible while node %1 is %2.</source>
        <translation>节点 %1 处于%2时不可用。</translation>
    </message>
    <message>
        <source>Restart after the longest TTL (%1)</source>
        <translation>在最长 TTL 之后重启（%1）</translation>
    </message>
    <message>
        <source>+TTL (%1)</source>
        <translation>+TTL（%1）</translation>
    </message>
    <message>
        <source>The node&apos;s part in replication (INFO replication): the master takes the writes; the replica copies them asynchronously, and the bytes it is behind are writes it would lose if promoted now.</source>
        <translation>节点在复制中的角色（INFO replication）：主节点接受写入；副本异步复制这些写入，它落后的字节就是它如果现在被提升将会丢失的写入。</translation>
    </message>
    <message>
        <source>MASTER  ·  takes the writes</source>
        <translation>主节点  ·  接受写入</translation>
    </message>
    <message>
        <source>REPLICA  ·  link to master DOWN</source>
        <translation>副本  ·  与主节点的连接已断开</translation>
    </message>
    <message numerus="yes">
        <source>REPLICA  ·  %n byte(s) behind</source>
        <translation>
            <numerusform>副本  ·  落后 %n 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>REPLICA  ·  in sync</source>
        <translation>副本  ·  已同步</translation>
    </message>
    <message>
        <source>MASTER</source>
        <translation>主节点</translation>
    </message>
    <message>
        <source>REPLICA  ·  link DOWN</source>
        <translation>副本  ·  连接断开</translation>
    </message>
    <message numerus="yes">
        <source>REPLICA  ·  %n B behind</source>
        <translation>
            <numerusform>副本  ·  落后 %n B</numerusform>
        </translation>
    </message>
    <message>
        <source>REPLICA</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>%1  ·  TLS</source>
        <translation>%1  ·  TLS</translation>
    </message>
    <message>
        <source>%1  ·  TLS NOT VERIFIED</source>
        <translation>%1  ·  TLS 未验证</translation>
    </message>
</context>
<context>
    <name>NodeCardGrid</name>
    <message>
        <source>Select a node first (keys 1 to 9).</source>
        <translation>请先选择一个节点（按键 1 到 9）。</translation>
    </message>
    <message>
        <source>Node %1 has nothing to heal.</source>
        <translation>节点 %1 没有需要修复的。</translation>
    </message>
</context>
<context>
    <name>NodeControl</name>
    <message>
        <source>node %1: persistence %2 from its next start</source>
        <translation>节点 %1：从下次启动起持久化为 %2</translation>
    </message>
    <message>
        <source>persistence</source>
        <translation>持久化</translation>
    </message>
    <message>
        <source>node %1 persistence: %2</source>
        <translation>节点 %1 持久化：%2</translation>
    </message>
</context>
<context>
    <name>NodesDialog</name>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Start local nodes on this machine:</source>
        <translation>在本机启动本地节点：</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>DB</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Remember passwords</source>
        <translation>记住密码</translation>
    </message>
    <message>
        <source>Nothing is remembered in this run.</source>
        <translation>本次运行不会记住任何内容。</translation>
    </message>
    <message>
        <source>Use these nodes</source>
        <translation>使用这些节点</translation>
    </message>
    <message>
        <source>Saved fleets: choose one to load its nodes.</source>
        <translation>已保存的节点组：选择一个以载入它的节点。</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save these nodes under a name, to switch back to them later.</source>
        <translation>以一个名称保存这些节点，以后可以切换回来。</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Forget the chosen saved fleet.</source>
        <translation>忘掉所选的已保存节点组。</translation>
    </message>
    <message>
        <source>Saved fleet:</source>
        <translation>已保存的节点组：</translation>
    </message>
    <message>
        <source>Add node</source>
        <translation>添加节点</translation>
    </message>
    <message>
        <source>Remove node</source>
        <translation>移除节点</translation>
    </message>
    <message>
        <source>Remove the selected row.</source>
        <translation>移除选中的行。</translation>
    </message>
    <message>
        <source>Test connections</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Connect to every node once (address, password, database) and say how it went, in the words the engine would use.</source>
        <translation>对每个节点连接一次（地址、密码、数据库），并用引擎会使用的措辞说明结果。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>There is no saved fleet named &quot;%1&quot;.</source>
        <translation>没有名为“%1”的已保存节点组。</translation>
    </message>
    <message>
        <source>A fleet needs a name.</source>
        <translation>节点组需要一个名称。</translation>
    </message>
    <message>
        <source>There are no nodes to save.</source>
        <translation>没有可保存的节点。</translation>
    </message>
    <message>
        <source>Settings are not saved in this run.</source>
        <translation>本次运行不保存设置。</translation>
    </message>
    <message>
        <source>Save fleet</source>
        <translation>保存节点组</translation>
    </message>
    <message>
        <source>Name of this fleet:</source>
        <translation>此节点组的名称：</translation>
    </message>
    <message>
        <source>default</source>
        <translation>default</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Node %1: %2</source>
        <translation>节点 %1：%2</translation>
    </message>
    <message>
        <source>testing…</source>
        <translation>测试中…</translation>
    </message>
    <message>
        <source>How many redis-server processes to start (odd, %1 to %2).</source>
        <translation>要启动多少个 redis-server 进程（奇数，%1 到 %2）。</translation>
    </message>
    <message>
        <source>Use my own Redis masters (an odd number, %1 to %2):</source>
        <translation>使用我自己的 Redis 主节点（奇数个，%1 到 %2）：</translation>
    </message>
    <message>
        <source>The number of local nodes must be odd, %1 to %2 (is %3).</source>
        <translation>本地节点的数量必须是奇数，%1 到 %2（现在是 %3）。</translation>
    </message>
    <message>
        <source>Give an odd number of nodes, %1 to %2 (there are %3).</source>
        <translation>请给出奇数个节点，%1 到 %2（现在有 %3 个）。</translation>
    </message>
    <message>
        <source>Keep the passwords in the system keychain, locked with your login. Off: they are forgotten when the program ends.</source>
        <translation>把密码保存在系统钥匙串中（随登录锁定）。关闭：程序结束时就忘掉它们。</translation>
    </message>
    <message>
        <source>Keep the passwords: only in the file below if you choose it, as there is no system keychain here.</source>
        <translation>保存密码：这里没有系统钥匙串，只有在你选择下面的文件时才保存在那里。</translation>
    </message>
    <message>
        <source>No system keychain answers here (%1), so passwords are kept only if you choose the file below.</source>
        <translation>这里没有系统钥匙串应答（%1），所以只有在你选择下面的文件时才会保存密码。</translation>
    </message>
    <message>
        <source>Keep them in a plain file that only I can read: %1</source>
        <translation>保存在只有我能读的明文文件中：%1</translation>
    </message>
    <message>
        <source>A JSON file of mode 0600, not encrypted: anyone who can read your files (or your backups) can read these passwords.</source>
        <translation>一个权限为 0600 的 JSON 文件，未加密：任何能读取你的文件（或你的备份）的人都能读到这些密码。</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>Connect over TLS (rediss://), with the settings below.</source>
        <translation>通过 TLS 连接（rediss://），使用下方的设置。</translation>
    </message>
</context>
<context>
    <name>NumberFieldsDialog</name>
    <message>
        <source>A whole number from %1 to %2.</source>
        <translation>从 %1 到 %2 的整数。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4.</source>
        <translation>%1：“%2”不是 %3 到 %4 之间的整数。</translation>
    </message>
</context>
<context>
    <name>OutcomeGrid</name>
    <message>
        <source>cut</source>
        <translation>断开</translation>
    </message>
    <message>
        <source>no answers yet</source>
        <translation>还没有回答</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>还没有回答</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>taken: another token held the key</source>
        <translation>已被占用：另一个令牌持有该键</translation>
    </message>
    <message>
        <source>taken: token %1… held the key</source>
        <translation>已被占用：令牌 %1… 持有该键</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>timeout: %1</source>
        <translation>超时：%1</translation>
    </message>
    <message>
        <source>node down: %1</source>
        <translation>节点宕机：%1</translation>
    </message>
    <message>
        <source>cut off by a partition (%1)</source>
        <translation>被网络分区切断（%1）</translation>
    </message>
    <message>
        <source>%1&apos;s latest %2 on this node: %3</source>
        <translation>%1 在此节点上最近一次%2：%3</translation>
    </message>
    <message>
        <source>, after %1</source>
        <translation>，用时 %1</translation>
    </message>
    <message>
        <source>Each client&apos;s latest answer from this node, with its latency.</source>
        <translation>每个客户端从此节点得到的最新回答及其延迟。</translation>
    </message>
    <message>
        <source>%1&apos;s latest connection to this node: %2</source>
        <translation>%1 最近一次连接此节点：%2</translation>
    </message>
</context>
<context>
    <name>OutputFile</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>PasswordFile</name>
    <message>
        <source>cannot remove %1</source>
        <translation>无法删除 %1</translation>
    </message>
</context>
<context>
    <name>ProxyWorker</name>
    <message>
        <source>a command of over %1 MiB was held whole while commands are dropped</source>
        <translation>丢弃命令期间，一条超过 %1 MiB 的命令被完整暂存</translation>
    </message>
    <message>
        <source>the connection of %1 was closed: %2</source>
        <translation>%1 的连接已关闭：%2</translation>
    </message>
</context>
<context>
    <name>QuorumChart</name>
    <message>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>most nodes holding one client&apos;s key</source>
        <translation>持有同一客户端键的最多节点数</translation>
    </message>
    <message>
        <source>rule: one node decides</source>
        <translation>规则：一个节点决定</translation>
    </message>
    <message>
        <source>rule: a majority, %1 of %2 nodes</source>
        <translation>规则：多数，%2 个节点中的 %1 个</translation>
    </message>
    <message>
        <source>votes of a round not acquired</source>
        <translation>未获得锁的一轮的票数</translation>
    </message>
    <message>
        <source>votes of a round acquired</source>
        <translation>获得锁的一轮的票数</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>运行的这一段中没有获取请求做出决定。</translation>
    </message>
    <message>
        <source>%1 at %2: %3 of %4 nodes said yes</source>
        <translation>%1，于 %2：%4 个节点中 %3 个同意</translation>
    </message>
    <message>
        <source>split vote: each client&apos;s share of the votes</source>
        <translation>选票分裂：每个客户端得到的票数</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>选票分裂 %1</translation>
    </message>
</context>
<context>
    <name>QuorumView</name>
    <message>
        <source>%1&apos;s validity ran out while it was paused</source>
        <translation>%1 在暂停期间有效期用完了</translation>
    </message>
    <message>
        <source>%1&apos;s validity ran out, and it works on</source>
        <translation>%1 的有效期用完了，但它还在工作</translation>
    </message>
    <message>
        <source>waiting for the engine</source>
        <translation>等待引擎</translation>
    </message>
    <message>
        <source>held by %1, %2 left</source>
        <translation>由 %1 持有，剩余 %2</translation>
    </message>
    <message>
        <source>%1 believes it holds, but only %2 of %3 nodes agree</source>
        <translation>%1 相信自己持有锁，但 %3 个节点中只有 %2 个同意</translation>
    </message>
    <message>
        <source>%1 still believes it holds: validity expired %2 ago</source>
        <translation>%1 仍相信自己持有锁：有效期已于 %2 前过期</translation>
    </message>
    <message>
        <source>%1 is WORKING WITHOUT THE LOCK: validity ended %2 ago</source>
        <translation>%1 在没有锁的情况下工作：有效期已于 %2 前结束</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>held by a foreign owner</source>
        <translation>由外部所有者持有</translation>
    </message>
    <message>
        <source>not held: %1&apos;s keys still on a majority</source>
        <translation>未被持有：%1 的键仍在多数派节点上</translation>
    </message>
    <message>
        <source>not held</source>
        <translation>未被持有</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · majority is %2 of %3 nodes</source>
        <translation>“%1” · 多数派为 %3 个节点中的 %2 个</translation>
    </message>
    <message>
        <source> · %1&apos;s key on %2, no majority</source>
        <translation> · %1 的键在 %2 上，没有达到多数派</translation>
    </message>
    <message>
        <source> · it crashed: its keys stay until their TTL runs out</source>
        <translation> · 它已崩溃：它的键保留到 TTL 用完</translation>
    </message>
    <message>
        <source> · a client outside this app holds it</source>
        <translation> · 本应用之外的某个客户端持有它</translation>
    </message>
    <message>
        <source> · %1 is %2; the keys stay until their TTL runs out</source>
        <translation> · %1 %2；键保留到 TTL 用完</translation>
    </message>
    <message>
        <source> · its keys are gone from the others (restart, clock jump): another client can take the lock</source>
        <translation> · 它的键已从其他节点上消失（重启、时钟跳变）：另一个客户端可以拿到锁</translation>
    </message>
    <message>
        <source> · its keys may be gone: another client can take the lock</source>
        <translation> · 它的键可能已消失：另一个客户端可以拿到锁</translation>
    </message>
    <message numerus="yes">
        <source> · %n node(s) cannot be read</source>
        <translation>
            <numerusform> · %n 个节点无法读取</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 goes in with no lock at all</source>
        <translation>%1 完全不加锁就进入</translation>
    </message>
    <message>
        <source>held by %1, no TTL</source>
        <translation>由 %1 持有，无 TTL</translation>
    </message>
    <message>
        <source>DEADLOCK: %1 crashed holding a key without a TTL</source>
        <translation>死锁：%1 在持有一个无 TTL 的键时崩溃</translation>
    </message>
    <message>
        <source> · nobody can ever take the lock again: liveness is lost</source>
        <translation> · 再也没有人能获得这把锁：活性已丧失</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · the master alone decides; the replica is a copy, not a vote</source>
        <translation>“%1” · 由主节点单独决定；副本只是一份拷贝，不参与投票</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · no lock: clients go in without asking any node</source>
        <translation>“%1” · 没有锁：客户端不询问任何节点就进入</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · a single-node lock: one node decides</source>
        <translation>“%1” · 单节点锁：由一个节点决定</translation>
    </message>
    <message>
        <source>nobody can take the lock: its node is down</source>
        <translation>谁也拿不到锁：它的节点宕机了</translation>
    </message>
    <message>
        <source>nobody can take the lock: %1 of %2 nodes up, %3 needed</source>
        <translation>谁也拿不到锁：%2 个节点中只有 %1 个运行中，需要 %3 个</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN: %1 are both in their critical sections</source>
        <translation>互斥被破坏：%1 同时在临界区内</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN: %1 are all in their critical sections</source>
        <translation>互斥被破坏：%1 都在临界区内</translation>
    </message>
    <message>
        <source>split vote: nobody has %1 of %2</source>
        <translation>选票分裂：没人拿到 %2 个中的 %1 个</translation>
    </message>
    <message>
        <source> · the votes of %1&apos;s round went to %2 clients: each releases and retries</source>
        <translation> · %1 这一轮的选票分给了 %2 个客户端：各自释放后重试</translation>
    </message>
    <message>
        <source> · now held by %1</source>
        <translation> · 现由 %1 持有</translation>
    </message>
    <message>
        <source>votes in %1&apos;s round</source>
        <translation>%1 这一轮的选票</translation>
    </message>
    <message>
        <source>the key on each node</source>
        <translation>每个节点上的键</translation>
    </message>
    <message>
        <source>no node is asked</source>
        <translation>不询问任何节点</translation>
    </message>
    <message>
        <source>node 1 decides</source>
        <translation>由节点 1 决定</translation>
    </message>
    <message>
        <source>node %1, the master, decides</source>
        <translation>由主节点（节点 %1）决定</translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>no keys · %1 needed</source>
        <translation>没有键 · 需要 %1 个</translation>
    </message>
    <message>
        <source>%1 · %2 needed</source>
        <translation>%1 · 需要 %2 个</translation>
    </message>
    <message>
        <source>%1 needed</source>
        <translation>需要 %1 个</translation>
    </message>
    <message>
        <source>Each square is a node, numbered, in the colour of the client whose key it holds: a node&apos;s key is its vote. Redlock needs a majority of the squares; a single-node lock only node 1 (outlined), and the master alone decides with a replica. After a split vote the squares show that round&apos;s votes for a few seconds.</source>
        <translation>每个方块是一个节点（带编号），颜色是它所持有的键的客户端的颜色：节点上的键就是它的投票。Redlock 需要多数方块；单节点锁只看节点 1（带边框）；有副本时只由主节点决定。选票分裂后，方块会显示那一轮的投票几秒钟。</translation>
    </message>
    <message>
        <source>FENCED: %1&apos;s stale write refused (fence %2)</source>
        <translation>已防护：%1 的过期写入被拒绝（令牌 %2）</translation>
    </message>
    <message>
        <source>%1 had taken the lock since, with a newer token: the data is safe</source>
        <translation>%1 此前已用更新的令牌拿到锁：数据是安全的</translation>
    </message>
    <message>
        <source>%1 believes it holds, but its node has no key of it</source>
        <translation>%1 以为自己持有锁，但它的节点上没有它的键</translation>
    </message>
    <message>
        <source> · its node is down or lost the key: another client can take the lock</source>
        <translation> · 它的节点宕机或丢失了键：另一个客户端可以拿到锁</translation>
    </message>
    <message>
        <source>split vote, then %1 took the lock</source>
        <translation>选票分裂，随后 %1 拿到了锁</translation>
    </message>
    <message>
        <source>not held: %1&apos;s key still on its node</source>
        <translation>未被持有：%1 的键仍在它的节点上</translation>
    </message>
</context>
<context>
    <name>RecentMenu</name>
    <message>
        <source>&amp;Recent</source>
        <translation>最近使用(&amp;R)</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行记录</translation>
    </message>
</context>
<context>
    <name>RecordedRun</name>
    <message>
        <source>the last line was cut off (the app stopped while writing it) and was skipped</source>
        <translation>最后一行不完整（应用在写入时停止），已跳过</translation>
    </message>
    <message>
        <source>%1 unreadable line(s) skipped (%2)</source>
        <translation>跳过了 %1 行无法读取的内容（%2）</translation>
    </message>
    <message>
        <source>events were out of time order and were sorted</source>
        <translation>事件未按时间顺序排列，已重新排序</translation>
    </message>
    <message>
        <source>%1 events over %2 s</source>
        <translation>%2 秒内共 %1 个事件</translation>
    </message>
    <message>
        <source>%1 text(s) longer than %2 characters were cut</source>
        <translation>%1 段超过 %2 个字符的文本已被截断</translation>
    </message>
</context>
<context>
    <name>ReentrantLock</name>
    <message>
        <source>the lock is no longer ours</source>
        <translation>这把锁已不再属于我们</translation>
    </message>
</context>
<context>
    <name>RegularFile</name>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file</source>
        <translation>%1 是%2，不是普通文件</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 KB</source>
        <translation>%1 KB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is %2; %3 may be at most %4</source>
        <translation>%1 的大小为 %2；%3 最大为 %4</translation>
    </message>
</context>
<context>
    <name>RepeatedRun</name>
    <message>
        <source>repeat: run %1 of %2</source>
        <translation>重复：第 %1 次，共 %2 次</translation>
    </message>
    <message>
        <source>repeat: the same verdict and violation counters in all %1 runs</source>
        <translation>重复：全部 %1 次运行的判定和违规计数相同</translation>
    </message>
    <message>
        <source>repeat: the runs disagree</source>
        <translation>重复：各次运行结果不一致</translation>
    </message>
    <message>
        <source>repeat: %1 runs</source>
        <translation>重复：%1 次运行</translation>
    </message>
    <message>
        <source>repeat: the counts vary, as they must here: %1 buy without a lock, so the operating system&apos;s scheduler decides whose write reaches the storage first; the seed fixes every other choice</source>
        <translation>重复：计数各不相同，这里本该如此：%1 不加锁购买，谁的写入先到达存储由操作系统的调度器决定；种子固定了其他所有选择</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play the run from here, or pause it (Space)</source>
        <translation>从这里播放运行记录，或将其暂停（Space）</translation>
    </message>
    <message>
        <source>Scrub: the whole window shows the run at this instant</source>
        <translation>拖动浏览：整个窗口显示运行在这一时刻的状态</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>Recorded run</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
</context>
<context>
    <name>ReplayNode</name>
    <message>
        <source>recorded run</source>
        <translation>运行记录</translation>
    </message>
    <message>
        <source>a recorded run: nothing to do</source>
        <translation>运行记录：无事可做</translation>
    </message>
</context>
<context>
    <name>ReplicatedTopology</name>
    <message>
        <source>the Sentinels did not agree on the master and its replica within %1 s</source>
        <translation>哨兵未能在 %1 秒内就主节点及其副本达成一致</translation>
    </message>
    <message>
        <source>node 2 refused REPLICAOF: %1</source>
        <translation>节点 2 拒绝了 REPLICAOF：%1</translation>
    </message>
    <message>
        <source>node 2 replicates node 1 through node 1&apos;s proxy (%1)</source>
        <translation>节点 2 通过节点 1 的代理（%1）复制节点 1</translation>
    </message>
    <message>
        <source>sentinel %1: %2</source>
        <translation>哨兵 %1：%2</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>the Sentinels name node %1 master (was node %2)</source>
        <translation>哨兵将节点 %1 认定为主节点（原为节点 %2）</translation>
    </message>
    <message>
        <source>Sentinel is promoting the replica</source>
        <translation>哨兵正在提升副本</translation>
    </message>
    <message>
        <source>Sentinel refused: %1</source>
        <translation>哨兵拒绝：%1</translation>
    </message>
    <message>
        <source>no Sentinel answers</source>
        <translation>没有哨兵应答</translation>
    </message>
    <message>
        <source>sentinel %1 made node %2 replicate node %3 at its own port %4, not through node %3&apos;s proxy: node latency and partition %3 no longer reach the replication link</source>
        <translation>哨兵 %1 让节点 %2 直接从节点 %3 自己的端口 %4 复制，不再经过节点 %3 的代理：node latency 和 partition %3 不再作用于复制链路</translation>
    </message>
    <message>
        <source>no replica is good enough to promote (%1): in Sentinel&apos;s view (refreshed every 10 s) the replica is unreachable, or its link to the master has been down too long; after healing a cut link, try again in about 10 s</source>
        <translation>没有足以提升的从节点（%1）：在哨兵的视图中（每 10 s 刷新一次），从节点不可达，或者它与主节点的链路断开太久；修复被切断的链路后，约 10 s 后再试</translation>
    </message>
    <message>
        <source>a failover is already in progress (%1)</source>
        <translation>已经有一次故障转移在进行中（%1）</translation>
    </message>
    <message>
        <source>Sentinel gave no reason</source>
        <translation>哨兵没有给出原因</translation>
    </message>
    <message>
        <source>Sentinel said: %1</source>
        <translation>哨兵说：%1</translation>
    </message>
    <message>
        <source>Sentinel found no replica good enough to promote: in its view the replica is unreachable or its link to the master is down, as right after healing a cut link; try again in about 10 s</source>
        <translation>哨兵找不到足以提升的从节点：在它看来从节点不可达，或者它与主节点的链路断开了，就像刚修复被切断的链路之后那样；约 10 s 后再试</translation>
    </message>
    <message>
        <source>Sentinel is in TILT mode (its timer ran late, the machine is overloaded) and acts on nothing for 30 s</source>
        <translation>哨兵处于 TILT 模式（它的定时器迟到了，机器过载），30 s 内不采取任何行动</translation>
    </message>
    <message>
        <source>the failover Sentinel accepted did not promote the replica (%1); node %2 is still master</source>
        <translation>哨兵接受的故障转移没有提升从节点（%1）；节点 %2 仍是主节点</translation>
    </message>
    <message>
        <source>node %1 refused CONFIG SET replica-announce-port: %2</source>
        <translation>节点 %1 拒绝了 CONFIG SET replica-announce-port：%2</translation>
    </message>
    <message>
        <source>%1 Sentinels watch node 1 (quorum %2) at its proxy&apos;s replication listener %3, the address node 2 dials, so they leave the link on the proxy; their own connections there get no network fault</source>
        <translation>%1 个哨兵在节点 1 代理的复制监听地址 %3 上监视它（法定人数 %2），也就是节点 2 连接的地址，所以它们让复制链路留在代理上；哨兵自己在那里的连接不受任何网络故障影响</translation>
    </message>
    <message>
        <source>sentinel %1 made node %2 replicate node %3 through node %3&apos;s proxy (port %4): node latency and partition %3 reach the replication link</source>
        <translation>哨兵 %1 让节点 %2 经过节点 %3 的代理（端口 %4）复制节点 %3：node latency 和 partition %3 作用于复制链路</translation>
    </message>
    <message>
        <source>sentinel %1: %2 - Sentinel&apos;s own second thought: it briefly saw the new master down, then found no replica to promote in its place; the failover that happened stands, nothing of the run failed</source>
        <translation>哨兵 %1：%2 - 这是哨兵自己的再次斟酌：它短暂地认为新主节点下线，随后发现没有可提升的副本；已完成的故障转移依然有效，本次运行没有任何失败</translation>
    </message>
</context>
<context>
    <name>RunChart</name>
    <message>
        <source>run time</source>
        <translation>运行时间</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1，于 %2：%3</translation>
    </message>
</context>
<context>
    <name>RunChartView</name>
    <message>
        <source>Drag: zoom into a stretch · right click: zoom out · Home: the whole run · F: follow · click a legend entry to hide or show it</source>
        <translation>拖动：放大一段 · 右键：缩小 · Home：整个运行 · F：跟随 · 点击图例项：隐藏或显示该系列</translation>
    </message>
</context>
<context>
    <name>RunExporter</name>
    <message>
        <source>cannot export to %1: the file name must end in .%2</source>
        <translation>无法导出到 %1：文件名必须以 .%2 结尾</translation>
    </message>
</context>
<context>
    <name>RunFolder</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
</context>
<context>
    <name>RunHeader</name>
    <message>
        <source>not a Redlock Scope run: the first line is not a run header</source>
        <translation>不是 Redlock Scope 运行记录：第一行不是运行记录头</translation>
    </message>
    <message>
        <source>a run file of format version %1; this app reads version %2</source>
        <translation>运行记录文件的格式版本为 %1；本应用读取的是版本 %2</translation>
    </message>
    <message>
        <source>the header&apos;s client settings were not understood (%1); the defaults are assumed</source>
        <translation>无法理解记录头中的客户端设置（%1）；按默认值处理</translation>
    </message>
    <message>
        <source>the run header names %1 nodes</source>
        <translation>运行记录头中列出了 %1 个节点</translation>
    </message>
    <message>
        <source>the run header&apos;s version is %1, not a number (this app reads version %2)</source>
        <translation>运行文件头的版本是 %1，不是数字（本应用读取版本 %2）</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
</context>
<context>
    <name>RunReader</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is empty: no run was recorded in it</source>
        <translation>%1 是空的：其中没有录制任何运行</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>RunSelfCheck</name>
    <message>
        <source>the run file cannot be read: %1</source>
        <translation>无法读取运行文件：%1</translation>
    </message>
    <message>
        <source>%1: %2 live, %3 judged again from the run file</source>
        <translation>%1：实时 %2，根据运行文件重新判定为 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n violation(s) in the run file never ended</source>
        <translation>
            <numerusform>运行文件中有 %n 个违规从未结束</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 counted, %3 in the run&apos;s violation and judgement events</source>
        <translation>%1：计数为 %2，运行记录的违规和判定事件中为 %3</translation>
    </message>
</context>
<context>
    <name>RunWriter</name>
    <message>
        <source>cannot record the run to %1: %2</source>
        <translation>无法将运行录制到 %1：%2</translation>
    </message>
    <message>
        <source>cannot record the run: %1</source>
        <translation>无法录制运行：%1</translation>
    </message>
    <message>
        <source>the run is no longer recorded to %1: %2 (the file keeps the events written before, each line whole)</source>
        <translation>运行不再录制到 %1：%2（文件保留之前写入的事件，每一行都完整）</translation>
    </message>
</context>
<context>
    <name>SafeText</name>
    <message>
        <source>… (%1 characters)</source>
        <translation>…（共 %1 个字符）</translation>
    </message>
</context>
<context>
    <name>ScenarioBar</name>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>%1 · paused</source>
        <translation>%1 · 已暂停</translation>
    </message>
    <message>
        <source>%1 · playing</source>
        <translation>%1 · 播放中</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Pause the scenario after its current step, or play on</source>
        <translation>在当前步骤之后暂停场景，或继续播放</translation>
    </message>
    <message>
        <source>Next caption</source>
        <translation>下一条字幕</translation>
    </message>
    <message>
        <source>Play until the next narration, then pause</source>
        <translation>播放到下一段旁白，然后暂停</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重新开始</translation>
    </message>
    <message>
        <source>Play the scenario again from the start, on fresh nodes</source>
        <translation>在全新的节点上从头再播放一遍场景</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the scenario here; the clients go on</source>
        <translation>在此停止场景；客户端继续运行</translation>
    </message>
</context>
<context>
    <name>ScenarioConsent</name>
    <message>
        <source>starts a program</source>
        <translation>启动一个程序</translation>
    </message>
    <message>
        <source>sends SHUTDOWN NOSAVE to node %1, one of your servers</source>
        <translation>向节点 %1（你自己的服务器）发送 SHUTDOWN NOSAVE</translation>
    </message>
    <message>
        <source>sends SHUTDOWN SAVE to node %1, one of your servers</source>
        <translation>向节点 %1（你自己的服务器）发送 SHUTDOWN SAVE</translation>
    </message>
    <message>
        <source>changes the configuration of node %1 (CONFIG SET), one of your servers</source>
        <translation>更改节点 %1（你自己的服务器）的配置（CONFIG SET）</translation>
    </message>
    <message>
        <source>a program the app would start</source>
        <translation>本应用将启动的程序</translation>
    </message>
    <message>
        <source>not run: this would start programs or change servers the app did not start, and nobody agreed to it (%1 does):
  %2</source>
        <translation>未运行：这会启动程序或更改不是本应用启动的服务器，而没有人同意（%1 表示同意）：
  %2</translation>
    </message>
</context>
<context>
    <name>ScenarioParser</name>
    <message>
        <source>no built-in scenario &apos;%1&apos; (--list-scenarios lists them)</source>
        <translation>没有内置场景“%1”（--list-scenarios 列出全部）</translation>
    </message>
    <message>
        <source>a scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>%1: not UTF-8 text</source>
        <translation>%1：不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>a snapshot&apos;s title goes in double quotes (snapshot &quot;Two holders&quot;), not &apos;%1&apos;</source>
        <translation>快照的标题要放在双引号里（snapshot &quot;Two holders&quot;），而不是“%1”</translation>
    </message>
    <message>
        <source>a snapshot&apos;s title is empty: leave the quotes out for none</source>
        <translation>快照的标题是空的：不要标题就别写引号</translation>
    </message>
    <message>
        <source>it adds none by name</source>
        <translation>它没有按名字添加任何客户端</translation>
    </message>
    <message>
        <source>it adds %1</source>
        <translation>它添加了 %1</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos; in this scenario (%2): the expectation would count nothing</source>
        <translation>此场景中没有名为“%1”的客户端（%2）：这个预期什么也数不到</translation>
    </message>
    <message>
        <source>line %1 starts its program after this wait: exited(%1) would wait for nothing</source>
        <translation>第 %1 行在此等待之后才启动程序：exited(%1) 等不到任何东西</translation>
    </message>
    <message>
        <source>line %1 starts no program: exited(LINE) waits for the program an exec line started</source>
        <translation>第 %1 行不启动程序：exited(LINE) 等待 exec 行启动的程序</translation>
    </message>
</context>
<context>
    <name>ScenarioProcesses</name>
    <message>
        <source>started (pid %1)</source>
        <translation>已启动（pid %1）</translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation>无法启动：%1</translation>
    </message>
    <message>
        <source>exec: the program ended (exit code %1)</source>
        <translation>exec：程序已结束（退出码 %1）</translation>
    </message>
    <message>
        <source>exec: %1</source>
        <translation>exec：%1</translation>
    </message>
    <message>
        <source>exec: the program was ended by a signal</source>
        <translation>exec：程序被信号终止</translation>
    </message>
</context>
<context>
    <name>ScenarioRunner</name>
    <message>
        <source>seed %1</source>
        <translation>种子 %1</translation>
    </message>
    <message>
        <source>slept %1 ms</source>
        <translation>已等待 %1 毫秒</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos;</source>
        <translation>没有名为“%1”的客户端</translation>
    </message>
    <message>
        <source>%1 to be %2</source>
        <translation>%1 变为 %2</translation>
    </message>
    <message>
        <source>%1: already so</source>
        <translation>%1：已经如此</translation>
    </message>
    <message>
        <source>waited %1 ms for %2: it did not happen</source>
        <translation>为 %2 等待了 %1 毫秒：它没有发生</translation>
    </message>
    <message>
        <source>checked at the end</source>
        <translation>在结束时检查</translation>
    </message>
    <message>
        <source>line %1: %2: %3</source>
        <translation>第 %1 行：%2：%3</translation>
    </message>
    <message>
        <source>an expectation did not hold</source>
        <translation>某个预期没有成立</translation>
    </message>
    <message>
        <source>%1 %2, and no expectation allowed it</source>
        <translation>%1 %2，且没有任何预期允许它</translation>
    </message>
    <message>
        <source>%1: it came since the last wait</source>
        <translation>%1：自上次等待结束后已发生</translation>
    </message>
    <message>
        <source>%1 at line %2: %3; %4 of %5 lines begun</source>
        <translation>%1，位于第 %2 行：%3；共 %5 行，已开始 %4 行</translation>
    </message>
    <message>
        <source>%1; %2 of %3 lines begun</source>
        <translation>%1；共 %3 行，已开始 %2 行</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>snapshot: %1</source>
        <translation>快照：%1</translation>
    </message>
    <message>
        <source>no program was started on line %1</source>
        <translation>第 %1 行没有启动程序</translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>node kill</source>
        <translation>杀死节点</translation>
    </message>
    <message>
        <source>node restart</source>
        <translation>重启节点</translation>
    </message>
    <message>
        <source>node pause</source>
        <translation>暂停节点</translation>
    </message>
    <message>
        <source>partition</source>
        <translation>分区</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>dropped requests</source>
        <translation>丢弃请求</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>时钟跳变</translation>
    </message>
    <message>
        <source>client pause</source>
        <translation>客户端暂停</translation>
    </message>
    <message>
        <source>client crash</source>
        <translation>客户端崩溃</translation>
    </message>
    <message>
        <source>Search for a counterexample</source>
        <translation>搜索反例</translation>
    </message>
    <message>
        <source>(your own)</source>
        <translation>（自定义）</translation>
    </message>
    <message>
        <source>key=value …, as in `defaults` (the rest is drawn)</source>
        <translation>key=value …，与 `defaults` 相同（其余随机抽取）</translation>
    </message>
    <message>
        <source>none: a restarted node forgets its keys</source>
        <translation>无：重启的节点会忘记它的键</translation>
    </message>
    <message>
        <source>AOF everysec</source>
        <translation>AOF everysec</translation>
    </message>
    <message>
        <source>AOF always</source>
        <translation>AOF always</translation>
    </message>
    <message>
        <source>a minority</source>
        <translation>少数</translation>
    </message>
    <message>
        <source> s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>Empty: the checker&apos;s safety verdict. Or lines run after each schedule, which must hold: expect lines, or a wait until that must come true.</source>
        <translation>留空：使用检查器的安全判定。或者填写在每个调度之后运行、必须成立的行：expect 行，或必须发生的 wait until。</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Lock:</source>
        <translation>锁：</translation>
    </message>
    <message>
        <source>Pinned settings:</source>
        <translation>固定的设置：</translation>
    </message>
    <message>
        <source>Faults:</source>
        <translation>故障：</translation>
    </message>
    <message>
        <source>Persistence:</source>
        <translation>持久化：</translation>
    </message>
    <message>
        <source>Clients:</source>
        <translation>客户端：</translation>
    </message>
    <message>
        <source>Nodes faulty at once, at most:</source>
        <translation>同时故障的节点数上限：</translation>
    </message>
    <message>
        <source>Property:</source>
        <translation>性质：</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>Trials at once:</source>
        <translation>同时进行的试验：</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Play in the window</source>
        <translation>在窗口中播放</translation>
    </message>
    <message>
        <source>Counterexamples found (double-click: play):</source>
        <translation>找到的反例（双击播放）：</translation>
    </message>
    <message>
        <source>the property</source>
        <translation>性质</translation>
    </message>
    <message>
        <source>The lock is chosen above, not among the pinned settings.</source>
        <translation>锁在上方选择，而不是在固定的设置中。</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>搜索中</translation>
    </message>
    <message>
        <source>Replaying a schedule that failed</source>
        <translation>正在重放失败的调度</translation>
    </message>
    <message numerus="yes">
        <source>Shrinking it: %n step(s) so far</source>
        <translation>
            <numerusform>缩小中：目前 %n 步</numerusform>
        </translation>
    </message>
    <message>
        <source>Telling its story</source>
        <translation>正在讲述经过</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n trial(s), %2/s · %3 left · %4 found</source>
        <translation>
            <numerusform>%1 · %n 次试验，%2 次/秒 · 剩余 %3 · 找到 %4 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · found after %2 s · %3</source>
        <translation>%1 · %2 秒后找到 · %3</translation>
    </message>
    <message numerus="yes">
        <source>Nothing found: %n schedule(s) run; continue with seed %1</source>
        <translation>
            <numerusform>未找到：运行了 %n 个调度；可从种子 %1 继续</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n counterexample(s) found in %1 schedules</source>
        <translation>
            <numerusform>完成：在 %1 个调度中找到 %n 个反例</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchOptions</name>
    <message>
        <source>unknown fault &apos;%1&apos; (known: %2)</source>
        <translation>未知的故障“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>--clients: a schedule runs 1 to 20 clients, not %1</source>
        <translation>--clients：一个调度运行 1 到 20 个客户端，而不是 %1</translation>
    </message>
    <message>
        <source>--jobs: 1 to 16 trials at once, not %1</source>
        <translation>--jobs：同时 1 到 16 次试验，而不是 %1</translation>
    </message>
    <message>
        <source>--max-faulty: at most the %1 nodes there are, not %2</source>
        <translation>--max-faulty：最多为现有的 %1 个节点，而不是 %2</translation>
    </message>
    <message>
        <source>a schedule must fail in 1 to %1 of its replays, not %2</source>
        <translation>调度必须在 1 到 %1 次重放中失败，而不是 %2</translation>
    </message>
    <message>
        <source>--set: %1</source>
        <translation>--set：%1</translation>
    </message>
</context>
<context>
    <name>SearchPreset</name>
    <message>
        <source>no lock, no fault: two buyers</source>
        <translation>无锁，无故障：两个买家</translation>
    </message>
    <message>
        <source>SETNX without a TTL, clients crash: a deadlock</source>
        <translation>无 TTL 的 SETNX，客户端崩溃：死锁</translation>
    </message>
    <message>
        <source>SETNX then EXPIRE, clients crash: a deadlock again</source>
        <translation>先 SETNX 再 EXPIRE，客户端崩溃：又是死锁</translation>
    </message>
    <message>
        <source>SET NX PX and a plain DEL, careless clients whose work outlives the TTL</source>
        <translation>SET NX PX 加普通 DEL，粗心客户端的工作超过 TTL</translation>
    </message>
    <message>
        <source>a token, GET then DEL; clients pause</source>
        <translation>令牌，先 GET 再 DEL；客户端暂停</translation>
    </message>
    <message>
        <source>a token and the Lua release on one node; the node is killed</source>
        <translation>令牌加单节点上的 Lua 释放；节点被杀死</translation>
    </message>
    <message>
        <source>Redisson&apos;s watchdog; the holder pauses</source>
        <translation>Redisson 的看门狗；持有者暂停</translation>
    </message>
    <message>
        <source>one master, its replica and Sentinel; the nodes are killed</source>
        <translation>一个主节点、它的副本和 Sentinel；节点被杀死</translation>
    </message>
    <message>
        <source>Redlock with careless clients; the clients pause</source>
        <translation>使用粗心客户端的 Redlock；客户端暂停</translation>
    </message>
    <message>
        <source>Redlock; node clocks jump forward</source>
        <translation>Redlock；节点时钟向前跳变</translation>
    </message>
    <message>
        <source>Redlock; nodes restart without persistence</source>
        <translation>Redlock；节点无持久化重启</translation>
    </message>
    <message>
        <source>Redlock with careful clients, fencing and AOF always; every node fault but clock jumps</source>
        <translation>使用谨慎客户端、栅栏令牌和 AOF always 的 Redlock；除时钟跳变外的所有节点故障</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <source>no keychain to ask</source>
        <translation>没有可询问的钥匙串</translation>
    </message>
    <message>
        <source>no keychain answers (%1), and no file was chosen</source>
        <translation>没有钥匙串应答（%1），也没有选择文件</translation>
    </message>
</context>
<context>
    <name>SentinelGate</name>
    <message>
        <source>sentinel %1: cannot listen on %2:%3: %4</source>
        <translation>哨兵 %1：无法在 %2:%3 上监听：%4</translation>
    </message>
    <message>
        <source>not an address</source>
        <translation>不是有效地址</translation>
    </message>
</context>
<context>
    <name>SentinelPanel</name>
    <message>
        <source>Redis Sentinel: three watchers that agree (quorum 2) when the master is down and promote its replica. Clients of the failover strategy ask them where the master is before every try.</source>
        <translation>Redis Sentinel（哨兵）：三个监视者，在主节点宕机时达成一致（法定人数 2）并提升它的副本。failover 策略的客户端在每次尝试之前都会先问它们主节点在哪里。</translation>
    </message>
    <message>
        <source>Sentinels starting…</source>
        <translation>哨兵正在启动…</translation>
    </message>
    <message>
        <source>Sentinel not reaching quorum: %1 of %2 agree, %3 needed</source>
        <translation>哨兵未达法定人数：%2 个中有 %1 个同意，需要 %3 个</translation>
    </message>
    <message>
        <source>Sentinels: node %1 is master  ·  %2 of %3 agree (quorum %4)</source>
        <translation>哨兵：节点 %1 是主节点  ·  %3 个中有 %2 个同意（法定人数 %4）</translation>
    </message>
    <message>
        <source>  ·  FAILOVER IN PROGRESS</source>
        <translation>  ·  故障转移进行中</translation>
    </message>
    <message>
        <source>  ·  master seen DOWN</source>
        <translation>  ·  主节点被视为宕机</translation>
    </message>
    <message>
        <source>S%1: no answer (%2)</source>
        <translation>S%1：无应答（%2）</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source>, objectively down</source>
        <translation>，客观下线</translation>
    </message>
    <message>
        <source>, subjectively down</source>
        <translation>，主观下线</translation>
    </message>
    <message>
        <source>S%1 says %2%3</source>
        <translation>S%1 认为主节点是 %2%3</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Client defaults</source>
        <translation>客户端默认值</translation>
    </message>
    <message>
        <source>Settings for clients added from now on.</source>
        <translation>之后添加的客户端所用的设置。</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
</context>
<context>
    <name>Shrinker</name>
    <message>
        <source>cut after the failure at %1 s</source>
        <translation>在 %1 秒的失败之后截断</translation>
    </message>
    <message>
        <source>without any fault</source>
        <translation>去掉所有故障</translation>
    </message>
    <message>
        <source>without the first half of the faults</source>
        <translation>去掉前一半故障</translation>
    </message>
    <message>
        <source>without the second half of the faults</source>
        <translation>去掉后一半故障</translation>
    </message>
    <message>
        <source>without &apos;%1&apos;</source>
        <translation>去掉“%1”</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>去掉 %1</translation>
    </message>
    <message>
        <source>ending at the last step</source>
        <translation>在最后一步结束</translation>
    </message>
    <message>
        <source>every step at the start</source>
        <translation>所有步骤都在开头</translation>
    </message>
    <message>
        <source>ending %1 s sooner</source>
        <translation>提前 %1 秒结束</translation>
    </message>
    <message>
        <source>&apos;%1&apos; at %2 s</source>
        <translation>“%1”在 %2 秒</translation>
    </message>
    <message>
        <source>every fault as short as can be</source>
        <translation>所有故障都尽可能短</translation>
    </message>
    <message>
        <source>&apos;%1&apos; as short as can be</source>
        <translation>“%1”尽可能短</translation>
    </message>
    <message>
        <source>every fault half as long</source>
        <translation>所有故障缩短一半</translation>
    </message>
    <message>
        <source>&apos;%1&apos; half as long</source>
        <translation>“%1”缩短一半</translation>
    </message>
    <message>
        <source>&apos;%1&apos; a quarter shorter</source>
        <translation>“%1”缩短四分之一</translation>
    </message>
    <message>
        <source>&apos;%1&apos; halved</source>
        <translation>“%1”减半</translation>
    </message>
    <message>
        <source>without the clients&apos; own settings</source>
        <translation>去掉各客户端自己的设置</translation>
    </message>
    <message>
        <source>without %1&apos;s own settings</source>
        <translation>去掉 %1 自己的设置</translation>
    </message>
    <message>
        <source>every number rounded to one digit</source>
        <translation>所有数字取一位有效数字</translation>
    </message>
    <message>
        <source>every number rounded to two digits</source>
        <translation>所有数字取两位有效数字</translation>
    </message>
    <message>
        <source>the settings rounded</source>
        <translation>设置取整</translation>
    </message>
    <message>
        <source>&apos;%1&apos; rounded</source>
        <translation>“%1”取整</translation>
    </message>
</context>
<context>
    <name>SingleNodeLock</name>
    <message>
        <source>node %1 holds the key for someone else</source>
        <translation>节点 %1 上的键属于其他人</translation>
    </message>
    <message>
        <source>node %1: %2 %3</source>
        <translation>节点 %1：%2 %3</translation>
    </message>
    <message>
        <source>this lock cannot be extended</source>
        <translation>这把锁无法续期</translation>
    </message>
</context>
<context>
    <name>SlidesCommand</name>
    <message>
        <source>slide %1 at %2 s (line %3): %4</source>
        <translation>第 %1 张幻灯片，%2 秒（第 %3 行）：%4</translation>
    </message>
    <message>
        <source>%1 line %2: FAILED %3</source>
        <translation>%1 第 %2 行：失败 %3</translation>
    </message>
    <message>
        <source>no slides written: the scenario did not play to its end</source>
        <translation>未写入幻灯片：场景没有播放到结尾</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n slide(s) written in %2 s (the scenario played %3 s)</source>
        <translation>
            <numerusform>%1：已写入 %n 张幻灯片，用时 %2 秒（场景播放了 %3 秒）</numerusform>
        </translation>
    </message>
    <message>
        <source>the slides show a scenario that did not go as expected</source>
        <translation>这些幻灯片展示的场景没有按预期进行</translation>
    </message>
    <message numerus="yes">
        <source>interrupted by %1: no slides written (%n taken)</source>
        <translation>
            <numerusform>被 %1 中断：未写入幻灯片（已拍 %n 张）</numerusform>
        </translation>
    </message>
    <message>
        <source>Played by Redlock Scope on a Redis master, its replica and three Sentinels</source>
        <translation>由 Redlock Scope 在一个 Redis 主节点、它的副本和三个哨兵上演示</translation>
    </message>
    <message>
        <source>Played by Redlock Scope on %1 Redis nodes</source>
        <translation>由 Redlock Scope 在 %1 个 Redis 节点上演示</translation>
    </message>
    <message>
        <source>The story went as the scenario expects.</source>
        <translation>故事按场景的预期发展。</translation>
    </message>
    <message>
        <source>The story did not go as the scenario expects: %1</source>
        <translation>故事没有按场景的预期发展：%1</translation>
    </message>
    <message>
        <source>DATA DAMAGED</source>
        <translation>数据受损</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN</source>
        <translation>互斥被破坏</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN, but fencing kept the data safe</source>
        <translation>互斥被破坏，但栅栏令牌保住了数据</translation>
    </message>
    <message>
        <source>SAFE: one holder at a time, the data whole</source>
        <translation>安全：每次只有一个持有者，数据完好</translation>
    </message>
    <message>
        <source>%1 was not run: it needs --allow-exec or --allow-destructive</source>
        <translation>%1 未运行：它需要 --allow-exec 或 --allow-destructive</translation>
    </message>
</context>
<context>
    <name>StockChart</name>
    <message>
        <source>oversold: 1 item</source>
        <translation>超卖：1 件</translation>
    </message>
    <message>
        <source>oversold: %1 items</source>
        <translation>超卖：%1 件</translation>
    </message>
    <message>
        <source>lost update: 1 sale erased</source>
        <translation>丢失更新：抹掉了 1 笔销售</translation>
    </message>
    <message>
        <source>lost update: %1 sales erased</source>
        <translation>丢失更新：抹掉了 %1 笔销售</translation>
    </message>
    <message>
        <source>items</source>
        <translation>件</translation>
    </message>
    <message>
        <source>stock put on the storage (stock N)</source>
        <translation>放入存储的库存（stock N）</translation>
    </message>
    <message>
        <source>items sold since then</source>
        <translation>此后卖出的件数</translation>
    </message>
    <message>
        <source>stock there should be: stock N minus the sales</source>
        <translation>应有的库存：stock N 减去销量</translation>
    </message>
    <message>
        <source>stock on the storage</source>
        <translation>存储上的库存</translation>
    </message>
    <message>
        <source>lost update: a write erased sales</source>
        <translation>丢失更新：一次写入抹掉了销售</translation>
    </message>
    <message>
        <source>oversold: sold what was not there</source>
        <translation>超卖：卖出了不存在的商品</translation>
    </message>
    <message>
        <source>No stock in this run: `stock N` puts N items on the storage and the clients start buying.</source>
        <translation>本次运行没有库存：`stock N` 在存储上放入 N 件商品，客户端开始购买。</translation>
    </message>
    <message>
        <source>%1 at %2: %3 items</source>
        <translation>%1，于 %2：%3 件</translation>
    </message>
    <message>
        <source>reset overwritten: the stock %1 set was written over</source>
        <translation>重置被覆盖：设置的库存 %1 被写覆盖</translation>
    </message>
</context>
<context>
    <name>StockPurchase</name>
    <message>
        <source>the stock changed since it was watched: EXEC refused, read again</source>
        <translation>库存在 WATCH 之后已被修改：EXEC 被拒绝，重新读取</translation>
    </message>
    <message>
        <source>the storage holds fence %1</source>
        <translation>存储持有栅栏 %1</translation>
    </message>
</context>
<context>
    <name>Storage</name>
    <message>
        <source>the storage node: %1</source>
        <translation>存储节点：%1</translation>
    </message>
    <message>
        <source>the storage node %1: %2</source>
        <translation>存储节点 %1：%2</translation>
    </message>
    <message>
        <source>the storage node cannot be reached: %1</source>
        <translation>无法访问存储节点：%1</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <source>the storage refused the stock: %1</source>
        <translation>存储拒绝了库存：%1</translation>
    </message>
    <message numerus="yes">
        <source>stock: %n item(s) on the storage</source>
        <translation>
            <numerusform>库存：存储上有 %n 件商品</numerusform>
        </translation>
    </message>
    <message>
        <source>no stock yet: `stock N` puts N items on the storage (%1)</source>
        <translation>还没有库存：`stock N` 在存储上放 N 件商品（%1）</translation>
    </message>
    <message>
        <source>stock: %1 left of %2 on the storage %3</source>
        <translation>库存：存储 %3 上剩余 %1 / %2</translation>
    </message>
</context>
<context>
    <name>StorageCard</name>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>The storage node: its own Redis, never one of the lock nodes. It holds the stock the clients buy from under the lock.</source>
        <translation>存储节点：它自己的 Redis，绝不是锁节点之一。它保存着客户端在锁保护下购买的库存。</translation>
    </message>
    <message>
        <source>Items left, as the storage itself holds them (GET stock).</source>
        <translation>剩余商品数，以存储自身保存的为准（GET stock）。</translation>
    </message>
    <message>
        <source>Oversold: more sold than there was. Lost updates: sales the stock does not show, sold − (initial − left), counted exactly from what the storage held before each write.</source>
        <translation>超卖：卖出的比原有的多。丢失更新：库存没有反映出来的销售，即 售出 − （初始 − 剩余），根据每次写入前存储中的值精确计算。</translation>
    </message>
    <message>
        <source>Stale writes: accepted from a client whose lock another client had taken since; rejected by the fencing check.</source>
        <translation>过期写入：被接受的——来自锁已被另一个客户端拿走的客户端；被拒绝的——由栅栏令牌检查拒绝。</translation>
    </message>
    <message>
        <source>%1  ·  local</source>
        <translation>%1  ·  本地</translation>
    </message>
    <message>
        <source>no stock yet: `stock 100` puts 100 items here</source>
        <translation>还没有库存：`stock 100` 在这里放 100 件商品</translation>
    </message>
    <message>
        <source>the stock key is gone from the storage</source>
        <translation>库存键已从存储中消失</translation>
    </message>
    <message>
        <source>left of %1</source>
        <translation>剩余（共⁠%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n sold</source>
        <translation>
            <numerusform>售出 %n</numerusform>
        </translation>
    </message>
    <message>
        <source>stale writes: %1 accepted · %2 rejected</source>
        <translation>过期写入：接受&#xa0;%1 · 拒⁠绝&#xa0;%2</translation>
    </message>
    <message>
        <source>OVERSOLD %1</source>
        <translation>超卖 %1</translation>
    </message>
    <message>
        <source>LOST UPDATES %1</source>
        <translation>丢失更新 %1</translation>
    </message>
    <message>
        <source>no oversell · no lost update</source>
        <translation>无超卖 · 无丢失更新</translation>
    </message>
    <message>
        <source>fence: newest accepted %1</source>
        <translation>栅栏：最新接受 %1</translation>
    </message>
    <message>
        <source>
valid writes refused: %1</source>
        <translation>
有效写入被拒：%1</translation>
    </message>
    <message>
        <source>RESETS OVERWRITTEN %1</source>
        <translation>重置被覆盖 %1</translation>
    </message>
    <message>
        <source>The newest fencing token the storage accepted. A token lists, for each node that granted the lock, node:number, the number that node&apos;s INCR gave with the lock (2:8 = node 2 gave 8); numbers grow on each node in the order the lock was taken there. A write is accepted only if its token is newer on every node both tokens share: two majorities always share a node, so a client that lost its lock to a newer holder is refused.</source>
        <translation>存储接受的最新 fencing 令牌。令牌为每个授予锁的节点列出“节点:编号”，即该节点在加锁时 INCR 给出的编号（2:8 = 节点 2 给出 8）；每个节点上的编号按加锁顺序递增。只有当写入的令牌在两个令牌共有的每个节点上都更新时，写入才被接受：两个多数总有共同节点，所以锁已被更新的持有者拿走的客户端会被拒绝。</translation>
    </message>
    <message>
        <source>The last write the fencing check refused: its writer had been superseded by a newer holder, so its token was older.</source>
        <translation>被 fencing 检查拒绝的最后一次写入：写入者已被更新的持有者取代，所以它的令牌更旧。</translation>
    </message>
    <message>
        <source>✗ REJECTED %1&apos;s stale write · fence %2</source>
        <translation>✗ 已拒绝 %1 的过期写入 · 令牌 %2</translation>
    </message>
    <message>
        <source>%1 wrote stock %2 with fence %3, but %4 had taken the lock since: its token is newer on a node both share, so the storage refused the write.</source>
        <translation>%1 用令牌 %3 写入库存 %2，但 %4 此后已拿到锁：它的令牌在两者共有的节点上更新，所以存储拒绝了这次写入。</translation>
    </message>
    <message>
        <source>newer on every node both tokens share</source>
        <translation>须在两个令牌共有的每个节点上都更新</translation>
    </message>
    <message>
        <source>no stock yet</source>
        <translation>还没有库存</translation>
    </message>
</context>
<context>
    <name>StoryWriter</name>
    <message>
        <source>%1 buy from a stock of %2 with no lock at all; each purchase takes %3 s.</source>
        <translation>%1 完全不加锁地从 %2 件库存中购买；每次购买耗时 %3 秒。</translation>
    </message>
    <message>
        <source>%1 buys from a stock of %2 under the setnx lock, whose key has no TTL: work %3 s.</source>
        <translation>%1 在 setnx 锁的保护下从 %2 件库存中购买，锁键没有 TTL：工作 %3 秒。</translation>
    </message>
    <message>
        <source>%1 buy from a stock of %2 under the setnx lock, whose key has no TTL: work %3 s.</source>
        <translation>%1 在 setnx 锁的保护下从 %2 件库存中购买，锁键没有 TTL：工作 %3 秒。</translation>
    </message>
    <message>
        <source>%1 buys from a stock of %2 under the %3 lock: TTL %4 s, work %5 s.</source>
        <translation>%1 在 %3 锁的保护下从 %2 件库存中购买：TTL %4 秒，工作 %5 秒。</translation>
    </message>
    <message>
        <source>%1 buy from a stock of %2 under the %3 lock: TTL %4 s, work %5 s.</source>
        <translation>%1 在 %3 锁的保护下从 %2 件库存中购买：TTL %4 秒，工作 %5 秒。</translation>
    </message>
    <message>
        <source>The clients are careless: they write even when their lock has expired.</source>
        <translation>这些客户端很粗心：即使锁已过期也照样写入。</translation>
    </message>
    <message>
        <source>Fencing is on: the storage refuses a token older than the last it saw.</source>
        <translation>栅栏令牌已开启：存储拒绝比它见过的最新令牌更旧的令牌。</translation>
    </message>
    <message>
        <source>The nodes keep no AOF: a node that restarts has forgotten its keys.</source>
        <translation>节点不写 AOF：重启的节点会忘记它的键。</translation>
    </message>
    <message>
        <source>The nodes write an AOF (appendfsync %1).</source>
        <translation>节点写 AOF（appendfsync %1）。</translation>
    </message>
    <message>
        <source>%1 will freeze for %2 s right before its next write.</source>
        <translation>%1 将在下一次写入之前冻结 %2 秒。</translation>
    </message>
    <message>
        <source>%1 will freeze for %2 s between its GET and its DEL.</source>
        <translation>%1 将在它的 GET 和 DEL 之间冻结 %2 秒。</translation>
    </message>
    <message>
        <source>%1 will freeze for %2 s between its SETNX and its EXPIRE.</source>
        <translation>%1 将在它的 SETNX 和 EXPIRE 之间冻结 %2 秒。</translation>
    </message>
    <message>
        <source>%1 is paused for %2 s while it holds the lock.</source>
        <translation>%1 在持有锁时暂停 %2 秒。</translation>
    </message>
    <message>
        <source>%1 is paused for %2 s while it asks for the lock.</source>
        <translation>%1 在请求锁时暂停 %2 秒。</translation>
    </message>
    <message>
        <source>%1 is paused for %2 s between two purchases.</source>
        <translation>%1 在两次购买之间暂停 %2 秒。</translation>
    </message>
    <message>
        <source>%1 will crash between its SETNX and its EXPIRE.</source>
        <translation>%1 将在它的 SETNX 和 EXPIRE 之间崩溃。</translation>
    </message>
    <message>
        <source>%1 will crash between its GET and its DEL.</source>
        <translation>%1 将在它的 GET 和 DEL 之间崩溃。</translation>
    </message>
    <message>
        <source>%1 will crash right before its next write.</source>
        <translation>%1 将在下一次写入之前崩溃。</translation>
    </message>
    <message>
        <source>%1 crashes while it holds the lock: nothing releases it.</source>
        <translation>%1 在持有锁时崩溃：没有任何东西会释放它。</translation>
    </message>
    <message>
        <source>%1 crashes.</source>
        <translation>%1 崩溃。</translation>
    </message>
    <message>
        <source>It comes back %1 s later, remembering nothing.</source>
        <translation>%1 秒后它回来了，但什么都不记得。</translation>
    </message>
    <message>
        <source>Node %1 is killed and comes back %2 s later, empty.</source>
        <translation>节点 %1 被杀死，%2 秒后回来时是空的。</translation>
    </message>
    <message>
        <source>Node %1 is killed and comes back %2 s later with its AOF.</source>
        <translation>节点 %1 被杀死，%2 秒后带着它的 AOF 回来。</translation>
    </message>
    <message>
        <source>Node %1 restarts without persistence: the keys it held are gone.</source>
        <translation>节点 %1 无持久化重启：它持有的键都没了。</translation>
    </message>
    <message>
        <source>Node %1 restarts and reloads its AOF.</source>
        <translation>节点 %1 重启并重新加载它的 AOF。</translation>
    </message>
    <message>
        <source>Node %1 freezes for %2 s.</source>
        <translation>节点 %1 冻结 %2 秒。</translation>
    </message>
    <message>
        <source>Node %1 is cut off from every client for %2 s.</source>
        <translation>节点 %1 与所有客户端断开 %2 秒。</translation>
    </message>
    <message>
        <source>Node %1 is cut off from %2 for %3 s.</source>
        <translation>节点 %1 与 %2 断开 %3 秒。</translation>
    </message>
    <message>
        <source>Node %1 answers %2 ms late for %3 s.</source>
        <translation>节点 %1 在 %3 秒内晚 %2 毫秒应答。</translation>
    </message>
    <message>
        <source>Node %1 drops %2 % of the requests for %3 s.</source>
        <translation>节点 %1 在 %3 秒内丢弃 %2 % 的请求。</translation>
    </message>
    <message>
        <source>Node %1&apos;s clock jumps %2 s forward: its keys expire early.</source>
        <translation>节点 %1 的时钟向前跳了 %2 秒：它的键提前过期。</translation>
    </message>
    <message>
        <source>At %2 s %1 crashes, holding the lock: nothing will release it.</source>
        <translation>%2 秒时 %1 在持有锁时崩溃：没有任何东西会释放它。</translation>
    </message>
    <message>
        <source>At %2 s %1 crashes.</source>
        <translation>%2 秒时 %1 崩溃。</translation>
    </message>
    <message>
        <source>At %2 s %1 freezes.</source>
        <translation>%2 秒时 %1 停住了。</translation>
    </message>
    <message>
        <source>%1&apos;s lock expired at %2 s while it was still inside.</source>
        <translation>%1 的锁在 %2 秒过期，而它仍在临界区内。</translation>
    </message>
    <message>
        <source>%1&apos;s release at %2 s deletes %3&apos;s lock.</source>
        <translation>%1 在 %2 秒的释放删除了 %3 的锁。</translation>
    </message>
    <message>
        <source>The storage refuses %1&apos;s stale write at %2 s: the fence saves the data.</source>
        <translation>存储在 %2 秒拒绝了 %1 的过期写入：栅栏保住了数据。</translation>
    </message>
    <message>
        <source>%1 acquires at %2 s while %3 is still inside: two holders.</source>
        <translation>%1 在 %2 秒获得锁，而 %3 仍在临界区内：两个持有者。</translation>
    </message>
    <message>
        <source>%1 writes stock %2 at %3 s, although %4 took the lock after it: a stale write.</source>
        <translation>%1 在 %3 秒写入库存 %2，尽管 %4 在它之后拿到了锁：过期写入。</translation>
    </message>
    <message>
        <source>%1 writes stock %2 at %3 s over a sale it never saw: a lost update.</source>
        <translation>%1 在 %3 秒写入库存 %2，覆盖了一笔它从未见过的销售：丢失更新。</translation>
    </message>
    <message>
        <source>At %1 s more items are sold than there were: oversold by %2.</source>
        <translation>在 %1 秒卖出的比库存还多：超卖 %2 件。</translation>
    </message>
    <message>
        <source>%1 writes at %2 s over the stock that was set meanwhile: the reset is lost.</source>
        <translation>%1 在 %2 秒的写入覆盖了期间设置的库存：重置丢失了。</translation>
    </message>
    <message>
        <source>After the schedule, %1 waits %2 s for the lock in vain.</source>
        <translation>调度结束后，%1 等了 %2 秒也没拿到锁。</translation>
    </message>
    <message>
        <source>The expectation %1 does not hold.</source>
        <translation>期望 %1 不成立。</translation>
    </message>
    <message>
        <source>%1 acquires the lock at %2 s.</source>
        <translation>%1 在 %2 秒获得锁。</translation>
    </message>
    <message>
        <source>%1 acquires at %2 s on nodes %4 while %3 is still inside: two holders.</source>
        <translation>%1 在 %2 秒于节点 %4 上获得锁，而 %3 仍在临界区内：两个持有者。</translation>
    </message>
    <message>
        <source>At %1 s Sentinel promotes node %2, the replica, to master.</source>
        <translation>%1 秒时 Sentinel 将副本节点 %2 提升为主节点。</translation>
    </message>
    <message>
        <source>At %1 s Sentinel sees node %2 down, but it is back before a failover is agreed: no replica is promoted, node %2 stays the master.</source>
        <translation>%1 秒时 Sentinel 发现节点 %2 宕机，但在达成故障转移之前它就回来了：没有副本被提升，节点 %2 仍是主节点。</translation>
    </message>
    <message>
        <source>Sentinel does not step in: node %1 is back before it is judged down, and stays the master.</source>
        <translation>Sentinel 没有介入：节点 %1 在被判定宕机之前就回来了，仍是主节点。</translation>
    </message>
    <message>
        <source>%1 starts a purchase at %2 s.</source>
        <translation>%1 在 %2 秒开始一次购买。</translation>
    </message>
    <message>
        <source>%1 starts a purchase at %2 s while %3 is still in one: two buyers at once.</source>
        <translation>%1 在 %2 秒开始一次购买，而 %3 的购买还没结束：两个买家同时在买。</translation>
    </message>
    <message>
        <source>%1 writes stock %2 at %3 s, although %4 started a purchase after it: a stale write.</source>
        <translation>%1 在 %3 秒写入库存 %2，尽管 %4 在它之后开始了一次购买：过期写入。</translation>
    </message>
</context>
<context>
    <name>Strategy</name>
    <message>
        <source>no lock: oversell and lost updates under contention</source>
        <translation>不加锁：竞争时会超卖并丢失更新</translation>
    </message>
    <message>
        <source>WATCH / MULTI / EXEC: correct for one key, conflicts retried</source>
        <translation>WATCH / MULTI / EXEC：对单个键正确，冲突时重试</translation>
    </message>
    <message>
        <source>SETNX, DEL: a crashed holder deadlocks everyone</source>
        <translation>SETNX、DEL：持有者一崩溃，所有人都会死锁</translation>
    </message>
    <message>
        <source>SETNX then EXPIRE: a crash between the two deadlocks again</source>
        <translation>先 SETNX 再 EXPIRE：两者之间发生崩溃仍会死锁</translation>
    </message>
    <message>
        <source>SET NX PX, plain DEL: a slow client deletes someone else&apos;s lock</source>
        <translation>SET NX PX，直接 DEL：慢客户端会删掉别人的锁</translation>
    </message>
    <message>
        <source>token, GET then DEL: the race between GET and DEL</source>
        <translation>令牌，先 GET 再 DEL：GET 与 DEL 之间存在竞态</translation>
    </message>
    <message>
        <source>token, Lua release, one node: correct until that node dies</source>
        <translation>令牌，Lua 释放，单节点：在该节点宕机之前都正确</translation>
    </message>
    <message>
        <source>Redisson&apos;s hash lock: reentry counted</source>
        <translation>Redisson 的哈希锁：记录重入次数</translation>
    </message>
    <message>
        <source>reentrant, renewed every TTL/3: a paused watchdog stops renewing</source>
        <translation>可重入，每 TTL/3 续期一次：看门狗一暂停就不再续期</translation>
    </message>
    <message>
        <source>one master with an async replica: the key is lost in failover</source>
        <translation>一个主节点加一个异步副本：故障转移时键会丢失</translation>
    </message>
    <message>
        <source>a majority of independent masters</source>
        <translation>独立主节点中的多数派</translation>
    </message>
</context>
<context>
    <name>StrategyFactory</name>
    <message>
        <source>strategy failover needs a master with a replica and Sentinel (--topology replicated); these are five independent masters</source>
        <translation>策略 failover 需要一个带副本和哨兵（Sentinel）的主节点（--topology replicated）；而这里是五个独立的主节点</translation>
    </message>
</context>
<context>
    <name>SystemKeychain</name>
    <message>
        <source>the keychain was not unlocked</source>
        <translation>钥匙串没有被解锁</translation>
    </message>
    <message>
        <source>the keychain refused: %1</source>
        <translation>钥匙串拒绝了：%1</translation>
    </message>
    <message>
        <source>no keychain service runs here</source>
        <translation>这里没有运行钥匙串服务</translation>
    </message>
    <message>
        <source>no Secret Service or KWallet answered on the session bus</source>
        <translation>会话总线上没有 Secret Service 或 KWallet 应答</translation>
    </message>
    <message>
        <source>the keychain did not answer within %1 s</source>
        <translation>钥匙串在 %1 秒内没有应答</translation>
    </message>
</context>
<context>
    <name>ThroughputChart</name>
    <message>
        <source>per second</source>
        <translation>每秒</translation>
    </message>
    <message>
        <source>final failures: gave up after the last retry</source>
        <translation>最终失败：最后一次重试后放弃</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>获得次数</translation>
    </message>
    <message>
        <source>attempts: rounds asked of the nodes, won or lost</source>
        <translation>尝试：向节点发出的轮次，无论成败</translation>
    </message>
    <message>
        <source>run time (a bar per second)</source>
        <translation>运行时间（每秒一根柱）</translation>
    </message>
    <message>
        <source>run time (a bar per %1 s: their mean per second)</source>
        <translation>运行时间（每 %1 秒一根柱：每秒的平均值）</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>运行的这一段中没有获取请求做出决定。</translation>
    </message>
    <message>
        <source>%1 to %2: %3 attempts, %4 acquisitions, %5 final failures</source>
        <translation>%1 至 %2：尝试 %3 次，获得 %4 次，最终失败 %5 次</translation>
    </message>
</context>
<context>
    <name>TimelinePainter</name>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>no lock</source>
        <translation>无锁</translation>
    </message>
    <message>
        <source>down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <source>OVERLAP %1 × %2</source>
        <translation>重叠 %1 × %2</translation>
    </message>
    <message>
        <source>%1 nodes · resource %2 · recorded %3</source>
        <translation>%1 个节点 · 资源 %2 · 录制于 %3</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>获取中</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>等待重试</translation>
    </message>
    <message>
        <source>in its critical section (client colour)</source>
        <translation>在临界区内（客户端颜色）</translation>
    </message>
    <message>
        <source>working without the lock</source>
        <translation>在没有锁的情况下工作</translation>
    </message>
    <message>
        <source>crashed / node down</source>
        <translation>已崩溃 / 节点宕机</translation>
    </message>
    <message>
        <source>key on a node (height: TTL left)</source>
        <translation>节点上的键（高度：剩余 TTL）</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>in its critical section, within its validity</source>
        <translation>在临界区内，处于有效期内</translation>
    </message>
    <message>
        <source>still in its critical section after its validity ended: working without the lock</source>
        <translation>有效期结束后仍在临界区内：在没有锁的情况下工作</translation>
    </message>
    <message>
        <source>holds %1&apos;s key (TTL %2)</source>
        <translation>持有 %1 的键（TTL %2）</translation>
    </message>
    <message>
        <source> so far</source>
        <translation> 仍在继续</translation>
    </message>
    <message>
        <source>: in its critical section since %1 s</source>
        <translation>：自第 %1 秒起处于临界区内</translation>
    </message>
    <message>
        <source>%1&apos;s stale write REJECTED · fence %2</source>
        <translation>%1 的过期写入被拒绝 · 令牌 %2</translation>
    </message>
    <message>
        <source>another client</source>
        <translation>另一个客户端</translation>
    </message>
    <message>
        <source>%1&apos;s release DELETED %2&apos;s lock on node %3</source>
        <translation>%1 的释放删除了 %2 在节点 %3 上的锁</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%2 的%1</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Wheel: zoom · drag: pan · Home: the whole run · F: follow</source>
        <translation>滚轮：缩放 · 拖动：平移 · Home：整个运行 · F：跟随</translation>
    </message>
</context>
<context>
    <name>TlsBox</name>
    <message>
        <source>TLS, for the rows marked TLS</source>
        <translation>TLS（用于标记为 TLS 的行）</translation>
    </message>
    <message>
        <source>the system&apos;s trusted CAs</source>
        <translation>系统信任的 CA</translation>
    </message>
    <message>
        <source>The CA that signed the nodes&apos; certificates (PEM), as --tls-ca.</source>
        <translation>签发节点证书的 CA（PEM），同 --tls-ca。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A client certificate (PEM), for nodes that ask for one (tls-auth-clients), as --tls-cert.</source>
        <translation>客户端证书（PEM），用于要求客户端证书的节点（tls-auth-clients），同 --tls-cert。</translation>
    </message>
    <message>
        <source>The client certificate&apos;s private key (PEM, unencrypted), as --tls-key.</source>
        <translation>客户端证书的私钥（PEM，未加密），同 --tls-key。</translation>
    </message>
    <message>
        <source>the node&apos;s host</source>
        <translation>节点的主机名</translation>
    </message>
    <message>
        <source>The name the nodes&apos; certificates must carry, when it is not the host you connect to, as --tls-server-name.</source>
        <translation>节点证书必须带有的名称（当它不是你连接的主机时），同 --tls-server-name。</translation>
    </message>
    <message>
        <source>Do not check the nodes&apos; certificates (insecure)</source>
        <translation>不检查节点的证书（不安全）</translation>
    </message>
    <message>
        <source>The connection is encrypted but nobody vouches for the node: anyone on the way can pretend to be it. As --tls-insecure; the history says so and the node cards show TLS NOT VERIFIED.</source>
        <translation>连接是加密的，但没有人为节点担保：路径上的任何人都可以冒充它。同 --tls-insecure；历史记录会写明，节点卡片显示“TLS 未验证”。</translation>
    </message>
    <message>
        <source>CA file:</source>
        <translation>CA 文件：</translation>
    </message>
    <message>
        <source>CA certificates</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>客户端证书：</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>客户端证书</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>客户端私钥：</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>客户端私钥</translation>
    </message>
    <message>
        <source>Server name:</source>
        <translation>服务器名称：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.key);;All files (*)</source>
        <translation>PEM 文件 (*.pem *.crt *.key);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>TrialRunner</name>
    <message>
        <source>the schedule did not finish within %1 s</source>
        <translation>调度未在 %1 秒内完成</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>ValidityBar</name>
    <message>
        <source>How long this client believes its lock is still valid (TTL minus the time the acquisition took minus drift).</source>
        <translation>此客户端相信它的锁还有效多久（TTL 减去获取所用时间再减去漂移）。</translation>
    </message>
    <message>
        <source>BELIEVES IT HOLDS — validity expired %1 ago</source>
        <translation>相信自己持有锁——有效期已于 %1 前过期</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message numerus="yes">
        <source>fenced: %n stale write(s) rejected</source>
        <translation>
            <numerusform>已防护：拒绝了 %n 次过期写入</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s) accepted</source>
        <translation>
            <numerusform>接受了 %n 次过期写入</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost update(s)</source>
        <translation>
            <numerusform>%n 次丢失更新</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n oversold</source>
        <translation>
            <numerusform>超卖 %n</numerusform>
        </translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1</source>
        <translation>数据受损：%1</translation>
    </message>
    <message numerus="yes">
        <source> · mutual exclusion broken %n time(s)</source>
        <translation>
            <numerusform> · 互斥被破坏 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN, %1: the data is safe</source>
        <translation>互斥被破坏，%1：数据是安全的</translation>
    </message>
    <message numerus="yes">
        <source>MUTUAL EXCLUSION BROKEN: %n overlap(s)</source>
        <translation>
            <numerusform>互斥被破坏：%n 次重叠</numerusform>
        </translation>
    </message>
    <message>
        <source>safe · %1</source>
        <translation>安全 · %1</translation>
    </message>
    <message>
        <source>safe</source>
        <translation>安全</translation>
    </message>
    <message numerus="yes">
        <source>%n stock reset(s) overwritten</source>
        <translation>
            <numerusform>%n 次库存重置被覆盖</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n valid write(s) refused (a fencing number went back)</source>
        <translation>
            <numerusform> · %n 次有效写入被拒（栅栏编号倒退了）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Add client</source>
        <translation>添加客户端(&amp;A)</translation>
    </message>
    <message>
        <source>Add a client with the default settings</source>
        <translation>用默认设置添加一个客户端</translation>
    </message>
    <message>
        <source>S&amp;top all</source>
        <translation>全部停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop every client (holders release first)</source>
        <translation>停止所有客户端（持有者先释放）</translation>
    </message>
    <message>
        <source>Sta&amp;rt all</source>
        <translation>全部启动(&amp;R)</translation>
    </message>
    <message>
        <source>Start every stopped client</source>
        <translation>启动所有已停止的客户端</translation>
    </message>
    <message>
        <source>Stop / start all</source>
        <translation>全部停止 / 启动</translation>
    </message>
    <message>
        <source>Stop all clients, or start them all when all are stopped</source>
        <translation>停止所有客户端；若都已停止则全部启动</translation>
    </message>
    <message>
        <source>Settings of all clients…</source>
        <translation>所有客户端的设置…</translation>
    </message>
    <message>
        <source>Change the settings of every client at once</source>
        <translation>一次修改所有客户端的设置</translation>
    </message>
    <message>
        <source>Client &amp;defaults…</source>
        <translation>客户端默认值(&amp;D)…</translation>
    </message>
    <message>
        <source>Settings for clients added from now on</source>
        <translation>之后添加的客户端所用的设置</translation>
    </message>
    <message>
        <source>&amp;Nodes…</source>
        <translation>节点(&amp;N)…</translation>
    </message>
    <message>
        <source>Edit the nodes, test their connections, switch between saved fleets</source>
        <translation>编辑节点、测试连接、在已保存的节点组之间切换</translation>
    </message>
    <message>
        <source>&amp;GC-pause the holder</source>
        <translation>GC 暂停持有者(&amp;G)</translation>
    </message>
    <message>
        <source>Pause whichever client holds the lock now, past its TTL (the GC-pause demo)</source>
        <translation>暂停此刻持有锁的客户端，时间超过其 TTL（GC 暂停演示）</translation>
    </message>
    <message>
        <source>&amp;Large type</source>
        <translation>大号字体(&amp;L)</translation>
    </message>
    <message>
        <source>Large type for the back of the room</source>
        <translation>大号字体，让教室后排也能看清</translation>
    </message>
    <message>
        <source>Bigger type</source>
        <translation>放大字体</translation>
    </message>
    <message>
        <source>Smaller type</source>
        <translation>缩小字体</translation>
    </message>
    <message>
        <source>Normal type</source>
        <translation>正常字体</translation>
    </message>
    <message>
        <source>Normal type size</source>
        <translation>正常字体大小</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>Switch between the light and the dark theme</source>
        <translation>在浅色和深色主题之间切换</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Full screen on or off</source>
        <translation>打开或关闭全屏</translation>
    </message>
    <message>
        <source>Select node %1</source>
        <translation>选择节点 %1</translation>
    </message>
    <message>
        <source>Deselect node</source>
        <translation>取消选择节点</translation>
    </message>
    <message>
        <source>Deselect the node</source>
        <translation>取消选择该节点</translation>
    </message>
    <message>
        <source>&amp;Kill node</source>
        <translation>杀死节点(&amp;K)</translation>
    </message>
    <message>
        <source>Kill the selected node</source>
        <translation>杀死选中的节点</translation>
    </message>
    <message>
        <source>&amp;Pause / resume node</source>
        <translation>暂停 / 继续节点(&amp;P)</translation>
    </message>
    <message>
        <source>Pause the selected node, or resume it when paused</source>
        <translation>暂停选中的节点；若已暂停则继续</translation>
    </message>
    <message>
        <source>&amp;Restart node</source>
        <translation>重启节点(&amp;R)</translation>
    </message>
    <message>
        <source>Restart the selected node</source>
        <translation>重启选中的节点</translation>
    </message>
    <message>
        <source>Res&amp;ume node</source>
        <translation>继续节点(&amp;U)</translation>
    </message>
    <message>
        <source>Resume the selected node</source>
        <translation>继续选中的节点</translation>
    </message>
    <message>
        <source>Partitio&amp;n node</source>
        <translation>节点网络分区(&amp;N)</translation>
    </message>
    <message>
        <source>Partition the selected node from every client</source>
        <translation>将选中的节点与所有客户端分区</translation>
    </message>
    <message>
        <source>&amp;Heal node</source>
        <translation>修复节点(&amp;H)</translation>
    </message>
    <message>
        <source>Heal the selected node (partition, latency, drops, clock jump)</source>
        <translation>修复选中的节点（网络分区、延迟、丢包、时钟跳变）</translation>
    </message>
    <message>
        <source>Master, replica and &amp;Sentinel (restarts)</source>
        <translation>主节点、副本和哨兵（会重启）(&amp;S)</translation>
    </message>
    <message>
        <source>Restart with one master, its replica and three Sentinels (the failover strategy), or back to independent masters</source>
        <translation>以一个主节点、它的副本和三个哨兵重启（用于 failover 策略），或改回独立的主节点</translation>
    </message>
    <message>
        <source>Save &amp;screenshot…</source>
        <translation>保存截图(&amp;S)…</translation>
    </message>
    <message>
        <source>Save a PNG of the window</source>
        <translation>将窗口保存为 PNG</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>This list</source>
        <translation>此列表</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Play a scenario file (.rls) with its narration</source>
        <translation>播放一个场景文件（.rls）及其旁白</translation>
    </message>
    <message>
        <source>Save typed lines as scenario…</source>
        <translation>将输入的行保存为场景…</translation>
    </message>
    <message>
        <source>Save what was typed in the console as a scenario file</source>
        <translation>将在控制台中输入的内容保存为场景文件</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>打开运行记录(&amp;O)…</translation>
    </message>
    <message>
        <source>Show a recorded run: scrub it in time, play it again</source>
        <translation>显示运行记录：按时间拖动浏览，或重新播放</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>The run as an HTML report, a chart (PNG, SVG, PDF), CSV, EDN or JSONL</source>
        <translation>将运行导出为 HTML 报告、图表（PNG、SVG、PDF）、CSV、EDN 或 JSONL</translation>
    </message>
    <message>
        <source>&amp;Live run</source>
        <translation>实时运行(&amp;L)</translation>
    </message>
    <message>
        <source>Leave the recorded run: start the nodes and clients again</source>
        <translation>离开运行记录：重新启动节点和客户端</translation>
    </message>
    <message>
        <source>Play / pause the run</source>
        <translation>播放 / 暂停运行记录</translation>
    </message>
    <message>
        <source>Play the recorded run from the slider, or pause it</source>
        <translation>从滑块位置播放运行记录，或将其暂停</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Clients</source>
        <translation>客户端(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Nodes</source>
        <translation>节点(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Built-in &amp;scenarios</source>
        <translation>内置场景(&amp;S)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Shortcuts (F1)</source>
        <translation>快捷键（F1）</translation>
    </message>
    <message>
        <source>Only with local nodes: your own nodes are what they are</source>
        <translation>仅限本地节点：你自己的节点只能保持原样</translation>
    </message>
    <message>
        <source>&amp;Expose for your clients…</source>
        <translation>为你的客户端开放(&amp;E)…</translation>
    </message>
    <message>
        <source>Open ports where your own lock client (node-redlock, Redisson, redis-py, yours) reaches the nodes through their faults, to be recorded and judged</source>
        <translation>开放端口，让你自己的锁客户端（node-redlock、Redisson、redis-py 或你写的）经过故障访问节点，并被记录和评判</translation>
    </message>
    <message>
        <source>Search for a &amp;counterexample…</source>
        <translation>搜索反例(&amp;C)…</translation>
    </message>
    <message>
        <source>Random faults against a lock until one breaks it, shrunk and told as a scenario</source>
        <translation>对锁施加随机故障，直到某次破坏了它；缩小后讲述成场景</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示(&amp;P)</translation>
    </message>
    <message>
        <source>The stage for a class, full screen: the nodes, the headline, the caption, the lanes and the timeline, without menus or buttons (F11 or Esc leaves)</source>
        <translation>给课堂看的舞台，全屏：节点、标题、字幕、客户端通道和时间线，没有菜单和按钮（F11 或 Esc 退出）</translation>
    </message>
</context>
<context>
    <name>WindowDialogs</name>
    <message>
        <source>1 … 9</source>
        <translation>1 … 9</translation>
    </message>
    <message>
        <source>Select a node (then K, P, U, R, X or H act on it)</source>
        <translation>选择一个节点（然后 K、P、U、R、X 或 H 作用于它）</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenarios (*.rls);;All files (*)</source>
        <translation>场景 (*.rls);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save as scenario</source>
        <translation>另存为场景</translation>
    </message>
    <message>
        <source>Scenarios (*.rls)</source>
        <translation>场景 (*.rls)</translation>
    </message>
    <message>
        <source>Open a recorded run</source>
        <translation>打开运行记录</translation>
    </message>
    <message>
        <source>Redlock Scope runs (*.jsonl);;All files (*)</source>
        <translation>Redlock Scope 运行记录 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML 报告 (*.html)</translation>
    </message>
    <message>
        <source>The chart shown, as PNG (*.png)</source>
        <translation>当前显示的图表，PNG 格式 (*.png)</translation>
    </message>
    <message>
        <source>The chart shown, as SVG (*.svg)</source>
        <translation>当前显示的图表，SVG 格式 (*.svg)</translation>
    </message>
    <message>
        <source>The chart shown, as PDF (*.pdf)</source>
        <translation>当前显示的图表，PDF 格式 (*.pdf)</translation>
    </message>
    <message>
        <source>Operations as CSV (*.csv)</source>
        <translation>操作记录，CSV 格式 (*.csv)</translation>
    </message>
    <message>
        <source>Jepsen history (*.edn)</source>
        <translation>Jepsen 历史 (*.edn)</translation>
    </message>
    <message>
        <source>Run file (*.jsonl)</source>
        <translation>运行记录文件 (*.jsonl)</translation>
    </message>
    <message>
        <source>Export the run</source>
        <translation>导出本次运行</translation>
    </message>
    <message>
        <source>Save screenshot</source>
        <translation>保存截图</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>WindowDocks</name>
    <message>
        <source>Event log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>控制台</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>&amp;Event log</source>
        <translation>事件日志(&amp;E)</translation>
    </message>
    <message>
        <source>Show or hide the event log</source>
        <translation>显示或隐藏事件日志</translation>
    </message>
    <message>
        <source>&amp;Console</source>
        <translation>控制台(&amp;C)</translation>
    </message>
    <message>
        <source>Show or hide the console: type commands and directives</source>
        <translation>显示或隐藏控制台：输入命令和指令</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>图表(&amp;C)</translation>
    </message>
    <message>
        <source>Show or hide the charts: the lock timeline and the others</source>
        <translation>显示或隐藏图表：锁时间线及其他图表</translation>
    </message>
</context>
<context>
    <name>WindowStatus</name>
    <message>
        <source>How long the engine has been running.</source>
        <translation>引擎已运行的时长。</translation>
    </message>
    <message>
        <source>History events per second, over the last second.</source>
        <translation>每秒历史事件数，按最近一秒计。</translation>
    </message>
    <message>
        <source>Nodes up out of all nodes.</source>
        <translation>运行中的节点数 / 全部节点数。</translation>
    </message>
    <message>
        <source>The safety checker&apos;s verdict on the history so far.</source>
        <translation>安全检查器对目前历史的判定。</translation>
    </message>
    <message>
        <source>The engine&apos;s answer to the last command.</source>
        <translation>引擎对上一条命令的回答。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>启动中…</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>%L1 events/s</source>
        <translation>%L1 事件/秒</translation>
    </message>
    <message>
        <source>Nodes %1/%2 up</source>
        <translation>节点 %1/%2 运行中</translation>
    </message>
    <message>
        <source>Checker: %1</source>
        <translation>检查器：%1</translation>
    </message>
    <message>
        <source>The safety checker found no violation in the history so far.</source>
        <translation>安全检查器在目前的历史中没有发现违规。</translation>
    </message>
</context>
</TS>
