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
    [
      'a feature importing another feature',
      'web/src/features/admin/Planted.tsx',
      "import { CartButton } from '../cart/CartButton';\nexport const x = CartButton;",
      /A feature does not import another feature/,
    ],
    [
      'a feature lazy-loading another feature',
      'web/src/features/admin/Planted.tsx',
      "export const page = () => import('../cart/CartPage');",
      /A feature does not import another feature/,
    ],
    ['a feature importing the app', 'web/src/features/cart/Planted.tsx', "import { theme } from '../../app/theme';\nexport const x = theme;", /A feature does not import the app/],
    [
      "a feature test importing the app's routes",
      'web/src/features/cart/Planted.test.tsx',
      "import { appRoutes } from '../../app/router';\nexport const x = appRoutes;",
      /A feature does not import the app/,
    ],
    [
      'a feature reaching the kernel by a relative path',
      'web/src/features/cart/planted.ts',
      "import { paths } from '../../shared/paths';\nexport const x = paths;",
      /Import the shared kernel as #shared/,
    ],
    [
      'a shared component importing a feature',
      'web/src/shared/components/Planted.tsx',
      "import { CartButton } from '../../features/cart/CartButton';\nexport const x = CartButton;",
      /The shared kernel does not import features/,
    ],
    [
      'a shared component lazy-loading a feature',
      'web/src/shared/components/Planted.tsx',
      "export const page = () => import('../../features/auth/LoginPage');",
      /The shared kernel does not import features/,
    ],
    [
      'the shared kernel importing the app',
      'web/src/shared/session/planted.ts',
      "import type { RootState } from '../../app/store';\nexport type X = RootState;",
      /The shared kernel does not import the app/,
    ],
    [
      'a shared component importing the app',
      'web/src/shared/components/Planted.tsx',
      "import { Header } from '../../app/shell/Header';\nexport const x = Header;",
      /The shared kernel does not import the app/,
    ],
    [
      'the app reaching the kernel by a relative path',
      'web/src/app/shell/Planted.tsx',
      "import { brand } from '../../shared/brand';\nexport const x = brand;",
      /Import the shared kernel as #shared/,
    ],
    [
      'the SPA reaching the contract by a relative path',
      'web/src/shared/lib/planted.ts',
      "import type { UserInfo } from '../../../../lambdas/contract/users';\nexport type X = UserInfo;",
      /Import the contract as #contract/,
    ],
    [
      'a handler importing another handler',
      'lambdas/functions/cohorts/planted.ts',
      "import { handler } from '../courses/list.js';\nexport const x = handler;",
      /A handler does not import another handler/,
    ],
    ['a pure rule importing storage', 'lambdas/domain/planted.ts', "import { db } from '../store/dynamo.js';\nexport const x = db;", /domain\/ is pure rules: no storage/],
    [
      'the contract importing a rule',
      'lambdas/contract/planted.ts',
      "import { isPaid } from '../domain/payment-state.js';\nexport const x = isPaid;",
      /The contract is schemas, constants and types only/,
    ],
    [
      "the SPA importing the server's storage",
      'web/src/shared/lib/planted.ts',
      "import { db } from '../../../../lambdas/store/dynamo.js';\nexport const x = db;",
      /The SPA shares the contract/,
    ],
    [
      "a feature importing the server's storage",
      'web/src/features/cart/planted.ts',
      "import { db } from '../../../../lambdas/store/dynamo.js';\nexport const x = db;",
      /The SPA shares the contract/,
    ],
  ])('refuses %s', async (_case, filePath, code, reason) => {
    expect(await problems(filePath, code)).toEqual([expect.stringMatching(reason)]);
  });

  it('lets a feature import the shared kernel and the contract through their aliases', async () => {
    const code = "import { formatDollars } from '#shared/lib/money';\nimport { PROGRAM_TYPES } from '#contract/programs';\nexport const x = [formatDollars, PROGRAM_TYPES];";
    expect(await problems('web/src/features/admin/Planted.tsx', code)).toEqual([]);
  });

  it('lets the app compose features, statically and lazily', async () => {
    const code =
      "import { CartButton } from '../../features/cart/CartButton';\nimport { paths } from '#shared/paths';\nexport const x = [CartButton, paths, () => import('../../features/auth/LoginPage')];";
    expect(await problems('web/src/app/shell/Planted.tsx', code)).toEqual([]);
  });

  it('lets the shared kernel import itself by relative paths, and the contract', async () => {
    const code =
      "import { paths } from '../paths';\nimport { useAppSelector } from '../store/hooks';\nimport type { UserInfo } from '#contract/users';\nexport const x = [paths, useAppSelector];\nexport type X = UserInfo;";
    expect(await problems('web/src/shared/session/planted.ts', code)).toEqual([]);
  });
});
