/**
 * Audit entries cannot be edited or deleted through the API: no route can reach them but
 * to read, and no code that could update or delete an item ever builds an audit key. The cloud's
 * IAM denies the same (test/infra/portal.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../contract/audit-actions.js';
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

  it('knows every action the code records (the Audit screen offers them as filters)', () => {
    const recorded = new Set<string>();
    for (const { text } of sources) {
      // every entry is written as { actor, action: <expression>, ... }, on one line or over several
      for (const entry of text.matchAll(/\bactor(?::\s*[^,]+)?,\s*action:\s*([^,]+),/g)) {
        const expression = entry[1]!;
        for (const literal of expression.matchAll(/'([a-z]+(?:\.[a-z]+)+)'/g)) recorded.add(literal[1]!);
        // student.${p.kind}: a ledger entry's kind
        if (expression.includes('`student.${p.kind}`')) ['student.charge', 'student.credit'].forEach((a) => recorded.add(a));
      }
    }
    expect([...recorded].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
