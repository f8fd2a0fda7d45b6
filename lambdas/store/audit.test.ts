/**
 * Audit entries cannot be edited or deleted through the API: no route can reach them but
 * to read, and no code that could update or delete an item ever builds an audit key. The cloud's
 * IAM denies the same (test/infra/portal.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';

const root = new URL('../', import.meta.url);
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, root), 'utf8') }));

describe('the audit log through the API', () => {
  it('has one route under /api/audit, and it only reads (GET, no table:write)', () => {
    const audit = routes.filter((r) => r.path.startsWith('/api/audit'));
    expect(audit.map((r) => [r.method, r.path, r.handler, [...r.grants]])).toEqual([['GET', '/api/audit/', 'functions/audit/list.ts', ['table:read']]]);
  });

  it('builds audit keys in the audit module only, which puts new entries and otherwise only reads', () => {
    expect(sources.length).toBeGreaterThan(50);
    const usesAuditKeys = sources
      .filter((s) => /\bauditKeys\b|AUDIT(_BY|_ACTION)?#/.test(s.text))
      .map((s) => s.file)
      .sort();
    expect(usesAuditKeys).toEqual(['store/audit.ts']);

    const audit = sources.find((s) => s.file === 'store/audit.ts')!.text;
    // its one write command is a put (recordEntry); transactions get auditPut's Put; reads go through the toolkit's queries
    expect(audit.match(/\b[A-Z][A-Za-z]*Command\b/g)?.sort()).toEqual(['PutCommand', 'PutCommand']);
    expect(audit).not.toMatch(/\b(transactWrite|batchWrite|UpdateItem|DeleteItem)\b/);
    // every put is conditional on a new key: an existing entry is never overwritten
    expect(audit).toContain("ConditionExpression: 'attribute_not_exists(pk)'");
    expect(audit).not.toMatch(/\b(Update|Delete)\b\s*:/);
  });
});
