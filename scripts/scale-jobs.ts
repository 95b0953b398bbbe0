/**
 * `npm run test:scale:jobs`: the job engine's multi-process checks (not part of `npm test`). On the local Postgres,
 * two ROLE=web and two ROLE=worker processes and a fake Replicate whose predictions take 3–5 s:
 * 1. 40 runs of 10 accounts (two single starts and a batch of two each, 4 places) all end succeeded once, each
 *    prediction created once, balances = start − costs, while one worker is killed (SIGKILL) halfway; the
 *    accounts' working runs never exceed their places (sampled every 100 ms from the database).
 * 2. A cancel sent to web A for a run a worker works: the fake sees the prediction cancelled within 2 s, the credits
 *    come back once.
 * 3. With the (fake) SMTP server down for 30 s and then back, every verification email of that window is
 *    delivered exactly once.
 * Prints the figures; exits 1 when a check fails.
 */
import { createServer } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { toolByKey } from '../src/catalog';
import { openCluster, post } from './jobs-cluster';

const tool = toolByKey('text-to-image');
const PLACES = 4;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// The fake Replicate: a prediction ends 3–5 s after its create; creates and cancels are counted by prediction.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const remote = new Map<string, { createdAt: number; takes: number; canceledAt?: number }>();
let creates = 0;
const fake = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const shape = (id: string) => {
    const p = remote.get(id)!;
    const done = Date.now() - p.createdAt >= p.takes;
    const status = p.canceledAt ? 'canceled' : done ? 'succeeded' : 'processing';
    return { id, status, output: status === 'succeeded' ? [`${origin}/files/${id}.png`] : null, error: null };
  };
  if (url.pathname.startsWith('/files/')) {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
    return;
  }
  req.resume();
  req.on('end', () => {
    if (req.method === 'POST' && url.pathname === '/v1/predictions') {
      const id = `p${++creates}`;
      remote.set(id, { createdAt: Date.now(), takes: 3000 + Math.random() * 2000 });
      return answer(201, { ...shape(id), status: 'starting' });
    }
    const one = /^\/v1\/predictions\/(p\d+)(\/cancel)?$/.exec(url.pathname);
    if (one && remote.has(one[1]!)) {
      if (one[2]) remote.get(one[1]!)!.canceledAt ??= Date.now();
      return answer(200, shape(one[1]!));
    }
    answer(404, { detail: 'not found' });
  });
});
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

// A fake SMTP server (enough of RFC 5321 for nodemailer): counts the messages each recipient got.
const received = new Map<string, number>();
const smtp = net.createServer((socket) => {
  let rcpt: string[] = [];
  let data = false;
  socket.write('220 fake ESMTP\r\n');
  let buffer = '';
  socket.on('data', (chunk) => {
    buffer += chunk.toString();
    let end;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (data) {
        if (line === '.') {
          data = false;
          for (const to of rcpt) received.set(to, (received.get(to) ?? 0) + 1);
          rcpt = [];
          socket.write('250 queued\r\n');
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
      else if (verb === 'RCPT') {
        rcpt.push(/<([^>]+)>/.exec(line)?.[1] ?? '');
        socket.write('250 ok\r\n');
      } else if (verb === 'DATA') {
        data = true;
        socket.write('354 go on\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
  socket.on('error', () => undefined);
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.address() as AddressInfo).port;

const cluster = await openCluster({
  REPLICATE_API_TOKEN: 'r8_fake',
  REPLICATE_BASE_URL: `${origin}/v1`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
});
try {
  const started = Date.now();
  const [webA, webB] = [await cluster.start('web', 3301), await cluster.start('web', 3302)];
  const workers = [await cluster.start('worker', 3311), await cluster.start('worker', 3312)];
  console.log(`cluster up in ${Date.now() - started} ms: 2 web, 2 workers`);

  let maxWorking = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const [row] = await cluster.query<{ n: number }>(
        `SELECT coalesce(max(n), 0)::int AS n FROM (SELECT count(*) AS n FROM predictions WHERE status IN ('starting','processing') GROUP BY user_id) c`,
      );
      maxWorking = Math.max(maxWorking, row?.n ?? 0);
      await sleep(100);
    }
  })();

  // 1. 40 runs of 10 accounts, one worker killed halfway.
  const accounts = await Promise.all(Array.from({ length: 10 }, () => cluster.user(100)));
  const t0 = Date.now();
  const ids: string[] = [];
  await Promise.all(
    accounts.map(async (u, i) => {
      const web = i % 2 ? webB : webA;
      for (const n of [0, 1]) {
        const res = await post(web.origin, '/api/generate', u.token, {
          modelId: tool.id,
          input: { prompt: `single ${i}.${n}` },
        });
        if (res.status !== 201) throw new Error(`start answered ${res.status}: ${await res.text()}`);
        ids.push(((await res.json()) as { id: string }).id);
      }
      const batch = await post(web.origin, '/api/generate/batch', u.token, {
        modelId: tool.id,
        prompts: [`batch ${i}.a`, `batch ${i}.b`],
      });
      if (batch.status !== 201 && batch.status !== 200) throw new Error(`batch answered ${batch.status}`);
      for (const r of ((await batch.json()) as { runs: { id: string }[] }).runs) ids.push(r.id);
    }),
  );
  await sleep(2000);
  await workers[0]!.stop('SIGKILL');
  const killedAt = Date.now() - t0;
  let ended: { status: string; n: number }[] = [];
  for (let i = 0; i < 1200; i++) {
    ended = await cluster.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM predictions WHERE id = ANY($1) GROUP BY status`,
      [ids],
    );
    if (ended.every((e) => !['queued', 'starting', 'processing'].includes(e.status))) break;
    await sleep(100);
  }
  const allDone = Date.now() - t0;
  const succeeded = ended.find((e) => e.status === 'succeeded')?.n ?? 0;
  check(
    succeeded === 40,
    `40 runs of 10 accounts succeeded (${succeeded}; ${JSON.stringify(ended)}) in ${allDone} ms, worker 1 SIGKILLed at ${killedAt} ms`,
  );
  const remoteIds = await cluster.query<{ n: number }>(
    `SELECT count(DISTINCT remote_id)::int AS n FROM predictions WHERE id = ANY($1)`,
    [ids],
  );
  check(
    creates === 40 && remoteIds[0]?.n === 40,
    `the fake created each prediction once (${creates} creates, ${remoteIds[0]?.n} ids)`,
  );
  const balances = await cluster.query<{ credits: number }>(`SELECT credits FROM users WHERE id = ANY($1)`, [
    accounts.map((a) => a.id),
  ]);
  check(
    balances.every((b) => b.credits === 100 - 4 * tool.cost),
    `every balance is 100 − 4 × ${tool.cost} (${[...new Set(balances.map((b) => b.credits))].join(', ')})`,
  );

  // 2. A cancel through web A of a run a worker is working.
  const u = await cluster.user(100);
  const res = await post(webB.origin, '/api/generate', u.token, { modelId: tool.id, input: { prompt: 'to cancel' } });
  const { id } = (await res.json()) as { id: string };
  let remoteId: string | undefined;
  for (let i = 0; i < 100 && !remoteId; i++) {
    remoteId =
      (await cluster.query<{ remote_id: string | null }>(`SELECT remote_id FROM predictions WHERE id = $1`, [id]))[0]
        ?.remote_id ?? undefined;
    if (!remoteId) await sleep(50);
  }
  const asked = Date.now();
  const canceled = await post(webA.origin, `/api/runs/${id}/cancel`, u.token);
  for (let i = 0; i < 100 && !remote.get(remoteId ?? '')?.canceledAt; i++) await sleep(20);
  const seenAfter = (remote.get(remoteId ?? '')?.canceledAt ?? Infinity) - asked;
  check(canceled.status === 200 && seenAfter < 2000, `cancel through web A reached the fake in ${seenAfter} ms`);
  const refunds = await cluster.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM credit_ledger WHERE reference = $1`,
    [`refund:${id}`],
  );
  const [after] = await cluster.query<{ credits: number }>(`SELECT credits FROM users WHERE id = $1`, [u.id]);
  check(refunds[0]?.n === 1 && after?.credits === 100, `its credits came back once (balance ${after?.credits})`);

  // 3. SMTP down for 30 s: every verification email of that window delivered exactly once once it is back.
  await new Promise((resolve) => smtp.close(resolve));
  const downAt = Date.now();
  const emails = Array.from({ length: 10 }, (_, i) => `smtp-${i}-${process.pid}@example.com`);
  for (const [i, email] of emails.entries()) {
    const res = await fetch(`${(i % 2 ? webB : webA).origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  }
  await sleep(Math.max(0, 30_000 - (Date.now() - downAt)));
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const upAt = Date.now();
  for (let i = 0; i < 3000 && emails.some((e) => !received.get(e)); i++) await sleep(100);
  await sleep(3000);
  const counts = emails.map((e) => received.get(e) ?? 0);
  check(
    counts.every((n) => n === 1),
    `SMTP down 30 s: ${counts.filter((n) => n === 1).length}/10 verification emails delivered exactly once, the last ${((Date.now() - 3000 - upAt) / 1000).toFixed(1)} s after it came back (counts ${counts.join(',')})`,
  );

  sampling = false;
  await sampler;
  check(maxWorking <= PLACES, `an account's working runs never exceeded ${PLACES} (max sampled ${maxWorking})`);
} finally {
  await cluster.close();
  fake.close();
  smtp.close();
}
if (failures.length) {
  console.log(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log('all checks passed');
process.exit(0);
