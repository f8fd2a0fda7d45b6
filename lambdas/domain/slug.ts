/** Ids people can read, made from names: "BLS / CPR card" -> "bls-cpr-card". */
import { randomUUID } from 'node:crypto';

/** Lower-case letters and digits joined by hyphens, at most `max` characters; `fallback` when nothing is left. */
export const slug = (name: string, fallback: string, max = 40): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max) || fallback;

/** A new id from `name`, not among `taken` (a random suffix when its slug is), and added to `taken`. */
export function newIdFrom(name: string, fallback: string, taken: Set<string>): string {
  const base = slug(name, fallback);
  const id = taken.has(base) ? `${base}-${randomUUID().slice(0, 8)}` : base;
  taken.add(id);
  return id;
}
