<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AttemptOutcome</name>
    <message>
        <source>acquired</source>
        <translation>取得</translation>
    </message>
    <message>
        <source>refused: held by another</source>
        <translation>拒否：他者が保持中</translation>
    </message>
    <message>
        <source>no quorum: nodes down or slow</source>
        <translation>過半数に届かず：ノード停止・応答遅延</translation>
    </message>
    <message>
        <source>split vote</source>
        <translation>票割れ</translation>
    </message>
    <message>
        <source>expired before granted</source>
        <translation>許可前に期限切れ</translation>
    </message>
    <message>
        <source>a quorum of nodes granted the lock in time</source>
        <translation>過半数のノードが時間内にロックを与えた</translation>
    </message>
    <message>
        <source>the nodes answered that another client holds the lock</source>
        <translation>ノードは別のクライアントがロックを保持していると答えた</translation>
    </message>
    <message>
        <source>too few nodes answered: down, timed out or answering errors</source>
        <translation>答えたノードが少なすぎる：停止、タイムアウト、またはエラー応答</translation>
    </message>
    <message>
        <source>the nodes&apos; votes split between clients and nobody reached the quorum</source>
        <translation>ノードの票がクライアント間で割れ、誰も過半数に届かなかった</translation>
    </message>
    <message>
        <source>a quorum said yes, but too late: the validity had run out</source>
        <translation>過半数が同意したが遅すぎた：有効期間が尽きていた</translation>
    </message>
    <message>
        <source>no quorum: its own earlier key</source>
        <translation>過半数に届かず：自分の前回のキー</translation>
    </message>
    <message>
        <source>nodes still held this client&apos;s key from an earlier try, whose release had not reached them</source>
        <translation>前の試行で取ったこのクライアントのキーがノードに残っていた（その解放がまだ届いていなかった）</translation>
    </message>
</context>
<context>
    <name>CaptionBar</name>
    <message>
        <source>The scenario line this narration comes from.</source>
        <translation>このナレーションの元になったシナリオの行。</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>%1 行目</translation>
    </message>
</context>
<context>
    <name>Chart</name>
    <message>
        <source>Lock timeline</source>
        <translation>ロックのタイムライン</translation>
    </message>
    <message>
        <source>Acquire latency over time</source>
        <translation>取得レイテンシの推移</translation>
    </message>
    <message>
        <source>Acquire latency histogram</source>
        <translation>取得レイテンシのヒストグラム</translation>
    </message>
    <message>
        <source>Quorum over time</source>
        <translation>票数と過半数の推移</translation>
    </message>
    <message>
        <source>Acquisitions and failures per second</source>
        <translation>1 秒あたりの取得と失敗</translation>
    </message>
    <message>
        <source>Stock over time</source>
        <translation>在庫の推移</translation>
    </message>
    <message>
        <source>A lane per client (acquiring, holding, working without the lock, paused, crashed) and per node (whose key, its TTL running out); faults shaded, overlapping critical sections in red, narration on top.</source>
        <translation>クライアントごとのレーン（取得中、保持中、ロックなしで作業中、一時停止、クラッシュ）とノードごとのレーン（誰のキーか、TTL の減り具合）。障害は網掛け、重なったクリティカルセクションは赤、ナレーションは上部に表示します。</translation>
    </message>
    <message>
        <source>Every round of an acquire as a point at its decision, by what became of it: acquired, refused because another client held the lock, no quorum (nodes down or slow), split vote, or expired before it was granted; the p50 and p99 lines are of the acquisitions alone; faults shaded.</source>
        <translation>取得の各ラウンドを決定時点の点として、その結果別に示します：取得、別のクライアントが保持していたための拒否、過半数に届かず（ノード停止・応答遅延）、票割れ、許可前に期限切れ。p50 と p99 の線は取得できたものだけの値です。障害は網掛けで示します。</translation>
    </message>
    <message>
        <source>How long the rounds took to be decided, stacked by outcome; p50, p90, p99 and the slowest of the acquisitions alone, with their values in the legend.</source>
        <translation>各ラウンドの決定までにかかった時間を結果別に積み上げて示します。p50、p90、p99 と最遅は取得できたものだけの値で、凡例に数値を示します。</translation>
    </message>
    <message>
        <source>The OK votes of each round (split votes marked), the rule a round must meet (a majority, or one node for single-node locks), and the most nodes holding one client&apos;s key; faults shaded.</source>
        <translation>各ラウンドの OK 票（票割れを強調）、ラウンドが満たすべき規則（過半数、単一ノードのロックでは 1 ノード）、1 つのクライアントのキーを持つノードの最大数。障害は網掛けで示します。</translation>
    </message>
    <message>
        <source>Per second: attempts (every round asked of the nodes, won or lost), acquisitions, and final failures (acquires that gave up after their last retry); faults shaded.</source>
        <translation>1 秒ごとの試行（ノードへの各ラウンド、成否を問わず）、取得、最終的な失敗（最後のリトライの後に諦めた取得）。障害は網掛けで示します。</translation>
    </message>
    <message>
        <source>The stock on the storage, the items sold since `stock N`, the stock put there and the stock there should be (stock N minus the sales); each oversold item and each lost update marked and labelled; faults shaded.</source>
        <translation>ストレージの在庫、`stock N` 以降に売れた個数、置かれた在庫、あるべき在庫（stock N から販売数を引いたもの）。過剰販売の 1 個ごと、更新の消失の 1 件ごとに印と説明を付けます。障害は網掛けで示します。</translation>
    </message>
</context>
<context>
    <name>ChartRenderer</name>
    <message>
        <source>cannot draw %1</source>
        <translation>%1 を描画できません</translation>
    </message>
    <message>
        <source>smallest text %1 px at %2 × %3</source>
        <translation>最小の文字 %1 px、%2 × %3</translation>
    </message>
</context>
<context>
    <name>CheckCounters</name>
    <message>
        <source>writes the storage accepted from a client after another client had acquired the lock since this client&apos;s acquisition</source>
        <translation>ストレージが受け入れた書き込みのうち、そのクライアントの取得後に別のクライアントがロックを取得していたもの</translation>
    </message>
    <message>
        <source>such stale writes the fenced storage refused</source>
        <translation>フェンス付きストレージが拒否した、そのような古い書き込み</translation>
    </message>
    <message>
        <source>writes the fenced storage refused although nobody had acquired the lock after the writer: a node&apos;s fencing number went back (a restart without persistence)</source>
        <translation>書き込んだクライアントの後に誰もロックを取得していないのに、フェンス付きストレージが拒否した書き込み：あるノードのフェンシング番号が戻った（永続化なしの再起動）</translation>
    </message>
    <message>
        <source>writes that went over an operator&apos;s `stock N` set after the writer had read the stock</source>
        <translation>書き込んだクライアントが在庫を読んだ後に操作者が `stock N` で設定した値を上書きした書き込み</translation>
    </message>
    <message>
        <source>items sold beyond the stock put there by the last `stock N`</source>
        <translation>最後の `stock N` で置いた在庫を超えて売った個数</translation>
    </message>
    <message>
        <source>locks acquired</source>
        <translation>取得したロック</translation>
    </message>
    <message>
        <source>acquisitions that failed after every retry</source>
        <translation>すべてのリトライ後に失敗した取得</translation>
    </message>
    <message>
        <source>writes the storage accepted</source>
        <translation>ストレージが受け入れた書き込み</translation>
    </message>
    <message>
        <source>WATCH: writes EXEC refused because the stock changed since it was watched</source>
        <translation>WATCH：監視後に在庫が変わったため EXEC が拒否した書き込み</translation>
    </message>
    <message>
        <source>releases that deleted another client&apos;s key</source>
        <translation>別のクライアントのキーを削除した解放</translation>
    </message>
    <message>
        <source>reentrant locks taken again by their holder</source>
        <translation>保持者が再び取得したリエントラントロック</translation>
    </message>
    <message>
        <source>times a client acquired the lock while another client was in its critical section on the same resource (a paused client is inside until it resumes and leaves)</source>
        <translation>別のクライアントが同じリソースのクリティカルセクション内にいる間に、あるクライアントがロックを取得した回数（一時停止したクライアントは、再開して抜けるまで内側にいる）</translation>
    </message>
    <message>
        <source>critical sections that lasted past their validity: the client saw its deadline pass inside, or the section ended (released, gave up, crashed, stopped, removed, or the run ended) after it</source>
        <translation>有効期間を過ぎて続いたクリティカルセクション：クライアントが内側で期限切れを見たもの、またはセクションが期限の後に終わったもの（解放、断念、クラッシュ、停止、削除、実行の終了）</translation>
    </message>
    <message>
        <source>sales the stock does not show: the sales since the last `stock N` minus the drop of the stock since then (N − the stock now), as on the storage card, added up over every `stock N`; each write that erased sales is named</source>
        <translation>在庫に現れない販売：最後の `stock N` 以降の販売数から、それ以降の在庫の減少（N − 現在の在庫）を引いたもの。ストレージのカードに出ている値で、`stock N` ごとに合計します。販売を消した書き込みはそれぞれ名指しされます</translation>
    </message>
    <message>
        <source>failed rounds, judged once complete (every answer, late ones included), where no client held a majority at any moment of the round and the votes went to two clients or more</source>
        <translation>失敗したラウンドのうち（遅れた応答も含めすべての応答がそろってから判定）、ラウンドのどの時点でもどのクライアントも過半数を持たず、票が 2 つ以上のクライアントに分かれたもの</translation>
    </message>
</context>
<context>
    <name>ClientJournal</name>
    <message>
        <source>renewed by the watchdog</source>
        <translation>ウォッチドッグが延長した</translation>
    </message>
</context>
<context>
    <name>ClientLane</name>
    <message>
        <source>The client&apos;s name and colour: its keys on the nodes have this colour.</source>
        <translation>クライアントの名前と色：ノード上のこのクライアントのキーはこの色で表示されます。</translation>
    </message>
    <message>
        <source>What the client&apos;s loop is doing now.</source>
        <translation>クライアントのループが今していること。</translation>
    </message>
    <message>
        <source>The nodes this client cannot reach (a partition): heal the node to reconnect it.</source>
        <translation>このクライアントが到達できないノード（ネットワーク分断）：ノードを修復すると再接続します。</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this client&apos;s loop (it releases first if it holds the lock), or start it again.</source>
        <translation>このクライアントのループを停止します（ロックを保持していれば先に解放）。または再開します。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Freeze the client like a long GC pause: it keeps believing it holds the lock.</source>
        <translation>長い GC 停止のようにクライアントを凍結します：ロックを保持していると信じ続けます。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>Let the paused client go on, as if no time had passed for it.</source>
        <translation>一時停止したクライアントを、時間が経っていないかのように続行させます。</translation>
    </message>
    <message>
        <source>Crash</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>Kill the client without a release: its keys stay until their TTL ends.</source>
        <translation>解放せずにクライアントを強制終了します：キーは TTL が切れるまで残ります。</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>再起動</translation>
    </message>
    <message>
        <source>Start the crashed client again.</source>
        <translation>クラッシュしたクライアントを再び起動します。</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>設定…</translation>
    </message>
    <message>
        <source>Change this client&apos;s TTL, timeouts, drift, retries and work times.</source>
        <translation>このクライアントの TTL、タイムアウト、ドリフト、リトライ、作業時間を変更します。</translation>
    </message>
    <message>
        <source>More faults: a timed GC pause, cut off from nodes.</source>
        <translation>その他の障害：時間指定の GC 停止、ノードからの切断。</translation>
    </message>
    <message>
        <source>Remove this client (it releases first if it holds the lock).</source>
        <translation>このクライアントを削除します（ロックを保持していれば先に解放）。</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Pause for 5 s (GC)</source>
        <translation>5 秒間一時停止（GC）</translation>
    </message>
    <message>
        <source>Freeze the client for five seconds, like a long GC pause.</source>
        <translation>長い GC 停止のように、クライアントを 5 秒間凍結します。</translation>
    </message>
    <message>
        <source>Pause past its TTL</source>
        <translation>TTL を超えて一時停止</translation>
    </message>
    <message>
        <source>Freeze the client for its TTL plus two seconds: if it holds the lock, it wakes up believing it still does, while another client may have taken it.</source>
        <translation>クライアントを TTL＋2 秒間凍結します：ロックを保持していた場合、目覚めたときもまだ保持していると信じていますが、その間に別のクライアントがロックを取得しているかもしれません。</translation>
    </message>
    <message>
        <source>Cut off from node</source>
        <translation>ノードから切断</translation>
    </message>
    <message>
        <source>Cut this client&apos;s connections to some nodes (a partition). Heal the node to reconnect it.</source>
        <translation>このクライアントから一部のノードへの接続を切断します（ネットワーク分断）。ノードを修復すると再接続します。</translation>
    </message>
    <message>
        <source>Heal its partitions</source>
        <translation>この分断を修復</translation>
    </message>
    <message>
        <source>(no nodes yet)</source>
        <translation>（まだノードがありません）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>This client can no longer reach node %1.</source>
        <translation>このクライアントはノード %1 に到達できなくなります。</translation>
    </message>
    <message>
        <source>A majority (nodes 1–%1)</source>
        <translation>過半数（ノード 1–%1）</translation>
    </message>
    <message>
        <source>Cut off from a majority: this client can no longer acquire the lock.</source>
        <translation>過半数から切断：このクライアントはもうロックを取得できません。</translation>
    </message>
    <message>
        <source>✂ node %1</source>
        <translation>✂ ノード %1</translation>
    </message>
    <message>
        <source>✂ nodes %1</source>
        <translation>✂ ノード %1</translation>
    </message>
    <message>
        <source>Heal its partitions (node heal %1)</source>
        <translation>この分断を修復（node heal %1）</translation>
    </message>
    <message>
        <source>acquiring (try %1)</source>
        <translation>取得中（%1 回目の試行）</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>リトライ待ち</translation>
    </message>
    <message>
        <source>paused (GC) while holding</source>
        <translation>保持中に一時停止（GC）</translation>
    </message>
    <message>
        <source>paused (GC)</source>
        <translation>一時停止中（GC）</translation>
    </message>
    <message>
        <source>lock lost — gave up</source>
        <translation>ロック喪失——断念</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>保持中</translation>
    </message>
    <message>
        <source> (extended %1×)</source>
        <translation>（%1 回延長）</translation>
    </message>
    <message>
        <source>PAUSED, BELIEVES IT HOLDS — validity ended %1 ago</source>
        <translation>一時停止中、保持していると信じている——有効期間は %1 前に終了</translation>
    </message>
    <message>
        <source>WORKING WITHOUT THE LOCK, validity ended %1 ago</source>
        <translation>ロックなしで作業中、有効期間は %1 前に終了</translation>
    </message>
    <message>
        <source>crashed: its key lives on 1 node until its TTL ends</source>
        <translation>クラッシュ：キーは TTL が切れるまで 1 つのノードに残ります</translation>
    </message>
    <message>
        <source>crashed: its key lives on %1 nodes until its TTL ends</source>
        <translation>クラッシュ：キーは TTL が切れるまで %1 個のノードに残ります</translation>
    </message>
    <message>
        <source>%1 tries · %2 acquired · %3 failed</source>
        <translation>試行 %1 · 取得 %2 · 失敗 %3</translation>
    </message>
    <message>
        <source> · %1 sold</source>
        <translation> · 販売 %1</translation>
    </message>
    <message>
        <source> · %1 stale writes rejected</source>
        <translation> · 古い書き込みを %1 件拒否</translation>
    </message>
    <message>
        <source> · gave up %1×</source>
        <translation> · 断念 %1 回</translation>
    </message>
    <message>
        <source> · fence %1</source>
        <translation> · フェンス %1</translation>
    </message>
    <message>
        <source> · mean %1 · p99 %2</source>
        <translation> · 平均 %1 · p99 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 tries&lt;/b&gt;: acquire attempts (each retry is one)</source>
        <translation>&lt;b&gt;試行 %1 回&lt;/b&gt;：取得の試み（リトライも 1 回と数えます）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 acquired&lt;/b&gt;: attempts that got a majority with validity left</source>
        <translation>&lt;b&gt;取得 %1 回&lt;/b&gt;：過半数を得て、有効期間が残っていた試み</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 failed&lt;/b&gt;, by reason:</source>
        <translation>&lt;b&gt;失敗 %1 回&lt;/b&gt;、理由別：</translation>
    </message>
    <message>
        <source>&amp;nbsp;&amp;nbsp;none yet</source>
        <translation>&amp;nbsp;&amp;nbsp;まだありません</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 sold&lt;/b&gt;: writes of the stock under the lock</source>
        <translation>&lt;b&gt;販売 %1&lt;/b&gt;：ロックの下での在庫の書き込み</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 stale writes rejected&lt;/b&gt; by the storage&apos;s fencing check</source>
        <translation>&lt;b&gt;古い書き込み %1 件を拒否&lt;/b&gt;：ストレージのフェンシングトークン検査による</translation>
    </message>
    <message>
        <source>&lt;b&gt;gave up %1×&lt;/b&gt;: the validity ran out before the write</source>
        <translation>&lt;b&gt;断念 %1 回&lt;/b&gt;：書き込みの前に有効期間が尽きた</translation>
    </message>
    <message>
        <source>acquire latency: mean %1, 99th percentile %2</source>
        <translation>取得レイテンシ：平均 %1、99 パーセンタイル %2</translation>
    </message>
    <message>
        <source>Pause past its TTL (%1 s)</source>
        <translation>TTL を超えて一時停止（%1 秒）</translation>
    </message>
    <message>
        <source>no lock</source>
        <translation>ロックなし</translation>
    </message>
    <message>
        <source>optimistic</source>
        <translation>楽観的</translation>
    </message>
    <message>
        <source>%1 · reads the stock</source>
        <translation>%1 · 在庫を読み取り中</translation>
    </message>
    <message>
        <source>%1 · read %2, working</source>
        <translation>%1 · %2 を読み取り、作業中</translation>
    </message>
    <message>
        <source>%1 · writes %2</source>
        <translation>%1 · %2 を書き込み中</translation>
    </message>
    <message>
        <source>Locks with %1: %2. Click to choose another rung of the ladder.</source>
        <translation>%1 でロック：%2。クリックすると、はしごの別の段を選べます。</translation>
    </message>
    <message>
        <source> · %1 EXEC conflicts</source>
        <translation> · EXEC 競合 %1 回</translation>
    </message>
    <message>
        <source> · reentered %1×</source>
        <translation> · 再入 %1×</translation>
    </message>
    <message>
        <source> · pub/sub</source>
        <translation> · pub/sub 待機</translation>
    </message>
    <message>
        <source> · woken by unlock %1×</source>
        <translation> · アンロック通知で起床 %1×</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>TTL なし</translation>
    </message>
    <message>
        <source>could not read the stock — released</source>
        <translation>在庫を読めなかった——解放した</translation>
    </message>
    <message>
        <source>Your own client (%1), through the exposed ports: its locks are recorded and judged as leases. The app can pause it and cut it off from nodes; it cannot stop, crash or change it.</source>
        <translation>あなた自身のクライアント（%1）、公開ポート経由：そのロックは記録され、リースとして判定されます。アプリは一時停止とノードからの切断ができますが、停止・クラッシュ・変更はできません。</translation>
    </message>
    <message>
        <source>1 try · %1 acquired · %2 failed</source>
        <translation>試行 1 回 · 取得 %1 回 · 失敗 %2 回</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 try&lt;/b&gt;: acquire attempts (each retry is one)</source>
        <translation>&lt;b&gt;試行 1 回&lt;/b&gt;：取得の試み（再試行も 1 回と数える）</translation>
    </message>
</context>
<context>
    <name>ClientLaneList</name>
    <message>
        <source>No clients yet: press A to add one.</source>
        <translation>クライアントはまだありません：A を押して追加します。</translation>
    </message>
    <message>
        <source>✗ its stale write (stock %1, fence %2) was REJECTED: %3 had taken the lock</source>
        <translation>✗ 古い書き込み（在庫 %1、トークン %2）は拒否されました：%3 がロックを取っていました</translation>
    </message>
    <message>
        <source>✗ stale write REJECTED · fence %1</source>
        <translation>✗ 古い書き込みを拒否 · トークン %1</translation>
    </message>
    <message>
        <source>✗ write REJECTED</source>
        <translation>✗ 書き込み拒否</translation>
    </message>
    <message>
        <source>✗ its release DELETED %1&apos;s lock on %2</source>
        <translation>✗ その解放が %2 の %1 のロックを削除しました</translation>
    </message>
    <message>
        <source>✗ deleted %1&apos;s lock</source>
        <translation>✗ %1 のロックを削除</translation>
    </message>
    <message>
        <source>✗ its lock on %1 was DELETED by %2&apos;s release</source>
        <translation>✗ %1 のロックが %2 の解放で削除されました</translation>
    </message>
    <message>
        <source>✗ lock deleted by %1</source>
        <translation>✗ %1 がロックを削除</translation>
    </message>
    <message>
        <source>No clients yet.</source>
        <translation>クライアントはまだいません。</translation>
    </message>
</context>
<context>
    <name>ClientRegistry</name>
    <message>
        <source>a client named &apos;%1&apos; exists already</source>
        <translation>「%1」という名前のクライアントは既に存在します</translation>
    </message>
    <message>
        <source>%1 added</source>
        <translation>%1 を追加しました</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos;</source>
        <translation>「%1」という名前のクライアントはありません</translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation>%1 を削除しました</translation>
    </message>
    <message numerus="yes">
        <source>settings changed for %n client(s)</source>
        <translation>
            <numerusform>%n 個のクライアントの設定を変更しました</numerusform>
        </translation>
    </message>
    <message>
        <source>defaults: %1</source>
        <translation>既定値：%1</translation>
    </message>
    <message>
        <source>%1 armed %2</source>
        <translation>%1 を %2 に仕掛けた</translation>
    </message>
    <message>
        <source>%1 not added: %2</source>
        <translation>%1 は追加されなかった: %2</translation>
    </message>
    <message>
        <source> · fencing=on does nothing for %1: its rung hands out no token to fence with</source>
        <translation> · fencing=on は %1 には効きません：その段はフェンシングに使えるトークンを出しません</translation>
    </message>
</context>
<context>
    <name>ClientSettingField</name>
    <message>
        <source>TTL (ms)</source>
        <translation>TTL（ミリ秒）</translation>
    </message>
    <message>
        <source>How long a lock key lives on a node before it expires.</source>
        <translation>ロックキーがノード上で期限切れになるまでの時間。</translation>
    </message>
    <message>
        <source>Per-node timeout (ms)</source>
        <translation>ノードごとのタイムアウト（ミリ秒）</translation>
    </message>
    <message>
        <source>How long to wait for one node&apos;s answer; below the TTL, best far below it.</source>
        <translation>1 つのノードの応答を待つ時間。TTL より短く、できればずっと短く。</translation>
    </message>
    <message>
        <source>Drift factor</source>
        <translation>ドリフト係数</translation>
    </message>
    <message>
        <source>Clock drift allowance as a share of the TTL (0.01 = 1 %).</source>
        <translation>TTL に対する割合で表した時計のドリフト許容量（0.01 = 1 %）。</translation>
    </message>
    <message>
        <source>Drift constant (ms)</source>
        <translation>ドリフト定数（ミリ秒）</translation>
    </message>
    <message>
        <source>Clock drift allowance added to the share above.</source>
        <translation>上の割合に加える時計のドリフト許容量。</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>リトライ回数</translation>
    </message>
    <message>
        <source>Further attempts after a failed first try.</source>
        <translation>最初の試行が失敗した後の追加の試行回数。</translation>
    </message>
    <message>
        <source>Retry delay (ms)</source>
        <translation>リトライ遅延（ミリ秒）</translation>
    </message>
    <message>
        <source>The fixed part of the wait before a retry.</source>
        <translation>リトライ前の待ち時間の固定部分。</translation>
    </message>
    <message>
        <source>Retry jitter (ms)</source>
        <translation>リトライのジッター（ミリ秒）</translation>
    </message>
    <message>
        <source>The largest random part added to the retry delay.</source>
        <translation>リトライ遅延に加えるランダムな部分の最大値。</translation>
    </message>
    <message>
        <source>Random jitter</source>
        <translation>ランダムなジッター</translation>
    </message>
    <message>
        <source>Off: every client retries in lock step, which shows split votes.</source>
        <translation>オフ：すべてのクライアントが足並みをそろえてリトライし、票割れが起きます。</translation>
    </message>
    <message>
        <source>Max extensions</source>
        <translation>最大延長回数</translation>
    </message>
    <message>
        <source>How many times a held lock may be extended.</source>
        <translation>保持中のロックを延長できる回数。</translation>
    </message>
    <message>
        <source>Work time (ms or MIN-MAX)</source>
        <translation>作業時間（ミリ秒または 最小-最大）</translation>
    </message>
    <message>
        <source>How long the client works under the lock, e.g. 1500-2500.</source>
        <translation>クライアントがロックの下で作業する時間。例：1500-2500。</translation>
    </message>
    <message>
        <source>Think time (ms)</source>
        <translation>思考時間（ミリ秒）</translation>
    </message>
    <message>
        <source>The pause between a release and the next acquire.</source>
        <translation>解放から次の取得までの間隔。</translation>
    </message>
    <message>
        <source>Auto-extend</source>
        <translation>自動延長</translation>
    </message>
    <message>
        <source>Extend the lock when its validity runs low.</source>
        <translation>有効期間が少なくなったらロックを延長します。</translation>
    </message>
    <message>
        <source>Extend below (ms)</source>
        <translation>この値を下回ったら延長（ミリ秒）</translation>
    </message>
    <message>
        <source>Auto-extend when the believed validity falls below this; below the TTL.</source>
        <translation>信じている有効期間がこの値を下回ったら自動延長します。TTL より短く。</translation>
    </message>
    <message>
        <source>Careful</source>
        <translation>慎重</translation>
    </message>
    <message>
        <source>On: gives up when its validity ends inside the critical section and checks it right before writing. Off: the seed&apos;s naive code, it writes anyway.</source>
        <translation>オン：有効期間がクリティカルセクション内で切れたら断念し、書き込み直前にも確認します。オフ：元記事の素朴なコードのとおり、そのまま書き込みます。</translation>
    </message>
    <message>
        <source>Network delay (ms)</source>
        <translation>ネットワーク遅延（ミリ秒）</translation>
    </message>
    <message>
        <source>The client&apos;s own distance to the nodes: each node&apos;s delay drawn once from 0 to this, as for a client on another host (split votes need it).</source>
        <translation>クライアント自身からノードまでの距離：各ノードの遅延は 0 からこの値の間で一度だけ決まります。別のホストにいるクライアントのように（票割れにはこれが必要です）。</translation>
    </message>
    <message>
        <source>Fencing tokens</source>
        <translation>フェンシングトークン</translation>
    </message>
    <message>
        <source>Take a fencing token with the lock; the storage refuses a write whose token is not newer than the last it took.</source>
        <translation>ロックと一緒にフェンシングトークンを取得します。ストレージは、最後に受け入れたものより新しくないトークンの書き込みを拒否します。</translation>
    </message>
    <message>
        <source>Lock strategy</source>
        <translation>ロック戦略</translation>
    </message>
    <message>
        <source>The rung of the seeds&apos; ladder the client locks with, from no lock to Redlock.</source>
        <translation>クライアントがロックに使う戦略。元記事のはしごの 1 段で、ロックなしから Redlock まであります。</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>待ち方</translation>
    </message>
    <message>
        <source>poll: a refused client sleeps its retry delay. pubsub (reentrant, watchdog): it also wakes at once when the holder&apos;s release publishes an unlock message.</source>
        <translation>poll：断られたクライアントはリトライ遅延の間眠ります。pubsub（reentrant、watchdog）：保持者の解放がアンロック通知を発行すると、すぐに起きます。</translation>
    </message>
</context>
<context>
    <name>ClientSettingsDialog</name>
    <message>
        <source>Settings of all clients</source>
        <translation>全クライアントの設定</translation>
    </message>
    <message>
        <source>Settings of %1</source>
        <translation>%1 の設定</translation>
    </message>
    <message>
        <source>Changes apply to the client&apos;s next acquisition.</source>
        <translation>変更はクライアントの次の取得から適用されます。</translation>
    </message>
</context>
<context>
    <name>ClientSettingsForm</name>
    <message>
        <source>Nothing was applied: fix the values marked in red.</source>
        <translation>何も適用されていません：赤で示された値を直してください。</translation>
    </message>
    <message>
        <source>Nothing was applied: %1</source>
        <translation>何も適用されていません：%1</translation>
    </message>
</context>
<context>
    <name>CommandCatalogue</name>
    <message>
        <source>add a client (optionally named, with settings) and start its loop</source>
        <translation>クライアントを追加し（名前と設定は任意）、ループを開始する</translation>
    </message>
    <message>
        <source>remove a client</source>
        <translation>クライアントを削除する</translation>
    </message>
    <message>
        <source>stop clients; a holder releases first</source>
        <translation>クライアントを停止する。保持者は先に解放する</translation>
    </message>
    <message>
        <source>start stopped clients again</source>
        <translation>停止したクライアントを再開する</translation>
    </message>
    <message>
        <source>change settings (all checked first; all or nothing)</source>
        <translation>設定を変更する（まずすべて検査し、全部適用か何もしないか）</translation>
    </message>
    <message>
        <source>end a pause</source>
        <translation>一時停止を終える</translation>
    </message>
    <message>
        <source>a crashed client comes back</source>
        <translation>クラッシュしたクライアントが戻ってくる</translation>
    </message>
    <message>
        <source>cut the client off from those nodes</source>
        <translation>クライアントをこれらのノードから切断する</translation>
    </message>
    <message>
        <source>settings for clients added later</source>
        <translation>後から追加するクライアントの設定</translation>
    </message>
    <message>
        <source>crash the node (SIGKILL; external: SHUTDOWN NOSAVE)</source>
        <translation>ノードをクラッシュさせる（SIGKILL。外部ノード：SHUTDOWN NOSAVE）</translation>
    </message>
    <message>
        <source>freeze the node (SIGSTOP; external: CLIENT PAUSE WRITE), for MS or until resumed</source>
        <translation>ノードを凍結する（SIGSTOP。外部ノード：CLIENT PAUSE WRITE）。MS ミリ秒間、または再開まで</translation>
    </message>
    <message>
        <source>end a node&apos;s pause</source>
        <translation>ノードの一時停止を終える</translation>
    </message>
    <message>
        <source>respawn now, or stay down MS first (default: the largest TTL in use + 1 s)</source>
        <translation>今すぐ再起動、または先に MS ミリ秒停止したまま（既定：使用中の最大 TTL + 1 秒）</translation>
    </message>
    <message>
        <source>graceful shutdown (SIGTERM; external: SHUTDOWN SAVE)</source>
        <translation>正常なシャットダウン（SIGTERM。外部ノード：SHUTDOWN SAVE）</translation>
    </message>
    <message>
        <source>AOF mode, now (CONFIG SET) and at the next start</source>
        <translation>AOF モード。今すぐ（CONFIG SET）と次回の起動時に</translation>
    </message>
    <message>
        <source>cut the node off from every client, or from those named</source>
        <translation>ノードをすべてのクライアント、または指定したクライアントから切断する</translation>
    </message>
    <message>
        <source>delay requests through the node&apos;s proxy (0 clears)</source>
        <translation>ノードのプロキシを通る要求を遅らせる（0 で解除）</translation>
    </message>
    <message>
        <source>drop whole requests through the node&apos;s proxy (0 clears)</source>
        <translation>ノードのプロキシを通る要求を丸ごと捨てる（0 で解除）</translation>
    </message>
    <message>
        <source>the node&apos;s clock jumps forward: its keys expire MS early</source>
        <translation>ノードの時計が進む：キーが MS ミリ秒早く期限切れになる</translation>
    </message>
    <message>
        <source>end partition, latency, drop and the clock mark</source>
        <translation>分断、遅延、ドロップ、時計のずれを終える</translation>
    </message>
    <message>
        <source>put N items on the storage (clients then buy one per critical section); alone: report the stock</source>
        <translation>ストレージに N 個の商品を置く（クライアントはクリティカルセクションごとに 1 個買う）。引数なし：在庫を報告</translation>
    </message>
    <message>
        <source>the commands, or one command in full</source>
        <translation>コマンドの一覧、または 1 つのコマンドの詳細</translation>
    </message>
    <message>
        <source>narration: a caption in the window, a line in the history</source>
        <translation>ナレーション：ウィンドウのキャプションと履歴の 1 行</translation>
    </message>
    <message>
        <source>the same narration in Chinese</source>
        <translation>同じナレーションの中国語版</translation>
    </message>
    <message>
        <source>the same narration in Japanese</source>
        <translation>同じナレーションの日本語版</translation>
    </message>
    <message>
        <source>wait MS milliseconds</source>
        <translation>MS ミリ秒待つ</translation>
    </message>
    <message>
        <source>wait until the client is in STATE (default at most 30 s); a timeout fails the scenario</source>
        <translation>クライアントが STATE になるまで待つ（既定で最大 30 秒）。タイムアウトするとシナリオは失敗</translation>
    </message>
    <message>
        <source>key=value, the settings:</source>
        <translation>key=value の設定:</translation>
    </message>
    <message>
        <source>EVENT, one of (EVENT(CLIENT): one client&apos;s):</source>
        <translation>EVENT は次のいずれか（EVENT(CLIENT) は 1 つのクライアントのもの）:</translation>
    </message>
    <message>
        <source>every random choice (tokens aside) comes from N: the run replays the same way</source>
        <translation>トークン以外のすべてのランダムな選択は N から決まる：同じように再現できる</translation>
    </message>
    <message>
        <source>no command &apos;%1&apos; (help lists them all)</source>
        <translation>コマンド「%1」はありません（help で一覧）</translation>
    </message>
    <message>
        <source>the client vanishes without releasing, now or at a MOMENT: its keys live out their TTL</source>
        <translation>クライアントが解放せずに消える。今すぐ、または MOMENT の時点で：キーは TTL が切れるまで残る</translation>
    </message>
    <message>
        <source>a stop-the-world pause (GC pause), now or armed for a MOMENT: before-write (after the careful check), before-expire (setnx-expire), before-delete (token-get-del)</source>
        <translation>stop-the-world の停止（GC 停止）。今すぐ、または MOMENT に仕掛ける：before-write（慎重な確認の後）、before-expire（setnx-expire）、before-delete（token-get-del）</translation>
    </message>
    <message>
        <source>ask Sentinel to promote the replica of master N (SENTINEL FAILOVER; --topology replicated only)</source>
        <translation>マスター N のレプリカを昇格するよう Sentinel に依頼する（SENTINEL FAILOVER。--topology replicated のときのみ）</translation>
    </message>
    <message>
        <source>checked at the end: NAME OP NUMBER, NAME(CLIENT) for one client, `expect safe`, or `expect NAME any` (it may be anything: a violation of that kind fails nothing)</source>
        <translation>終了時に確認：NAME OP NUMBER、1 つのクライアントには NAME(CLIENT)、`expect safe`、または `expect NAME any`（どんな値でもよい：その種類の違反では失敗しない）</translation>
    </message>
    <message>
        <source>ports for your own lock clients: node 1 on PORT, node 2 on PORT+1, ..., the storage after them, each through its node&apos;s faults; host 127.0.0.1 unless given</source>
        <translation>あなた自身のロッククライアント用のポート：ノード 1 は PORT、ノード 2 は PORT+1、…、その後にストレージ。それぞれそのノードの障害を経由します。ホストは指定がなければ 127.0.0.1</translation>
    </message>
    <message>
        <source>start a program (your own lock client, through the exposed ports) in a shell: its output goes into the history, it is stopped when the scenario ends</source>
        <translation>シェルでプログラム（公開ポート経由のあなた自身のロッククライアント）を起動します：出力は履歴に入り、シナリオの終わりに停止されます</translation>
    </message>
    <message>
        <source>a slide now (--slides): the window as it is, with the caption on screen and the TITLE in quotes when one is given</source>
        <translation>いまスライドを 1 枚撮ります（--slides）：いまのウィンドウと画面の字幕、指定があれば引用符内の TITLE も</translation>
    </message>
    <message>
        <source>wait until an EVENT happens, EVENT(CLIENT) for one client&apos;s, exited(LINE) for the end of the program the exec on line LINE started (see docs/commands.md)</source>
        <translation>EVENT が起きるまで待つ。EVENT(CLIENT) は 1 つのクライアントのもの、exited(LINE) は LINE 行目の exec が起動したプログラムの終了（docs/commands.md 参照）</translation>
    </message>
</context>
<context>
    <name>CommandParser</name>
    <message>
        <source>%1 must not be negative (got %2)</source>
        <translation>%1 は負にできません（値：%2）</translation>
    </message>
    <message>
        <source>%1 must be a whole number%2, not &apos;%3&apos;</source>
        <translation>%1 は整数%2でなければなりません（「%3」ではなく）</translation>
    </message>
    <message>
        <source>%1 must be at most %2%3 (got %4)</source>
        <translation>%1 は最大 %2%3 です（値：%4）</translation>
    </message>
    <message>
        <source>%1 must be at least %2%3 (got %4)</source>
        <translation>%1 は最小 %2%3 です（値：%4）</translation>
    </message>
    <message>
        <source>no node &apos;%1&apos;: nodes are numbered 1 to %2</source>
        <translation>ノード「%1」はありません：ノードの番号は 1 から %2 です</translation>
    </message>
    <message>
        <source>%1 must be one of %2, not &apos;%3&apos;</source>
        <translation>%1 は %2 のいずれかでなければなりません（「%3」ではなく）</translation>
    </message>
    <message>
        <source>expected &apos;%1&apos;, not &apos;%2&apos;</source>
        <translation>「%1」が必要です（「%2」ではなく）</translation>
    </message>
    <message>
        <source>expected key=value, not &apos;%1&apos;</source>
        <translation>key=value が必要です（「%1」ではなく）</translation>
    </message>
    <message>
        <source>&apos;all&apos; names every client; choose another name</source>
        <translation>「all」はすべてのクライアントを指します。別の名前にしてください</translation>
    </message>
    <message>
        <source>a name may not contain &apos;=&apos;</source>
        <translation>名前に「=」は使えません</translation>
    </message>
    <message>
        <source>empty command</source>
        <translation>空のコマンド</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos; (help lists them)</source>
        <translation>不明なコマンド「%1」（help で一覧）</translation>
    </message>
    <message>
        <source>missing %1 (usage: %2)</source>
        <translation>%1 がありません（使い方：%2）</translation>
    </message>
    <message>
        <source>unexpected &apos;%1&apos; (usage: %2)</source>
        <translation>予期しない「%1」（使い方：%2）</translation>
    </message>
    <message>
        <source>unknown setting &apos;%1&apos; (known: %2)</source>
        <translation>不明な設定「%1」（既知：%2）</translation>
    </message>
    <message>
        <source>a client&apos;s name may be at most %1 characters, not %2</source>
        <translation>クライアント名は最大 %1 文字です（%2 文字ではなく）</translation>
    </message>
    <message>
        <source>a line may be at most %1 characters, not %2</source>
        <translation>1 行は最大 %1 文字です（%2 文字ではなく）</translation>
    </message>
    <message>
        <source>control character %1 in the line (it would act on a terminal; write plain text)</source>
        <translation>行に制御文字 %1 があります（端末に作用してしまいます。普通のテキストで書いてください）</translation>
    </message>
    <message>
        <source>MS + JITTER_MS must be at most %1 ms in all (got %2 ms)</source>
        <translation>MS + JITTER_MS は合計で最大 %1 ms です（値：%2 ms）</translation>
    </message>
    <message>
        <source>%1 may be at most %2 characters, not %3</source>
        <translation>%1 は最大 %2 文字です（%3 文字ではなく）</translation>
    </message>
</context>
<context>
    <name>ConnectionTest</name>
    <message>
        <source>Redis answered</source>
        <translation>Redis が応答しました</translation>
    </message>
    <message>
        <source>Redis %1</source>
        <translation>Redis %1</translation>
    </message>
    <message>
        <source>the connection was closed</source>
        <translation>接続が閉じられました</translation>
    </message>
</context>
<context>
    <name>ConsentDialog</name>
    <message>
        <source>Run %1?</source>
        <translation>%1 を実行しますか？</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; would start programs or change servers the app did not start. Run it only if you trust where it came from:</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; はプログラムを起動するか、このアプリが起動していないサーバーを変更します。出どころを信頼できる場合にだけ実行してください：</translation>
    </message>
    <message>
        <source>Your answer is remembered for this file as it is now; if it changes, you are asked again.</source>
        <translation>この回答は現在の内容のこのファイルについて記憶されます。ファイルが変わると、もう一度尋ねます。</translation>
    </message>
    <message>
        <source>Run it</source>
        <translation>実行する</translation>
    </message>
</context>
<context>
    <name>ConsoleView</name>
    <message>
        <source>refused: </source>
        <translation>拒否：</translation>
    </message>
    <message>
        <source>A command or directive, e.g. node kill 3 · client pause C1 3000 · help</source>
        <translation>コマンドまたは指示。例：node kill 3 · client pause C1 3000 · help</translation>
    </message>
    <message>
        <source>Enter runs the line; Up and Down walk the lines typed before; Tab completes a verb.</source>
        <translation>Enter で実行、↑↓ で以前の入力をたどり、Tab で動詞を補完します。</translation>
    </message>
</context>
<context>
    <name>Counterexample</name>
    <message numerus="yes">
        <source>%1: %n step(s), %2</source>
        <translation>
            <numerusform>%1：%n ステップ、%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CounterexampleSearch</name>
    <message>
        <source>the budget of %1 s is spent</source>
        <translation>%1 秒の予算を使い切った</translation>
    </message>
    <message>
        <source>searching: %1, faults %2, %3 client(s), at most %4 node(s) faulty at once, seed %5</source>
        <translation>探索中：%1、故障 %2、クライアント %3 個、同時に故障するノードは最大 %4 個、シード %5</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>trial %1 broke the property (%2): replaying it %3 times</source>
        <translation>試行 %1 が性質を破った（%2）：%3 回再実行する</translation>
    </message>
    <message>
        <source>trial %1 failed in %2 of %3 replays</source>
        <translation>試行 %1 は再実行 %3 回中 %2 回失敗した</translation>
    </message>
    <message numerus="yes">
        <source>shrunk, %1: %n step(s), %2 s (candidate %3)</source>
        <translation>
            <numerusform>縮小した、%1：%n ステップ、%2 秒（候補 %3）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>trial %1 counts: shrinking it from %n step(s)</source>
        <translation>
            <numerusform>試行 %1 を採用：%n ステップから縮小する</numerusform>
        </translation>
    </message>
    <message>
        <source>telling the story from one more run, %1 s longer</source>
        <translation>もう一度、%1 秒長く実行して経緯を語る</translation>
    </message>
    <message>
        <source>the scenario written does not parse: %1</source>
        <translation>書き出したシナリオを解析できない：%1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
    <message>
        <source>no new schedule from %1 s on: the budget left would not replay and tell one that fails</source>
        <translation>%1 秒以降は新しいスケジュールを始めない：残りの予算では失敗したものを再生して語れない</translation>
    </message>
    <message>
        <source>every step is needed: without any one fault or client it held</source>
        <translation>どのステップも必要：故障かクライアントを一つでも除くと失敗しなくなった</translation>
    </message>
    <message>
        <source>shrinking stopped before every step was tried without</source>
        <translation>すべてのステップを除いて試す前に縮小が止まった</translation>
    </message>
    <message>
        <source>trial %1 failed once, but the budget ended before its replays: continue with seed %2 to replay it first</source>
        <translation>試行 %1 は一度失敗したが、再生の前に予算が尽きた：シード %2 で続ければ最初にそれを再生する</translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation>フォルダー %1 を作成できません</translation>
    </message>
    <message>
        <source>cannot copy the run %1: %2</source>
        <translation>実行記録 %1 をコピーできません：%2</translation>
    </message>
</context>
<context>
    <name>DataIncident</name>
    <message>
        <source>DATA DAMAGED: %1 wrote stock %2 over the stock the operator set (%3)</source>
        <translation>データ破損：%1 が在庫 %2 を書き、操作者が設定した在庫（%3）を上書きしました</translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1 wrote stock %2</source>
        <translation>データ破損：%1 が在庫 %2 を書きました</translation>
    </message>
    <message>
        <source>; 1 update lost</source>
        <translation>；更新 1 件が失われました</translation>
    </message>
    <message>
        <source>; %1 updates lost</source>
        <translation>；更新 %1 件が失われました</translation>
    </message>
    <message>
        <source>; 1 item oversold</source>
        <translation>；1 個を売り越し</translation>
    </message>
    <message>
        <source>; %1 items oversold</source>
        <translation>；%1 個を売り越し</translation>
    </message>
    <message>
        <source>%1 wrote what it had read: the sales made since are gone</source>
        <translation>%1 は以前に読んだ値を書きました。その後の販売は消えました</translation>
    </message>
    <message>
        <source>the storage accepted the write</source>
        <translation>ストレージは書き込みを受け入れました</translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1 wrote stock %2 %3</source>
        <translation>データ破損：%1 が%3在庫 %2 を書き込みました</translation>
    </message>
    <message>
        <source>with no lock at all</source>
        <translation>ロックなしで</translation>
    </message>
    <message>
        <source>after its lock expired in a pause</source>
        <translation>停止中にロックが期限切れになったあとで</translation>
    </message>
    <message>
        <source>after its lock expired</source>
        <translation>ロックが期限切れになったあとで</translation>
    </message>
    <message>
        <source>after a failover lost its lock</source>
        <translation>フェイルオーバーでロックを失ったあとで</translation>
    </message>
    <message>
        <source>after a clock jump ended its lock early</source>
        <translation>時計の跳びでロックが早く切れたあとで</translation>
    </message>
    <message>
        <source>after a restart lost its lock</source>
        <translation>再起動でロックを失ったあとで</translation>
    </message>
    <message>
        <source>after %1 deleted its lock</source>
        <translation>%1 にロックを消されたあとで</translation>
    </message>
    <message>
        <source>while %1 held the lock too</source>
        <translation>%1 もロックを持っている間に</translation>
    </message>
    <message>
        <source>%1 went in</source>
        <translation>%1 も入りました</translation>
    </message>
    <message>
        <source>%1 acquired (node %2)</source>
        <translation>%1 がロックを取得（ノード %2）</translation>
    </message>
    <message>
        <source>%1 acquired (nodes %2)</source>
        <translation>%1 がロックを取得（ノード %2）</translation>
    </message>
    <message>
        <source>%1 too: with no lock, nothing kept them apart</source>
        <translation>%1：ロックがないので、両者を隔てるものは何もありません</translation>
    </message>
    <message>
        <source>%1 after %2&apos;s validity had ended</source>
        <translation>%1。%2 の有効期間はすでに切れていました</translation>
    </message>
    <message>
        <source>the master died before the key reached the replica; %1 on the new master while %2&apos;s validity still ran</source>
        <translation>キーがレプリカに届く前にマスターが落ちました。新しいマスターで %1。%2 の有効期間はまだ残っていました</translation>
    </message>
    <message>
        <source>node %1&apos;s clock jumped and its key expired; %2 while %3&apos;s validity still ran</source>
        <translation>ノード %1 の時計が跳んでキーが期限切れに。%2。%3 の有効期間はまだ残っていました</translation>
    </message>
    <message>
        <source>node %1 came back without the key; %2 while %3&apos;s validity still ran</source>
        <translation>ノード %1 はキーを失って戻りました。%2。%3 の有効期間はまだ残っていました</translation>
    </message>
    <message>
        <source>%1&apos;s release deleted %2&apos;s key on node %3; %4</source>
        <translation>%1 の解放が ノード %3 の %2 のキーを消しました。%4</translation>
    </message>
    <message>
        <source>%1 while %2 was still in its section</source>
        <translation>%1。%2 はまだクリティカルセクションの中でした</translation>
    </message>
</context>
<context>
    <name>DeckWriter</name>
    <message>
        <source>cannot write slides to %1: the file name must end in .pdf or .html</source>
        <translation>%1 にスライドを書けません：ファイル名は .pdf か .html で終わる必要があります</translation>
    </message>
    <message>
        <source>%1 · slide %2 · %3 s</source>
        <translation>%1 · スライド %2 · %3 秒</translation>
    </message>
    <message>
        <source>What the checker found</source>
        <translation>チェッカーが見つけたこと</translation>
    </message>
</context>
<context>
    <name>Engine</name>
    <message>
        <source>column %1: %2</source>
        <translation>%1 列目：%2</translation>
    </message>
    <message>
        <source>%1 before the first line: the nodes were not up yet</source>
        <translation>%1（最初の行の前：ノードはまだ起動していませんでした）</translation>
    </message>
</context>
<context>
    <name>EngineConfig</name>
    <message>
        <source>a config file</source>
        <translation>設定ファイル</translation>
    </message>
</context>
<context>
    <name>EngineSession</name>
    <message>
        <source>the engine did not start: %1</source>
        <translation>エンジンが起動しませんでした：%1</translation>
    </message>
</context>
<context>
    <name>EnumText</name>
    <message>
        <source>idle</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>取得中</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>保持中</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>解放中</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>リトライ待ち</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>起動中</translation>
    </message>
    <message>
        <source>up</source>
        <translation>稼働中</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ダウン</translation>
    </message>
    <message>
        <source>acquire</source>
        <translation>取得</translation>
    </message>
    <message>
        <source>release</source>
        <translation>解放</translation>
    </message>
    <message>
        <source>extend</source>
        <translation>延長</translation>
    </message>
    <message>
        <source>read</source>
        <translation>読み取り</translation>
    </message>
    <message>
        <source>write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>no quorum</source>
        <translation>過半数に届かず</translation>
    </message>
    <message>
        <source>split vote</source>
        <translation>票割れ</translation>
    </message>
    <message>
        <source>validity expired</source>
        <translation>有効期間切れ</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>到達不能</translation>
    </message>
    <message>
        <source>extension limit</source>
        <translation>延長回数の上限</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>too few nodes said yes (refused, down or timed out)</source>
        <translation>承諾したノードが少なすぎる（拒否、ダウン、タイムアウト）</translation>
    </message>
    <message>
        <source>a majority, but slower than the TTL allows</source>
        <translation>過半数は得たが、TTL が許すより遅かった</translation>
    </message>
    <message>
        <source>the storage refused a stale fencing token</source>
        <translation>ストレージが古いフェンシングトークンを拒否した</translation>
    </message>
    <message>
        <source>a node or the storage answered an error</source>
        <translation>ノードかストレージがエラーを返した</translation>
    </message>
    <message>
        <source>the storage did not answer</source>
        <translation>ストレージが応答しなかった</translation>
    </message>
    <message>
        <source>the bound on extensions was reached</source>
        <translation>延長回数の上限に達した</translation>
    </message>
    <message>
        <source>the client crashed or stopped before the answer</source>
        <translation>応答の前にクライアントがクラッシュまたは停止した</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>取得済み</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>競合</translation>
    </message>
    <message>
        <source>the lock&apos;s one node said another client holds it</source>
        <translation>ロックの唯一のノードが、別のクライアントが保持していると答えました</translation>
    </message>
    <message>
        <source>the stock changed between WATCH and EXEC: the write was refused</source>
        <translation>WATCH と EXEC の間に在庫が変わったため、書き込みは拒否されました</translation>
    </message>
    <message>
        <source>held by another</source>
        <translation>他者が保持中</translation>
    </message>
    <message>
        <source>valid write refused</source>
        <translation>有効な書き込みを拒否</translation>
    </message>
    <message>
        <source>another client held the lock (judged from the whole history)</source>
        <translation>別のクライアントがロックを保持していた（履歴全体から判定）</translation>
    </message>
    <message>
        <source>the storage refused a write whose lock was valid: a node&apos;s fencing number went back</source>
        <translation>ストレージがロックの有効な書き込みを拒否した：あるノードのフェンシング番号が戻った</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <comment>the last two of a list of names</comment>
        <translation>%1 と %2</translation>
    </message>
    <message>
        <source>held by an expired lock</source>
        <translation>期限切れのロックが保持</translation>
    </message>
    <message>
        <source>the votes went to two clients or more and nobody held a majority at any moment of the round (judged once the round was complete)</source>
        <translation>票が 2 つ以上のクライアントに分かれ、ラウンドのどの時点でも誰も過半数を持たなかった（ラウンドがそろってから判定）</translation>
    </message>
    <message>
        <source>a majority of the nodes still held the keys of another client&apos;s lock that was no longer valid (judged once the round was complete)</source>
        <translation>過半数のノードが、もう有効でない別のクライアントのロックのキーをまだ持っていた（ラウンドがそろってから判定）</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>強制終了</translation>
    </message>
    <message>
        <source>waiting to restart</source>
        <translation>再起動待ち</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>シャットダウン</translation>
    </message>
    <message>
        <source>partitioned</source>
        <translation>分断</translation>
    </message>
    <message>
        <source>slowed</source>
        <translation>遅延</translation>
    </message>
    <message>
        <source>dropping requests</source>
        <translation>リクエストを破棄</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>時計の跳び</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>再起動</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>重なり</translation>
    </message>
    <message>
        <source>stale write</source>
        <translation>古い書き込み</translation>
    </message>
    <message>
        <source>lost update</source>
        <translation>更新の消失</translation>
    </message>
    <message>
        <source>oversold</source>
        <translation>売り越し</translation>
    </message>
    <message>
        <source>reset overwritten</source>
        <translation>リセットの上書き</translation>
    </message>
    <message>
        <source>valid write rejected</source>
        <translation>有効な書き込みの拒否</translation>
    </message>
    <message>
        <source>lease overlap</source>
        <translation>リースの重なり</translation>
    </message>
    <message>
        <source>overlaps: two in their critical sections at once</source>
        <translation>重なり：2 つが同時にクリティカルセクションに</translation>
    </message>
    <message>
        <source>locks lost inside a critical section</source>
        <translation>クリティカルセクション内で失ったロック</translation>
    </message>
    <message>
        <source>stale writes accepted</source>
        <translation>受け入れられた古い書き込み</translation>
    </message>
    <message>
        <source>stale writes rejected by fencing</source>
        <translation>フェンシングで拒否された古い書き込み</translation>
    </message>
    <message>
        <source>valid writes rejected</source>
        <translation>拒否された有効な書き込み</translation>
    </message>
    <message>
        <source>lost updates</source>
        <translation>消えた更新</translation>
    </message>
    <message>
        <source>stock resets overwritten</source>
        <translation>上書きされた在庫のリセット</translation>
    </message>
    <message>
        <source>items oversold</source>
        <translation>売り越した商品</translation>
    </message>
    <message>
        <source>split votes</source>
        <translation>票割れ</translation>
    </message>
    <message>
        <source>locks acquired</source>
        <translation>取得したロック</translation>
    </message>
    <message>
        <source>acquisitions failed</source>
        <translation>取得の失敗</translation>
    </message>
    <message>
        <source>sales</source>
        <translation>販売</translation>
    </message>
    <message>
        <source>EXEC conflicts</source>
        <translation>EXEC の競合</translation>
    </message>
    <message>
        <source>locks deleted by another client</source>
        <translation>他のクライアントに消されたロック</translation>
    </message>
    <message>
        <source>reentries</source>
        <translation>再入</translation>
    </message>
    <message>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <source>command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>caption</source>
        <translation>字幕</translation>
    </message>
    <message>
        <source>node up</source>
        <translation>ノード起動</translation>
    </message>
    <message>
        <source>node down</source>
        <translation>ノード停止</translation>
    </message>
    <message>
        <source>client added</source>
        <translation>クライアント追加</translation>
    </message>
    <message>
        <source>client removed</source>
        <translation>クライアント削除</translation>
    </message>
    <message>
        <source>client state</source>
        <translation>クライアントの状態</translation>
    </message>
    <message>
        <source>%1 invoked</source>
        <translation>%1 開始</translation>
    </message>
    <message>
        <source>invoked</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>%1 ok</source>
        <translation>%1 成功</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 失敗</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>試行</translation>
    </message>
    <message>
        <source>node answer</source>
        <translation>ノードの応答</translation>
    </message>
    <message>
        <source>lock lost</source>
        <translation>ロック喪失</translation>
    </message>
    <message>
        <source>round judged</source>
        <translation>ラウンド判定</translation>
    </message>
    <message>
        <source>section end</source>
        <translation>セクション終了</translation>
    </message>
    <message>
        <source>fault start</source>
        <translation>障害の開始</translation>
    </message>
    <message>
        <source>fault end</source>
        <translation>障害の終了</translation>
    </message>
    <message>
        <source>violation</source>
        <translation>違反</translation>
    </message>
    <message>
        <source>violation end</source>
        <translation>違反の終了</translation>
    </message>
    <message>
        <source>stock set</source>
        <translation>在庫の設定</translation>
    </message>
    <message>
        <source>deleted another&apos;s key</source>
        <translation>他人のキーを削除</translation>
    </message>
    <message>
        <source>reentered</source>
        <translation>再入</translation>
    </message>
    <message>
        <source>woken up</source>
        <translation>起こされた</translation>
    </message>
</context>
<context>
    <name>EventLogModel</name>
    <message>
        <source>storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <source>Time (s)</source>
        <translation>時刻（秒）</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>クライアント</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>詳細</translation>
    </message>
</context>
<context>
    <name>EventLogView</name>
    <message>
        <source>All events</source>
        <translation>すべてのイベント</translation>
    </message>
    <message>
        <source>Show only the events of one client.</source>
        <translation>1 つのクライアントのイベントだけを表示します。</translation>
    </message>
    <message>
        <source>Show only the events of one node.</source>
        <translation>1 つのノードのイベントだけを表示します。</translation>
    </message>
    <message>
        <source>Show only one kind of event.</source>
        <translation>1 種類のイベントだけを表示します。</translation>
    </message>
    <message>
        <source>Events shown / kept (the log keeps the latest %L1).</source>
        <translation>表示中 / 保持中のイベント（ログは最新の %L1 件を保持します）。</translation>
    </message>
    <message>
        <source>The latest events of the run, oldest at the top.</source>
        <translation>この実行の最新のイベント。古いものが上です。</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>クライアント</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>イベント</translation>
    </message>
    <message>
        <source>All clients</source>
        <translation>すべてのクライアント</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>すべてのノード</translation>
    </message>
    <message>
        <source>%L1 / %L2</source>
        <translation>%L1 / %L2</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>ノード %1</translation>
    </message>
</context>
<context>
    <name>EventText</name>
    <message>
        <source>storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>refused: </source>
        <translation>拒否：</translation>
    </message>
    <message>
        <source>%1 up</source>
        <translation>%1 稼働</translation>
    </message>
    <message>
        <source>%1 up (%2)</source>
        <translation>%1 稼働（%2）</translation>
    </message>
    <message>
        <source>%1 down: %2</source>
        <translation>%1 ダウン：%2</translation>
    </message>
    <message>
        <source>%1 added</source>
        <translation>%1 を追加</translation>
    </message>
    <message>
        <source>%1 removed</source>
        <translation>%1 を削除</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 は %2</translation>
    </message>
    <message>
        <source>%1 LOST THE LOCK: its validity ended inside the critical section</source>
        <translation>%1 がロックを失った：有効期間がクリティカルセクション内で切れた</translation>
    </message>
    <message>
        <source>%1 left its critical section (%2) after %3</source>
        <translation>%1 がクリティカルセクションを出た（%2）、%3 後</translation>
    </message>
    <message>
        <source>stock set to %1 on the storage</source>
        <translation>ストレージの在庫を %1 に設定</translation>
    </message>
    <message>
        <source>%1 tries to acquire %2</source>
        <translation>%1 が %2 の取得を試みる</translation>
    </message>
    <message>
        <source>%1 releases %2</source>
        <translation>%1 が %2 を解放</translation>
    </message>
    <message>
        <source>%1 asks to extend its lock</source>
        <translation>%1 がロックの延長を求める</translation>
    </message>
    <message>
        <source>%1 reads the stock</source>
        <translation>%1 が在庫を読み取る</translation>
    </message>
    <message>
        <source>%1 writes stock = %2</source>
        <translation>%1 が 在庫 = %2 を書き込む</translation>
    </message>
    <message>
        <source>%1 writes stock = %2 with fence %3</source>
        <translation>%1 が 在庫 = %2 をフェンス %3 で書き込む</translation>
    </message>
    <message>
        <source>%1 acquired %2 on nodes %3 · valid %4 · token %5</source>
        <translation>%1 がノード %3 で %2 を取得 · 有効 %4 · トークン %5</translation>
    </message>
    <message>
        <source> · fence %1</source>
        <translation> · フェンス %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 released %2 on %n node(s)</source>
        <translation>
            <numerusform>%1 が %n 個のノードで %2 を解放</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 extended its lock · valid %2</source>
        <translation>%1 がロックを延長 · 有効 %2</translation>
    </message>
    <message>
        <source>%1 read stock = %2</source>
        <translation>%1 が 在庫 = %2 を読み取った</translation>
    </message>
    <message>
        <source>%1 wrote stock = %2: one item sold</source>
        <translation>%1 が 在庫 = %2 を書き込んだ：1 個販売</translation>
    </message>
    <message>
        <source>%1 did not get %2: %3</source>
        <translation>%1 は %2 を取得できなかった：%3</translation>
    </message>
    <message>
        <source>the storage REJECTED %1&apos;s stale write (fence %2): %3</source>
        <translation>ストレージが %1 の古い書き込みを拒否した（フェンス %2）：%3</translation>
    </message>
    <message>
        <source>%1&apos;s write failed: %2</source>
        <translation>%1 の書き込みが失敗：%2</translation>
    </message>
    <message>
        <source>%1&apos;s release failed: %2</source>
        <translation>%1 の解放が失敗：%2</translation>
    </message>
    <message>
        <source>%1 could not extend: %2</source>
        <translation>%1 は延長できなかった：%2</translation>
    </message>
    <message>
        <source>%1 could not read the stock: %2</source>
        <translation>%1 は在庫を読み取れなかった：%2</translation>
    </message>
    <message>
        <source>%1: %2 votes, quorum in %3</source>
        <translation>%1：%2 票、%3 で過半数</translation>
    </message>
    <message>
        <source>%1: %2 votes, but %3 used up the validity</source>
        <translation>%1：%2 票、しかし %3 で有効期間を使い切った</translation>
    </message>
    <message>
        <source>%1: %2 votes, no quorum</source>
        <translation>%1：%2 票、過半数に届かず</translation>
    </message>
    <message>
        <source>%1 → %2 %3: %4</source>
        <translation>%1 → %2 %3：%4</translation>
    </message>
    <message>
        <source> by %1</source>
        <translation>（保持者 %1）</translation>
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
        <translation>%1：%2 終了</translation>
    </message>
    <message>
        <source> after %1</source>
        <translation>、%1 後</translation>
    </message>
    <message>
        <source>%1 of %2 and %3 ended after %4</source>
        <translation>%2 と %3 の %1 が %4 後に終了</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN: %1 and %2 are both in their critical sections on %3</source>
        <translation>相互排除の破綻：%1 と %2 が同時に %3 のクリティカルセクションにいる</translation>
    </message>
    <message>
        <source>DATA DAMAGED: the storage accepted a stale write from %1 after %2 acquired</source>
        <translation>データ破損：%2 が取得した後に、ストレージが %1 の古い書き込みを受け入れた</translation>
    </message>
    <message numerus="yes">
        <source>DATA DAMAGED: %1&apos;s write erased %n sale(s) it never saw</source>
        <translation>
            <numerusform>データ破損：%1 の書き込みが、見ていなかった %n 件の販売を消した</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>DATA DAMAGED: oversold, %1 sold %n item(s) that were not there</source>
        <translation>
            <numerusform>データ破損：過剰販売、%1 が存在しない %n 個を売った</numerusform>
        </translation>
    </message>
    <message>
        <source> (nodes %1)</source>
        <translation>（ノード %1）</translation>
    </message>
    <message>
        <source>acquire</source>
        <translation>取得</translation>
    </message>
    <message>
        <source>release</source>
        <translation>解放</translation>
    </message>
    <message>
        <source>extend</source>
        <translation>延長</translation>
    </message>
    <message>
        <source>read</source>
        <translation>読み取り</translation>
    </message>
    <message>
        <source>write</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>応答待ち</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>取得済み</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ダウン</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>取得中</translation>
    </message>
    <message>
        <source>holding</source>
        <translation>保持中</translation>
    </message>
    <message>
        <source>releasing</source>
        <translation>解放中</translation>
    </message>
    <message>
        <source>waiting-retry</source>
        <translation>リトライ待ち</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>no quorum</source>
        <translation>過半数に届かず</translation>
    </message>
    <message>
        <source>split vote</source>
        <translation>票割れ</translation>
    </message>
    <message>
        <source>validity expired</source>
        <translation>有効期間切れ</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>到達不能</translation>
    </message>
    <message>
        <source>extension limit</source>
        <translation>延長回数の上限</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>取り消し</translation>
    </message>
    <message>
        <source>%1&apos;s release DELETED %2&apos;s lock on %3</source>
        <translation>%1 の解放が %3 上の %2 のロックを削除した</translation>
    </message>
    <message>
        <source>someone else</source>
        <translation>他の誰か</translation>
    </message>
    <message>
        <source>%1 took its reentrant lock again (held %2 times)</source>
        <translation>%1 がリエントラントロックを再び取得した（保持 %2 回）</translation>
    </message>
    <message>
        <source>%1 woke on the unlock message after %2 ms and tries at once (its retry delay: %3 ms)</source>
        <translation>%1 は %2 ms 待ってアンロック通知で起き、すぐに再試行します（リトライ遅延：%3 ms）</translation>
    </message>
    <message>
        <source>the storage refused %1&apos;s write although its lock was valid (fence %2): %3</source>
        <translation>%1 のロックは有効だったのに、ストレージがその書き込みを拒否した（フェンス %2）：%3</translation>
    </message>
    <message>
        <source>%1: %2 votes, SPLIT VOTE: the votes went to %3 clients and nobody had a majority</source>
        <translation>%1：%2 票、票割れ：票が %3 つのクライアントに分かれ、誰も過半数を得なかった</translation>
    </message>
    <message>
        <source>%1: %2 votes, refused: %3 holds the lock</source>
        <translation>%1：%2 票、拒否：%3 がロックを保持している</translation>
    </message>
    <message>
        <source>held by another</source>
        <translation>他者が保持中</translation>
    </message>
    <message>
        <source>rejected valid</source>
        <translation>有効なのに拒否</translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1&apos;s write went over the stock the operator set (%2) after %1 had read it</source>
        <translation>データ破損：%1 が在庫を読んだ後に操作者が設定した在庫（%2）を、%1 の書き込みが上書きした</translation>
    </message>
    <message>
        <source>%1&apos;s write refused although its lock was valid</source>
        <translation>%1 のロックは有効だったのに、その書き込みが拒否された</translation>
    </message>
    <message>
        <source>%1&apos;s write refused although its lock was valid: node %2&apos;s fencing number went back from %3 to %4 (a restart without persistence starts it again)</source>
        <translation>%1 のロックは有効だったのに、その書き込みが拒否された：ノード %2 のフェンシング番号が %3 から %4 に戻った（永続化なしで再起動すると最初から数え直す）</translation>
    </message>
    <message>
        <source>released</source>
        <translation>解放</translation>
    </message>
    <message>
        <source>gave up</source>
        <translation>断念</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>read failed</source>
        <translation>読み取り失敗</translation>
    </message>
    <message>
        <source>%1 is %2, your own client through the exposed ports</source>
        <translation>%1 は %2、公開ポート経由のあなた自身のクライアントです</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>期限切れ</translation>
    </message>
    <message>
        <source>LEASES OVERLAPPING: %1 and %2 held the lock on %3 at once (a lease: from a majority&apos;s grant for its TTL, or until released)</source>
        <translation>リースの重なり：%1 と %2 が %3 のロックを同時に保持しました（リース：過半数が許可してから TTL の間、または解放まで）</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: SPLIT VOTE: its votes went to %2 clients and nobody held a majority</source>
        <translation>%1 のラウンド（すべての応答で判定）：票割れ：票は %2 つのクライアントに分かれ、誰も過半数を持たなかった</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: refused, %2 held the lock</source>
        <translation>%1 のラウンド（すべての応答で判定）：拒否、%2 がロックを保持していた</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: refused by the leftover keys of %2&apos;s lock, which was no longer valid</source>
        <translation>%1 のラウンド（すべての応答で判定）：もう有効でない %2 のロックの残ったキーに拒否された</translation>
    </message>
    <message>
        <source>%1&apos;s round, judged with all its answers: no quorum (%2 votes for it)</source>
        <translation>%1 のラウンド（すべての応答で判定）：過半数に届かず（自分への票は %2）</translation>
    </message>
    <message>
        <source>%1&apos;s write refused although its lock was valid: node %2&apos;s fencing number did not grow (%3 again: a restart without persistence counts from 1 again)</source>
        <translation>%1 のロックは有効だったのに書き込みが拒否された：ノード %2 のフェンシング番号が増えなかった（再び %3：永続化なしの再起動は 1 から数え直す）</translation>
    </message>
    <message>
        <source>%1 → %2 connecting: %3</source>
        <translation>%1 → %2 接続：%3</translation>
    </message>
</context>
<context>
    <name>Expectation</name>
    <message>
        <source>`expect safe` takes nothing more</source>
        <translation>`expect safe` の後には何も書けません</translation>
    </message>
    <message>
        <source>unknown expectation &apos;%1&apos; (known: safe, %2; NAME(CLIENT) for one client)</source>
        <translation>不明な期待値「%1」（既知：safe、%2。1 つのクライアントには NAME(CLIENT)）</translation>
    </message>
    <message>
        <source>`expect %1 any` takes no number</source>
        <translation>`expect %1 any` には数値を書けません</translation>
    </message>
    <message>
        <source>expect NAME OP NUMBER, e.g. `expect %1 == 0`</source>
        <translation>expect NAME OP NUMBER の形です（例：`expect %1 == 0`）</translation>
    </message>
    <message>
        <source>`expect %1 &gt;= 0` always holds (a count is never negative), so it checks nothing; to let %1 be anything, write `expect %1 any`</source>
        <translation>`expect %1 &gt;= 0` は常に成り立つ（カウントは負になりません）ので、何も確認しません。%1 がどんな値でもよいなら `expect %1 any` と書いてください</translation>
    </message>
    <message>
        <source>`expect %1 &lt; 0` can never hold: a count is never negative</source>
        <translation>`expect %1 &lt; 0` は決して成り立ちません：カウントは負になりません</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos; ran: nothing to count ✗</source>
        <translation>「%1」という名前のクライアントは動いていない：数えるものがない ✗</translation>
    </message>
</context>
<context>
    <name>ExposeAddress</name>
    <message>
        <source>expose takes [HOST:]PORT, a port from 1 to %1 (one per node and the storage: %2 ports), not &apos;%3&apos;</source>
        <translation>expose には [HOST:]PORT が必要です。ポートは 1 から %1（ノードごとに 1 つとストレージ：%2 個のポート）。&apos;%3&apos; ではありません</translation>
    </message>
    <message>
        <source>expose: the host &apos;%1&apos; does not resolve (%2): nothing was opened</source>
        <translation>expose：ホスト &apos;%1&apos; を解決できません（%2）：何も開いていません</translation>
    </message>
    <message>
        <source>warning: ports %1-%2 on %3 are not loopback: anyone who can reach that address can use your nodes through them, without a password</source>
        <translation>警告：%3 のポート %1-%2 はループバックではありません：そのアドレスに届く人は誰でも、パスワードなしでそれらを通してあなたのノードを使えます</translation>
    </message>
    <message>
        <source>cannot listen on %1:%2: %3</source>
        <translation>%1:%2 で待ち受けできません：%3</translation>
    </message>
</context>
<context>
    <name>ExposeCommands</name>
    <message>
        <source>the nodes are exposed already (one set of ports per run):
%1</source>
        <translation>ノードはすでに公開されています（1 回の実行につきポートは 1 組）：
%1</translation>
    </message>
    <message>
        <source>node %1 for your clients: %2:%3</source>
        <translation>あなたのクライアント用のノード %1：%2:%3</translation>
    </message>
    <message>
        <source>the storage for your clients: %1:%2</source>
        <translation>あなたのクライアント用のストレージ：%1:%2</translation>
    </message>
    <message>
        <source>sentinel %1 for your clients: %2:%3 (it names the nodes by the ports above)</source>
        <translation>あなたのクライアント用の Sentinel %1：%2:%3（ノードは上記のポートで示されます）</translation>
    </message>
    <message>
        <source>these ports speak plain RESP only (no TLS: %1)</source>
        <translation>これらのポートは平文の RESP のみ（TLS なし：%1）</translation>
    </message>
    <message>
        <source>these ports speak plain RESP and TLS alike; a TLS client trusts the run&apos;s CA %1 (the certificate names 127.0.0.1 and localhost)</source>
        <translation>これらのポートは平文の RESP と TLS の両方を受け付けます。TLS クライアントはこの実行の CA %1 を信頼してください（証明書の名前は 127.0.0.1 と localhost）</translation>
    </message>
</context>
<context>
    <name>ExternalNodeControl</name>
    <message>
        <source>its time was up</source>
        <translation>時間切れ</translation>
    </message>
    <message>
        <source>back up</source>
        <translation>復帰</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>シャットダウン</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>CLIENT PAUSE WRITE: writes wait</source>
        <translation>CLIENT PAUSE WRITE：書き込みは待たされる</translation>
    </message>
    <message>
        <source>node %1 is not paused</source>
        <translation>ノード %1 は一時停止していません</translation>
    </message>
    <message>
        <source>resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>node %1 is external: start it yourself, the app reconnects on its own</source>
        <translation>ノード %1 は外部ノードです：自分で起動してください。アプリは自動で再接続します</translation>
    </message>
    <message>
        <source>external node: faults go through Redis (SHUTDOWN, CLIENT PAUSE, CONFIG) and the app&apos;s proxy; restart it yourself</source>
        <translation>外部ノード：障害は Redis（SHUTDOWN、CLIENT PAUSE、CONFIG）とアプリのプロキシで起こします。再起動は自分で行ってください</translation>
    </message>
</context>
<context>
    <name>FailoverLock</name>
    <message>
        <source>no Sentinel answers: the master is unknown</source>
        <translation>どの Sentinel も応答しない：マスターが不明</translation>
    </message>
</context>
<context>
    <name>FaultShading</name>
    <message>
        <source>client crashed</source>
        <translation>クライアントのクラッシュ</translation>
    </message>
    <message>
        <source>client paused (GC pause)</source>
        <translation>クライアントの一時停止（GC 停止）</translation>
    </message>
    <message>
        <source>node killed</source>
        <translation>ノードの強制終了</translation>
    </message>
    <message>
        <source>node paused</source>
        <translation>ノードの一時停止</translation>
    </message>
    <message>
        <source>node waiting to restart</source>
        <translation>ノードの再起動待ち</translation>
    </message>
    <message>
        <source>node shut down</source>
        <translation>ノードのシャットダウン</translation>
    </message>
    <message>
        <source>network partition</source>
        <translation>ネットワーク分断</translation>
    </message>
    <message>
        <source>network latency</source>
        <translation>ネットワーク遅延</translation>
    </message>
    <message>
        <source>requests dropped</source>
        <translation>リクエストの破棄</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>時計のずれ</translation>
    </message>
    <message>
        <source>node fault</source>
        <translation>ノードの障害</translation>
    </message>
    <message>
        <source>%1: %2, %3 to %4</source>
        <translation>%1：%2、%3 から %4</translation>
    </message>
</context>
<context>
    <name>FaultText</name>
    <message>
        <source>for %1 s</source>
        <translation>%1 秒間</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>強制終了</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>シャットダウン</translation>
    </message>
    <message>
        <source>partitioned</source>
        <translation>分断</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>遅延</translation>
    </message>
    <message>
        <source>drops requests</source>
        <translation>要求をドロップ</translation>
    </message>
    <message>
        <source>clock jumped</source>
        <translation>時計が進んだ</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>あと %1</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>残り %1</translation>
    </message>
    <message>
        <source>Crashed without a goodbye: a node without persistence comes back empty.</source>
        <translation>前触れなくクラッシュ：永続化のないノードは空で戻ってきます。</translation>
    </message>
    <message>
        <source>Frozen: it keeps its keys (their TTLs keep running) but answers nothing.</source>
        <translation>凍結：キーは保持したまま（TTL は進み続ける）ですが、何も応答しません。</translation>
    </message>
    <message>
        <source>Stays down until every key it had has expired, then starts again: the safe way back.</source>
        <translation>持っていたすべてのキーが期限切れになるまでダウンしたままで、その後起動します：安全な戻り方です。</translation>
    </message>
    <message>
        <source>Stopped cleanly.</source>
        <translation>正常に停止しました。</translation>
    </message>
    <message>
        <source>Still up, but the clients named cannot reach it: their requests time out.</source>
        <translation>稼働中ですが、指定したクライアントからは到達できません：要求はタイムアウトします。</translation>
    </message>
    <message>
        <source>Every request to this node is delayed; past the client&apos;s node timeout it counts as a timeout.</source>
        <translation>このノードへの要求はすべて遅延します。クライアントのノードタイムアウトを超えるとタイムアウトになります。</translation>
    </message>
    <message>
        <source>This share of requests is lost on the way: the client sees a timeout.</source>
        <translation>この割合の要求が途中で失われます：クライアントにはタイムアウトに見えます。</translation>
    </message>
    <message>
        <source>Its clock ran ahead: its keys expire that much early, while their owner still counts on them.</source>
        <translation>時計が進みました：キーはその分早く期限切れになりますが、持ち主はまだそれを当てにしています。</translation>
    </message>
    <message>
        <source>
Since %1 on the run clock.</source>
        <translation>
実行時計の %1 から。</translation>
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
        <translation>AOF なし</translation>
    </message>
    <message>
        <source>Persistence: AOF, fsync on every write. A crashed node comes back with every key it had acknowledged.</source>
        <translation>永続化：AOF、書き込みごとに fsync。クラッシュしたノードは、確認応答したすべてのキーを持って戻ります。</translation>
    </message>
    <message>
        <source>Persistence: AOF, fsync once a second. A crashed node may come back without the keys of its last second.</source>
        <translation>永続化：AOF、毎秒 fsync。クラッシュしたノードは最後の 1 秒のキーを失って戻るかもしれません。</translation>
    </message>
    <message>
        <source>Persistence: none. A crashed node comes back empty: restart it only after the longest TTL, or a second client can win a majority.</source>
        <translation>永続化：なし。クラッシュしたノードは空で戻ります：最長の TTL が過ぎてから再起動しないと、2 つ目のクライアントが過半数を得られてしまいます。</translation>
    </message>
    <message>
        <source>Persistence: %1</source>
        <translation>永続化：%1</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>Gone without releasing: its keys stay until their TTL ends.</source>
        <translation>解放せずに消えました：キーは TTL が切れるまで残ります。</translation>
    </message>
    <message>
        <source>for %1</source>
        <translation>%1 の間</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>再起動</translation>
    </message>
    <message>
        <source>%1 s ago</source>
        <translation>%1 秒前</translation>
    </message>
    <message>
        <source>A new process (its process id changed). Without persistence it came back empty: a lock key it granted is gone while its owner still counts on it. With an AOF it read back the keys it had written to the file.</source>
        <translation>新しいプロセスです（プロセス ID が変わりました）。永続化がなければ空で戻ります。与えたロックキーは消えていますが、持ち主はまだそれを当てにしています。AOF があれば、ファイルに書いたキーを読み戻しました。</translation>
    </message>
    <message>
        <source>restarted, no AOF</source>
        <translation>再起動、AOF なし</translation>
    </message>
    <message>
        <source>restarted from its AOF</source>
        <translation>再起動、AOF から復元</translation>
    </message>
    <message>
        <source>restarts</source>
        <translation>再起動待ち</translation>
    </message>
</context>
<context>
    <name>Fleet</name>
    <message>
        <source>starting %1 local redis-server nodes</source>
        <translation>ローカルの redis-server ノードを %1 個起動中</translation>
    </message>
    <message>
        <source>starting a master, its replica and %1 Sentinels</source>
        <translation>マスター、そのレプリカ、%1 個の Sentinel を起動中</translation>
    </message>
    <message>
        <source>failover needs the replicated topology (--topology replicated); these are independent masters</source>
        <translation>failover にはレプリケーション構成（--topology replicated）が必要です。これらは独立したマスターです</translation>
    </message>
    <message>
        <source>node %1 is not the master; the Sentinels name node %2</source>
        <translation>ノード %1 はマスターではありません。Sentinel がマスターとしているのはノード %2 です</translation>
    </message>
    <message>
        <source>node %1 (%2): %3</source>
        <translation>ノード %1（%2）：%3</translation>
    </message>
    <message>
        <source>none of the lock nodes can be used: %1</source>
        <translation>使えるロックノードが 1 つもありません：%1</translation>
    </message>
    <message>
        <source>TLS WITHOUT verification (--tls-insecure): the traffic to the rediss:// nodes is encrypted, but their certificates are not checked, so anyone in between could pose as a node</source>
        <translation>TLS 検証なし（--tls-insecure）：rediss:// ノードへの通信は暗号化されますが、証明書は検査されないため、途中の誰でもノードになりすませます</translation>
    </message>
    <message>
        <source>TLS to the rediss:// nodes, their certificates checked against %1</source>
        <translation>rediss:// ノードへ TLS で接続、証明書は %1 で検査</translation>
    </message>
    <message>
        <source>the system&apos;s CAs</source>
        <translation>システムの CA</translation>
    </message>
    <message>
        <source>TLS failed: %1</source>
        <translation>TLS に失敗：%1</translation>
    </message>
    <message>
        <source>--tls: %1</source>
        <translation>--tls：%1</translation>
    </message>
    <message>
        <source>TLS only on the local nodes and Sentinels, replication and Sentinel&apos;s links in TLS too, with a CA made for this run (%1)</source>
        <translation>ローカルノードと Sentinel は TLS のみ、レプリケーションと Sentinel の接続も TLS、この実行のために作った CA を使用（%1）</translation>
    </message>
    <message>
        <source>TLS only on the local nodes, with a CA made for this run (%1)</source>
        <translation>ローカルノードは TLS のみ、この実行のために作った CA を使用（%1）</translation>
    </message>
    <message>
        <source>start the run with --tls for TLS on them</source>
        <translation>TLS を使うには --tls で実行を始めてください</translation>
    </message>
</context>
<context>
    <name>FleetNode</name>
    <message>
        <source>cannot %1 node %2 now (it is %3</source>
        <translation>今はノード %2 を %1 できません（状態：%3</translation>
    </message>
    <message>
        <source>node %1 %2</source>
        <translation>ノード %1 %2</translation>
    </message>
    <message>
        <source>partitioned from every client</source>
        <translation>すべてのクライアントから分断</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos;</source>
        <translation>「%1」という名前のクライアントはありません</translation>
    </message>
    <message>
        <source>partitioned from %1</source>
        <translation>%1 から分断</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>healed</source>
        <translation>修復</translation>
    </message>
    <message>
        <source>has no added latency</source>
        <translation>追加の遅延なし</translation>
    </message>
    <message>
        <source>latency %1±%2 ms</source>
        <translation>遅延 %1±%2 ミリ秒</translation>
    </message>
    <message>
        <source>drops nothing</source>
        <translation>何もドロップしない</translation>
    </message>
    <message>
        <source>drops %1% of requests</source>
        <translation>要求の %1% をドロップ</translation>
    </message>
    <message>
        <source>clock</source>
        <translation>時計</translation>
    </message>
    <message>
        <source>jumped again</source>
        <translation>再び進んだ</translation>
    </message>
    <message>
        <source>clock +%1 ms: keys expire early</source>
        <translation>時計 +%1 ミリ秒：キーが早く期限切れになる</translation>
    </message>
    <message>
        <source>the app cuts this client off from node %1 (a partition: `node heal %1` ends it)</source>
        <translation>このアプリがこのクライアントをノード %1 から切り離しています（分断：`node heal %1` で終わります）</translation>
    </message>
    <message>
        <source>node %1&apos;s clock jumped %2 ms forward: its keys expire that much early</source>
        <translation>ノード %1 の時計が %2 ms 進みました。キーはその分早く期限切れになります</translation>
    </message>
    <message>
        <source>node %1&apos;s clock jumped %2 ms forward, %3 ms in all: its keys expire that much early</source>
        <translation>ノード %1 の時計が %2 ms 進みました（合計 %3 ms）。キーはその分早く期限切れになります</translation>
    </message>
    <message>
        <source>the replica</source>
        <translation>レプリカ</translation>
    </message>
</context>
<context>
    <name>ForeignClients</name>
    <message>
        <source>no foreign client named &apos;%1&apos;</source>
        <translation>「%1」という名前の外部クライアントはありません</translation>
    </message>
    <message>
        <source>%1 is paused already</source>
        <translation>%1 はすでに一時停止しています</translation>
    </message>
    <message>
        <source>%1 is not paused</source>
        <translation>%1 は一時停止していません</translation>
    </message>
    <message>
        <source>an EVALSHA %1 (a script the app never saw: loaded on the node before) is %2: learnt from node %3, which then held %4 (PTTL %5 ms)</source>
        <translation>EVALSHA %1（アプリが見たことのないスクリプト：以前からノードに読み込まれていた）は%2：ノード %3 から判明（その時%4、PTTL %5 ms）</translation>
    </message>
    <message>
        <source>an acquire</source>
        <translation>取得</translation>
    </message>
    <message>
        <source>a release</source>
        <translation>解放</translation>
    </message>
    <message>
        <source>an extension</source>
        <translation>延長</translation>
    </message>
    <message>
        <source>the key</source>
        <translation>キーあり</translation>
    </message>
    <message>
        <source>no key</source>
        <translation>キーなし</translation>
    </message>
    <message>
        <source>%1&apos;s key on node %2 was gone: the node granted %3 to %4</source>
        <translation>ノード %2 上の %1 のキーは消えていた：ノードは %3 を %4 に与えた</translation>
    </message>
    <message>
        <source>pause: %1&apos;s bytes wait in the proxies, both ways; its own process runs on (the app cannot stop it)</source>
        <translation>一時停止：%1 のバイトは双方向ともプロキシで待機します。プロセス自体は動き続けます（アプリは止められません）</translation>
    </message>
    <message>
        <source>resume: %1&apos;s bytes flow again</source>
        <translation>再開：%1 のバイトが再び流れます</translation>
    </message>
    <message>
        <source>no connection left, idle</source>
        <translation>接続なし、アイドル</translation>
    </message>
</context>
<context>
    <name>HeadlessRun</name>
    <message>
        <source>checker: the run file, judged again, says the same</source>
        <translation>チェッカー：実行ファイルを改めて判定しても同じ結果</translation>
    </message>
    <message>
        <source>checker: the run file, judged again, disagrees: %1</source>
        <translation>チェッカー：実行ファイルを改めて判定すると結果が食い違う：%1</translation>
    </message>
    <message>
        <source>interrupted by %1</source>
        <translation>%1 により中断</translation>
    </message>
    <message>
        <source>--duration %1 s ran out</source>
        <translation>--duration の %1 秒が過ぎました</translation>
    </message>
    <message>
        <source>%1 s had passed since the start</source>
        <translation>開始から %1 秒が過ぎました</translation>
    </message>
    <message>
        <source>%1; the engine did not answer</source>
        <translation>%1。エンジンが応答しませんでした</translation>
    </message>
    <message>
        <source>redlockscope: the nodes were not up when %1: nothing ran</source>
        <translation>redlockscope：%1 の時点でノードが起動していませんでした：何も実行していません</translation>
    </message>
</context>
<context>
    <name>HistogramChart</name>
    <message>
        <source>rounds</source>
        <translation>ラウンド数</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>この区間では取得の決定がありません。</translation>
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
        <translation>最遅</translation>
    </message>
    <message>
        <source>%1 to %2 ms
%3</source>
        <translation>%1～%2 ミリ秒
%3</translation>
    </message>
    <message>
        <source>ms to the decision (log scale); p50 to slowest: of the acquisitions alone</source>
        <translation>決定までのミリ秒（対数目盛）。p50 から最遅までは取得できたものだけの値</translation>
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
        <translation>Redlock Scope 実行記録 %1</translation>
    </message>
    <message>
        <source>Redlock Scope run</source>
        <translation>Redlock Scope 実行記録</translation>
    </message>
    <message>
        <source>%1 · recorded %2 · %3</source>
        <translation>%1 · 記録日時 %2 · %3</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Checker counters</source>
        <translation>チェッカーのカウンター</translation>
    </message>
    <message>
        <source>Violations, with their evidence</source>
        <translation>違反とその証拠</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>グラフ</translation>
    </message>
    <message>
        <source>Made by Redlock Scope %1 from the run file; the verdict is the checker&apos;s, judged again from the recorded events.</source>
        <translation>Redlock Scope %1 が実行記録ファイルから作成しました。判定はチェッカーによるもので、記録されたイベントから改めて判断しています。</translation>
    </message>
    <message>
        <source>Clients, with the settings they ran with</source>
        <translation>各クライアントと実行時に使った設定</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <source>resource</source>
        <translation>リソース</translation>
    </message>
    <message>
        <source>clients at start</source>
        <translation>開始時のクライアント数</translation>
    </message>
    <message>
        <source>persistence at start</source>
        <translation>開始時の永続化</translation>
    </message>
    <message>
        <source>client defaults at start</source>
        <translation>開始時のクライアント既定値</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>app version</source>
        <translation>アプリのバージョン</translation>
    </message>
    <message>
        <source>No client ran.</source>
        <translation>実行されたクライアントはありません。</translation>
    </message>
    <message>
        <source>client</source>
        <translation>クライアント</translation>
    </message>
    <message>
        <source>settings as used</source>
        <translation>実際に使った設定</translation>
    </message>
    <message>
        <source>from %1 s: %2</source>
        <translation>%1 秒から：%2</translation>
    </message>
    <message>
        <source>None: the checker found nothing.</source>
        <translation>なし：チェッカーは何も見つけませんでした。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>from (s)</source>
        <translation>開始（秒）</translation>
    </message>
    <message>
        <source>to (s)</source>
        <translation>終了（秒）</translation>
    </message>
    <message>
        <source>lasted</source>
        <translation>継続</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>証拠</translation>
    </message>
    <message>
        <source>(still going at the end)</source>
        <translation>（終了時点でも継続中）</translation>
    </message>
    <message>
        <source>The first %1 of %2 are listed; the run file has them all.</source>
        <translation>%2 件中の最初の %1 件を載せています。すべては実行ファイルにあります。</translation>
    </message>
    <message>
        <source>your own client (%1): its settings are its own; the run has what it sent to the nodes and what they answered</source>
        <translation>あなた自身のクライアント（%1）：設定はそのクライアント自身のものです。記録には、ノードに送った内容とノードの応答があります</translation>
    </message>
</context>
<context>
    <name>KeyListView</name>
    <message>
        <source>no lock key</source>
        <translation>ロックキーなし</translation>
    </message>
    <message>
        <source>keys unknown</source>
        <translation>キー不明</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>期限切れ</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>削除済み</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>no TTL</source>
        <translation>TTL なし</translation>
    </message>
    <message>
        <source>fence %1 · %2</source>
        <translation>フェンス %1 · %2</translation>
    </message>
    <message>
        <source>A foreign client (not one of ours)</source>
        <translation>外部のクライアント（このアプリのものではない）</translation>
    </message>
    <message>
        <source>its TTL ran out and the node let it expire</source>
        <translation>TTL が尽き、ノードが期限切れにした</translation>
    </message>
    <message>
        <source>it was deleted with %1 still left</source>
        <translation>残り %1 で削除された</translation>
    </message>
    <message>
        <source>the node cannot be read now: whether the key is still there is unknown</source>
        <translation>今はノードを読み取れません：キーがまだあるかは不明です</translation>
    </message>
    <message>
        <source>it has no TTL, so it never expires on its own</source>
        <translation>TTL がないので、自然に期限切れになることはありません</translation>
    </message>
    <message>
        <source>%1 left (the bar counts down from the node&apos;s last PTTL reading)</source>
        <translation>残り %1（バーはノードの最新の PTTL の値から減っていきます）</translation>
    </message>
    <message>
        <source>%1 holds key &quot;%2&quot; on this node with token %3…; %4.</source>
        <translation>%1 がこのノードでキー「%2」をトークン %3… で保持。%4。</translation>
    </message>
    <message>
        <source>No lock key on this node right now.</source>
        <translation>このノードには今ロックキーがありません。</translation>
    </message>
    <message>
        <source>The node cannot be read now; keys are shown as last seen.</source>
        <translation>今はノードを読み取れません。キーは最後に見えた状態で表示しています。</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>As the system (%1)</source>
        <translation>システムに合わせる（%1）</translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <source>ms (log scale)</source>
        <translation>ミリ秒（対数）</translation>
    </message>
    <message>
        <source>p99 of acquisitions</source>
        <translation>取得の p99</translation>
    </message>
    <message>
        <source>p50 of acquisitions</source>
        <translation>取得の p50</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>この区間では取得の決定がありません。</translation>
    </message>
    <message>
        <source>%1 at %2: decided in %3</source>
        <translation>%1（%2）：%3 で決定</translation>
    </message>
</context>
<context>
    <name>LocalNodeControl</name>
    <message>
        <source>killed</source>
        <translation>強制終了</translation>
    </message>
    <message>
        <source>SIGKILL: crashed, no goodbye</source>
        <translation>SIGKILL：クラッシュ、前触れなし</translation>
    </message>
    <message>
        <source>node %1 killed</source>
        <translation>ノード %1 を強制終了しました</translation>
    </message>
    <message>
        <source>SIGSTOP: connections accepted, nothing answered</source>
        <translation>SIGSTOP：接続は受け付けるが、何も応答しない</translation>
    </message>
    <message>
        <source>node %1 paused for %2 ms</source>
        <translation>ノード %1 を %2 ミリ秒間一時停止</translation>
    </message>
    <message>
        <source>node %1 paused</source>
        <translation>ノード %1 を一時停止しました</translation>
    </message>
    <message>
        <source>node %1 is not paused</source>
        <translation>ノード %1 は一時停止していません</translation>
    </message>
    <message>
        <source>SIGCONT</source>
        <translation>SIGCONT</translation>
    </message>
    <message>
        <source>node %1 resumed</source>
        <translation>ノード %1 を再開しました</translation>
    </message>
    <message>
        <source>stays down %1 s, then restarts</source>
        <translation>%1 秒間停止したあと再起動</translation>
    </message>
    <message>
        <source>node %1 restarts in %2 ms</source>
        <translation>ノード %1 は %2 ミリ秒後に再起動します</translation>
    </message>
    <message>
        <source>node %1 restarting</source>
        <translation>ノード %1 を再起動中</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>シャットダウン</translation>
    </message>
    <message>
        <source>SIGTERM: graceful shutdown</source>
        <translation>SIGTERM：正常なシャットダウン</translation>
    </message>
    <message>
        <source>node %1 shutting down</source>
        <translation>ノード %1 をシャットダウン中</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>再起動</translation>
    </message>
    <message>
        <source>the process ended on its own: %1</source>
        <translation>プロセスが自ら終了しました：%1</translation>
    </message>
</context>
<context>
    <name>LockClient</name>
    <message>
        <source>cannot %1 %2 while it is %3</source>
        <translation>%2 が %3 の間は %1 できません</translation>
    </message>
    <message>
        <source>restarted</source>
        <translation>再起動</translation>
    </message>
    <message>
        <source>cancelled: the client crashed</source>
        <translation>取り消し：クライアントがクラッシュした</translation>
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
        <translation>%1 に書き込めませんでした</translation>
    </message>
    <message>
        <source>→ %1</source>
        <translation>→ %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 に書き込めませんでした：%2</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n line(s) to %1</source>
        <translation>
            <numerusform>%n 行を %1 に保存しました</numerusform>
        </translation>
    </message>
    <message>
        <source>Nobody holds the lock now: nothing to pause.</source>
        <translation>今は誰もロックを保持していません：一時停止する相手がいません。</translation>
    </message>
    <message numerus="yes">
        <source>Now on %n local node(s).</source>
        <translation>
            <numerusform>%n 個のローカルノードに切り替えました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Now on %n node(s) of your own.</source>
        <translation>
            <numerusform>自分の %n 個のノードに切り替えました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open the run: %1</source>
        <translation>実行記録を開けませんでした：%1</translation>
    </message>
    <message>
        <source>A recorded run: nothing to command (File → Live run goes back).</source>
        <translation>実行記録です：コマンドの対象はありません（ファイル → ライブ実行 で戻ります）。</translation>
    </message>
    <message>
        <source>This run is not recorded: %1</source>
        <translation>この実行は記録されていません：%1</translation>
    </message>
    <message>
        <source>Opened %1: %2 (in %3 s)</source>
        <translation>%1 を開きました：%2（%3 秒）</translation>
    </message>
    <message>
        <source>Redlock Scope — %1 (recorded)</source>
        <translation>Redlock Scope — %1（記録）</translation>
    </message>
    <message>
        <source>This run is not recorded, so there is nothing to export.</source>
        <translation>この実行は記録されていないため、エクスポートするものがありません。</translation>
    </message>
    <message>
        <source>Could not read the run: %1</source>
        <translation>実行記録を読み込めませんでした：%1</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>%1 をエクスポートしました</translation>
    </message>
    <message>
        <source>Expose for your clients</source>
        <translation>あなたのクライアントに公開</translation>
    </message>
    <message>
        <source>Your own lock client reaches node 1 at PORT, node 2 at PORT+1, ..., and the storage after them, each through that node&apos;s faults; with master, replica and Sentinel, the Sentinels follow the storage. [HOST:]PORT:</source>
        <translation>あなた自身のロッククライアントは PORT でノード 1、PORT+1 でノード 2、…、その後にストレージへ、それぞれそのノードの障害を経由して接続します。マスター・レプリカ・Sentinel 構成では、Sentinel のポートがストレージの後に続きます。[HOST:]PORT：</translation>
    </message>
    <message>
        <source>Not run: %1 would start programs or change servers the app did not start, and you did not agree</source>
        <translation>実行していません：%1 はプログラムを起動するか、このアプリが起動していないサーバーを変更します。あなたは同意しませんでした</translation>
    </message>
</context>
<context>
    <name>NodeAdmin</name>
    <message>
        <source>node %1 cannot be reached for %2: %3</source>
        <translation>ノード %1 に到達できず %2 を実行できません：%3</translation>
    </message>
    <message>
        <source>node %1 refused %2: %3</source>
        <translation>ノード %1 が %2 を拒否しました：%3</translation>
    </message>
    <message>
        <source>node %1: %2 done</source>
        <translation>ノード %1：%2 完了</translation>
    </message>
</context>
<context>
    <name>NodeCard</name>
    <message>
        <source>Lock key</source>
        <translation>ロックキー</translation>
    </message>
    <message>
        <source>Last answers (ms)</source>
        <translation>最新の応答（ミリ秒）</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>Node %1: one of the independent Redis masters Redlock asks for a majority; press %1 to select it for keyboard faults.</source>
        <translation>ノード %1：Redlock が過半数を求める独立した Redis マスターの 1 つ。%1 を押すと選択され、キーボードで障害を起こせます。</translation>
    </message>
    <message>
        <source>The node&apos;s state as the engine sees it: up, down, paused or starting. The faults in force are listed under it.</source>
        <translation>エンジンから見たノードの状態：稼働、ダウン、一時停止、起動中。有効な障害はその下に並びます。</translation>
    </message>
    <message>
        <source>Where this node listens (host:port).</source>
        <translation>このノードが待ち受けるアドレス（host:port）。</translation>
    </message>
    <message>
        <source>The lock keys on this node: owner, token and the TTL left.</source>
        <translation>このノードのロックキー：所有者、トークン、残りの TTL。</translation>
    </message>
    <message>
        <source>Each client&apos;s latest answer from this node and how many milliseconds it took.</source>
        <translation>各クライアントがこのノードから得た最新の応答と、その所要ミリ秒。</translation>
    </message>
    <message>
        <source>Kill</source>
        <translation>キル</translation>
    </message>
    <message>
        <source>Crash this node now (SIGKILL): keys it did not persist are lost.</source>
        <translation>このノードを今すぐクラッシュさせます（SIGKILL）：永続化していないキーは失われます。</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>Freeze this node (SIGSTOP): it keeps its keys but answers nothing.</source>
        <translation>このノードを凍結します（SIGSTOP）：キーは保持しますが、何も応答しません。</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>Let the paused node run again; its keys&apos; TTLs kept running.</source>
        <translation>一時停止したノードを再び動かします。キーの TTL は進み続けていました。</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>再起動</translation>
    </message>
    <message>
        <source>Start the node again on the same port now (after killing it if it runs).</source>
        <translation>同じポートでノードを今すぐ再起動します（動いていれば先に強制終了）。</translation>
    </message>
    <message>
        <source>More faults: delayed restart, shutdown, timed pause, partition, latency, drops, clock jump, persistence.</source>
        <translation>その他の障害：遅延再起動、シャットダウン、時間指定の一時停止、分断、遅延、ドロップ、時計のずれ、永続化。</translation>
    </message>
    <message>
        <source>Restart after the longest TTL</source>
        <translation>最長の TTL の後に再起動</translation>
    </message>
    <message>
        <source>Kill the node and start it again only once every key it had has expired: the safe way back for a node without persistence.</source>
        <translation>ノードを強制終了し、持っていたすべてのキーが期限切れになってから再起動します：永続化のないノードの安全な戻り方です。</translation>
    </message>
    <message>
        <source>Shut down cleanly</source>
        <translation>正常にシャットダウン</translation>
    </message>
    <message>
        <source>Stop this node gracefully (it saves what its persistence says).</source>
        <translation>このノードを正常に停止します（永続化の設定どおりに保存します）。</translation>
    </message>
    <message>
        <source>Pause for 5 s</source>
        <translation>5 秒間一時停止</translation>
    </message>
    <message>
        <source>Freeze this node for five seconds, then let it run again.</source>
        <translation>このノードを 5 秒間凍結してから再び動かします。</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>ネットワーク</translation>
    </message>
    <message>
        <source>Partition from all clients</source>
        <translation>すべてのクライアントから分断</translation>
    </message>
    <message>
        <source>Cut this node off from every client: it stays up, but their requests time out.</source>
        <translation>このノードをすべてのクライアントから切り離します：稼働したままですが、要求はタイムアウトします。</translation>
    </message>
    <message>
        <source>Partition from client</source>
        <translation>クライアントから分断</translation>
    </message>
    <message>
        <source>Cut this node off from one client only (adds to the clients already cut off).</source>
        <translation>このノードを 1 つのクライアントだけから切り離します（既に切り離したクライアントに追加）。</translation>
    </message>
    <message>
        <source>Heal</source>
        <translation>修復</translation>
    </message>
    <message>
        <source>End this node&apos;s partition, latency, drops and clock jump.</source>
        <translation>このノードの分断、遅延、ドロップ、時計のずれを終わらせます。</translation>
    </message>
    <message>
        <source>Nothing to heal: no partition, latency, drops or clock jump.</source>
        <translation>修復するものはありません：分断、遅延、ドロップ、時計のずれはありません。</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>遅延</translation>
    </message>
    <message>
        <source>Delay every request to this node.</source>
        <translation>このノードへのすべての要求を遅らせます。</translation>
    </message>
    <message>
        <source>20 ms</source>
        <translation>20 ミリ秒</translation>
    </message>
    <message>
        <source>50 ± 25 ms</source>
        <translation>50 ± 25 ミリ秒</translation>
    </message>
    <message>
        <source>200 ms</source>
        <translation>200 ミリ秒</translation>
    </message>
    <message>
        <source>Add %1 to every request to this node.</source>
        <translation>このノードへのすべての要求に %1 を加えます。</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>カスタム…</translation>
    </message>
    <message>
        <source>Choose the delay and its jitter.</source>
        <translation>遅延とそのジッターを選びます。</translation>
    </message>
    <message>
        <source>No added latency</source>
        <translation>追加の遅延なし</translation>
    </message>
    <message>
        <source>Requests to this node go through without delay again.</source>
        <translation>このノードへの要求は再び遅延なしで通ります。</translation>
    </message>
    <message>
        <source>No latency is added now.</source>
        <translation>今は遅延を加えていません。</translation>
    </message>
    <message>
        <source>Drop requests</source>
        <translation>要求をドロップ</translation>
    </message>
    <message>
        <source>Lose a share of the requests to this node on the way.</source>
        <translation>このノードへの要求の一部を途中で失わせます。</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>Drop %1% of the requests to this node: the clients see timeouts.</source>
        <translation>このノードへの要求の %1% をドロップします：クライアントにはタイムアウトに見えます。</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Drop nothing any more.</source>
        <translation>もう何もドロップしません。</translation>
    </message>
    <message>
        <source>Nothing is dropped now.</source>
        <translation>今は何もドロップしていません。</translation>
    </message>
    <message>
        <source>Clock jump</source>
        <translation>時計を進める</translation>
    </message>
    <message>
        <source>Make this node&apos;s clock jump forward: its keys expire early.</source>
        <translation>このノードの時計を進めます：キーが早く期限切れになります。</translation>
    </message>
    <message>
        <source>+%1 s</source>
        <translation>+%1 秒</translation>
    </message>
    <message>
        <source>Its keys expire %1 s early.</source>
        <translation>キーが %1 秒早く期限切れになります。</translation>
    </message>
    <message>
        <source>+TTL</source>
        <translation>+TTL</translation>
    </message>
    <message>
        <source>Jump by a whole TTL: every key on this node expires at once.</source>
        <translation>TTL 丸ごと進めます：このノードのキーはすべて一度に期限切れになります。</translation>
    </message>
    <message>
        <source>Choose how far the clock jumps.</source>
        <translation>時計をどれだけ進めるか選びます。</translation>
    </message>
    <message>
        <source>Persistence</source>
        <translation>永続化</translation>
    </message>
    <message>
        <source>What a crashed node still has when it comes back.</source>
        <translation>クラッシュしたノードが戻ったときに何が残っているか。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>なし</translation>
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
        <translation>（クライアントなし）</translation>
    </message>
    <message>
        <source>Cut node %1 off from %2 only.</source>
        <translation>ノード %1 を %2 からだけ切り離します。</translation>
    </message>
    <message>
        <source>Latency on node %1</source>
        <translation>ノード %1 の遅延</translation>
    </message>
    <message>
        <source>Every request to node %1 waits this long, plus a random 0 to ± jitter. Above the clients&apos; node timeout (50 ms by default) the node counts as a timeout.</source>
        <translation>ノード %1 へのすべての要求はこの時間と、0 から ±ジッターまでのランダムな時間だけ待ちます。クライアントのノードタイムアウト（既定 50 ミリ秒）を超えると、そのノードはタイムアウト扱いです。</translation>
    </message>
    <message>
        <source>&amp;Delay (ms)</source>
        <translation>遅延（ミリ秒）(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Jitter ± (ms)</source>
        <translation>ジッター ±（ミリ秒）(&amp;J)</translation>
    </message>
    <message>
        <source>Clock jump on node %1</source>
        <translation>ノード %1 の時計を進める</translation>
    </message>
    <message>
        <source>Node %1&apos;s clock jumps forward: each of its keys expires this much early, while its owner still counts on it.</source>
        <translation>ノード %1 の時計が進みます：各キーはその分早く期限切れになりますが、持ち主はまだそれを当てにしています。</translation>
    </message>
    <message>
        <source>&amp;Forward by (ms)</source>
        <translation>進める量（ミリ秒）(&amp;F)</translation>
    </message>
    <message>
        <source>refuses writes: %1</source>
        <translation>書き込みを拒否：%1</translation>
    </message>
    <message>
        <source>%1  ·  local</source>
        <translation>%1  ·  ローカル</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Not offered for node %1 now: %2.</source>
        <translation>今はノード %1 では使えません：%2。</translation>
    </message>
    <message>
        <source>Not possible while node %1 is %2.</source>
        <translation>ノード %1 が%2の間はできません。</translation>
    </message>
    <message>
        <source>Restart after the longest TTL (%1)</source>
        <translation>最長の TTL の後に再起動（%1）</translation>
    </message>
    <message>
        <source>+TTL (%1)</source>
        <translation>+TTL（%1）</translation>
    </message>
    <message>
        <source>The node&apos;s part in replication (INFO replication): the master takes the writes; the replica copies them asynchronously, and the bytes it is behind are writes it would lose if promoted now.</source>
        <translation>レプリケーションにおけるノードの役割（INFO replication）：マスターが書き込みを受け付け、レプリカはそれを非同期にコピーします。レプリカが遅れているバイト分は、今昇格した場合に失われる書き込みです。</translation>
    </message>
    <message>
        <source>MASTER  ·  takes the writes</source>
        <translation>マスター  ·  書き込みを受け付ける</translation>
    </message>
    <message>
        <source>REPLICA  ·  link to master DOWN</source>
        <translation>レプリカ  ·  マスターへのリンクがダウン</translation>
    </message>
    <message numerus="yes">
        <source>REPLICA  ·  %n byte(s) behind</source>
        <translation>
            <numerusform>レプリカ  ·  %n バイト遅れ</numerusform>
        </translation>
    </message>
    <message>
        <source>REPLICA  ·  in sync</source>
        <translation>レプリカ  ·  同期済み</translation>
    </message>
    <message>
        <source>MASTER</source>
        <translation>マスター</translation>
    </message>
    <message>
        <source>REPLICA  ·  link DOWN</source>
        <translation>レプリカ  ·  リンク断</translation>
    </message>
    <message numerus="yes">
        <source>REPLICA  ·  %n B behind</source>
        <translation>
            <numerusform>レプリカ  ·  %n B 遅れ</numerusform>
        </translation>
    </message>
    <message>
        <source>REPLICA</source>
        <translation>レプリカ</translation>
    </message>
    <message>
        <source>%1  ·  TLS</source>
        <translation>%1  ·  TLS</translation>
    </message>
    <message>
        <source>%1  ·  TLS NOT VERIFIED</source>
        <translation>%1  ·  TLS 未検証</translation>
    </message>
</context>
<context>
    <name>NodeCardGrid</name>
    <message>
        <source>Select a node first (keys 1 to 9).</source>
        <translation>先にノードを選んでください（キー 1〜9）。</translation>
    </message>
    <message>
        <source>Node %1 has nothing to heal.</source>
        <translation>ノード %1 には修復するものがありません。</translation>
    </message>
</context>
<context>
    <name>NodeControl</name>
    <message>
        <source>node %1: persistence %2 from its next start</source>
        <translation>ノード %1：次回の起動から永続化は %2</translation>
    </message>
    <message>
        <source>persistence</source>
        <translation>永続化</translation>
    </message>
    <message>
        <source>node %1 persistence: %2</source>
        <translation>ノード %1 の永続化：%2</translation>
    </message>
</context>
<context>
    <name>NodesDialog</name>
    <message>
        <source>Nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>Start local nodes on this machine:</source>
        <translation>このマシンでローカルノードを起動：</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>ホスト</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>ポート</translation>
    </message>
    <message>
        <source>User</source>
        <translation>ユーザー</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>パスワード</translation>
    </message>
    <message>
        <source>DB</source>
        <translation>DB</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>Remember passwords</source>
        <translation>パスワードを記憶する</translation>
    </message>
    <message>
        <source>Nothing is remembered in this run.</source>
        <translation>この実行では何も記憶しません。</translation>
    </message>
    <message>
        <source>Use these nodes</source>
        <translation>これらのノードを使う</translation>
    </message>
    <message>
        <source>Saved fleets: choose one to load its nodes.</source>
        <translation>保存したノードセット：選ぶとそのノードを読み込みます。</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>名前を付けて保存…</translation>
    </message>
    <message>
        <source>Save these nodes under a name, to switch back to them later.</source>
        <translation>これらのノードに名前を付けて保存し、後で切り替えられるようにします。</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Forget the chosen saved fleet.</source>
        <translation>選んだ保存済みノードセットを削除します。</translation>
    </message>
    <message>
        <source>Saved fleet:</source>
        <translation>保存したノードセット：</translation>
    </message>
    <message>
        <source>Add node</source>
        <translation>ノードを追加</translation>
    </message>
    <message>
        <source>Remove node</source>
        <translation>ノードを削除</translation>
    </message>
    <message>
        <source>Remove the selected row.</source>
        <translation>選択した行を削除します。</translation>
    </message>
    <message>
        <source>Test connections</source>
        <translation>接続をテスト</translation>
    </message>
    <message>
        <source>Connect to every node once (address, password, database) and say how it went, in the words the engine would use.</source>
        <translation>各ノードに 1 回接続し（アドレス、パスワード、データベース）、エンジンと同じ言葉で結果を示します。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <source>There is no saved fleet named &quot;%1&quot;.</source>
        <translation>「%1」という名前の保存済みノードセットはありません。</translation>
    </message>
    <message>
        <source>A fleet needs a name.</source>
        <translation>ノードセットには名前が必要です。</translation>
    </message>
    <message>
        <source>There are no nodes to save.</source>
        <translation>保存するノードがありません。</translation>
    </message>
    <message>
        <source>Settings are not saved in this run.</source>
        <translation>この実行では設定を保存しません。</translation>
    </message>
    <message>
        <source>Save fleet</source>
        <translation>ノードセットを保存</translation>
    </message>
    <message>
        <source>Name of this fleet:</source>
        <translation>このノードセットの名前：</translation>
    </message>
    <message>
        <source>default</source>
        <translation>default</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>Node %1: %2</source>
        <translation>ノード %1：%2</translation>
    </message>
    <message>
        <source>testing…</source>
        <translation>テスト中…</translation>
    </message>
    <message>
        <source>How many redis-server processes to start (odd, %1 to %2).</source>
        <translation>起動する redis-server プロセスの数（奇数、%1〜%2）。</translation>
    </message>
    <message>
        <source>Use my own Redis masters (an odd number, %1 to %2):</source>
        <translation>自分の Redis マスターを使う（奇数個、%1〜%2）：</translation>
    </message>
    <message>
        <source>The number of local nodes must be odd, %1 to %2 (is %3).</source>
        <translation>ローカルノードの数は奇数で %1〜%2 にしてください（今は %3）。</translation>
    </message>
    <message>
        <source>Give an odd number of nodes, %1 to %2 (there are %3).</source>
        <translation>ノードは奇数個、%1〜%2 にしてください（今は %3 個）。</translation>
    </message>
    <message>
        <source>Keep the passwords in the system keychain, locked with your login. Off: they are forgotten when the program ends.</source>
        <translation>パスワードをシステムのキーチェーンに保管します（ログインで施錠されます）。オフ：プログラムの終了とともに忘れます。</translation>
    </message>
    <message>
        <source>Keep the passwords: only in the file below if you choose it, as there is no system keychain here.</source>
        <translation>パスワードを保管します。ここにはシステムのキーチェーンがないため、下のファイルを選んだときだけそこに保管します。</translation>
    </message>
    <message>
        <source>No system keychain answers here (%1), so passwords are kept only if you choose the file below.</source>
        <translation>ここではシステムのキーチェーンが応答しません（%1）。パスワードは下のファイルを選んだときだけ保管されます。</translation>
    </message>
    <message>
        <source>Keep them in a plain file that only I can read: %1</source>
        <translation>自分だけが読める平文のファイルに保管する：%1</translation>
    </message>
    <message>
        <source>A JSON file of mode 0600, not encrypted: anyone who can read your files (or your backups) can read these passwords.</source>
        <translation>モード 0600 の JSON ファイルで、暗号化されません。あなたのファイル（やバックアップ）を読める人は誰でもこれらのパスワードを読めます。</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>Connect over TLS (rediss://), with the settings below.</source>
        <translation>TLS で接続します（rediss://）。設定は下にあります。</translation>
    </message>
</context>
<context>
    <name>NumberFieldsDialog</name>
    <message>
        <source>A whole number from %1 to %2.</source>
        <translation>%1 から %2 までの整数。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number from %3 to %4.</source>
        <translation>%1：「%2」は %3 から %4 までの整数ではありません。</translation>
    </message>
</context>
<context>
    <name>OutcomeGrid</name>
    <message>
        <source>cut</source>
        <translation>切断</translation>
    </message>
    <message>
        <source>no answers yet</source>
        <translation>まだ応答なし</translation>
    </message>
    <message>
        <source>no answer yet</source>
        <translation>まだ応答なし</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>taken: another token held the key</source>
        <translation>取得済み：別のトークンがキーを保持</translation>
    </message>
    <message>
        <source>taken: token %1… held the key</source>
        <translation>取得済み：トークン %1… がキーを保持</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>エラー：%1</translation>
    </message>
    <message>
        <source>timeout: %1</source>
        <translation>タイムアウト：%1</translation>
    </message>
    <message>
        <source>node down: %1</source>
        <translation>ノードダウン：%1</translation>
    </message>
    <message>
        <source>cut off by a partition (%1)</source>
        <translation>分断で切り離された（%1）</translation>
    </message>
    <message>
        <source>%1&apos;s latest %2 on this node: %3</source>
        <translation>%1 のこのノードでの最新の%2：%3</translation>
    </message>
    <message>
        <source>, after %1</source>
        <translation>、%1 後</translation>
    </message>
    <message>
        <source>Each client&apos;s latest answer from this node, with its latency.</source>
        <translation>各クライアントがこのノードから得た最新の応答とそのレイテンシ。</translation>
    </message>
    <message>
        <source>%1&apos;s latest connection to this node: %2</source>
        <translation>%1 のこのノードへの最新の接続：%2</translation>
    </message>
</context>
<context>
    <name>OutputFile</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 に書き込めません：%2</translation>
    </message>
</context>
<context>
    <name>PasswordFile</name>
    <message>
        <source>cannot remove %1</source>
        <translation>%1 を削除できません</translation>
    </message>
</context>
<context>
    <name>ProxyWorker</name>
    <message>
        <source>a command of over %1 MiB was held whole while commands are dropped</source>
        <translation>コマンドを破棄している間、%1 MiB を超えるコマンドを丸ごと保持していた</translation>
    </message>
    <message>
        <source>the connection of %1 was closed: %2</source>
        <translation>%1 の接続を閉じました：%2</translation>
    </message>
</context>
<context>
    <name>QuorumChart</name>
    <message>
        <source>nodes</source>
        <translation>ノード</translation>
    </message>
    <message>
        <source>most nodes holding one client&apos;s key</source>
        <translation>1 つのクライアントのキーを持つノードの最大数</translation>
    </message>
    <message>
        <source>rule: one node decides</source>
        <translation>規則：1 ノードで決まる</translation>
    </message>
    <message>
        <source>rule: a majority, %1 of %2 nodes</source>
        <translation>規則：過半数、%2 ノード中 %1</translation>
    </message>
    <message>
        <source>votes of a round not acquired</source>
        <translation>取得できなかったラウンドの票</translation>
    </message>
    <message>
        <source>votes of a round acquired</source>
        <translation>取得できたラウンドの票</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>この区間では取得の決定がありません。</translation>
    </message>
    <message>
        <source>%1 at %2: %3 of %4 nodes said yes</source>
        <translation>%1（%2）：%4 ノード中 %3 が同意</translation>
    </message>
    <message>
        <source>split vote: each client&apos;s share of the votes</source>
        <translation>票割れ：各クライアントの票数</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>split %1</source>
        <translation>票割れ %1</translation>
    </message>
</context>
<context>
    <name>QuorumView</name>
    <message>
        <source>%1&apos;s validity ran out while it was paused</source>
        <translation>%1 は一時停止中に有効期間が尽きた</translation>
    </message>
    <message>
        <source>%1&apos;s validity ran out, and it works on</source>
        <translation>%1 の有効期間は尽きたが、作業を続けている</translation>
    </message>
    <message>
        <source>waiting for the engine</source>
        <translation>エンジンを待っています</translation>
    </message>
    <message>
        <source>held by %1, %2 left</source>
        <translation>%1 が保持、残り %2</translation>
    </message>
    <message>
        <source>%1 believes it holds, but only %2 of %3 nodes agree</source>
        <translation>%1 は保持していると信じているが、同意しているのは %3 ノード中 %2 だけ</translation>
    </message>
    <message>
        <source>%1 still believes it holds: validity expired %2 ago</source>
        <translation>%1 はまだ保持していると信じている：有効期間は %2 前に切れた</translation>
    </message>
    <message>
        <source>%1 is WORKING WITHOUT THE LOCK: validity ended %2 ago</source>
        <translation>%1 はロックなしで作業中：有効期間は %2 前に終了</translation>
    </message>
    <message>
        <source>%1 is %2</source>
        <translation>%1 は %2</translation>
    </message>
    <message>
        <source>held by a foreign owner</source>
        <translation>外部の所有者が保持</translation>
    </message>
    <message>
        <source>not held: %1&apos;s keys still on a majority</source>
        <translation>保持者なし：%1 のキーがまだ過半数のノードに残っている</translation>
    </message>
    <message>
        <source>not held</source>
        <translation>保持者なし</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空き</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · majority is %2 of %3 nodes</source>
        <translation>「%1」 · 過半数は %3 ノード中 %2</translation>
    </message>
    <message>
        <source> · %1&apos;s key on %2, no majority</source>
        <translation> · %1 のキーは %2 にあり、過半数ではない</translation>
    </message>
    <message>
        <source> · it crashed: its keys stay until their TTL runs out</source>
        <translation> · クラッシュした：キーは TTL が尽きるまで残る</translation>
    </message>
    <message>
        <source> · a client outside this app holds it</source>
        <translation> · このアプリの外のクライアントが保持している</translation>
    </message>
    <message>
        <source> · %1 is %2; the keys stay until their TTL runs out</source>
        <translation> · %1 は %2。キーは TTL が尽きるまで残る</translation>
    </message>
    <message>
        <source> · its keys are gone from the others (restart, clock jump): another client can take the lock</source>
        <translation> · そのキーは他のノードから消えた（再起動、時計のずれ）：別のクライアントがロックを取れる</translation>
    </message>
    <message>
        <source> · its keys may be gone: another client can take the lock</source>
        <translation> · そのキーは消えたかもしれない：別のクライアントがロックを取れる</translation>
    </message>
    <message numerus="yes">
        <source> · %n node(s) cannot be read</source>
        <translation>
            <numerusform> · %n 個のノードを読み取れない</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 goes in with no lock at all</source>
        <translation>%1 はロックなしで入る</translation>
    </message>
    <message>
        <source>held by %1, no TTL</source>
        <translation>%1 が保持、TTL なし</translation>
    </message>
    <message>
        <source>DEADLOCK: %1 crashed holding a key without a TTL</source>
        <translation>デッドロック：%1 が TTL のないキーを保持したままクラッシュした</translation>
    </message>
    <message>
        <source> · nobody can ever take the lock again: liveness is lost</source>
        <translation> · 誰も二度とロックを取得できない：活性が失われた</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · the master alone decides; the replica is a copy, not a vote</source>
        <translation>「%1」 · マスターだけが決める。レプリカはコピーであって票ではない</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · no lock: clients go in without asking any node</source>
        <translation>「%1」 · ロックなし：クライアントはどのノードにも聞かずに入る</translation>
    </message>
    <message>
        <source>&quot;%1&quot; · a single-node lock: one node decides</source>
        <translation>「%1」 · 単一ノードのロック：1 つのノードだけで決まる</translation>
    </message>
    <message>
        <source>nobody can take the lock: its node is down</source>
        <translation>誰もロックを取れません：そのノードが停止しています</translation>
    </message>
    <message>
        <source>nobody can take the lock: %1 of %2 nodes up, %3 needed</source>
        <translation>誰もロックを取れません：稼働ノード %1/%2、必要なのは %3</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN: %1 are both in their critical sections</source>
        <translation>相互排他が破れました：%1 が同時にクリティカルセクション内にいます</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN: %1 are all in their critical sections</source>
        <translation>相互排他が破れました：%1 が全員クリティカルセクション内にいます</translation>
    </message>
    <message>
        <source>split vote: nobody has %1 of %2</source>
        <translation>票の分裂：誰も %2 台中 %1 台を得ていません</translation>
    </message>
    <message>
        <source> · the votes of %1&apos;s round went to %2 clients: each releases and retries</source>
        <translation> · %1 のラウンドの票は %2 クライアントに分かれました。各自が解放して再試行します</translation>
    </message>
    <message>
        <source> · now held by %1</source>
        <translation> · 現在 %1 が保持</translation>
    </message>
    <message>
        <source>votes in %1&apos;s round</source>
        <translation>%1 のラウンドの票</translation>
    </message>
    <message>
        <source>the key on each node</source>
        <translation>各ノードのキー</translation>
    </message>
    <message>
        <source>no node is asked</source>
        <translation>どのノードにも尋ねません</translation>
    </message>
    <message>
        <source>node 1 decides</source>
        <translation>ノード 1 が決めます</translation>
    </message>
    <message>
        <source>node %1, the master, decides</source>
        <translation>マスターのノード %1 が決めます</translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>no keys · %1 needed</source>
        <translation>キーなし · %1 台必要</translation>
    </message>
    <message>
        <source>%1 · %2 needed</source>
        <translation>%1 · %2 台必要</translation>
    </message>
    <message>
        <source>%1 needed</source>
        <translation>%1 台必要</translation>
    </message>
    <message>
        <source>Each square is a node, numbered, in the colour of the client whose key it holds: a node&apos;s key is its vote. Redlock needs a majority of the squares; a single-node lock only node 1 (outlined), and the master alone decides with a replica. After a split vote the squares show that round&apos;s votes for a few seconds.</source>
        <translation>各四角は番号付きのノードで、そのノードが保持するキーのクライアントの色で塗られます。ノードのキーはそのノードの票です。Redlock は過半数の四角を必要とし、単一ノードのロックはノード 1（枠付き）だけ、レプリカ構成ではマスターだけが決めます。票が分裂すると、数秒間そのラウンドの票を表示します。</translation>
    </message>
    <message>
        <source>FENCED: %1&apos;s stale write refused (fence %2)</source>
        <translation>フェンスで防止：%1 の古い書き込みを拒否（トークン %2）</translation>
    </message>
    <message>
        <source>%1 had taken the lock since, with a newer token: the data is safe</source>
        <translation>その間に %1 が新しいトークンでロックを取っていました。データは安全です</translation>
    </message>
    <message>
        <source>%1 believes it holds, but its node has no key of it</source>
        <translation>%1 は保持していると思っているが、ノードにそのキーはない</translation>
    </message>
    <message>
        <source> · its node is down or lost the key: another client can take the lock</source>
        <translation> · ノードがダウンしているか、キーを失った：別のクライアントがロックを取れる</translation>
    </message>
    <message>
        <source>split vote, then %1 took the lock</source>
        <translation>票の分裂の後、%1 がロックを取得</translation>
    </message>
    <message>
        <source>not held: %1&apos;s key still on its node</source>
        <translation>保持者なし：%1 のキーがまだそのノードに残っている</translation>
    </message>
</context>
<context>
    <name>RecentMenu</name>
    <message>
        <source>&amp;Recent</source>
        <translation>最近使ったもの(&amp;R)</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>実行記録</translation>
    </message>
</context>
<context>
    <name>RecordedRun</name>
    <message>
        <source>the last line was cut off (the app stopped while writing it) and was skipped</source>
        <translation>最後の行が途中で切れていた（書き込み中にアプリが停止した）ため、スキップしました</translation>
    </message>
    <message>
        <source>%1 unreadable line(s) skipped (%2)</source>
        <translation>読み取れない行を %1 行スキップしました（%2）</translation>
    </message>
    <message>
        <source>events were out of time order and were sorted</source>
        <translation>イベントが時間順になっていなかったため、並べ替えました</translation>
    </message>
    <message>
        <source>%1 events over %2 s</source>
        <translation>%2 秒間に %1 件のイベント</translation>
    </message>
    <message>
        <source>%1 text(s) longer than %2 characters were cut</source>
        <translation>%2 文字を超える %1 件のテキストを切り詰めました</translation>
    </message>
</context>
<context>
    <name>ReentrantLock</name>
    <message>
        <source>the lock is no longer ours</source>
        <translation>ロックはもう自分のものではない</translation>
    </message>
</context>
<context>
    <name>RegularFile</name>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（名前付きパイプ）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>キャラクタデバイス</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>ブロックデバイス</translation>
    </message>
    <message>
        <source>a folder</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>ソケット</translation>
    </message>
    <message>
        <source>a special file</source>
        <translation>特殊ファイル</translation>
    </message>
    <message>
        <source>%1 is %2, not a regular file</source>
        <translation>%1 は%2で、通常のファイルではありません</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 バイト</translation>
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
        <translation>%1 を読めません：%2</translation>
    </message>
    <message>
        <source>%1 is %2; %3 may be at most %4</source>
        <translation>%1 は %2 です。%3 は最大 %4 です</translation>
    </message>
</context>
<context>
    <name>RepeatedRun</name>
    <message>
        <source>repeat: run %1 of %2</source>
        <translation>反復：%2 回中 %1 回目</translation>
    </message>
    <message>
        <source>repeat: the same verdict and violation counters in all %1 runs</source>
        <translation>反復：%1 回すべてで判定と違反カウンターが同じ</translation>
    </message>
    <message>
        <source>repeat: the runs disagree</source>
        <translation>反復：実行ごとに結果が食い違う</translation>
    </message>
    <message>
        <source>repeat: %1 runs</source>
        <translation>反復：%1 回の実行</translation>
    </message>
    <message>
        <source>repeat: the counts vary, as they must here: %1 buy without a lock, so the operating system&apos;s scheduler decides whose write reaches the storage first; the seed fixes every other choice</source>
        <translation>反復：ここでは数が実行ごとに変わるのが当然です：%1 はロックなしで買うので、誰の書き込みが先にストレージに届くかは OS のスケジューラが決めます。シードはそれ以外のすべての選択を固定します</translation>
    </message>
</context>
<context>
    <name>ReplayBar</name>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Play the run from here, or pause it (Space)</source>
        <translation>ここから実行記録を再生、または一時停止します（Space）</translation>
    </message>
    <message>
        <source>Scrub: the whole window shows the run at this instant</source>
        <translation>スクラブ：ウィンドウ全体がこの瞬間の実行の状態を表示します</translation>
    </message>
    <message>
        <source>Playback speed</source>
        <translation>再生速度</translation>
    </message>
    <message>
        <source>Recorded run</source>
        <translation>実行記録</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
</context>
<context>
    <name>ReplayNode</name>
    <message>
        <source>recorded run</source>
        <translation>実行記録</translation>
    </message>
    <message>
        <source>a recorded run: nothing to do</source>
        <translation>実行記録：何もすることはありません</translation>
    </message>
</context>
<context>
    <name>ReplicatedTopology</name>
    <message>
        <source>the Sentinels did not agree on the master and its replica within %1 s</source>
        <translation>Sentinel が %1 秒以内にマスターとそのレプリカについて合意しなかった</translation>
    </message>
    <message>
        <source>node 2 refused REPLICAOF: %1</source>
        <translation>ノード 2 が REPLICAOF を拒否した：%1</translation>
    </message>
    <message>
        <source>node 2 replicates node 1 through node 1&apos;s proxy (%1)</source>
        <translation>ノード 2 はノード 1 のプロキシ（%1）経由でノード 1 を複製する</translation>
    </message>
    <message>
        <source>sentinel %1: %2</source>
        <translation>Sentinel %1：%2</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未接続</translation>
    </message>
    <message>
        <source>the Sentinels name node %1 master (was node %2)</source>
        <translation>Sentinel がノード %1 をマスターに指名した（以前はノード %2）</translation>
    </message>
    <message>
        <source>Sentinel is promoting the replica</source>
        <translation>Sentinel がレプリカを昇格中</translation>
    </message>
    <message>
        <source>Sentinel refused: %1</source>
        <translation>Sentinel が拒否：%1</translation>
    </message>
    <message>
        <source>no Sentinel answers</source>
        <translation>どの Sentinel も応答しない</translation>
    </message>
    <message>
        <source>sentinel %1 made node %2 replicate node %3 at its own port %4, not through node %3&apos;s proxy: node latency and partition %3 no longer reach the replication link</source>
        <translation>Sentinel %1 がノード %2 をノード %3 自身のポート %4 から複製させました。ノード %3 のプロキシを通らないので、node latency と partition %3 はもうレプリケーションのリンクに効きません</translation>
    </message>
    <message>
        <source>no replica is good enough to promote (%1): in Sentinel&apos;s view (refreshed every 10 s) the replica is unreachable, or its link to the master has been down too long; after healing a cut link, try again in about 10 s</source>
        <translation>昇格できるレプリカがありません（%1）。Sentinel の見方（10 秒ごとに更新）では、レプリカに届かないか、マスターとのリンクが長く切れています。切ったリンクを直した後は、10 秒ほどしてからもう一度試してください</translation>
    </message>
    <message>
        <source>a failover is already in progress (%1)</source>
        <translation>フェイルオーバーがすでに進行中です（%1）</translation>
    </message>
    <message>
        <source>Sentinel gave no reason</source>
        <translation>Sentinel は理由を示しませんでした</translation>
    </message>
    <message>
        <source>Sentinel said: %1</source>
        <translation>Sentinel の言葉：%1</translation>
    </message>
    <message>
        <source>Sentinel found no replica good enough to promote: in its view the replica is unreachable or its link to the master is down, as right after healing a cut link; try again in about 10 s</source>
        <translation>Sentinel は昇格できるレプリカを見つけられませんでした。レプリカに届かないか、マスターとのリンクが切れていると見ています（切ったリンクを直した直後のように）。10 秒ほどしてからもう一度試してください</translation>
    </message>
    <message>
        <source>Sentinel is in TILT mode (its timer ran late, the machine is overloaded) and acts on nothing for 30 s</source>
        <translation>Sentinel は TILT モードです（タイマーが遅れた、つまりマシンが過負荷）。30 秒間は何もしません</translation>
    </message>
    <message>
        <source>the failover Sentinel accepted did not promote the replica (%1); node %2 is still master</source>
        <translation>Sentinel が受け付けたフェイルオーバーはレプリカを昇格させませんでした（%1）。ノード %2 がまだマスターです</translation>
    </message>
    <message>
        <source>node %1 refused CONFIG SET replica-announce-port: %2</source>
        <translation>ノード %1 が CONFIG SET replica-announce-port を拒否した：%2</translation>
    </message>
    <message>
        <source>%1 Sentinels watch node 1 (quorum %2) at its proxy&apos;s replication listener %3, the address node 2 dials, so they leave the link on the proxy; their own connections there get no network fault</source>
        <translation>%1 個の Sentinel がノード 1 をそのプロキシのレプリケーション用リスナー %3（ノード 2 が接続するアドレス）で監視（過半数 %2）。そのためリンクはプロキシを通ったままです。Sentinel 自身の接続にはネットワーク障害は効きません</translation>
    </message>
    <message>
        <source>sentinel %1 made node %2 replicate node %3 through node %3&apos;s proxy (port %4): node latency and partition %3 reach the replication link</source>
        <translation>Sentinel %1 がノード %2 にノード %3 のプロキシ（ポート %4）経由でノード %3 を複製させました。node latency と partition %3 はレプリケーションのリンクに効きます</translation>
    </message>
    <message>
        <source>sentinel %1: %2 - Sentinel&apos;s own second thought: it briefly saw the new master down, then found no replica to promote in its place; the failover that happened stands, nothing of the run failed</source>
        <translation>Sentinel %1：%2 - Sentinel 自身の考え直しです。新しいマスターが一瞬ダウンに見えましたが、代わりに昇格できるレプリカがありませんでした。行われたフェイルオーバーは有効なままで、実行の失敗ではありません</translation>
    </message>
</context>
<context>
    <name>RunChart</name>
    <message>
        <source>run time</source>
        <translation>経過時間</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
</context>
<context>
    <name>RunChartView</name>
    <message>
        <source>Drag: zoom into a stretch · right click: zoom out · Home: the whole run · F: follow · click a legend entry to hide or show it</source>
        <translation>ドラッグ：区間を拡大 · 右クリック：縮小 · Home：実行全体 · F：追従 · 凡例をクリック：表示・非表示</translation>
    </message>
</context>
<context>
    <name>RunExporter</name>
    <message>
        <source>cannot export to %1: the file name must end in .%2</source>
        <translation>%1 にエクスポートできません：ファイル名は .%2 で終わる必要があります</translation>
    </message>
</context>
<context>
    <name>RunFolder</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>フォルダー %1 を作成できません</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>%1 を作成できません：%2</translation>
    </message>
</context>
<context>
    <name>RunHeader</name>
    <message>
        <source>not a Redlock Scope run: the first line is not a run header</source>
        <translation>Redlock Scope の実行記録ではありません：最初の行が実行記録のヘッダーではありません</translation>
    </message>
    <message>
        <source>a run file of format version %1; this app reads version %2</source>
        <translation>実行記録ファイルの形式バージョンは %1 です。このアプリが読むのはバージョン %2 です</translation>
    </message>
    <message>
        <source>the header&apos;s client settings were not understood (%1); the defaults are assumed</source>
        <translation>ヘッダーのクライアント設定を解釈できませんでした（%1）。既定値とみなします</translation>
    </message>
    <message>
        <source>the run header names %1 nodes</source>
        <translation>実行記録のヘッダーに記されたノード数は %1 個です</translation>
    </message>
    <message>
        <source>the run header&apos;s version is %1, not a number (this app reads version %2)</source>
        <translation>実行ヘッダーのバージョンが %1 で、数値ではありません（このアプリが読むのはバージョン %2）</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>なし</translation>
    </message>
</context>
<context>
    <name>RunReader</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>%1 を開けません：%2</translation>
    </message>
    <message>
        <source>%1 is empty: no run was recorded in it</source>
        <translation>%1 は空です：実行は何も記録されていません</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>%1 行目：%2</translation>
    </message>
</context>
<context>
    <name>RunSelfCheck</name>
    <message>
        <source>the run file cannot be read: %1</source>
        <translation>実行ファイルを読めません：%1</translation>
    </message>
    <message>
        <source>%1: %2 live, %3 judged again from the run file</source>
        <translation>%1：実行中 %2、実行ファイルから改めて判定すると %3</translation>
    </message>
    <message numerus="yes">
        <source>%n violation(s) in the run file never ended</source>
        <translation>
            <numerusform>実行ファイルに終わらなかった違反が %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2 counted, %3 in the run&apos;s violation and judgement events</source>
        <translation>%1：数えたのは %2、実行記録の違反と判定のイベントでは %3</translation>
    </message>
</context>
<context>
    <name>RunWriter</name>
    <message>
        <source>cannot record the run to %1: %2</source>
        <translation>実行を %1 に記録できません：%2</translation>
    </message>
    <message>
        <source>cannot record the run: %1</source>
        <translation>実行を記録できません：%1</translation>
    </message>
    <message>
        <source>the run is no longer recorded to %1: %2 (the file keeps the events written before, each line whole)</source>
        <translation>実行はもう %1 に記録されていません：%2（ファイルにはそれまでに書いたイベントが、各行完全な形で残っています）</translation>
    </message>
</context>
<context>
    <name>SafeText</name>
    <message>
        <source>… (%1 characters)</source>
        <translation>…（全 %1 文字）</translation>
    </message>
</context>
<context>
    <name>ScenarioBar</name>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>%1 · paused</source>
        <translation>%1 · 一時停止中</translation>
    </message>
    <message>
        <source>%1 · playing</source>
        <translation>%1 · 再生中</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>シナリオ</translation>
    </message>
    <message>
        <source>Pause the scenario after its current step, or play on</source>
        <translation>現在のステップの後でシナリオを一時停止します。または再生を続けます</translation>
    </message>
    <message>
        <source>Next caption</source>
        <translation>次のキャプション</translation>
    </message>
    <message>
        <source>Play until the next narration, then pause</source>
        <translation>次のナレーションまで再生して一時停止します</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>最初から</translation>
    </message>
    <message>
        <source>Play the scenario again from the start, on fresh nodes</source>
        <translation>新しいノードでシナリオを最初から再生します</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the scenario here; the clients go on</source>
        <translation>シナリオをここで止めます。クライアントは動き続けます</translation>
    </message>
</context>
<context>
    <name>ScenarioConsent</name>
    <message>
        <source>starts a program</source>
        <translation>プログラムを起動する</translation>
    </message>
    <message>
        <source>sends SHUTDOWN NOSAVE to node %1, one of your servers</source>
        <translation>ノード %1（あなたのサーバー）に SHUTDOWN NOSAVE を送る</translation>
    </message>
    <message>
        <source>sends SHUTDOWN SAVE to node %1, one of your servers</source>
        <translation>ノード %1（あなたのサーバー）に SHUTDOWN SAVE を送る</translation>
    </message>
    <message>
        <source>changes the configuration of node %1 (CONFIG SET), one of your servers</source>
        <translation>ノード %1（あなたのサーバー）の設定を変える（CONFIG SET）</translation>
    </message>
    <message>
        <source>a program the app would start</source>
        <translation>このアプリが起動するプログラム</translation>
    </message>
    <message>
        <source>not run: this would start programs or change servers the app did not start, and nobody agreed to it (%1 does):
  %2</source>
        <translation>実行していません：これはプログラムを起動するか、このアプリが起動していないサーバーを変更しますが、誰も同意していません（%1 で同意できます）：
  %2</translation>
    </message>
</context>
<context>
    <name>ScenarioParser</name>
    <message>
        <source>no built-in scenario &apos;%1&apos; (--list-scenarios lists them)</source>
        <translation>組み込みシナリオ「%1」はありません（--list-scenarios で一覧）</translation>
    </message>
    <message>
        <source>a scenario</source>
        <translation>シナリオ</translation>
    </message>
    <message>
        <source>%1: not UTF-8 text</source>
        <translation>%1：UTF-8 テキストではありません</translation>
    </message>
    <message>
        <source>a snapshot&apos;s title goes in double quotes (snapshot &quot;Two holders&quot;), not &apos;%1&apos;</source>
        <translation>スナップショットの題は二重引用符で囲みます（snapshot &quot;Two holders&quot;）。「%1」ではありません</translation>
    </message>
    <message>
        <source>a snapshot&apos;s title is empty: leave the quotes out for none</source>
        <translation>スナップショットの題が空です。題が要らなければ引用符ごと省いてください</translation>
    </message>
    <message>
        <source>it adds none by name</source>
        <translation>名前付きで追加するクライアントはありません</translation>
    </message>
    <message>
        <source>it adds %1</source>
        <translation>追加するのは %1</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos; in this scenario (%2): the expectation would count nothing</source>
        <translation>このシナリオに「%1」という名前のクライアントはいません（%2）：この期待は何も数えません</translation>
    </message>
    <message>
        <source>line %1 starts its program after this wait: exited(%1) would wait for nothing</source>
        <translation>%1 行目はこの待機より後でプログラムを起動します：exited(%1) は何も待てません</translation>
    </message>
    <message>
        <source>line %1 starts no program: exited(LINE) waits for the program an exec line started</source>
        <translation>%1 行目はプログラムを起動しません：exited(LINE) は exec 行が起動したプログラムを待ちます</translation>
    </message>
</context>
<context>
    <name>ScenarioProcesses</name>
    <message>
        <source>started (pid %1)</source>
        <translation>起動しました（pid %1）</translation>
    </message>
    <message>
        <source>could not start: %1</source>
        <translation>起動できませんでした：%1</translation>
    </message>
    <message>
        <source>exec: the program ended (exit code %1)</source>
        <translation>exec：プログラムが終了しました（終了コード %1）</translation>
    </message>
    <message>
        <source>exec: %1</source>
        <translation>exec：%1</translation>
    </message>
    <message>
        <source>exec: the program was ended by a signal</source>
        <translation>exec：プログラムはシグナルで終了しました</translation>
    </message>
</context>
<context>
    <name>ScenarioRunner</name>
    <message>
        <source>seed %1</source>
        <translation>シード %1</translation>
    </message>
    <message>
        <source>slept %1 ms</source>
        <translation>%1 ミリ秒待った</translation>
    </message>
    <message>
        <source>no client named &apos;%1&apos;</source>
        <translation>「%1」という名前のクライアントはありません</translation>
    </message>
    <message>
        <source>%1 to be %2</source>
        <translation>%1 が %2 になる</translation>
    </message>
    <message>
        <source>%1: already so</source>
        <translation>%1：既にそうなっている</translation>
    </message>
    <message>
        <source>waited %1 ms for %2: it did not happen</source>
        <translation>%2 を %1 ミリ秒待った：起きなかった</translation>
    </message>
    <message>
        <source>checked at the end</source>
        <translation>最後に検査</translation>
    </message>
    <message>
        <source>line %1: %2: %3</source>
        <translation>%1 行目：%2：%3</translation>
    </message>
    <message>
        <source>an expectation did not hold</source>
        <translation>期待が成り立たなかった</translation>
    </message>
    <message>
        <source>%1 %2, and no expectation allowed it</source>
        <translation>%1 %2、どの期待もそれを許していない</translation>
    </message>
    <message>
        <source>%1: it came since the last wait</source>
        <translation>%1：前回の待機の後に起きていた</translation>
    </message>
    <message>
        <source>%1 at line %2: %3; %4 of %5 lines begun</source>
        <translation>%1（%2 行目：%3）。%5 行中 %4 行を開始済み</translation>
    </message>
    <message>
        <source>%1; %2 of %3 lines begun</source>
        <translation>%1。%3 行中 %2 行を開始済み</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>スナップショット</translation>
    </message>
    <message>
        <source>snapshot: %1</source>
        <translation>スナップショット：%1</translation>
    </message>
    <message>
        <source>no program was started on line %1</source>
        <translation>%1 行目で起動したプログラムはありません</translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>node kill</source>
        <translation>ノード強制終了</translation>
    </message>
    <message>
        <source>node restart</source>
        <translation>ノード再起動</translation>
    </message>
    <message>
        <source>node pause</source>
        <translation>ノード一時停止</translation>
    </message>
    <message>
        <source>partition</source>
        <translation>分断</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>遅延</translation>
    </message>
    <message>
        <source>dropped requests</source>
        <translation>リクエスト破棄</translation>
    </message>
    <message>
        <source>clock jump</source>
        <translation>時計のずれ</translation>
    </message>
    <message>
        <source>client pause</source>
        <translation>クライアント一時停止</translation>
    </message>
    <message>
        <source>client crash</source>
        <translation>クライアントのクラッシュ</translation>
    </message>
    <message>
        <source>Search for a counterexample</source>
        <translation>反例の探索</translation>
    </message>
    <message>
        <source>(your own)</source>
        <translation>（独自）</translation>
    </message>
    <message>
        <source>key=value …, as in `defaults` (the rest is drawn)</source>
        <translation>key=value …、`defaults` と同じ（残りは抽選）</translation>
    </message>
    <message>
        <source>none: a restarted node forgets its keys</source>
        <translation>なし：再起動したノードはキーを忘れる</translation>
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
        <translation>空欄：チェッカーの安全性の判定。または各スケジュールの後に実行され、成り立つべき行：expect 行、または起こるべき wait until。</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>プリセット：</translation>
    </message>
    <message>
        <source>Lock:</source>
        <translation>ロック：</translation>
    </message>
    <message>
        <source>Pinned settings:</source>
        <translation>固定する設定：</translation>
    </message>
    <message>
        <source>Faults:</source>
        <translation>故障：</translation>
    </message>
    <message>
        <source>Persistence:</source>
        <translation>永続化：</translation>
    </message>
    <message>
        <source>Clients:</source>
        <translation>クライアント：</translation>
    </message>
    <message>
        <source>Nodes faulty at once, at most:</source>
        <translation>同時に故障するノードの上限：</translation>
    </message>
    <message>
        <source>Property:</source>
        <translation>性質：</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>予算：</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>シード：</translation>
    </message>
    <message>
        <source>Trials at once:</source>
        <translation>同時に行う試行：</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Play in the window</source>
        <translation>ウィンドウで再生</translation>
    </message>
    <message>
        <source>Counterexamples found (double-click: play):</source>
        <translation>見つかった反例（ダブルクリックで再生）：</translation>
    </message>
    <message>
        <source>the property</source>
        <translation>性質</translation>
    </message>
    <message>
        <source>The lock is chosen above, not among the pinned settings.</source>
        <translation>ロックは上で選ぶ。固定する設定の中では選ばない。</translation>
    </message>
    <message>
        <source>Searching</source>
        <translation>探索中</translation>
    </message>
    <message>
        <source>Replaying a schedule that failed</source>
        <translation>失敗したスケジュールを再実行中</translation>
    </message>
    <message numerus="yes">
        <source>Shrinking it: %n step(s) so far</source>
        <translation>
            <numerusform>縮小中：現在 %n ステップ</numerusform>
        </translation>
    </message>
    <message>
        <source>Telling its story</source>
        <translation>経緯を語っている</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n trial(s), %2/s · %3 left · %4 found</source>
        <translation>
            <numerusform>%1 · 試行 %n 回、%2 回/秒 · 残り %3 · %4 個発見</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · found after %2 s · %3</source>
        <translation>%1 · %2 秒後に発見 · %3</translation>
    </message>
    <message numerus="yes">
        <source>Nothing found: %n schedule(s) run; continue with seed %1</source>
        <translation>
            <numerusform>見つからなかった：スケジュール %n 個を実行。シード %1 から続けられる</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Done: %n counterexample(s) found in %1 schedules</source>
        <translation>
            <numerusform>完了：スケジュール %1 個の中で反例を %n 個発見</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SearchOptions</name>
    <message>
        <source>unknown fault &apos;%1&apos; (known: %2)</source>
        <translation>不明な故障 &apos;%1&apos;（既知のもの：%2）</translation>
    </message>
    <message>
        <source>--clients: a schedule runs 1 to 20 clients, not %1</source>
        <translation>--clients：1 つのスケジュールは 1〜20 個のクライアントを動かす。%1 ではない</translation>
    </message>
    <message>
        <source>--jobs: 1 to 16 trials at once, not %1</source>
        <translation>--jobs：同時に 1〜16 回の試行。%1 ではない</translation>
    </message>
    <message>
        <source>--max-faulty: at most the %1 nodes there are, not %2</source>
        <translation>--max-faulty：最大でも存在する %1 個のノードまで。%2 ではない</translation>
    </message>
    <message>
        <source>a schedule must fail in 1 to %1 of its replays, not %2</source>
        <translation>スケジュールは再実行のうち 1〜%1 回で失敗しなければならない。%2 ではない</translation>
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
        <translation>ロックなし、故障なし：買い手 2 人</translation>
    </message>
    <message>
        <source>SETNX without a TTL, clients crash: a deadlock</source>
        <translation>TTL なしの SETNX、クライアントがクラッシュ：デッドロック</translation>
    </message>
    <message>
        <source>SETNX then EXPIRE, clients crash: a deadlock again</source>
        <translation>SETNX の後に EXPIRE、クライアントがクラッシュ：再びデッドロック</translation>
    </message>
    <message>
        <source>SET NX PX and a plain DEL, careless clients whose work outlives the TTL</source>
        <translation>SET NX PX と素の DEL、作業が TTL より長い不注意なクライアント</translation>
    </message>
    <message>
        <source>a token, GET then DEL; clients pause</source>
        <translation>トークン、GET の後に DEL。クライアントが一時停止</translation>
    </message>
    <message>
        <source>a token and the Lua release on one node; the node is killed</source>
        <translation>トークンと 1 ノード上の Lua による解放。ノードが強制終了される</translation>
    </message>
    <message>
        <source>Redisson&apos;s watchdog; the holder pauses</source>
        <translation>Redisson のウォッチドッグ。保持者が一時停止</translation>
    </message>
    <message>
        <source>one master, its replica and Sentinel; the nodes are killed</source>
        <translation>マスター 1 台とそのレプリカと Sentinel。ノードが強制終了される</translation>
    </message>
    <message>
        <source>Redlock with careless clients; the clients pause</source>
        <translation>不注意なクライアントの Redlock。クライアントが一時停止</translation>
    </message>
    <message>
        <source>Redlock; node clocks jump forward</source>
        <translation>Redlock。ノードの時計が前へジャンプ</translation>
    </message>
    <message>
        <source>Redlock; nodes restart without persistence</source>
        <translation>Redlock。ノードが永続化なしで再起動</translation>
    </message>
    <message>
        <source>Redlock with careful clients, fencing and AOF always; every node fault but clock jumps</source>
        <translation>注意深いクライアント、フェンシング、AOF always の Redlock。時計のジャンプ以外のすべてのノード故障</translation>
    </message>
</context>
<context>
    <name>SecretStore</name>
    <message>
        <source>no keychain to ask</source>
        <translation>問い合わせるキーチェーンがありません</translation>
    </message>
    <message>
        <source>no keychain answers (%1), and no file was chosen</source>
        <translation>キーチェーンが応答せず（%1）、ファイルも選ばれていません</translation>
    </message>
</context>
<context>
    <name>SentinelGate</name>
    <message>
        <source>sentinel %1: cannot listen on %2:%3: %4</source>
        <translation>Sentinel %1：%2:%3 で待ち受けできません：%4</translation>
    </message>
    <message>
        <source>not an address</source>
        <translation>アドレスではありません</translation>
    </message>
</context>
<context>
    <name>SentinelPanel</name>
    <message>
        <source>Redis Sentinel: three watchers that agree (quorum 2) when the master is down and promote its replica. Clients of the failover strategy ask them where the master is before every try.</source>
        <translation>Redis Sentinel：マスターがダウンしたときに合意して（過半数 2）そのレプリカを昇格させる 3 つの監視役。failover 戦略のクライアントは、毎回の試行の前にマスターの場所を Sentinel に尋ねます。</translation>
    </message>
    <message>
        <source>Sentinels starting…</source>
        <translation>Sentinel を起動中…</translation>
    </message>
    <message>
        <source>Sentinel not reaching quorum: %1 of %2 agree, %3 needed</source>
        <translation>Sentinel が過半数に届かず：%2 中 %1 が同意、%3 必要</translation>
    </message>
    <message>
        <source>Sentinels: node %1 is master  ·  %2 of %3 agree (quorum %4)</source>
        <translation>Sentinel：ノード %1 がマスター  ·  %3 中 %2 が同意（過半数 %4）</translation>
    </message>
    <message>
        <source>  ·  FAILOVER IN PROGRESS</source>
        <translation>  ·  フェイルオーバー進行中</translation>
    </message>
    <message>
        <source>  ·  master seen DOWN</source>
        <translation>  ·  マスターがダウンと判定</translation>
    </message>
    <message>
        <source>S%1: no answer (%2)</source>
        <translation>S%1：応答なし（%2）</translation>
    </message>
    <message>
        <source>node %1</source>
        <translation>ノード %1</translation>
    </message>
    <message>
        <source>, objectively down</source>
        <translation>、客観的ダウン</translation>
    </message>
    <message>
        <source>, subjectively down</source>
        <translation>、主観的ダウン</translation>
    </message>
    <message>
        <source>S%1 says %2%3</source>
        <translation>S%1 の見解：マスターは %2%3</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Client defaults</source>
        <translation>クライアントの既定値</translation>
    </message>
    <message>
        <source>Settings for clients added from now on.</source>
        <translation>これから追加するクライアントの設定。</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
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
        <translation>%1 秒の失敗の後を切り捨て</translation>
    </message>
    <message>
        <source>without any fault</source>
        <translation>故障をすべて除く</translation>
    </message>
    <message>
        <source>without the first half of the faults</source>
        <translation>故障の前半を除く</translation>
    </message>
    <message>
        <source>without the second half of the faults</source>
        <translation>故障の後半を除く</translation>
    </message>
    <message>
        <source>without &apos;%1&apos;</source>
        <translation>&apos;%1&apos; を除く</translation>
    </message>
    <message>
        <source>without %1</source>
        <translation>%1 を除く</translation>
    </message>
    <message>
        <source>ending at the last step</source>
        <translation>最後のステップで終える</translation>
    </message>
    <message>
        <source>every step at the start</source>
        <translation>すべてのステップを最初に</translation>
    </message>
    <message>
        <source>ending %1 s sooner</source>
        <translation>%1 秒早く終える</translation>
    </message>
    <message>
        <source>&apos;%1&apos; at %2 s</source>
        <translation>&apos;%1&apos; を %2 秒に</translation>
    </message>
    <message>
        <source>every fault as short as can be</source>
        <translation>すべての故障をできるだけ短く</translation>
    </message>
    <message>
        <source>&apos;%1&apos; as short as can be</source>
        <translation>&apos;%1&apos; をできるだけ短く</translation>
    </message>
    <message>
        <source>every fault half as long</source>
        <translation>すべての故障を半分の長さに</translation>
    </message>
    <message>
        <source>&apos;%1&apos; half as long</source>
        <translation>&apos;%1&apos; を半分の長さに</translation>
    </message>
    <message>
        <source>&apos;%1&apos; a quarter shorter</source>
        <translation>&apos;%1&apos; を 4 分の 1 短く</translation>
    </message>
    <message>
        <source>&apos;%1&apos; halved</source>
        <translation>&apos;%1&apos; を半分に</translation>
    </message>
    <message>
        <source>without the clients&apos; own settings</source>
        <translation>クライアント個別の設定を除く</translation>
    </message>
    <message>
        <source>without %1&apos;s own settings</source>
        <translation>%1 個別の設定を除く</translation>
    </message>
    <message>
        <source>every number rounded to one digit</source>
        <translation>すべての数値を有効数字 1 桁に丸める</translation>
    </message>
    <message>
        <source>every number rounded to two digits</source>
        <translation>すべての数値を有効数字 2 桁に丸める</translation>
    </message>
    <message>
        <source>the settings rounded</source>
        <translation>設定を丸める</translation>
    </message>
    <message>
        <source>&apos;%1&apos; rounded</source>
        <translation>&apos;%1&apos; を丸める</translation>
    </message>
</context>
<context>
    <name>SingleNodeLock</name>
    <message>
        <source>node %1 holds the key for someone else</source>
        <translation>ノード %1 は他の誰かのキーを保持している</translation>
    </message>
    <message>
        <source>node %1: %2 %3</source>
        <translation>ノード %1：%2 %3</translation>
    </message>
    <message>
        <source>this lock cannot be extended</source>
        <translation>このロックは延長できない</translation>
    </message>
</context>
<context>
    <name>SlidesCommand</name>
    <message>
        <source>slide %1 at %2 s (line %3): %4</source>
        <translation>スライド %1、%2 秒（%3 行目）：%4</translation>
    </message>
    <message>
        <source>%1 line %2: FAILED %3</source>
        <translation>%1 %2 行目：失敗 %3</translation>
    </message>
    <message>
        <source>no slides written: the scenario did not play to its end</source>
        <translation>スライドは書いていません：シナリオが最後まで再生されませんでした</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n slide(s) written in %2 s (the scenario played %3 s)</source>
        <translation>
            <numerusform>%1：スライド %n 枚を %2 秒で書きました（シナリオの再生は %3 秒）</numerusform>
        </translation>
    </message>
    <message>
        <source>the slides show a scenario that did not go as expected</source>
        <translation>このスライドのシナリオは期待どおりに進みませんでした</translation>
    </message>
    <message numerus="yes">
        <source>interrupted by %1: no slides written (%n taken)</source>
        <translation>
            <numerusform>%1 で中断：スライドは書いていません（撮影済み %n 枚）</numerusform>
        </translation>
    </message>
    <message>
        <source>Played by Redlock Scope on a Redis master, its replica and three Sentinels</source>
        <translation>Redlock Scope が Redis のマスター、そのレプリカ、Sentinel 3 台で再現</translation>
    </message>
    <message>
        <source>Played by Redlock Scope on %1 Redis nodes</source>
        <translation>Redlock Scope が %1 台の Redis ノードで再現</translation>
    </message>
    <message>
        <source>The story went as the scenario expects.</source>
        <translation>話はシナリオの想定どおりに進みました。</translation>
    </message>
    <message>
        <source>The story did not go as the scenario expects: %1</source>
        <translation>話はシナリオの想定どおりに進みませんでした：%1</translation>
    </message>
    <message>
        <source>DATA DAMAGED</source>
        <translation>データ破損</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN</source>
        <translation>相互排他が破れた</translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN, but fencing kept the data safe</source>
        <translation>相互排他は破れたが、フェンシングがデータを守った</translation>
    </message>
    <message>
        <source>SAFE: one holder at a time, the data whole</source>
        <translation>安全：保持者は常に 1 人、データは無傷</translation>
    </message>
    <message>
        <source>%1 was not run: it needs --allow-exec or --allow-destructive</source>
        <translation>%1 は実行していません：--allow-exec か --allow-destructive が必要です</translation>
    </message>
</context>
<context>
    <name>StockChart</name>
    <message>
        <source>oversold: 1 item</source>
        <translation>過剰販売：1 個</translation>
    </message>
    <message>
        <source>oversold: %1 items</source>
        <translation>過剰販売：%1 個</translation>
    </message>
    <message>
        <source>lost update: 1 sale erased</source>
        <translation>更新の消失：販売 1 件が消えた</translation>
    </message>
    <message>
        <source>lost update: %1 sales erased</source>
        <translation>更新の消失：販売 %1 件が消えた</translation>
    </message>
    <message>
        <source>items</source>
        <translation>個</translation>
    </message>
    <message>
        <source>stock put on the storage (stock N)</source>
        <translation>ストレージに置いた在庫（stock N）</translation>
    </message>
    <message>
        <source>items sold since then</source>
        <translation>その後に売れた個数</translation>
    </message>
    <message>
        <source>stock there should be: stock N minus the sales</source>
        <translation>あるべき在庫：stock N から販売数を引いたもの</translation>
    </message>
    <message>
        <source>stock on the storage</source>
        <translation>ストレージの在庫</translation>
    </message>
    <message>
        <source>lost update: a write erased sales</source>
        <translation>更新の消失：書き込みが販売を消した</translation>
    </message>
    <message>
        <source>oversold: sold what was not there</source>
        <translation>過剰販売：存在しないものを売った</translation>
    </message>
    <message>
        <source>No stock in this run: `stock N` puts N items on the storage and the clients start buying.</source>
        <translation>この実行には在庫がありません。`stock N` でストレージに N 個置くと、クライアントが購入を始めます。</translation>
    </message>
    <message>
        <source>%1 at %2: %3 items</source>
        <translation>%1（%2）：%3 個</translation>
    </message>
    <message>
        <source>reset overwritten: the stock %1 set was written over</source>
        <translation>リセットの上書き：設定した在庫 %1 が上書きされた</translation>
    </message>
</context>
<context>
    <name>StockPurchase</name>
    <message>
        <source>the stock changed since it was watched: EXEC refused, read again</source>
        <translation>WATCH 後に在庫が変更された：EXEC が拒否され、読み直す</translation>
    </message>
    <message>
        <source>the storage holds fence %1</source>
        <translation>ストレージのフェンスは %1</translation>
    </message>
</context>
<context>
    <name>Storage</name>
    <message>
        <source>the storage node: %1</source>
        <translation>ストレージノード：%1</translation>
    </message>
    <message>
        <source>the storage node %1: %2</source>
        <translation>ストレージノード %1：%2</translation>
    </message>
    <message>
        <source>the storage node cannot be reached: %1</source>
        <translation>ストレージノードに到達できません：%1</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>起動していない</translation>
    </message>
    <message>
        <source>the storage refused the stock: %1</source>
        <translation>ストレージが在庫を拒否しました：%1</translation>
    </message>
    <message numerus="yes">
        <source>stock: %n item(s) on the storage</source>
        <translation>
            <numerusform>在庫：ストレージに %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source>no stock yet: `stock N` puts N items on the storage (%1)</source>
        <translation>在庫はまだありません：`stock N` でストレージに N 個置きます（%1）</translation>
    </message>
    <message>
        <source>stock: %1 left of %2 on the storage %3</source>
        <translation>在庫：ストレージ %3 に %2 個中 %1 個残り</translation>
    </message>
</context>
<context>
    <name>StorageCard</name>
    <message>
        <source>Storage</source>
        <translation>ストレージ</translation>
    </message>
    <message>
        <source>The storage node: its own Redis, never one of the lock nodes. It holds the stock the clients buy from under the lock.</source>
        <translation>ストレージノード：独自の Redis で、ロックノードのどれでもありません。クライアントがロックの下で買う在庫を保持します。</translation>
    </message>
    <message>
        <source>Items left, as the storage itself holds them (GET stock).</source>
        <translation>残りの個数。ストレージ自身が持つ値（GET stock）。</translation>
    </message>
    <message>
        <source>Oversold: more sold than there was. Lost updates: sales the stock does not show, sold − (initial − left), counted exactly from what the storage held before each write.</source>
        <translation>過剰販売：あった数より多く売った。更新の消失：在庫に表れない販売、販売数 −（初期 − 残り）。各書き込みの前にストレージが持っていた値から正確に数えます。</translation>
    </message>
    <message>
        <source>Stale writes: accepted from a client whose lock another client had taken since; rejected by the fencing check.</source>
        <translation>古い書き込み：受け入れ＝別のクライアントにロックを取られた後のクライアントからの書き込み。拒否＝フェンシング検査で拒否されたもの。</translation>
    </message>
    <message>
        <source>%1  ·  local</source>
        <translation>%1  ·  ローカル</translation>
    </message>
    <message>
        <source>no stock yet: `stock 100` puts 100 items here</source>
        <translation>在庫はまだありません：`stock 100` でここに 100 個置きます</translation>
    </message>
    <message>
        <source>the stock key is gone from the storage</source>
        <translation>在庫のキーがストレージから消えました</translation>
    </message>
    <message>
        <source>left of %1</source>
        <translation>残り（全⁠%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n sold</source>
        <translation>
            <numerusform>%n 個販売</numerusform>
        </translation>
    </message>
    <message>
        <source>stale writes: %1 accepted · %2 rejected</source>
        <translation>古い書き込み：受け入れ&#xa0;%1 · 拒⁠否&#xa0;%2</translation>
    </message>
    <message>
        <source>OVERSOLD %1</source>
        <translation>過剰販売 %1</translation>
    </message>
    <message>
        <source>LOST UPDATES %1</source>
        <translation>更新の消失 %1</translation>
    </message>
    <message>
        <source>no oversell · no lost update</source>
        <translation>過剰販売なし · 更新の消失なし</translation>
    </message>
    <message>
        <source>fence: newest accepted %1</source>
        <translation>フェンス：最新の受け入れ %1</translation>
    </message>
    <message>
        <source>
valid writes refused: %1</source>
        <translation>
有効な書き込みの拒否：%1</translation>
    </message>
    <message>
        <source>RESETS OVERWRITTEN %1</source>
        <translation>リセットの上書き %1</translation>
    </message>
    <message>
        <source>The newest fencing token the storage accepted. A token lists, for each node that granted the lock, node:number, the number that node&apos;s INCR gave with the lock (2:8 = node 2 gave 8); numbers grow on each node in the order the lock was taken there. A write is accepted only if its token is newer on every node both tokens share: two majorities always share a node, so a client that lost its lock to a newer holder is refused.</source>
        <translation>ストレージが受け入れた最新のフェンシングトークン。トークンはロックを与えた各ノードについて「ノード:番号」を並べたもので、番号はそのノードがロックと共に INCR で与えた値です（2:8 = ノード 2 が 8 を与えた）。番号は各ノードでロックが取られた順に増えます。書き込みは、両方のトークンが共有するすべてのノードで新しい場合にだけ受け入れられます。2 つの過半数は必ずノードを共有するので、新しい保持者にロックを奪われたクライアントは拒否されます。</translation>
    </message>
    <message>
        <source>The last write the fencing check refused: its writer had been superseded by a newer holder, so its token was older.</source>
        <translation>フェンシング検査が拒否した最後の書き込み：書き手は新しい保持者に取って代わられていたため、そのトークンは古いものでした。</translation>
    </message>
    <message>
        <source>✗ REJECTED %1&apos;s stale write · fence %2</source>
        <translation>✗ %1 の古い書き込みを拒否 · トークン %2</translation>
    </message>
    <message>
        <source>%1 wrote stock %2 with fence %3, but %4 had taken the lock since: its token is newer on a node both share, so the storage refused the write.</source>
        <translation>%1 はトークン %3 で在庫 %2 を書きましたが、その間に %4 がロックを取っていました。両者が共有するノードでそのトークンの方が新しいため、ストレージは書き込みを拒否しました。</translation>
    </message>
    <message>
        <source>newer on every node both tokens share</source>
        <translation>両トークンが共有する全ノードで新しいこと</translation>
    </message>
    <message>
        <source>no stock yet</source>
        <translation>在庫はまだありません</translation>
    </message>
</context>
<context>
    <name>StoryWriter</name>
    <message>
        <source>%1 buy from a stock of %2 with no lock at all; each purchase takes %3 s.</source>
        <translation>%1 はロックなしで在庫 %2 個から買う。1 回の購入に %3 秒かかる。</translation>
    </message>
    <message>
        <source>%1 buys from a stock of %2 under the setnx lock, whose key has no TTL: work %3 s.</source>
        <translation>%1 は setnx ロックの下で在庫 %2 個から買う。キーに TTL はない：作業 %3 秒。</translation>
    </message>
    <message>
        <source>%1 buy from a stock of %2 under the setnx lock, whose key has no TTL: work %3 s.</source>
        <translation>%1 は setnx ロックの下で在庫 %2 個から買う。キーに TTL はない：作業 %3 秒。</translation>
    </message>
    <message>
        <source>%1 buys from a stock of %2 under the %3 lock: TTL %4 s, work %5 s.</source>
        <translation>%1 は %3 ロックの下で在庫 %2 個から買う：TTL %4 秒、作業 %5 秒。</translation>
    </message>
    <message>
        <source>%1 buy from a stock of %2 under the %3 lock: TTL %4 s, work %5 s.</source>
        <translation>%1 は %3 ロックの下で在庫 %2 個から買う：TTL %4 秒、作業 %5 秒。</translation>
    </message>
    <message>
        <source>The clients are careless: they write even when their lock has expired.</source>
        <translation>クライアントは不注意で、ロックが期限切れでも書き込む。</translation>
    </message>
    <message>
        <source>Fencing is on: the storage refuses a token older than the last it saw.</source>
        <translation>フェンシングが有効：ストレージは最後に見たものより古いトークンを拒否する。</translation>
    </message>
    <message>
        <source>The nodes keep no AOF: a node that restarts has forgotten its keys.</source>
        <translation>ノードは AOF を持たない：再起動したノードはキーを忘れている。</translation>
    </message>
    <message>
        <source>The nodes write an AOF (appendfsync %1).</source>
        <translation>ノードは AOF を書く（appendfsync %1）。</translation>
    </message>
    <message>
        <source>%1 will freeze for %2 s right before its next write.</source>
        <translation>%1 は次の書き込みの直前に %2 秒止まる。</translation>
    </message>
    <message>
        <source>%1 will freeze for %2 s between its GET and its DEL.</source>
        <translation>%1 は GET と DEL の間で %2 秒止まる。</translation>
    </message>
    <message>
        <source>%1 will freeze for %2 s between its SETNX and its EXPIRE.</source>
        <translation>%1 は SETNX と EXPIRE の間で %2 秒止まる。</translation>
    </message>
    <message>
        <source>%1 is paused for %2 s while it holds the lock.</source>
        <translation>%1 はロックを保持したまま %2 秒一時停止する。</translation>
    </message>
    <message>
        <source>%1 is paused for %2 s while it asks for the lock.</source>
        <translation>%1 はロックを要求している間に %2 秒一時停止する。</translation>
    </message>
    <message>
        <source>%1 is paused for %2 s between two purchases.</source>
        <translation>%1 は 2 回の購入の間で %2 秒一時停止する。</translation>
    </message>
    <message>
        <source>%1 will crash between its SETNX and its EXPIRE.</source>
        <translation>%1 は SETNX と EXPIRE の間でクラッシュする。</translation>
    </message>
    <message>
        <source>%1 will crash between its GET and its DEL.</source>
        <translation>%1 は GET と DEL の間でクラッシュする。</translation>
    </message>
    <message>
        <source>%1 will crash right before its next write.</source>
        <translation>%1 は次の書き込みの直前にクラッシュする。</translation>
    </message>
    <message>
        <source>%1 crashes while it holds the lock: nothing releases it.</source>
        <translation>%1 はロックを保持したままクラッシュする：誰も解放しない。</translation>
    </message>
    <message>
        <source>%1 crashes.</source>
        <translation>%1 がクラッシュする。</translation>
    </message>
    <message>
        <source>It comes back %1 s later, remembering nothing.</source>
        <translation>%1 秒後に戻ってくるが、何も覚えていない。</translation>
    </message>
    <message>
        <source>Node %1 is killed and comes back %2 s later, empty.</source>
        <translation>ノード %1 が強制終了され、%2 秒後に空で戻る。</translation>
    </message>
    <message>
        <source>Node %1 is killed and comes back %2 s later with its AOF.</source>
        <translation>ノード %1 が強制終了され、%2 秒後に AOF とともに戻る。</translation>
    </message>
    <message>
        <source>Node %1 restarts without persistence: the keys it held are gone.</source>
        <translation>ノード %1 が永続化なしで再起動する：持っていたキーは消える。</translation>
    </message>
    <message>
        <source>Node %1 restarts and reloads its AOF.</source>
        <translation>ノード %1 が再起動し、AOF を読み直す。</translation>
    </message>
    <message>
        <source>Node %1 freezes for %2 s.</source>
        <translation>ノード %1 が %2 秒止まる。</translation>
    </message>
    <message>
        <source>Node %1 is cut off from every client for %2 s.</source>
        <translation>ノード %1 がすべてのクライアントから %2 秒切り離される。</translation>
    </message>
    <message>
        <source>Node %1 is cut off from %2 for %3 s.</source>
        <translation>ノード %1 が %2 から %3 秒切り離される。</translation>
    </message>
    <message>
        <source>Node %1 answers %2 ms late for %3 s.</source>
        <translation>ノード %1 が %3 秒間、%2 ミリ秒遅れて応答する。</translation>
    </message>
    <message>
        <source>Node %1 drops %2 % of the requests for %3 s.</source>
        <translation>ノード %1 が %3 秒間、リクエストの %2 % を捨てる。</translation>
    </message>
    <message>
        <source>Node %1&apos;s clock jumps %2 s forward: its keys expire early.</source>
        <translation>ノード %1 の時計が %2 秒進む：キーが早く期限切れになる。</translation>
    </message>
    <message>
        <source>At %2 s %1 crashes, holding the lock: nothing will release it.</source>
        <translation>%2 秒に %1 がロックを持ったままクラッシュする：誰も解放しない。</translation>
    </message>
    <message>
        <source>At %2 s %1 crashes.</source>
        <translation>%2 秒に %1 がクラッシュする。</translation>
    </message>
    <message>
        <source>At %2 s %1 freezes.</source>
        <translation>%2 秒に %1 が止まる。</translation>
    </message>
    <message>
        <source>%1&apos;s lock expired at %2 s while it was still inside.</source>
        <translation>%1 のロックは %2 秒に期限切れになったが、本人はまだ中にいた。</translation>
    </message>
    <message>
        <source>%1&apos;s release at %2 s deletes %3&apos;s lock.</source>
        <translation>%2 秒の %1 の解放が %3 のロックを削除する。</translation>
    </message>
    <message>
        <source>The storage refuses %1&apos;s stale write at %2 s: the fence saves the data.</source>
        <translation>ストレージは %2 秒に %1 の古い書き込みを拒否する：フェンスがデータを守る。</translation>
    </message>
    <message>
        <source>%1 acquires at %2 s while %3 is still inside: two holders.</source>
        <translation>%1 が %2 秒にロックを取得するが、%3 はまだ中にいる：保持者が 2 人。</translation>
    </message>
    <message>
        <source>%1 writes stock %2 at %3 s, although %4 took the lock after it: a stale write.</source>
        <translation>%1 が %3 秒に在庫 %2 を書き込むが、%4 がその後でロックを取っていた：古い書き込み。</translation>
    </message>
    <message>
        <source>%1 writes stock %2 at %3 s over a sale it never saw: a lost update.</source>
        <translation>%1 が %3 秒に在庫 %2 を書き込み、見ていなかった販売を上書きする：更新の消失。</translation>
    </message>
    <message>
        <source>At %1 s more items are sold than there were: oversold by %2.</source>
        <translation>%1 秒に在庫より多く売れた：%2 個の売り越し。</translation>
    </message>
    <message>
        <source>%1 writes at %2 s over the stock that was set meanwhile: the reset is lost.</source>
        <translation>%1 が %2 秒に、その間に設定された在庫を上書きする：リセットが失われる。</translation>
    </message>
    <message>
        <source>After the schedule, %1 waits %2 s for the lock in vain.</source>
        <translation>スケジュールの後、%1 は %2 秒ロックを待つが得られない。</translation>
    </message>
    <message>
        <source>The expectation %1 does not hold.</source>
        <translation>期待 %1 が成り立たない。</translation>
    </message>
    <message>
        <source>%1 acquires the lock at %2 s.</source>
        <translation>%1 が %2 秒にロックを取得する。</translation>
    </message>
    <message>
        <source>%1 acquires at %2 s on nodes %4 while %3 is still inside: two holders.</source>
        <translation>%1 が %2 秒にノード %4 でロックを取得するが、%3 はまだ中にいる：保持者が 2 人。</translation>
    </message>
    <message>
        <source>At %1 s Sentinel promotes node %2, the replica, to master.</source>
        <translation>%1 秒に Sentinel がレプリカのノード %2 をマスターに昇格させる。</translation>
    </message>
    <message>
        <source>At %1 s Sentinel sees node %2 down, but it is back before a failover is agreed: no replica is promoted, node %2 stays the master.</source>
        <translation>%1 秒に Sentinel がノード %2 のダウンを検知するが、フェイルオーバーが合意される前に戻ってくる：レプリカは昇格せず、ノード %2 がマスターのまま。</translation>
    </message>
    <message>
        <source>Sentinel does not step in: node %1 is back before it is judged down, and stays the master.</source>
        <translation>Sentinel は介入しない：ノード %1 はダウンと判定される前に戻り、マスターのまま。</translation>
    </message>
    <message>
        <source>%1 starts a purchase at %2 s.</source>
        <translation>%1 が %2 秒に購入を始める。</translation>
    </message>
    <message>
        <source>%1 starts a purchase at %2 s while %3 is still in one: two buyers at once.</source>
        <translation>%1 が %2 秒に購入を始めるが、%3 の購入はまだ終わっていない：買い手が同時に 2 人。</translation>
    </message>
    <message>
        <source>%1 writes stock %2 at %3 s, although %4 started a purchase after it: a stale write.</source>
        <translation>%1 が %3 秒に在庫 %2 を書き込むが、%4 がその後で購入を始めていた：古い書き込み。</translation>
    </message>
</context>
<context>
    <name>Strategy</name>
    <message>
        <source>no lock: oversell and lost updates under contention</source>
        <translation>ロックなし：競合すると過剰販売と更新の消失が起きる</translation>
    </message>
    <message>
        <source>WATCH / MULTI / EXEC: correct for one key, conflicts retried</source>
        <translation>WATCH / MULTI / EXEC：1 つのキーなら正しく、競合はリトライ</translation>
    </message>
    <message>
        <source>SETNX, DEL: a crashed holder deadlocks everyone</source>
        <translation>SETNX、DEL：保持者がクラッシュすると全員がデッドロック</translation>
    </message>
    <message>
        <source>SETNX then EXPIRE: a crash between the two deadlocks again</source>
        <translation>SETNX の後に EXPIRE：その間にクラッシュすると、やはりデッドロック</translation>
    </message>
    <message>
        <source>SET NX PX, plain DEL: a slow client deletes someone else&apos;s lock</source>
        <translation>SET NX PX、単純な DEL：遅いクライアントが他人のロックを削除する</translation>
    </message>
    <message>
        <source>token, GET then DEL: the race between GET and DEL</source>
        <translation>トークン、GET の後に DEL：GET と DEL の間の競合状態</translation>
    </message>
    <message>
        <source>token, Lua release, one node: correct until that node dies</source>
        <translation>トークン、Lua で解放、単一ノード：そのノードが落ちるまでは正しい</translation>
    </message>
    <message>
        <source>Redisson&apos;s hash lock: reentry counted</source>
        <translation>Redisson のハッシュロック：再入回数を数える</translation>
    </message>
    <message>
        <source>reentrant, renewed every TTL/3: a paused watchdog stops renewing</source>
        <translation>リエントラント、TTL/3 ごとに延長：ウォッチドッグが一時停止すると延長が止まる</translation>
    </message>
    <message>
        <source>one master with an async replica: the key is lost in failover</source>
        <translation>マスター 1 つと非同期レプリカ：フェイルオーバーでキーが失われる</translation>
    </message>
    <message>
        <source>a majority of independent masters</source>
        <translation>独立したマスターの過半数</translation>
    </message>
</context>
<context>
    <name>StrategyFactory</name>
    <message>
        <source>strategy failover needs a master with a replica and Sentinel (--topology replicated); these are five independent masters</source>
        <translation>戦略 failover には、レプリカと Sentinel を持つマスターが必要です（--topology replicated）。ここにあるのは 5 つの独立したマスターです</translation>
    </message>
</context>
<context>
    <name>SystemKeychain</name>
    <message>
        <source>the keychain was not unlocked</source>
        <translation>キーチェーンのロックが解除されませんでした</translation>
    </message>
    <message>
        <source>the keychain refused: %1</source>
        <translation>キーチェーンが拒否しました：%1</translation>
    </message>
    <message>
        <source>no keychain service runs here</source>
        <translation>ここではキーチェーンのサービスが動いていません</translation>
    </message>
    <message>
        <source>no Secret Service or KWallet answered on the session bus</source>
        <translation>セッションバス上で Secret Service も KWallet も応答しませんでした</translation>
    </message>
    <message>
        <source>the keychain did not answer within %1 s</source>
        <translation>キーチェーンが %1 秒以内に応答しませんでした</translation>
    </message>
</context>
<context>
    <name>ThroughputChart</name>
    <message>
        <source>per second</source>
        <translation>1 秒あたり</translation>
    </message>
    <message>
        <source>final failures: gave up after the last retry</source>
        <translation>最終的な失敗：最後のリトライの後に断念</translation>
    </message>
    <message>
        <source>acquisitions</source>
        <translation>取得</translation>
    </message>
    <message>
        <source>attempts: rounds asked of the nodes, won or lost</source>
        <translation>試行：ノードへのラウンド（成否を問わず）</translation>
    </message>
    <message>
        <source>run time (a bar per second)</source>
        <translation>経過時間（1 秒ごとに棒 1 本）</translation>
    </message>
    <message>
        <source>run time (a bar per %1 s: their mean per second)</source>
        <translation>経過時間（%1 秒ごとに棒 1 本：1 秒あたりの平均）</translation>
    </message>
    <message>
        <source>No acquire was decided in this stretch of the run.</source>
        <translation>この区間では取得の決定がありません。</translation>
    </message>
    <message>
        <source>%1 to %2: %3 attempts, %4 acquisitions, %5 final failures</source>
        <translation>%1～%2：試行 %3、取得 %4、最終的な失敗 %5</translation>
    </message>
</context>
<context>
    <name>TimelinePainter</name>
    <message>
        <source>crashed</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>no lock</source>
        <translation>ロックなし</translation>
    </message>
    <message>
        <source>down</source>
        <translation>ダウン</translation>
    </message>
    <message>
        <source>OVERLAP %1 × %2</source>
        <translation>重なり %1 × %2</translation>
    </message>
    <message>
        <source>%1 nodes · resource %2 · recorded %3</source>
        <translation>ノード %1 個 · リソース %2 · 記録日時 %3</translation>
    </message>
    <message>
        <source>acquiring</source>
        <translation>取得中</translation>
    </message>
    <message>
        <source>waiting to retry</source>
        <translation>リトライ待ち</translation>
    </message>
    <message>
        <source>in its critical section (client colour)</source>
        <translation>クリティカルセクション内（クライアントの色）</translation>
    </message>
    <message>
        <source>working without the lock</source>
        <translation>ロックなしで作業中</translation>
    </message>
    <message>
        <source>crashed / node down</source>
        <translation>クラッシュ / ノードダウン</translation>
    </message>
    <message>
        <source>key on a node (height: TTL left)</source>
        <translation>ノード上のキー（高さ：残り TTL）</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>重なり</translation>
    </message>
    <message>
        <source>in its critical section, within its validity</source>
        <translation>クリティカルセクション内、有効期間内</translation>
    </message>
    <message>
        <source>still in its critical section after its validity ended: working without the lock</source>
        <translation>有効期間が切れた後もクリティカルセクション内：ロックなしで作業中</translation>
    </message>
    <message>
        <source>holds %1&apos;s key (TTL %2)</source>
        <translation>%1 のキーを保持（TTL %2）</translation>
    </message>
    <message>
        <source> so far</source>
        <translation> 継続中</translation>
    </message>
    <message>
        <source>: in its critical section since %1 s</source>
        <translation>：%1 秒からクリティカルセクション内</translation>
    </message>
    <message>
        <source>%1&apos;s stale write REJECTED · fence %2</source>
        <translation>%1 の古い書き込みを拒否 · トークン %2</translation>
    </message>
    <message>
        <source>another client</source>
        <translation>別のクライアント</translation>
    </message>
    <message>
        <source>%1&apos;s release DELETED %2&apos;s lock on node %3</source>
        <translation>%1 の解放がノード %3 の %2 のロックを削除</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%2 の%1</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>Wheel: zoom · drag: pan · Home: the whole run · F: follow</source>
        <translation>ホイール：ズーム · ドラッグ：パン · Home：実行全体 · F：追従</translation>
    </message>
</context>
<context>
    <name>TlsBox</name>
    <message>
        <source>TLS, for the rows marked TLS</source>
        <translation>TLS（TLS にチェックした行に適用）</translation>
    </message>
    <message>
        <source>the system&apos;s trusted CAs</source>
        <translation>システムが信頼する CA</translation>
    </message>
    <message>
        <source>The CA that signed the nodes&apos; certificates (PEM), as --tls-ca.</source>
        <translation>ノードの証明書に署名した CA（PEM）。--tls-ca と同じです。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>A client certificate (PEM), for nodes that ask for one (tls-auth-clients), as --tls-cert.</source>
        <translation>クライアント証明書（PEM）。証明書を求めるノード（tls-auth-clients）用です。--tls-cert と同じです。</translation>
    </message>
    <message>
        <source>The client certificate&apos;s private key (PEM, unencrypted), as --tls-key.</source>
        <translation>クライアント証明書の秘密鍵（PEM、暗号化なし）。--tls-key と同じです。</translation>
    </message>
    <message>
        <source>the node&apos;s host</source>
        <translation>ノードのホスト</translation>
    </message>
    <message>
        <source>The name the nodes&apos; certificates must carry, when it is not the host you connect to, as --tls-server-name.</source>
        <translation>ノードの証明書が持つべき名前（接続先のホストと異なる場合）。--tls-server-name と同じです。</translation>
    </message>
    <message>
        <source>Do not check the nodes&apos; certificates (insecure)</source>
        <translation>ノードの証明書を検証しない（安全ではありません）</translation>
    </message>
    <message>
        <source>The connection is encrypted but nobody vouches for the node: anyone on the way can pretend to be it. As --tls-insecure; the history says so and the node cards show TLS NOT VERIFIED.</source>
        <translation>接続は暗号化されますが、ノードの身元は誰も保証しません。途中の誰でもノードになりすませます。--tls-insecure と同じで、履歴にそう記録され、ノードカードに「TLS 未検証」と表示されます。</translation>
    </message>
    <message>
        <source>CA file:</source>
        <translation>CA ファイル：</translation>
    </message>
    <message>
        <source>CA certificates</source>
        <translation>CA 証明書</translation>
    </message>
    <message>
        <source>Client certificate:</source>
        <translation>クライアント証明書：</translation>
    </message>
    <message>
        <source>Client certificate</source>
        <translation>クライアント証明書</translation>
    </message>
    <message>
        <source>Client key:</source>
        <translation>クライアント秘密鍵：</translation>
    </message>
    <message>
        <source>Client key</source>
        <translation>クライアント秘密鍵</translation>
    </message>
    <message>
        <source>Server name:</source>
        <translation>サーバー名：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>PEM files (*.pem *.crt *.key);;All files (*)</source>
        <translation>PEM ファイル (*.pem *.crt *.key);;すべてのファイル (*)</translation>
    </message>
</context>
<context>
    <name>TrialRunner</name>
    <message>
        <source>the schedule did not finish within %1 s</source>
        <translation>スケジュールが %1 秒以内に終わらなかった</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>%1 行目：%2</translation>
    </message>
</context>
<context>
    <name>ValidityBar</name>
    <message>
        <source>How long this client believes its lock is still valid (TTL minus the time the acquisition took minus drift).</source>
        <translation>このクライアントがロックをあとどれだけ有効と信じているか（TTL − 取得にかかった時間 − ドリフト）。</translation>
    </message>
    <message>
        <source>BELIEVES IT HOLDS — validity expired %1 ago</source>
        <translation>保持していると信じている——有効期間は %1 前に切れた</translation>
    </message>
</context>
<context>
    <name>Verdict</name>
    <message numerus="yes">
        <source>fenced: %n stale write(s) rejected</source>
        <translation>
            <numerusform>フェンスで防止：古い書き込みを %n 件拒否</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n stale write(s) accepted</source>
        <translation>
            <numerusform>古い書き込みを %n 件受け入れ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n lost update(s)</source>
        <translation>
            <numerusform>更新の消失 %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n oversold</source>
        <translation>
            <numerusform>過剰販売 %n</numerusform>
        </translation>
    </message>
    <message>
        <source>DATA DAMAGED: %1</source>
        <translation>データ破損：%1</translation>
    </message>
    <message numerus="yes">
        <source> · mutual exclusion broken %n time(s)</source>
        <translation>
            <numerusform> · 相互排除の破綻 %n 回</numerusform>
        </translation>
    </message>
    <message>
        <source>MUTUAL EXCLUSION BROKEN, %1: the data is safe</source>
        <translation>相互排除の破綻、%1：データは安全</translation>
    </message>
    <message numerus="yes">
        <source>MUTUAL EXCLUSION BROKEN: %n overlap(s)</source>
        <translation>
            <numerusform>相互排除の破綻：重なり %n 回</numerusform>
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
            <numerusform>在庫リセットの上書き %n 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n valid write(s) refused (a fencing number went back)</source>
        <translation>
            <numerusform> · 有効な書き込みの拒否 %n 件（フェンシング番号が戻った）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WindowActions</name>
    <message>
        <source>&amp;Add client</source>
        <translation>クライアントを追加(&amp;A)</translation>
    </message>
    <message>
        <source>Add a client with the default settings</source>
        <translation>既定の設定でクライアントを追加します</translation>
    </message>
    <message>
        <source>S&amp;top all</source>
        <translation>すべて停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop every client (holders release first)</source>
        <translation>すべてのクライアントを停止します（保持者は先に解放）</translation>
    </message>
    <message>
        <source>Sta&amp;rt all</source>
        <translation>すべて開始(&amp;R)</translation>
    </message>
    <message>
        <source>Start every stopped client</source>
        <translation>停止しているクライアントをすべて開始します</translation>
    </message>
    <message>
        <source>Stop / start all</source>
        <translation>すべて停止 / 開始</translation>
    </message>
    <message>
        <source>Stop all clients, or start them all when all are stopped</source>
        <translation>すべてのクライアントを停止します。すべて停止していればすべて開始します</translation>
    </message>
    <message>
        <source>Settings of all clients…</source>
        <translation>全クライアントの設定…</translation>
    </message>
    <message>
        <source>Change the settings of every client at once</source>
        <translation>すべてのクライアントの設定をまとめて変更します</translation>
    </message>
    <message>
        <source>Client &amp;defaults…</source>
        <translation>クライアントの既定値(&amp;D)…</translation>
    </message>
    <message>
        <source>Settings for clients added from now on</source>
        <translation>これから追加するクライアントの設定</translation>
    </message>
    <message>
        <source>&amp;Nodes…</source>
        <translation>ノード(&amp;N)…</translation>
    </message>
    <message>
        <source>Edit the nodes, test their connections, switch between saved fleets</source>
        <translation>ノードを編集し、接続をテストし、保存したノードセットを切り替えます</translation>
    </message>
    <message>
        <source>&amp;GC-pause the holder</source>
        <translation>保持者を GC 停止(&amp;G)</translation>
    </message>
    <message>
        <source>Pause whichever client holds the lock now, past its TTL (the GC-pause demo)</source>
        <translation>今ロックを保持しているクライアントを TTL を超えて一時停止します（GC 停止のデモ）</translation>
    </message>
    <message>
        <source>&amp;Large type</source>
        <translation>大きな文字(&amp;L)</translation>
    </message>
    <message>
        <source>Large type for the back of the room</source>
        <translation>教室の後ろの席からも読める大きな文字</translation>
    </message>
    <message>
        <source>Bigger type</source>
        <translation>文字を大きく</translation>
    </message>
    <message>
        <source>Smaller type</source>
        <translation>文字を小さく</translation>
    </message>
    <message>
        <source>Normal type</source>
        <translation>標準の文字</translation>
    </message>
    <message>
        <source>Normal type size</source>
        <translation>標準の文字サイズ</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>ダークテーマ(&amp;D)</translation>
    </message>
    <message>
        <source>Switch between the light and the dark theme</source>
        <translation>ライトテーマとダークテーマを切り替えます</translation>
    </message>
    <message>
        <source>&amp;Full screen</source>
        <translation>全画面(&amp;F)</translation>
    </message>
    <message>
        <source>Full screen on or off</source>
        <translation>全画面のオン・オフ</translation>
    </message>
    <message>
        <source>Select node %1</source>
        <translation>ノード %1 を選択</translation>
    </message>
    <message>
        <source>Deselect node</source>
        <translation>ノードの選択を解除</translation>
    </message>
    <message>
        <source>Deselect the node</source>
        <translation>ノードの選択を解除します</translation>
    </message>
    <message>
        <source>&amp;Kill node</source>
        <translation>ノードを強制終了(&amp;K)</translation>
    </message>
    <message>
        <source>Kill the selected node</source>
        <translation>選択したノードを強制終了します</translation>
    </message>
    <message>
        <source>&amp;Pause / resume node</source>
        <translation>ノードを一時停止 / 再開(&amp;P)</translation>
    </message>
    <message>
        <source>Pause the selected node, or resume it when paused</source>
        <translation>選択したノードを一時停止します。一時停止中なら再開します</translation>
    </message>
    <message>
        <source>&amp;Restart node</source>
        <translation>ノードを再起動(&amp;R)</translation>
    </message>
    <message>
        <source>Restart the selected node</source>
        <translation>選択したノードを再起動します</translation>
    </message>
    <message>
        <source>Res&amp;ume node</source>
        <translation>ノードを再開(&amp;U)</translation>
    </message>
    <message>
        <source>Resume the selected node</source>
        <translation>選択したノードを再開します</translation>
    </message>
    <message>
        <source>Partitio&amp;n node</source>
        <translation>ノードを分断(&amp;N)</translation>
    </message>
    <message>
        <source>Partition the selected node from every client</source>
        <translation>選択したノードをすべてのクライアントから分断します</translation>
    </message>
    <message>
        <source>&amp;Heal node</source>
        <translation>ノードを修復(&amp;H)</translation>
    </message>
    <message>
        <source>Heal the selected node (partition, latency, drops, clock jump)</source>
        <translation>選択したノードを修復します（分断、遅延、ドロップ、時計のずれ）</translation>
    </message>
    <message>
        <source>Master, replica and &amp;Sentinel (restarts)</source>
        <translation>マスター、レプリカ、Sentinel（再起動します）(&amp;S)</translation>
    </message>
    <message>
        <source>Restart with one master, its replica and three Sentinels (the failover strategy), or back to independent masters</source>
        <translation>マスター 1 つ、そのレプリカ、Sentinel 3 つで再起動します（failover 戦略用）。または独立したマスターに戻します</translation>
    </message>
    <message>
        <source>Save &amp;screenshot…</source>
        <translation>スクリーンショットを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Save a PNG of the window</source>
        <translation>ウィンドウを PNG として保存します</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>This list</source>
        <translation>この一覧</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>シナリオを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Play a scenario file (.rls) with its narration</source>
        <translation>シナリオファイル（.rls）をナレーション付きで再生します</translation>
    </message>
    <message>
        <source>Save typed lines as scenario…</source>
        <translation>入力した行をシナリオとして保存…</translation>
    </message>
    <message>
        <source>Save what was typed in the console as a scenario file</source>
        <translation>コンソールで入力した内容をシナリオファイルとして保存します</translation>
    </message>
    <message>
        <source>&amp;Open run…</source>
        <translation>実行記録を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Show a recorded run: scrub it in time, play it again</source>
        <translation>実行記録を表示します：時間をたどって確認したり、再生し直したりできます</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>エクスポート(&amp;E)…</translation>
    </message>
    <message>
        <source>The run as an HTML report, a chart (PNG, SVG, PDF), CSV, EDN or JSONL</source>
        <translation>実行を HTML レポート、グラフ（PNG、SVG、PDF）、CSV、EDN、JSONL として書き出します</translation>
    </message>
    <message>
        <source>&amp;Live run</source>
        <translation>ライブ実行(&amp;L)</translation>
    </message>
    <message>
        <source>Leave the recorded run: start the nodes and clients again</source>
        <translation>実行記録を離れます：ノードとクライアントを再び起動します</translation>
    </message>
    <message>
        <source>Play / pause the run</source>
        <translation>実行記録を再生 / 一時停止</translation>
    </message>
    <message>
        <source>Play the recorded run from the slider, or pause it</source>
        <translation>スライダーの位置から実行記録を再生、または一時停止します</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Clients</source>
        <translation>クライアント(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Nodes</source>
        <translation>ノード(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>ツール(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>Built-in &amp;scenarios</source>
        <translation>組み込みシナリオ(&amp;S)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>メイン</translation>
    </message>
    <message>
        <source>Shortcuts (F1)</source>
        <translation>ショートカット（F1）</translation>
    </message>
    <message>
        <source>Only with local nodes: your own nodes are what they are</source>
        <translation>ローカルノードのときのみ：自分のノードの構成は変えられません</translation>
    </message>
    <message>
        <source>&amp;Expose for your clients…</source>
        <translation>あなたのクライアントに公開(&amp;E)…</translation>
    </message>
    <message>
        <source>Open ports where your own lock client (node-redlock, Redisson, redis-py, yours) reaches the nodes through their faults, to be recorded and judged</source>
        <translation>あなた自身のロッククライアント（node-redlock、Redisson、redis-py、自作）が障害を経由してノードに届くポートを開き、記録と判定の対象にします</translation>
    </message>
    <message>
        <source>Search for a &amp;counterexample…</source>
        <translation>反例を探索(&amp;C)…</translation>
    </message>
    <message>
        <source>Random faults against a lock until one breaks it, shrunk and told as a scenario</source>
        <translation>ロックにランダムな故障を加え、破れるまで探す。縮小してシナリオとして語る</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>プレゼンテーション(&amp;P)</translation>
    </message>
    <message>
        <source>The stage for a class, full screen: the nodes, the headline, the caption, the lanes and the timeline, without menus or buttons (F11 or Esc leaves)</source>
        <translation>授業向けのステージを全画面で：ノード、見出し、字幕、レーン、タイムライン。メニューやボタンはなし（F11 か Esc で戻る）</translation>
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
        <translation>ノードを選択します（その後 K、P、U、R、X、H がそのノードに作用します）</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>シナリオを開く</translation>
    </message>
    <message>
        <source>Scenarios (*.rls);;All files (*)</source>
        <translation>シナリオ (*.rls);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Save as scenario</source>
        <translation>シナリオとして保存</translation>
    </message>
    <message>
        <source>Scenarios (*.rls)</source>
        <translation>シナリオ (*.rls)</translation>
    </message>
    <message>
        <source>Open a recorded run</source>
        <translation>実行記録を開く</translation>
    </message>
    <message>
        <source>Redlock Scope runs (*.jsonl);;All files (*)</source>
        <translation>Redlock Scope 実行記録 (*.jsonl);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>HTML report (*.html)</source>
        <translation>HTML レポート (*.html)</translation>
    </message>
    <message>
        <source>The chart shown, as PNG (*.png)</source>
        <translation>表示中のグラフ、PNG 形式 (*.png)</translation>
    </message>
    <message>
        <source>The chart shown, as SVG (*.svg)</source>
        <translation>表示中のグラフ、SVG 形式 (*.svg)</translation>
    </message>
    <message>
        <source>The chart shown, as PDF (*.pdf)</source>
        <translation>表示中のグラフ、PDF 形式 (*.pdf)</translation>
    </message>
    <message>
        <source>Operations as CSV (*.csv)</source>
        <translation>操作一覧、CSV 形式 (*.csv)</translation>
    </message>
    <message>
        <source>Jepsen history (*.edn)</source>
        <translation>Jepsen 履歴 (*.edn)</translation>
    </message>
    <message>
        <source>Run file (*.jsonl)</source>
        <translation>実行記録ファイル (*.jsonl)</translation>
    </message>
    <message>
        <source>Export the run</source>
        <translation>実行をエクスポート</translation>
    </message>
    <message>
        <source>Save screenshot</source>
        <translation>スクリーンショットを保存</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
</context>
<context>
    <name>WindowDocks</name>
    <message>
        <source>Event log</source>
        <translation>イベントログ</translation>
    </message>
    <message>
        <source>Console</source>
        <translation>コンソール</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>グラフ</translation>
    </message>
    <message>
        <source>&amp;Event log</source>
        <translation>イベントログ(&amp;E)</translation>
    </message>
    <message>
        <source>Show or hide the event log</source>
        <translation>イベントログの表示・非表示</translation>
    </message>
    <message>
        <source>&amp;Console</source>
        <translation>コンソール(&amp;C)</translation>
    </message>
    <message>
        <source>Show or hide the console: type commands and directives</source>
        <translation>コンソールの表示・非表示：コマンドと指示を入力します</translation>
    </message>
    <message>
        <source>&amp;Charts</source>
        <translation>グラフ(&amp;C)</translation>
    </message>
    <message>
        <source>Show or hide the charts: the lock timeline and the others</source>
        <translation>グラフの表示 / 非表示：ロックのタイムラインなど</translation>
    </message>
</context>
<context>
    <name>WindowStatus</name>
    <message>
        <source>How long the engine has been running.</source>
        <translation>エンジンが動いている時間。</translation>
    </message>
    <message>
        <source>History events per second, over the last second.</source>
        <translation>直近 1 秒間の、1 秒あたりの履歴イベント数。</translation>
    </message>
    <message>
        <source>Nodes up out of all nodes.</source>
        <translation>稼働中のノード数 / 全ノード数。</translation>
    </message>
    <message>
        <source>The safety checker&apos;s verdict on the history so far.</source>
        <translation>これまでの履歴に対する安全チェッカーの判定。</translation>
    </message>
    <message>
        <source>The engine&apos;s answer to the last command.</source>
        <translation>直前のコマンドに対するエンジンの応答。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>起動中…</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>実行 %1</translation>
    </message>
    <message>
        <source>%L1 events/s</source>
        <translation>%L1 イベント/秒</translation>
    </message>
    <message>
        <source>Nodes %1/%2 up</source>
        <translation>ノード %1/%2 稼働</translation>
    </message>
    <message>
        <source>Checker: %1</source>
        <translation>チェッカー：%1</translation>
    </message>
    <message>
        <source>The safety checker found no violation in the history so far.</source>
        <translation>安全チェッカーはこれまでの履歴に違反を見つけていません。</translation>
    </message>
</context>
</TS>
