import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { problemHandler } from '../../problem.ts';
import { SpreadsheetError } from './spreadsheet-error.ts';

/** The status, media type and body the API's error handler answers `error` with. */
async function answerTo(error: Error) {
  const app = Fastify();
  app.setErrorHandler(problemHandler);
  app.post('/upload', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'POST', url: '/upload' });
  await app.close();
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json() };
}

describe('a refused spreadsheet as an HTTP answer', () => {
  it('Given a file over the upload limit, then 413 with its code', async () => {
    const answer = await answerTo(new SpreadsheetError('file_too_large', 'The file is too large.'));
    expect(answer).toEqual({
      status: 413,
      type: 'application/problem+json; charset=utf-8',
      body: {
        type: 'about:blank',
        title: 'Payload Too Large',
        status: 413,
        detail: 'The file is too large.',
        instance: '/upload',
        code: 'file_too_large',
      },
    });
  });

  it('Given a bad cell, then 400 with its code, row and column', async () => {
    const refusal = new SpreadsheetError('invalid_value', "Row 3: 'abc' is not a number.", {
      row: 3,
      column: 'Price',
    });
    expect((await answerTo(refusal)).body).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: "Row 3: 'abc' is not a number.",
      instance: '/upload',
      code: 'invalid_value',
      row: 3,
      column: 'Price',
    });
  });

  it('Given a refusal with no row or column, then 400 with its code and neither', async () => {
    const answer = await answerTo(new SpreadsheetError('empty', 'The file is empty.'));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The file is empty.',
      instance: '/upload',
      code: 'empty',
    });
  });
});
