import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST, ERROR_CODES, isErrorCode } from './error-codes.js';
import { toErrorReply } from './errors.js';

const docs = readFileSync(new URL('../../../../docs/http-api.md', import.meta.url), 'utf8');

/** The codes of the table of docs/http-api.md's "Errors" section, with the status of their row. */
function documentedCodes(): Map<string, number> {
  const section = docs.slice(docs.indexOf('\n## Errors'), docs.indexOf('\n## ', docs.indexOf('\n## Errors') + 1));
  const codes = new Map<string, number>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (!/^\d{3}$/.test(cells[1] ?? '')) continue;
    for (const [, code] of (cells[2] ?? '').matchAll(/`([A-Z_]+)`/g)) codes.set(code as string, Number(cells[1]));
  }
  return codes;
}

describe('the error codes', () => {
  it('are the codes docs/http-api.md lists, each under its status', () => {
    const documented = documentedCodes();
    expect([...documented.keys()].sort()).toEqual([...ERROR_CODE_LIST].sort());
    for (const code of ERROR_CODE_LIST) expect([code, documented.get(code)]).toEqual([code, ERROR_CODES[code].status]);
  });

  it("map a 4xx of Fastify that has no row of its own to a listed code, never Fastify's", () => {
    const teapot = toErrorReply(
      Object.assign(new Error('I am a teapot'), { code: 'FST_ERR_SOMETHING_NEW', statusCode: 418 }),
    );
    expect(teapot).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', error: 'I am a teapot' } });
    const gone = toErrorReply(Object.assign(new Error('no such file'), { code: 'FST_ERR_NOT_HERE', statusCode: 404 }));
    expect(gone).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('are the only codes any failure is answered with, always with the status of their row', () => {
    const failure = fc.record({
      code: fc.option(
        fc.oneof(
          fc.string(),
          fc.constantFrom('FST_ERR_CTP_BODY_TOO_LARGE', 'FST_ERR_BAD_URL', 'constructor', 'toString'),
        ),
        { nil: undefined },
      ),
      statusCode: fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }),
      message: fc.string(),
    });
    fc.assert(
      fc.property(failure, (error) => {
        const answer = toErrorReply(Object.assign(new Error(error.message), error));
        expect(isErrorCode(answer.body.code)).toBe(true);
        expect(answer.status).toBe(ERROR_CODES[answer.body.code].status);
      }),
    );
  });
});
