import { describe, expect, it } from 'vitest';
import { parseStripeEvent } from './stripe-events.js';

const event = (type: string, object: unknown, extra: Record<string, unknown> = {}) => ({ id: 'evt_1', type, created: 1_790_000_000, data: { object }, ...extra });

describe('parseStripeEvent', () => {
  it('reads the facts the ledger acts on', () => {
    expect(parseStripeEvent(event('payment_intent.succeeded', { id: 'pi_1', amount: 500, amount_received: 500 }))).toEqual({
      ok: true,
      fact: { kind: 'succeeded', eventId: 'evt_1', at: '2026-09-21T14:13:20.000Z', intentId: 'pi_1', amountCents: 500 },
    });
    expect(parseStripeEvent(event('charge.refunded', { id: 'ch_1', amount: 500, amount_refunded: 200, payment_intent: { id: 'pi_1' } }))).toMatchObject({
      ok: true,
      fact: { kind: 'refunded', intentId: 'pi_1', claimedTotalCents: 200 },
    });
    expect(parseStripeEvent(event('payment_intent.payment_failed', { id: 'pi_1', amount: 500, last_payment_error: { message: 'Your card was declined.' } }))).toMatchObject({
      ok: true,
      fact: { kind: 'failed', message: 'Your card was declined.' },
    });
  });

  it('acknowledges types it does not handle, whatever their data', () => {
    expect(parseStripeEvent({ id: 'evt_2', type: 'customer.created' })).toEqual({ ok: true, fact: { kind: 'ignored', eventId: 'evt_2', type: 'customer.created' } });
  });

  it.each([
    [null, 'event: must be an object'],
    [[], 'event: must be an object'],
    [{ type: 'payment_intent.succeeded' }, 'event.id: is required'],
    [event('payment_intent.succeeded', null), 'data.object: must be an object'],
    [{ id: 'evt', type: 'payment_intent.succeeded', created: 1, data: null }, 'event.data: must be an object'],
    [event('payment_intent.succeeded', { id: 'pi_1', amount: '500' }), 'data.object.amount: must be a number'],
    [event('payment_intent.succeeded', { id: 'pi_1', amount: 5.5 }), 'data.object.amount: must be whole cents'],
    [event('payment_intent.succeeded', { id: 'pi_1', amount: -5 }), 'data.object.amount: must not be negative'],
    [event('payment_intent.canceled', { id: 'ch_1', amount: 5 }), 'data.object.id: must be a PaymentIntent id'],
    [event('charge.refunded', { id: 'ch_1', amount: 5, amount_refunded: 1e300, payment_intent: 'pi_1' }), 'data.object.amount_refunded: must be whole cents'],
    [event('charge.refunded', { id: 'ch_1', amount: 5, amount_refunded: 1, payment_intent: { nope: 1 } }), 'data.object.payment_intent: must be a PaymentIntent id'],
    [{ ...event('payment_intent.processing', { id: 'pi_1', amount: 5 }), created: 'yesterday' }, 'event.created: must be whole seconds'],
  ])('names the first problem of %j', (raw, problem) => {
    expect(parseStripeEvent(raw)).toEqual({ ok: false, problem });
  });
});
