import type { Config } from '../../api/src/config.ts';
import { api, signIn } from '../../api/test/harness.ts';

/** The parts of the harness's TestServer its helpers read. */
type ServerLike = Parameters<typeof signIn>[0];

function serverLike(base: string, config: Config): ServerLike {
  return { base, config } as ServerLike;
}

/** Engines made through the API for the owner's account (the keyword wizard is not in this part). */
export async function seedEngines(base: string, config: Config, email: string, password: string) {
  const server = serverLike(base, config);
  const { access_token: token } = await signIn(server, email, password);
  const accounts = await api(server, token, 'GET', 'accounts');
  const accountId = accounts.body[0].id as string;
  const create = async (body: Record<string, unknown>) => {
    const created = await api(server, token, 'POST', 'searchengines', { accountId, ...body });
    if (created.status !== 200) throw new Error(`engine not created: ${JSON.stringify(created.body)}`);
    return created.body.documentId as string;
  };
  return {
    accountId,
    docs: await create({
      searchEngineType: 'kw',
      searchEngineName: 'Docs Search Engine',
      urls: ['https://docs.example.com/'],
    }),
    removable: await create({
      searchEngineType: 'kw',
      searchEngineName: 'Removable Engine',
      urls: ['https://old.example.com/'],
    }),
    bare: await create({ searchEngineType: 'pm', searchEngineName: 'Bare Parametric Engine' }),
  };
}

/** A datetime-local value (local time) `minutes` from now. */
export function localDateTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
