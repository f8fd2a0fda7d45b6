/**
 * The boundaries `npm run lint` keeps (eslint.config.js): an import across one is refused, with the
 * reason, and the tree as it stands passes. Each case lints a planted file without writing it.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint boundaries', () => {
  it.each([
    ['a feature importing another feature', 'web/src/features/admin/Planted.tsx', "import { cartSlice } from '../cart/cartSlice';\nexport const x = cartSlice;", /A feature does not import another feature/],
    ['a handler importing another handler', 'lambdas/functions/cohorts/planted.ts', "import { handler } from '../courses/list.js';\nexport const x = handler;", /A handler does not import another handler/],
    ['a pure rule importing storage', 'lambdas/domain/planted.ts', "import { db } from '../store/dynamo.js';\nexport const x = db;", /domain\/ is pure rules: no storage/],
    ['the contract importing a rule', 'lambdas/contract/planted.ts', "import { isPaid } from '../domain/payment-state.js';\nexport const x = isPaid;", /The contract is schemas, constants and types only/],
    ['the SPA importing the server\'s storage', 'web/src/lib/planted.ts', "import { db } from '../../../lambdas/store/dynamo.js';\nexport const x = db;", /The SPA shares the contract/],
    ['a feature importing the server\'s storage', 'web/src/features/cart/planted.ts', "import { db } from '../../../../lambdas/store/dynamo.js';\nexport const x = db;", /The SPA shares the contract/],
  ])('refuses %s', async (_case, filePath, code, reason) => {
    expect(await problems(filePath, code)).toEqual([expect.stringMatching(reason)]);
  });

  it('lets a feature import the shared kernel and the contract', async () => {
    const code = "import { formatDollars } from '../../lib/money';\nimport { PROGRAM_TYPES } from '../../../../lambdas/contract/programs.js';\nexport const x = [formatDollars, PROGRAM_TYPES];";
    expect(await problems('web/src/features/admin/Planted.tsx', code)).toEqual([]);
  });
});
