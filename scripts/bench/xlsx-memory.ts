/**
 * `pnpm bench:xlsx-memory`: three uploads at once of a small XLSX that inflates to millions of
 * cells (1.3 MB, 75:1, 5.4 million cells: within the zip guard, over the cell limit), against the
 * API as `pnpm start` runs it on PGlite. Prints the server's peak RSS and /healthz latency while
 * they run, and each upload's answer. Target: peak RSS ≤ 1,536 MB and /healthz answering throughout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { denseWorkbook } from '@siteseer/test-support/workbooks/generated-workbooks';
import { closeConnections } from './http-client.ts';
import { probeApart } from './load.ts';
import { type Line, status, table } from './report.ts';
import { ServerProcess } from './server-process.ts';
import { ownerApiKey, signIn } from './session.ts';

const UPLOADS = 3;
const PEAK_TARGET_MB = 1536;

async function upload(base: string, apiKey: string, bytes: Uint8Array, i: number) {
  const form = new FormData();
  form.set('searchEngineName', `Dense ${i}`);
  form.set('file', new Blob([bytes]), `dense-${i}.xlsx`);
  const started = performance.now();
  const response = await fetch(`${base}/api/datasource/parametric`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey },
    body: form,
  });
  const body = (await response.json()) as { detail?: string };
  return { status: response.status, detail: body.detail ?? '', ms: performance.now() - started };
}

const dataDir = mkdtempSync(join(tmpdir(), 'siteseer-xlsx-memory-'));
const server = await ServerProcess.start({ dataDir });
try {
  const apiKey = await ownerApiKey(server.base, await signIn(server.base, server.owner));
  const bytes = await denseWorkbook(340_000);
  const idleRssMb = server.memory().rssMb;
  // The baselines of the same run: /healthz of the idle server, for as long as the uploads take at most.
  const idleProbe = await probeApart(`${server.base}/healthz`, 10);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleHealthz = await idleProbe.stop();
  server.resetPeak();
  const healthz = await probeApart(`${server.base}/healthz`, 10);
  const answers = await Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => upload(server.base, apiKey, bytes, i)),
  );
  const latency = await healthz.stop();
  const peakMb = server.memory().peakMb;
  const lines: Line[] = [
    { db: 'pglite', metric: 'idle RSS', value: idleRssMb, unit: 'MB' },
    {
      db: 'pglite',
      metric: `peak RSS, ${UPLOADS} dense XLSX at once`,
      value: peakMb,
      unit: 'MB',
      target: { max: PEAK_TARGET_MB, label: `≤ ${PEAK_TARGET_MB} MB` },
      baseline: { name: 'idle', value: idleRssMb },
    },
    {
      db: 'pglite',
      metric: '/healthz p99 meanwhile',
      value: latency.p99,
      unit: 'ms',
      baseline: { name: 'idle', value: idleHealthz.p99 },
    },
    { db: 'pglite', metric: '/healthz max meanwhile', value: latency.max, unit: 'ms' },
    ...answers.map(
      (a, i): Line => ({ db: 'pglite', metric: `upload ${i + 1} answered`, value: a.ms, unit: 'ms' }),
    ),
  ];
  console.log(
    JSON.stringify({ fileBytes: bytes.byteLength, idleRssMb, peakMb, healthz: latency, answers }, null, 2),
  );
  console.log(table(lines));
  const answered = Number.isFinite(latency.max) && latency.n > 0;
  console.log(
    `/healthz answered every probe: ${answered ? 'ok' : 'MISS'}; peak RSS: ${status(lines[1] as Line)}`,
  );
} finally {
  await server.stop();
  closeConnections();
  rmSync(dataDir, { recursive: true, force: true });
}
