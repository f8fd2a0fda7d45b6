/**
 * Routes whose feature belongs to a later issue answer 501 until then. This list names them, so a
 * route cannot be reported done while it is still the placeholder.
 */
import { describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/functions/pending.js';
import { routes } from '../../lambdas/routes.js';
import { apiEvent, invoke } from './support/events.js';

const pending = routes.filter((r) => r.status === 'pending');

describe('pending routes', () => {
  it.each(pending.map((r) => [r.id, r.issue, r] as const))('%s is pending (issue %s): answers 501', async (_id, _issue, route) => {
    expect(route.handler).toBe('functions/pending.ts');
    const res = await invoke(handler, apiEvent(route.id, { caller: { username: 'admin', roles: ['admin'] } }));
    expect(res).toMatchObject({ status: 501, body: { error: 'Not implemented yet' } });
  });
});
