/** What hostile input found, kept as plain cases: each was a 5xx or a crashed invocation once. */
import { describe, expect, it } from 'vitest';
import { multipartRequest } from '../security/hostile.js';
import { PROGRAM, admin, invokeSlowly, okFile, payer, useHostileWorld } from './world.js';

useHostileWorld();

describe('what hostile input found (regressions)', () => {
  it('a multipart body cut off inside its file part is a 400, not an uncaught exception (a crashed Lambda)', async () => {
    const uncaught: unknown[] = [];
    const listener = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', listener);
    try {
      const whole = multipartRequest([
        { name: 'title', value: 'Cut short' },
        { name: 'file', file: okFile },
      ]);
      const bytes = Buffer.from(whole.rawBody!, 'base64');
      for (const cut of [bytes.indexOf('Clinical') + 3, bytes.length - 8]) {
        const res = await invokeSlowly('documents-upload', admin, { ...whole, rawBody: bytes.subarray(0, cut).toString('base64') });
        expect(res).toMatchObject({ status: 400, body: { error: expect.stringMatching(/multipart|middle of the file/) } });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', listener);
    }
  });

  it('an enrollment or a charge of an absurd amount is a 400 naming the field, not a number too big to store', async () => {
    const body = { program_type: 'diploma', program_id: 'hx-huge', program_name: 'Huge', amount_due: '99999999999999999999' };
    expect(await invokeSlowly('students-enroll', admin, { pathParameters: { username: payer }, body })).toMatchObject({
      status: 400,
      body: { error: 'amount_due: must be at most 1000000' },
    });
    const charge = { program_type: PROGRAM.type, program_id: PROGRAM.id, kind: 'charge', amount: '90071992547409.93', reason: 'Too much' };
    expect(await invokeSlowly('students-ledger-entry', admin, { pathParameters: { username: payer }, body: charge })).toMatchObject({
      status: 400,
      body: { error: 'amount: must be at most 1000000' },
    });
  });

  it('a payments date range that ends before it starts, or names no real day, is a 400 naming the field', async () => {
    for (const [query, field] of [
      [{ from: '2026-05-01', to: '2026-01-01' }, 'to'],
      [{ from: '9999-99-99' }, 'from'],
      [{ to: '2026-02-30' }, 'to'],
    ] as const) {
      const res = await invokeSlowly('payments-list', admin, { query });
      expect(res).toMatchObject({ status: 400, body: { error: expect.stringMatching(new RegExp(`^${field}: `)) } });
    }
    expect((await invokeSlowly('payments-list', admin, { query: { from: '2026-01-01', to: '2026-01-01' } })).status).toBe(200);
  });
});
