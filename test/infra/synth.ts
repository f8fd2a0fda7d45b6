/**
 * Builds and synthesizes the CDK app once per stage, with the same context as `cdk synth` (cdk.json)
 * and the fixture SPA, and offers small finders over the synthesized templates. Lambda bundling is
 * skipped (`SKIP_BUNDLING`): the templates do not depend on the bundles' contents, and the perf tier
 * builds every function's bundle with the same esbuild options (test/perf/lambda-bundles.test.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { inject } from 'vitest';
import { buildApp, type PortalApp } from '../../lib/app.js';
import type { StageName } from '../../lib/stage.js';

export const FIXTURE_WEB_DIST = fileURLToPath(new URL('./fixtures/web-dist/', import.meta.url));
const CDK_JSON = fileURLToPath(new URL('../../cdk.json', import.meta.url));

export interface SynthesizedPortal {
  readonly portal: PortalApp;
  readonly assembly: CloudAssembly;
  readonly data: Template;
  readonly auth: Template;
  /** The API stack with its route groups' nested stacks' resources merged in (lib/stacks/api-stack.ts routeGroup). */
  readonly api: Template;
  /** The API stack's own template: the API, its stage and authorizer, one nested stack per route group. */
  readonly apiParent: Template;
  readonly jobs: Template;
  readonly web: Template;
  readonly ops: Template;
  readonly waf: Template;
}

/**
 * The portal needs an explicit region (its WAF lives in us-east-1 and is read across regions); tests use
 * another one, so the cross-region reference is the one exercised.
 */
export const TEST_ENV = { region: 'eu-west-1' } as const;

/** What prod refuses to synthesize without (lib/app.ts deployContext); dev runs on the defaults (no email: notices in-app only). */
export function stageContext(stage: StageName): Record<string, string> {
  return stage === 'prod'
    ? { alarmEmail: 'ops@school.example', emailFrom: 'noreply@school.example', portalUrl: 'https://portal.school.example', stripePublishableKey: 'pk_live_testsuite0000' }
    : {};
}

/**
 * One synth per stage per worker: the infra tier shares a module graph between its files (vitest.config.ts), and
 * nothing reads a synthesized app but to assert on it, so the files that assert on the whole portal share these.
 * Every assembly is written under the run's folder (test/setup/infra-outputs.global.ts), removed when the run ends.
 */
const cache = new Map<StageName, SynthesizedPortal>();
/** The assemblies of a file's own apps (~30 MB each), removed by `removeSynthOutputs`. */
const outdirs: string[] = [];

/** Call from `afterAll` in every file that synthesizes: removes the outputs of the apps it made itself. */
export function removeSynthOutputs(): void {
  for (const dir of outdirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

// outside the infra tier (a handler test synthesizing for its metric names) there is no run folder: the temp folder,
// and that file removes its own app
const newOutdir = () => mkdtempSync(join(inject('infraOutputs') ?? tmpdir(), 'portal-infra-'));

/** A fresh output folder for one synth of the calling file's own. */
export function synthOutdir(): string {
  const dir = newOutdir();
  outdirs.push(dir);
  return dir;
}

/** The feature flags and defaults `cdk synth` uses, so tests see the same templates. */
export function cdkJsonContext(): Record<string, unknown> {
  return (JSON.parse(readFileSync(CDK_JSON, 'utf8')) as { context: Record<string, unknown> }).context;
}

/** CDK's own switch: no stack's assets are bundled (each function gets a placeholder asset). */
export const SKIP_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

export function synthPortal(stage: StageName): SynthesizedPortal {
  const cached = cache.get(stage);
  if (cached) return cached;
  const app = new App({ context: { ...cdkJsonContext(), ...SKIP_BUNDLING, ...stageContext(stage) }, outdir: newOutdir() });
  const portal = buildApp({ app, stage, webAssetPath: FIXTURE_WEB_DIST, env: TEST_ENV });
  // Throws (with cdk-nag's report) if any AwsSolutions finding is left unacknowledged.
  const assembly = portal.app.synth();
  const synthesized: SynthesizedPortal = {
    portal,
    assembly,
    data: Template.fromStack(portal.data),
    auth: Template.fromStack(portal.auth),
    api: withNestedStacks(portal.api),
    apiParent: Template.fromStack(portal.api),
    jobs: Template.fromStack(portal.jobs),
    web: Template.fromStack(portal.web),
    ops: Template.fromStack(portal.ops),
    waf: Template.fromStack(portal.waf),
  };
  cache.set(stage, synthesized);
  return synthesized;
}

/**
 * A stack's template with its nested stacks' resources merged in, so finders see a route's function,
 * role and integration wherever they are declared (each nested stack's logical ids are its own, named after the route).
 */
export function withNestedStacks(stack: Stack): Template {
  // a copy: a template's JSON is the synthesized one itself
  const json = structuredClone(Template.fromStack(stack).toJSON()) as { Resources: Record<string, unknown>; Outputs?: Record<string, unknown> };
  for (const nested of stack.node.children.filter((c): c is NestedStack => c instanceof NestedStack)) {
    const inner = Template.fromStack(nested).toJSON() as { Resources: Record<string, unknown> };
    for (const [id, resource] of Object.entries(inner.Resources)) {
      if (id in json.Resources) throw new Error(`${nested.node.id}: logical id ${id} is also in ${stack.stackName}`);
      json.Resources[id] = resource;
    }
  }
  return Template.fromJSON(json);
}

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };

export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The API stack's route resource for `METHOD /path` (route key form). */
export function findRoute(api: Template, routeKey: string): Resource {
  const found = Object.values(resourcesOf(api, 'AWS::ApiGatewayV2::Route')).filter((route) => route.Properties.RouteKey === routeKey);
  if (found.length !== 1) throw new Error(`Expected one route ${routeKey}, found ${found.length}`);
  return found[0]!;
}

/** Route -> its integration -> the Lambda's logical id. */
export function functionIdOfRoute(api: Template, routeKey: string): string {
  const target = findRoute(api, routeKey).Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
  const integrationId = target['Fn::Join'][1][1].Ref;
  const integration = resourcesOf(api, 'AWS::ApiGatewayV2::Integration')[integrationId];
  if (!integration) throw new Error(`Route ${routeKey} targets unknown integration ${integrationId}`);
  return (integration.Properties.IntegrationUri as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
}

/** Every IAM statement attached to a function's role (inline policies of the role and AWS::IAM::Policy). */
export function statementsOfFunction(
  api: Template,
  functionId: string,
): Array<{ Effect: string; Action: string | string[]; Resource: unknown; Condition?: Record<string, unknown> }> {
  const fn = resourcesOf(api, 'AWS::Lambda::Function')[functionId];
  if (!fn) throw new Error(`Unknown function ${functionId}`);
  const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  const role = resourcesOf(api, 'AWS::IAM::Role')[roleId]!;
  const inline = ((role.Properties.Policies ?? []) as Array<{ PolicyDocument: { Statement: any[] } }>).flatMap((policy) => policy.PolicyDocument.Statement);
  const attached = Object.values(resourcesOf(api, 'AWS::IAM::Policy'))
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((ref) => ref.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as any[]);
  return [...inline, ...attached];
}

export function actionsOf(statements: Array<{ Action: string | string[] }>): Set<string> {
  return new Set(statements.flatMap((statement) => [statement.Action].flat()));
}

/** Reads a file the web stack deploys (e.g. config.json) from the synthesized asset folders. */
export function deployedFile(assembly: CloudAssembly, name: string): string {
  for (const entry of readdirSync(assembly.directory)) {
    const candidate = join(assembly.directory, entry, name);
    if (entry.startsWith('asset.') && existsSync(candidate)) return readFileSync(candidate, 'utf8');
  }
  throw new Error(`${name} is not part of any asset in ${assembly.directory}`);
}

/** Runs a CloudFront Function's inline code (cloudfront-js-2.0 is plain JS for these handlers). */
export function cloudFrontHandler(code: string): (event: { request: { uri: string } }) => { uri: string } {
  return new Function(`${code}\nreturn handler;`)() as (event: { request: { uri: string } }) => { uri: string };
}

/** A template value as text: `Fn::Join`s joined, `Ref`s as `${Name}` (an ARN reads the same whether the region is known or not). */
export const flat = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const v = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
  if (v.Ref) return `\${${v.Ref}}`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(flat).join(v['Fn::Join'][0]);
  return JSON.stringify(value);
};
