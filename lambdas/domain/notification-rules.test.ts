import { describe, expect, it } from 'vitest';
import { decideEmail, emailOptional, noticeId, noticeKey, schoolDay, suppressionOf } from './notification-rules.js';

const base = { category: 'billing' as const, wantsEmail: true, email: 'ana@school.edu', preferences: null, suppressed: false, emailedToday: false };

describe('who gets an email', () => {
  it('sends the first email of a category today and holds later ones for the digest', () => {
    expect(decideEmail(base)).toBe('send');
    expect(decideEmail({ ...base, emailedToday: true })).toBe('hold');
  });

  it('lets a person keep announcements and reminders in-app, never billing, required actions or account notices', () => {
    const inApp = { announcement: 'in_app', reminder: 'in_app' } as const;
    expect(decideEmail({ ...base, category: 'announcement', preferences: inApp })).toBe('in_app_only');
    expect(decideEmail({ ...base, category: 'reminder', preferences: inApp })).toBe('in_app_only');
    for (const category of ['billing', 'required_action', 'account'] as const) {
      expect(emailOptional(category)).toBe(false);
      expect(decideEmail({ ...base, category, preferences: inApp })).toBe('send');
    }
  });

  it('sends nothing to a suppressed address or to no address, and nothing when the notice is in-app only', () => {
    expect(decideEmail({ ...base, suppressed: true })).toBe('suppressed');
    expect(decideEmail({ ...base, email: null })).toBe('no_address');
    expect(decideEmail({ ...base, wantsEmail: false })).toBe('none');
  });
});

describe('the digest day', () => {
  it("is the school's calendar day (America/Chicago), across midnight UTC and daylight saving", () => {
    expect(schoolDay(new Date('2026-11-24T05:59:00Z'))).toBe('2026-11-23'); // 23:59 CST
    expect(schoolDay(new Date('2026-11-24T06:00:00Z'))).toBe('2026-11-24');
    expect(schoolDay(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30'); // 23:59 CDT
    expect(schoolDay(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
  });
});

describe('keys and ids', () => {
  it('keys a notice by event, entity, recipient and occasion, so a redelivery makes the same key and a new occasion a new one', () => {
    const key = noticeKey({ event: 'payment.succeeded', entity: 'pi_1', recipient: 'ana' });
    expect(noticeKey({ event: 'payment.succeeded', entity: 'pi_1', recipient: 'ana' })).toBe(key);
    expect(noticeKey({ event: 'payment.succeeded', entity: 'pi_1', recipient: 'ben' })).not.toBe(key);
    expect(noticeKey({ event: 'payment.refunded', entity: 'pi_1', recipient: 'ana', occasion: '500' })).not.toBe(
      noticeKey({ event: 'payment.refunded', entity: 'pi_1', recipient: 'ana', occasion: '1000' }),
    );
    // a separator inside a part cannot make two different notices collide
    expect(noticeKey({ event: 'a|b', entity: 'c', recipient: 'd' })).not.toBe(noticeKey({ event: 'a', entity: 'b|c', recipient: 'd' }));
  });

  it('gives ids that sort by time', () => {
    const a = noticeId(new Date('2026-11-24T09:00:00.000Z'), 'ffffff');
    const b = noticeId(new Date('2026-11-24T09:00:00.001Z'), '000000');
    expect(a).toBe('20261124T090000000Z-ffffff');
    expect(a < b).toBe(true);
  });

  it('stops email after a hard bounce or a complaint, not after a soft bounce', () => {
    expect(suppressionOf({ type: 'Bounce', bounceType: 'Permanent' })).toBe('bounced');
    expect(suppressionOf({ type: 'Bounce', bounceType: 'Transient' })).toBeNull();
    expect(suppressionOf({ type: 'Complaint' })).toBe('complained');
  });
});
