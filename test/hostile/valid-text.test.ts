/**
 * Valid requests whose free text is hostile (unicode of every plane, lone surrogates, control and
 * bidi characters, markup, traversal, maximum lengths): these writes are allowed, so they may
 * succeed, but never with a 5xx, and what was written reads back as it was sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RouteId } from '../../lambdas/routes.js';
import type { CellRequest } from '../security/authorization-matrix.js';
import { junkString, multipartRequest } from '../security/hostile.js';
import { PROGRAM, VERBOSE, admin, brief, fx, inSlot, invokeSlowly, payer, stats, uncaught, useHostileWorld } from './world.js';

useHostileWorld();

const TEXT_RUNS = 150;
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);
/** Junk whose trimmed length fits a field (the schema counts characters, not UTF-16 units). */
const textFor = (min: number, max: number) => junkString.filter((t) => [...t.trim()].length >= min && t.trim().length <= max);

describe('valid requests full of hostile text', () => {
  const writes: Record<string, () => { id: RouteId; request: fc.Arbitrary<{ request: CellRequest; echo: Record<string, string> }> }> = {
    'cohorts-create program_name': () => ({
      id: 'cohorts-create',
      request: fc.tuple(textFor(1, 200), fc.integer({ min: 3000, max: 3899 }), fc.integer({ min: 1, max: 999 })).map(([name, year, number]) => ({
        request: { body: { academic_year: `${year}-${year + 1}`, cohort_number: number, program_type: 'associates', program_name: name } },
        echo: { program_name: name.trim() },
      })),
    }),
    'students-create names': () => ({
      id: 'students-create',
      request: fc.tuple(textFor(1, 100), textFor(1, 100), textFor(1, 200), fc.uuid()).map(([first, last, program, u]) => ({
        request: {
          body: {
            username: `hxt-${u.slice(0, 13)}`,
            first_name: first,
            last_name: last,
            email: `hxt-${u.slice(0, 13)}@example.edu`,
            program_type: 'certificate',
            program_name: program,
            cohort_id: fx.cohort1.id,
            temporary_password: 'Temp!Pass2345',
          },
        },
        echo: { first_name: first.trim(), last_name: last.trim(), program: program.trim() },
      })),
    }),
    'students-enroll program_name': () => ({
      id: 'students-enroll',
      request: fc.tuple(textFor(1, 200), fc.uuid()).map(([name, u]) => ({
        request: { pathParameters: { username: payer }, body: { program_type: 'associates', program_id: `hxt-${u.slice(0, 13)}`, program_name: name, amount_due: '10.00' } },
        echo: { program_name: name.trim() },
      })),
    }),
    'students-ledger-entry reason': () => ({
      id: 'students-ledger-entry',
      request: textFor(3, 500).map((reason) => ({
        request: { pathParameters: { username: payer }, body: { program_type: PROGRAM.type, program_id: PROGRAM.id, kind: 'credit', amount: '0.01', reason } },
        echo: { reason: reason.trim() },
      })),
    }),
    'documents-upload title, description and file name': () => ({
      id: 'documents-upload',
      request: fc
        .tuple(
          textFor(1, 200),
          fc.option(textFor(0, 2000), { nil: undefined }),
          junkString.filter((n) => n.length < 200),
        )
        .map(([title, description, name]) => ({
          request: multipartRequest([
            { name: 'title', value: title },
            ...(description === undefined ? [] : [{ name: 'description', value: description }]),
            { name: 'scope', value: 'general' },
            { name: 'is_public', value: 'false' },
            { name: 'file', file: { fileName: `${name}.txt`, bytes: Buffer.from(`notes ${title}`), type: 'text/plain' } },
          ]),
          echo: { title: title.trim(), ...(description === undefined ? {} : { description: description.trim() }) },
        })),
    }),
  };

  for (const [name, make] of Object.entries(writes)) {
    it.concurrent(
      `${name}: ${TEXT_RUNS} writes, never a 5xx, read back as sent`,
      () =>
        inSlot(async () => {
          const { id, request } = make();
          const statuses: Record<number, number> = {};
          const started = Date.now();
          const outcome = await fc.check(
            fc.asyncProperty(request, async ({ request: req, echo }) => {
              const res = await invokeSlowly(id, admin, req);
              statuses[res.status] = (statuses[res.status] ?? 0) + 1;
              expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBeLessThan(500);
              if (res.status >= 400) {
                expect(res.body).toEqual(expect.objectContaining({ error: expect.stringMatching(/\S/) }));
                if (VERBOSE) console.log(`[hostile text] ${id} ${res.status} ${JSON.stringify(res.body).slice(0, 200)} for ${brief(req).slice(0, 3000)}`);
              } else if (Object.values(echo).every(wellFormed)) {
                expect(res.body).toMatchObject(echo);
              }
            }),
            { numRuns: TEXT_RUNS, timeout: 90_000 },
          );
          if (outcome.failed) {
            const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
            throw new Error(`${name}: failed after ${outcome.numRuns} runs (seed ${outcome.seed})\ncounterexample: ${brief(outcome.counterexample)}\n${cause.slice(0, 1_500)}`);
          }
          stats.push({ route: `${id} (valid text)`, runs: TEXT_RUNS, statuses, ms: Date.now() - started });
          expect(uncaught).toEqual([]);
        }),
      900_000,
    );
  }
});
