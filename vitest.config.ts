import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One `vitest run` runs every tier (see README "Tests"):
 *  unit      pure rules under lambdas/ and lib/, and the lint boundaries
 *  web       React components and slices in happy-dom
 *  infra     assertions on the synthesized CDK template + cdk-nag
 *  perf      size budgets of the production builds: Lambda bundles, SPA route JavaScript
 *  handlers  Lambda handlers against DynamoDB Local, s3rver and cognito-local started by the setup
 *  hostile   1,000 generated bad requests per route, on the same stand-ins
 *  e2e       the whole local stack driven through headless Chromium (playwright-core)
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one, on a 2-core machine. The tiers wait on
    // stand-ins, browsers and bundlers as much as they compute, so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['lambdas/**/*.test.ts', 'lib/**/*.test.ts', 'bin/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          // pure modules: one module graph per worker is safe and a third faster
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          // happy-dom: the same tests run in about two thirds of jsdom's time (the inner loop's budget). It
          // loads no scripts, styles or frames (a document preview's PDF frame is checked by its src; the frame
          // it does not load is logged).
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: {
              url: 'http://localhost:3000',
              settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true, handleDisabledFileLoadingAsSuccess: true },
            },
          },
          setupFiles: ['web/src/testing/setup.ts'],
          // One module graph per worker, not per file: React, MUI and the store load once instead of 66
          // times (37 s instead of 68 s here). Each test starts clean all the same: the setup unmounts,
          // clears storage, stubs and mocks after every test, and every render makes its own store.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          globalSetup: ['test/setup/infra-outputs.global.ts'],
          // one module graph per worker: each stage's app is synthesized once per worker, not once per file (test/infra/synth.ts)
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      // size budgets from production builds (Lambda bundles, SPA route JavaScript)
      { test: { name: 'perf', include: ['test/perf/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 } },
      {
        test: {
          name: 'handlers',
          include: ['test/handlers/**/*.test.ts'],
          globalSetup: ['test/setup/standins.global.ts'],
          setupFiles: ['test/setup/handler-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // 1,000 hostile requests per route, one file per resource (test/hostile/world.ts)
        test: {
          name: 'hostile',
          include: ['test/hostile/**/*.test.ts'],
          globalSetup: ['test/setup/standins.global.ts'],
          setupFiles: ['test/setup/handler-env.ts'],
          // one module graph per worker, and the world's fixtures made once per worker (world.ts useHostileWorld)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // after every other tier: run in the same group as them, the whole run took 753 s instead of 722 s (every
          // tier keeps both cores busy, and the browser's timings met a loaded machine). Two files at once, each on a
          // local stack of its own (test/setup/local-stack.global.ts).
          sequence: { groupOrder: 1 },
          globalSetup: ['test/setup/local-stack.global.ts'],
          setupFiles: ['test/setup/e2e-env.ts'],
          // one module graph per worker: Playwright loads once per worker, not once per file, and the files a worker
          // runs share its Chromium (test/e2e/support/browser.ts launchBrowser), each in contexts of its own. The tier
          // alone took 347 s instead of 388 s. The support modules keep no state from one file to the next.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
