import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, startWithTenants, type Tenants } from './actors.ts';

// An unauthenticated PUT with a bad body once answered 400 with the schema's details (its field
// names and rules) instead of 401: the routes validated params, query and body before the handler
// authenticated the caller. Every route the API document says needs a token is walked here.

let t: Tenants;
let owner: Actor;

interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` placeholders included. */
  path: string;
  security: unknown;
  hasBody: boolean;
}

let operations: Operation[];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

beforeAll(async () => {
  t = await startWithTenants();
  owner = t.ownerA;
  const document = (await (await fetch(`${t.server.base}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        security: operation.security,
        hasBody: operation.requestBody !== undefined,
      })),
  );
}, 180_000);
afterAll(async () => {
  await t?.server.close();
});

/** Public operations opt out with `security: []`; every other one inherits the document's bearer. */
const isPublic = (operation: Operation) =>
  Array.isArray(operation.security) && operation.security.length === 0;

/**
 * Every path parameter replaced by a value no id or enum accepts; under Fastify's 100 characters
 * (maxParamLength), past which no route matches at all (404).
 */
function badPath(path: string): string {
  return path.replaceAll(/\{[^}]+\}/g, 'x'.repeat(99));
}

const BAD_BODIES = {
  'text that is not JSON': '{"accountId": ',
  'JSON of the wrong shape': JSON.stringify([{ accountId: 42, role: 'emperor', recreate: 'maybe' }]),
};

const CALLERS: Record<string, Record<string, string>> = {
  'no credentials': {},
  'a bearer token that is not a token': { authorization: 'Bearer not-a-token' },
  'an API key that is no key': { 'x-api-key': 'not-a-key' },
};

async function send(operation: Operation, headers: Record<string, string>, body: string | undefined) {
  const response = await fetch(`${t.server.base}${badPath(operation.path)}`, {
    method: operation.method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    // fetch sends no body with a GET.
    body: operation.method === 'GET' ? undefined : body,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: (await response.text()).slice(0, 200),
  };
}

describe('authentication comes before validation', () => {
  it('given the served API document, then it lists the authenticated routes and only searches are public', () => {
    const authenticated = operations.filter((operation) => !isPublic(operation));
    expect(authenticated.length).toBeGreaterThan(50);
    expect(authenticated.some((o) => o.method === 'PUT' && o.path === '/api/searchengines/{id}')).toBe(true);
    const publicPaths = operations.filter(isPublic).map((operation) => operation.path);
    expect(publicPaths.length).toBeGreaterThan(0);
    expect(publicPaths.filter((path) => !path.startsWith('/search/'))).toEqual([]);
  });

  it('given each authenticated route, when called with bad params, no query and a bad body by a caller with no valid credentials, then it answers 401 problem+json', async () => {
    const answers: string[] = [];
    const wanted: string[] = [];
    for (const operation of operations.filter((o) => !isPublic(o))) {
      for (const [who, headers] of Object.entries(CALLERS)) {
        for (const [what, body] of Object.entries(BAD_BODIES)) {
          const answer = await send(operation, headers, body);
          const call = `${operation.method} ${operation.path} by ${who} with ${what}`;
          const problem = answer.type.startsWith('application/problem+json');
          answers.push(`${call}: ${answer.status}${problem ? '' : ` ${answer.type} ${answer.body}`}`);
          wanted.push(`${call}: 401`);
        }
      }
    }
    expect(answers).toEqual(wanted);
  }, 120_000);

  it('given a signed-in caller, when they send a bad body, then the schema still answers 400 with its details', async () => {
    const answer = await fetch(`${t.server.base}/api/searchengines/${t.accountA}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: BAD_BODIES['JSON of the wrong shape'],
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { issues?: unknown[] }).issues?.length).toBeGreaterThan(0);
  });
});
