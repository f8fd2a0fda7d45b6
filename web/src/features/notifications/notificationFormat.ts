import type { EmailChoice } from '#contract/notifications';

/** The two ways a notice of an optional category may reach its reader. */
export const EMAIL_CHOICE_LABEL: Record<EmailChoice, string> = { email: 'Email and in-app', in_app: 'In-app only' };

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "5 minutes ago", "yesterday", "3 weeks ago"; under a minute "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = (at - now) / 1000;
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return 'just now';
}

/**
 * The notice's link when it is a path of this app ("/documents"), else null: a notice never sends
 * anyone to another site ("//host" and "https://..." are not paths of the app).
 */
export function spaLinkOf(link: string | null): string | null {
  return link && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : null;
}
