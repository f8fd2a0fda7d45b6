import { describe, expect, it } from 'vitest';
import { createEventLog, EVENT_RETENTION_SECONDS, MAX_EVENTS } from './events.js';
import type { StripeEvent } from './objects.js';
import { emptyState, type SandboxState } from './state.js';

const NOW = 1_750_000_000;
const event = (id: string, created: number): StripeEvent => ({
  id,
  object: 'event',
  type: 'payment_intent.succeeded',
  created,
  api_version: '2025-01-27.acacia',
  livemode: false,
  pending_webhooks: 0,
  data: { object: {} },
});
const state = (events: StripeEvent[]): SandboxState => ({
  ...emptyState(),
  events,
  deliveries: Object.fromEntries(events.map((e) => [e.id, { event: e.id, type: e.type, dropped: false, delivered: true, gaveUp: false, attempts: [] }])),
});

describe('event retention', () => {
  it('keeps 30 days of events (and their delivery records) and drops older ones', () => {
    const s = state([event('evt_old', NOW - EVENT_RETENTION_SECONDS - 1), event('evt_edge', NOW - EVENT_RETENTION_SECONDS), event('evt_new', NOW)]);
    createEventLog({ state: s, save: () => undefined, webhook: null, log: () => undefined }).prune(NOW);
    expect(s.events.map((e) => e.id)).toEqual(['evt_edge', 'evt_new']);
    expect(Object.keys(s.deliveries)).toEqual(['evt_edge', 'evt_new']);
  });

  it('keeps at most the newest 10,000', () => {
    const s = state(Array.from({ length: MAX_EVENTS + 5 }, (_, i) => event(`evt_${i}`, NOW)));
    createEventLog({ state: s, save: () => undefined, webhook: null, log: () => undefined }).prune(NOW);
    expect(s.events).toHaveLength(MAX_EVENTS);
    expect(s.events[0].id).toBe('evt_5');
    expect(Object.keys(s.deliveries)).toHaveLength(MAX_EVENTS);
  });

  it('an event made without a webhook endpoint has nothing pending', () => {
    const s = state([]);
    const made = createEventLog({ state: s, save: () => undefined, webhook: null, log: () => undefined }).emit('refund.created', { id: 're_1' });
    expect(made).toMatchObject({ type: 'refund.created', pending_webhooks: 0, api_version: '2025-01-27.acacia', data: { object: { id: 're_1' } } });
    expect(s.events).toEqual([made]);
  });
});
