import {
  NetworkError,
  NoAuthTokenError,
  RequestValidationError,
  ServerError,
  UnauthorizedError,
} from '@siteseer/core';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { handleError } from './error-handler.ts';
import { ApiRefusedError, CancelledError, EXIT, InterruptedError, UsageError } from './errors.ts';

async function render(error: unknown, verbose = false) {
  let stderr = '';
  const code = await handleError(error, {
    stderr: {
      write: (chunk) => {
        stderr += String(chunk);
        return true;
      },
    },
    verbose,
    color: false,
  });
  return { code, stderr };
}

describe('the error handler', () => {
  it('maps each kind of error to its exit code with one line', async () => {
    expect((await render(new NoAuthTokenError())).code).toBe(EXIT.auth);
    expect((await render(new UnauthorizedError('GET', 'https://s/api/x', null))).code).toBe(EXIT.auth);
    expect((await render(new UsageError('bad'))).code).toBe(EXIT.usage);
    expect((await render(new CancelledError())).code).toBe(EXIT.usage);
    expect((await render(new RequestValidationError('x', 'body', []))).code).toBe(EXIT.usage);
    expect((await render(new NetworkError('GET', 'https://s/api/x', new Error('refused')))).code).toBe(
      EXIT.error,
    );
    expect((await render(new Error('boom'))).code).toBe(EXIT.error);
    const server = await render(
      new ServerError({
        status: 503,
        method: 'GET',
        url: 'https://s/api/x',
        errorText: '503',
        body: { detail: 'Down' },
      }),
    );
    expect(server).toEqual({ code: EXIT.error, stderr: 'error: The server failed (503): Down\n' });
  });

  it('given an HTML page instead of an API answer (a proxy, another site), then it is named, not printed', async () => {
    const page =
      '<!DOCTYPE HTML>\n<html lang="en">\n<head><title>Error response</title></head>\n<body><h1>Error code: 404</h1></body>\n</html>\n';
    const refused = await render(new ApiRefusedError(404, page, 'Listing engines'));
    expect(refused).toEqual({
      code: EXIT.error,
      stderr:
        'error: Listing engines: the server answered 404 with an HTML page, not an answer of the Siteseer API (is the server URL right? --verbose shows the page)\n',
    });
    expect((await render(new ApiRefusedError(404, page, 'Listing engines'), true)).stderr).toContain(
      'Error code: 404',
    );
    const proxy = await render(
      new ServerError({
        status: 502,
        method: 'GET',
        url: 'https://s/api/x',
        errorText: '<html>\n<head><title>502 Bad Gateway</title></head>\n<body>nginx</body>\n</html>',
        body: null,
      }),
    );
    expect(proxy.stderr).toBe(
      'error: The server failed (502): an HTML page, not an answer of the Siteseer API (is the server URL right? --verbose shows the page)\n',
    );
    // Plain text stays, on one line, and a long one is cut.
    expect((await render(new ApiRefusedError(400, 'Bad file\nat row 3'))).stderr).toBe(
      'error: Bad file at row 3\n',
    );
    expect((await render(new ApiRefusedError(400, 'x'.repeat(5000)))).stderr).toHaveLength(
      'error: '.length + 300 + 1,
    );
  });

  it("given refused credentials, then the server's reason reads as one sentence", async () => {
    const refused = await render(
      new UnauthorizedError('GET', 'https://s/api/x', { detail: 'The API key is not valid.' }),
    );
    expect(refused.stderr).toBe(
      'error: The server refused the credentials: The API key is not valid. Run `siteseer login`, or check SITESEER_TOKEN / SITESEER_API_KEY.\n',
    );
  });

  it('given a server that does not answer, then the message says what to check', async () => {
    const down = await render(new NetworkError('GET', 'http://127.0.0.1:9/api/x', new Error('refused')));
    expect(down.stderr).toBe(
      'error: Could not reach the server (http://127.0.0.1:9). Check the server URL (--server or SITESEER_SERVER) and your network.\n',
    );
  });

  it('shows the problem document of a refusal only with --verbose', async () => {
    const refusal = new ApiRefusedError(
      403,
      { title: 'Forbidden', status: 403, detail: 'Only super admins can change features.' },
      'Updating',
    );
    const quiet = await render(refusal);
    expect(quiet.stderr).toBe('error: Updating: Only super admins can change features.\n');
    const verbose = await render(refusal, true);
    expect(verbose.stderr).toContain('"status": 403');
  });

  it('given Ctrl-C, then exit 130 with its note and hint, not as an error', async () => {
    const stopped = await render(new InterruptedError('Stopped watching; the crawl goes on.', 'Hint.'));
    expect(stopped).toEqual({ code: 130, stderr: 'Stopped watching; the crawl goes on. Hint.\n' });
  });

  it('leaves help and version to Commander (exit 0) and turns its errors into usage errors (exit 2)', async () => {
    expect((await render(new CommanderError(0, 'commander.helpDisplayed', ''))).code).toBe(0);
    expect((await render(new CommanderError(1, 'commander.unknownOption', 'x'))).code).toBe(2);
    expect((await render(new CommanderError(1, 'commander.unknownOption', 'x'))).stderr).toBe('');
  });
});
