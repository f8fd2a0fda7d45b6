/**
 * Builds one route's Lambda bundle with esbuild exactly as the CDK does (LAMBDA_BUNDLING of
 * lib/constructs/api-function.ts: NodejsFunction passes these as esbuild flags), for the size budget
 * (test/perf/lambda-bundles.test.ts) and the cold-load benchmark (bench/).
 */
import { join } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLING, REPO_ROOT } from '../../../lib/constructs/api-function.js';
import type { RouteDef } from '../../../lambdas/routes.js';

export interface RouteBundle {
  /** Minified JavaScript (the .js file; the source map is separate). */
  code: Uint8Array;
  /** Its source map (index.js.map), which the functions load at cold start (NODE_OPTIONS=--enable-source-maps). */
  map: Uint8Array;
  metafile: Metafile;
}

export function bundleRoute(route: Pick<RouteDef, 'handler'>): Promise<RouteBundle> {
  return bundleLambda({ entryPoints: [join(REPO_ROOT, 'lambdas', route.handler)] }, route.handler);
}

/** A handler given as its source (the benchmark's hello world), bundled as a route's is. */
export function bundleSource(contents: string): Promise<RouteBundle> {
  return bundleLambda({ stdin: { contents, loader: 'ts', resolveDir: REPO_ROOT } }, 'inline source');
}

async function bundleLambda(entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>, what: string): Promise<RouteBundle> {
  const result = await build({
    ...entry,
    bundle: true,
    platform: 'node',
    target: LAMBDA_BUNDLING.target,
    format: LAMBDA_BUNDLING.format,
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    external: [...LAMBDA_BUNDLING.externalModules],
    outfile: join(REPO_ROOT, 'cdk.out', 'bundle-check', 'index.js'),
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const map = result.outputFiles.find((f) => f.path.endsWith('.js.map'));
  if (!js || !map) throw new Error(`esbuild wrote no JavaScript or source map for ${what}`);
  return { code: js.contents, map: map.contents, metafile: result.metafile };
}

/** Bytes each npm package (or lambdas/ folder) contributes to the bundle, largest first. */
export function bytesByPackage(metafile: Metafile): Array<[string, number]> {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint);
  const sums = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split('/').slice(0, 2).join('/');
    sums.set(name, (sums.get(name) ?? 0) + bytesInOutput);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}
