/**
 * Deploy-time configuration: prod refuses to synthesize half configured, and the execute-api
 * endpoint is disabled exactly when the API has a custom domain for CloudFront to reach it through.
 * Failing synths throw before any stack exists; the custom-domain case is a small app with one route
 * and bundling skipped, so this file stays fast. The full prod synth (portal.test.ts) is the success case.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../lambdas/routes.js';
import { buildApp, deployContext, PLACEHOLDER_PUBLISHABLE_KEY } from '../../lib/app.js';
import { ApiStack } from '../../lib/stacks/api-stack.js';
import { AuthStack } from '../../lib/stacks/auth-stack.js';
import { DataStack } from '../../lib/stacks/data-stack.js';
import { WebStack } from '../../lib/stacks/web-stack.js';
import { stageSettings, type StageName } from '../../lib/stage.js';
import { cdkJsonContext, FIXTURE_WEB_DIST, removeSynthOutputs, resourcesOf, SKIP_BUNDLING, stageContext, synthOutdir, TEST_ENV } from './synth.js';

afterAll(removeSynthOutputs);

const appWith = (context: Record<string, unknown>) => new App({ context: { ...cdkJsonContext(), ...SKIP_BUNDLING, ...context }, outdir: synthOutdir() });
const build = (stage: StageName, context: Record<string, unknown>) => () => buildApp({ app: appWith(context), stage, webAssetPath: FIXTURE_WEB_DIST, env: TEST_ENV });
const contextOf = (stage: StageName, context: Record<string, unknown>) => deployContext(appWith(context), stageSettings(stage));

describe('prod refuses to synthesize half configured', () => {
  const prod = stageContext('prod');
  const without = (key: string) => Object.fromEntries(Object.entries(prod).filter(([k]) => k !== key));

  it.each([
    ['alarmEmail', /-c alarmEmail=ops@school\.edu is required: without a subscriber no alarm reaches anyone/],
    ['emailFrom', /-c emailFrom=noreply@school\.edu is required: .*verified in SES/],
    ['stripePublishableKey', /-c stripePublishableKey=pk_live_\.\.\. is required/],
  ])('without %s, naming the -c key=value to pass', (key, message) => {
    expect(build('prod', without(key))).toThrow(message);
  });

  it('lists every problem at once', () => {
    expect(build('prod', {})).toThrow(/Stage prod cannot be synthesized:\n {2}- -c alarmEmail=.*\n {2}- -c emailFrom=.*\n {2}- -c stripePublishableKey=/);
  });

  it('with a pk_test_ key unless allowTestKeys=true, and never with the placeholder', () => {
    expect(build('prod', { ...prod, stripePublishableKey: 'pk_test_abc123' })).toThrow(/pk_test_abc123 is a test key: pass a pk_live_ key, or -c allowTestKeys=true/);
    expect(build('prod', { ...prod, stripePublishableKey: 'pk_test_abc123', allowTestKeys: 'false' })).toThrow(/is a test key/);
    expect(contextOf('prod', { ...prod, stripePublishableKey: 'pk_test_abc123', allowTestKeys: 'true' }).stripePublishableKey).toBe('pk_test_abc123');
    expect(contextOf('prod', { ...prod, stripePublishableKey: 'pk_test_abc123', allowTestKeys: true }).stripePublishableKey).toBe('pk_test_abc123');
    expect(build('prod', { ...prod, stripePublishableKey: PLACEHOLDER_PUBLISHABLE_KEY, allowTestKeys: 'true' })).toThrow(/placeholder key takes no payment/);
  });

  it('with values that are not what they claim', () => {
    expect(build('prod', { ...prod, stripePublishableKey: 'sk_live_secret' })).toThrow(/sk_live_secret is not a Stripe publishable key/);
    expect(build('prod', { ...prod, alarmEmail: 'ops' })).toThrow(/-c alarmEmail=ops is not an email address/);
    expect(build('prod', { ...prod, allowTestKeys: 'yes' })).toThrow(/allowTestKeys must be true or false/);
  });

  it('accepts the full set (the whole prod synth is portal.test.ts)', () => {
    expect(contextOf('prod', prod)).toEqual({
      alarmEmail: 'ops@school.example',
      emailFrom: 'noreply@school.example',
      portalUrl: 'https://portal.school.example',
      stripePublishableKey: 'pk_live_testsuite0000',
    });
  });

  it('without the address emails link to (portalUrl, or the custom domain it defaults to)', () => {
    expect(build('prod', without('portalUrl'))).toThrow(/-c portalUrl=https:\/\/portal\.school\.edu \(or a custom domain, -c domainName=\.\.\.\) is required/);
    expect(contextOf('prod', { ...without('portalUrl'), domainName: 'portal.school.example' }).portalUrl).toBe('https://portal.school.example');
    expect(contextOf('prod', { ...prod, portalUrl: 'https://portal.school.example/' }).portalUrl).toBe('https://portal.school.example');
    expect(build('prod', { ...prod, portalUrl: 'http://portal.school.example' })).toThrow(/-c portalUrl=http:\/\/portal\.school\.example is not an https origin/);
    expect(build('prod', { ...prod, portalUrl: 'https://portal.school.example/app' })).toThrow(/is not an https origin/);
    // dev may send Cognito's mails through SES without it: notifications then stay in-app
    expect(contextOf('dev', { emailFrom: 'noreply@school.example' })).toMatchObject({ emailFrom: 'noreply@school.example', portalUrl: undefined });
  });

  it('dev runs on the defaults: placeholder key, Cognito email, no alarm subscriber', () => {
    expect(contextOf('dev', {})).toStrictEqual({ alarmEmail: undefined, emailFrom: undefined, portalUrl: undefined, stripePublishableKey: PLACEHOLDER_PUBLISHABLE_KEY });
  });

  it('needs a region (the WAF is read across regions)', () => {
    expect(() => buildApp({ app: appWith({}), stage: 'dev', webAssetPath: FIXTURE_WEB_DIST, env: {} })).toThrow(/needs its region/);
  });
});

describe('the execute-api endpoint', () => {
  const route: RouteDef = {
    id: 'courses-list',
    method: 'GET',
    path: '/api/courses/',
    handler: 'functions/courses/list.ts',
    access: 'signed-in',
    grants: ['table:read'],
  };
  const customDomain = { domainName: 'api.portal.example.edu', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' };
  let api: Template;
  let web: Template;
  beforeAll(() => {
    const app = appWith({});
    const stage = stageSettings('dev');
    const env = { ...TEST_ENV };
    const data = new DataStack(app, 'Data', { env, stage, corsOrigins: ['*'] });
    const auth = new AuthStack(app, 'Auth', { env, stage });
    const resources = { table: data.table, bucket: data.documentsBucket, userPool: auth.userPool, userPoolClient: auth.userPoolClient, stripeSecret: data.stripeSecret };
    const apiStack = new ApiStack(app, 'Api', { env, stage, routes: [route], resources, customDomain });
    const webStack = new WebStack(app, 'Web', {
      env,
      stage,
      webAssetPath: FIXTURE_WEB_DIST,
      api: apiStack.api,
      apiCustomDomain: apiStack.customDomainName,
      webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/portal-dev/abc',
      userPool: auth.userPool,
      userPoolClient: auth.userPoolClient,
      logsBucket: data.logsBucket,
      stripePublishableKey: PLACEHOLDER_PUBLISHABLE_KEY,
    });
    api = Template.fromStack(apiStack);
    web = Template.fromStack(webStack);
  });

  it('is disabled when the API has a custom domain, mapped to the $default stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: customDomain.domainName,
      DomainNameConfigurations: [{ CertificateArn: customDomain.certificateArn, EndpointType: 'REGIONAL' }],
    });
    const [domainId] = Object.keys(resourcesOf(api, 'AWS::ApiGatewayV2::DomainName'));
    api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { DomainName: { Ref: domainId }, Stage: '$default' });
    expect(Object.keys(api.findOutputs('*')).sort()).toEqual(['ApiDomainTarget']);
  });

  it('is not what CloudFront forwards /api/* to: the custom domain is, Host left to the origin', () => {
    const config = Object.values(resourcesOf(web, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
    expect(origin.DomainName).toBe(customDomain.domainName);
    expect(behavior.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac'); // Managed-AllViewerExceptHostHeader
    expect(config.WebACLId).toBe('arn:aws:wafv2:us-east-1:123456789012:global/webacl/portal-dev/abc');
  });
});
