/** Every route of the route table is some hostile-input file's (./world.ts RESOURCES), exactly one's, and that file exists. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../../lambdas/routes.js';
import { RESOURCES } from './world.js';

describe('hostile input covers the route table', () => {
  it.each(routes.map((r) => [r.id] as const))('%s belongs to exactly one resource file', (id) => {
    const owners = Object.entries(RESOURCES)
      .filter(([, pattern]) => pattern.test(id))
      .map(([name]) => name);
    expect(owners).toHaveLength(1);
    expect(fs.existsSync(new URL(`./${owners[0]}.test.ts`, import.meta.url))).toBe(true);
  });
});
