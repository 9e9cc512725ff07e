import { NoAuthTokenError, ServerError, UnauthorizedError } from '@siteseer/core';
import { describe, expect, it, vi } from 'vitest';
import { handleApiError } from './api-error-handler.ts';

describe('API error handling', () => {
  const navigation = () => ({ toLogin: vi.fn(), toErrorPage: vi.fn() });

  it('Given a 401 or no token, then the user goes to login', () => {
    for (const error of [new UnauthorizedError('GET', 'u', null), new NoAuthTokenError()]) {
      const nav = navigation();
      expect(handleApiError(error, nav)).toBe(true);
      expect(nav.toLogin).toHaveBeenCalled();
    }
  });

  it('Given a status of 500 or more, then the error page gets the address, the text and the body', () => {
    const nav = navigation();
    handleApiError(
      new ServerError({ status: 500, method: 'GET', url: 'u', errorText: 'boom', body: { x: 1 } }),
      nav,
    );
    expect(nav.toErrorPage).toHaveBeenCalledWith(
      expect.objectContaining({ address: 'GET u', errorText: 'boom', body: { x: 1 } }),
    );
  });

  it('Given any other error, then the screen keeps it', () => {
    expect(handleApiError(new Error('x'), navigation())).toBe(false);
  });
});
