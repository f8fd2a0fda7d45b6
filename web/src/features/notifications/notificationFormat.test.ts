import { describe, expect, it } from 'vitest';
import { relativeTime, spaLinkOf } from './notificationFormat';

describe('notification format', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says how long ago a notice came, in the largest whole unit', () => {
    expect(
      [ago(20_000), ago(5 * 60_000), ago(2 * 3_600_000), ago(26 * 3_600_000), ago(3 * 86_400_000), ago(15 * 86_400_000), ago(400 * 86_400_000)].map((iso) =>
        relativeTime(iso, now),
      ),
    ).toEqual(['just now', '5 minutes ago', '2 hours ago', 'yesterday', '3 days ago', '2 weeks ago', 'last year']);
    expect(relativeTime('not a date', now)).toBe('not a date');
  });

  it('follows only links that are paths of the app', () => {
    expect(['/documents', '/payments/pay-1/receipt', '//evil.example', 'https://evil.example', '/\\evil.example', '', null].map(spaLinkOf)).toEqual([
      '/documents',
      '/payments/pay-1/receipt',
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
