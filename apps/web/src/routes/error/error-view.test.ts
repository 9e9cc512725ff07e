import { ServerError } from '@siteseer/core';
import { describe, expect, it } from 'vitest';
import { serverErrorReport } from '../../shell/error-report.ts';
import { reloadTarget } from './error-view.tsx';

describe('error page', () => {
  it("Given no message, then 'Try to Reload App' goes home; with 401, to logout; otherwise it reloads", () => {
    expect(reloadTarget(undefined)).toBe('home');
    expect(reloadTarget('GET /api/x: 401 Unauthorized')).toBe('logout');
    expect(reloadTarget('Something broke')).toBe('reload');
  });

  it('Given a server error, then the report holds the address, the error text and the JSON body', () => {
    const error = new ServerError({
      status: 502,
      method: 'GET',
      url: 'http://x/api/y',
      errorText: '502 Bad Gateway',
      body: { a: 1 },
    });
    expect(serverErrorReport(error)).toMatchObject({
      address: 'GET http://x/api/y',
      errorText: '502 Bad Gateway',
      body: { a: 1 },
    });
  });
});
