import { json } from './http-client.ts';
import { type Latency, probeApart } from './load.ts';
import type { ServerProcess } from './server-process.ts';
import { type Ingested, ingest } from './session.ts';

export interface ImportResult {
  /** HTTP upload started → first successful search of the new version. */
  ms: number;
  rows: number;
  bytes: number;
  /** CPU the server spent on it (all threads), from upload to searchable: wall time less contention. */
  cpuMs: number;
  /** Peak RSS of the server process during the import. */
  peakMb: number;
  /** While the import ran: /healthz (queries the store) and /config.json (event loop only). */
  healthz?: Latency;
  loop?: Latency;
  ingested: Ingested;
}

const SEARCH_TIMEOUT_MS = 60_000;

/** Searches until the engine answers with the new version's rows (bounded). */
export async function untilSearchable(base: string, ingested: Ingested): Promise<void> {
  const deadline = performance.now() + SEARCH_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const config = await json<{ version: number }>(`${base}/search/${ingested.clientId}/config`);
    if (config.version === ingested.version) {
      const result = await json<{ total: number }>(`${base}/search/${ingested.clientId}/query`, {
        method: 'POST',
        body: JSON.stringify({ pageSize: 1 }),
      });
      if (result.total === ingested.rowCount) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Version ${ingested.version} of ${ingested.engineId} was not searchable within 60 s`);
}

/** Upload → searchable through the ingest API, with the server's peak memory (and probes, if asked). */
export async function measureImport(
  server: ServerProcess,
  apiKey: string,
  file: { name: string; bytes: Uint8Array },
  target: { newEngine: string } | { engineId: string },
  options: { probes: boolean },
): Promise<ImportResult> {
  server.resetPeak();
  // In processes of their own: this one's garbage collection (it holds the files) is not the server's latency.
  const probes = options.probes
    ? {
        healthz: await probeApart(`${server.base}/healthz`, 10),
        loop: await probeApart(`${server.base}/config.json`, 10),
      }
    : undefined;
  const cpuBefore = server.cpuMs();
  const started = performance.now();
  const ingested = await ingest(server.base, apiKey, file, target);
  await untilSearchable(server.base, ingested);
  const ms = performance.now() - started;
  const cpuMs = server.cpuMs() - cpuBefore;
  const peakMb = server.memory().peakMb;
  const result: ImportResult = {
    ms,
    cpuMs,
    rows: ingested.rowCount,
    bytes: file.bytes.byteLength,
    peakMb,
    ingested,
  };
  if (probes) {
    result.healthz = await probes.healthz.stop();
    result.loop = await probes.loop.stop();
  }
  return result;
}
