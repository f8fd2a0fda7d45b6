/**
 * Assertions on the synthesized CloudFormation of both stages. The app is synthesized once per
 * stage (see synth.ts); a synth with an unacknowledged cdk-nag finding fails in beforeAll.
 */
import { NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXES, TABLE_KEYS } from '../../lambdas/store/table-schema.js';
import { routeById, routeKeyPath, routeMemoryMb, routes, routeTimeoutSeconds, type Grant, type RouteDef } from '../../lambdas/routes.js';
import { GROUP_ROLES, rolesFromGroups } from '../../lambdas/domain/roles.js';
import { AUDIT_EDIT_ACTIONS, AUDIT_PARTITIONS } from '../../lib/constructs/api-function.js';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../lib/security-headers.js';
import { routeGroup } from '../../lib/stacks/api-stack.js';
import { STAGES, stageSettings } from '../../lib/stage.js';
import { SIGN_IN_ROUTES } from '../../lib/stage.js';
import { BODY_SIZE_LABEL, LARGE_BODY_ROUTES, largeBodyPathPattern, MANAGED_RULE_GROUPS } from '../../lib/stacks/waf-stack.js';
import {
  actionsOf,
  cloudFrontHandler,
  deployedFile,
  findRoute,
  functionIdOfRoute,
  resourcesOf,
  statementsOfFunction,
  removeSynthOutputs,
  synthPortal,
  type SynthesizedPortal,
} from './synth.js';

afterAll(removeSynthOutputs);

const routeKey = (route: (typeof routes)[number]) => `${route.method} ${routeKeyPath(route.path)}`;

/** One action that proves each grant is present; its absence proves the grant is not. */
const GRANT_WITNESS: Record<Grant, string | undefined> = {
  'table:read': 'dynamodb:Query',
  'table:write': 'dynamodb:UpdateItem',
  // PutItem alone, on audit partitions: checked statement by statement below
  'audit:write': undefined,
  'bucket:read': 's3:GetObject*',
  'bucket:write': 's3:PutObject',
  'bucket:delete': 's3:DeleteObject*',
  'userpool:login': undefined,
  'userpool:admin': 'cognito-idp:AdminCreateUser',
  'userpool:groups': 'cognito-idp:ListUsersInGroup',
  'secret:stripe': 'secretsmanager:GetSecretValue',
  // GetItem and PutItem on the MFA_ENROL# partitions only
  'mfa:enrolment': undefined,
  // ses:SendEmail from the configured sender only: notifications.test.ts
  'email:send': undefined,
};

describe.each(STAGES)('%s stage', (stage) => {
  let synth: SynthesizedPortal;
  beforeAll(() => {
    synth = synthPortal(stage);
  });

  describe('api: one route and one function per row of lambdas/routes.ts', () => {
    it('has exactly the routes of the table', () => {
      const keys = Object.values(resourcesOf(synth.api, 'AWS::ApiGatewayV2::Route')).map((r) => r.Properties.RouteKey);
      expect(keys.sort()).toEqual(routes.map(routeKey).sort());
    });

    it.each(routes.map((route) => [route.id, route] as const))('%s: JWT authorizer exactly when not public', (_id, route) => {
      const props = findRoute(synth.api, routeKey(route)).Properties;
      if (route.access === 'public') {
        expect(props.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(props.AuthorizerId).toBeUndefined();
      } else {
        expect(props.AuthorizationType).toBe('JWT');
        expect(props.AuthorizerId).toEqual({ Ref: expect.any(String) });
      }
    });

    it('integrates every route with its own Lambda function', () => {
      const functionIds = routes.map((route) => functionIdOfRoute(synth.api, routeKey(route)));
      expect(new Set(functionIds).size).toBe(routes.length);
      expect(Object.keys(resourcesOf(synth.api, 'AWS::Lambda::Function'))).toHaveLength(routes.length);
    });

    it('runs every function on nodejs22.x / arm64 with tracing, its log group and the shared env', () => {
      for (const fn of Object.values(resourcesOf(synth.api, 'AWS::Lambda::Function'))) {
        expect(fn.Properties).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          TracingConfig: { Mode: 'Active' },
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
          Environment: { Variables: expect.objectContaining({ STAGE: stage, NODE_OPTIONS: '--enable-source-maps' }) },
        });
        expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'BUCKET_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID']));
      }
    });

    it("gives each route's function its row's timeout and memory (10 s / 512 MB by default, under API Gateway's 30 s)", () => {
      for (const route of routes) {
        const fn = resourcesOf(synth.api, 'AWS::Lambda::Function')[functionIdOfRoute(synth.api, routeKey(route))]!;
        expect(fn.Properties.Timeout, route.id).toBe((route as RouteDef).timeoutSeconds ?? 10);
        expect(fn.Properties.Timeout, route.id).toBeLessThanOrEqual(29);
        expect(fn.Properties.MemorySize, route.id).toBe((route as RouteDef).memoryMb ?? 512);
      }
      expect(routes.find((r) => r.id === 'payments-reconcile')).toMatchObject({ timeoutSeconds: 29 });
    });

    it("gives the Stripe routes time for the Stripe client's three 8 s tries, and the document upload memory for its file", () => {
      // store/payment-gateway.ts: maxNetworkRetries 2, timeout 8 s, 0.5 to 1 s between tries
      const stripeWorstCaseSeconds = 3 * 8 + 0.5 + 1;
      for (const id of ['payments-create-intent', 'payments-refund', 'payments-webhook'] as const) {
        expect(routeTimeoutSeconds(routeById(id)), id).toBeGreaterThan(stripeWorstCaseSeconds);
      }
      expect(routeMemoryMb(routeById('documents-upload'))).toBeGreaterThan(512);
    });

    it('keeps the execute-api endpoint without an API custom domain (CloudFront reaches the API there)', () => {
      const api = Object.values(resourcesOf(synth.api, 'AWS::ApiGatewayV2::Api'))[0]!.Properties;
      expect(api.DisableExecuteApiEndpoint).toBe(false);
      expect(Object.keys(resourcesOf(synth.api, 'AWS::ApiGatewayV2::DomainName'))).toEqual([]);
      expect(Object.keys(synth.api.findOutputs('ApiEndpoint'))).toEqual(['ApiEndpoint']);
    });

    it('validates Cognito JWTs for the web client', () => {
      synth.api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
        AuthorizerType: 'JWT',
        IdentitySource: ['$request.header.Authorization'],
        JwtConfiguration: {
          Audience: Match.arrayEquals([Match.anyValue()]),
          Issuer: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^https://cognito-idp\\.')])] },
        },
      });
    });

    it('logs every request as JSON and throttles the default route', () => {
      const stageProps = Object.values(resourcesOf(synth.api, 'AWS::ApiGatewayV2::Stage'))[0]!.Properties;
      expect(stageProps.StageName).toBe('$default');
      const format = JSON.parse(stageProps.AccessLogSettings.Format as string);
      expect(format).toMatchObject({ requestId: '$context.requestId', ip: '$context.identity.sourceIp', routeKey: '$context.routeKey', status: '$context.status' });
      const { rateLimit, burstLimit } = stageSettings(stage).throttle;
      expect(stageProps.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit });
    });

    it("throttles the sign-in routes (login, refresh, new password, the TOTP steps) far below the default, within Cognito's own quota", () => {
      const [stageId, stageRes] = Object.entries(resourcesOf(synth.apiParent, 'AWS::ApiGatewayV2::Stage'))[0]!;
      const { signInThrottle, throttle } = stageSettings(stage);
      const signInKeys = SIGN_IN_ROUTES.map((id) => routeKey(routes.find((r) => r.id === id)!));
      expect(signInKeys.sort()).toEqual(['POST /api/users/login', 'POST /api/users/mfa', 'POST /api/users/mfa-setup', 'POST /api/users/new-password', 'POST /api/users/refresh']);
      const limit = { ThrottlingRateLimit: signInThrottle.rateLimit, ThrottlingBurstLimit: signInThrottle.burstLimit };
      expect(stageRes.Properties.RouteSettings).toEqual(Object.fromEntries(signInKeys.map((k) => [k, limit])));
      expect(signInThrottle.rateLimit * 4).toBeLessThanOrEqual(throttle.rateLimit);
      expect(signInThrottle.burstLimit * 4).toBeLessThanOrEqual(throttle.burstLimit);
      // Cognito's UserAuthentication quota (InitiateAuth, RespondToAuthChallenge): 120 per second by default
      expect(signInThrottle.rateLimit * SIGN_IN_ROUTES.length).toBeLessThan(120);
      // route settings name routes that must exist before the stage is created or updated: the stage waits for the
      // nested stacks that make them (lib/stacks/api-stack.ts routeGroup)
      const routeIds = Object.entries(resourcesOf(synth.api, 'AWS::ApiGatewayV2::Route'))
        .filter(([, r]) => signInKeys.includes(r.Properties.RouteKey))
        .map(([id]) => id);
      expect(routeIds).toHaveLength(SIGN_IN_ROUTES.length);
      const groups = [...new Set(SIGN_IN_ROUTES.map((id) => routeGroup(routes.find((r) => r.id === id)!)))];
      const dependsOn = (synth.apiParent.toJSON().Resources[stageId] as { DependsOn?: string[] }).DependsOn ?? [];
      for (const group of groups)
        expect(
          dependsOn.some((d) => d.startsWith(`Routes${group}NestedStack`)),
          group,
        ).toBe(true);
    });
  });

  it('keeps every stack, the route groups included, within CloudFormation’s 500 resources, with room to grow', () => {
    const counts = [synth.apiParent, ...synth.portal.api.node.children.filter((c): c is NestedStack => c instanceof NestedStack).map((n) => Template.fromStack(n))].map(
      (t) => Object.keys(t.toJSON().Resources).length,
    );
    expect(counts.length).toBeGreaterThan(5);
    for (const count of counts) expect(count).toBeLessThan(400);
  });

  describe("iam: least privilege from each route's grants", () => {
    it.each(routes.map((route) => [route.id, route] as const))('%s gets exactly its grants', (_id, route) => {
      // witnesses are unconditioned Allows: audit:write and mfa:enrolment allow item actions on their partitions only
      const statements = statementsOfFunction(synth.api, functionIdOfRoute(synth.api, routeKey(route)));
      const actions = actionsOf(statements.filter((s) => s.Effect === 'Allow' && !s.Condition));
      for (const [grant, witness] of Object.entries(GRANT_WITNESS)) {
        if (!witness) continue;
        expect(actions.has(witness), `${route.id}: ${grant} (${witness})`).toBe((route.grants as readonly string[]).includes(grant));
      }
    });

    it.each(routes.map((route) => [route.id, route] as const))('%s learns where the Stripe secret is only with secret:stripe', (_id, route) => {
      const fn = resourcesOf(synth.api, 'AWS::Lambda::Function')[functionIdOfRoute(synth.api, routeKey(route))]!;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect('STRIPE_SECRET_ARN' in variables).toBe((route.grants as readonly string[]).includes('secret:stripe'));
    });

    it("no function of the stage carries the local stack's TOTP exemption (PORTAL_MFA_EXEMPT_USERS)", () => {
      const functions = Object.values(resourcesOf(synth.api, 'AWS::Lambda::Function'));
      expect(functions.length).toBeGreaterThan(0);
      for (const fn of functions) {
        const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        expect(Object.keys(variables)).not.toContain('PORTAL_MFA_EXEMPT_USERS');
      }
    });

    it('a table-read-only route cannot write', () => {
      const actions = actionsOf(statementsOfFunction(synth.api, functionIdOfRoute(synth.api, 'GET /api/courses')));
      expect(actions.has('dynamodb:GetItem')).toBe(true);
      for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
        expect(actions.has(write), write).toBe(false);
      }
    });

    it.each(routes.map((route) => [route.id, route] as const))('%s: audit:write puts audit entries and nothing else', (_id, route) => {
      const grants = route.grants as readonly Grant[];
      const statements = statementsOfFunction(synth.api, functionIdOfRoute(synth.api, routeKey(route)));
      const auditPuts = statements.filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Condition ?? {}).includes(AUDIT_PARTITIONS));
      expect(auditPuts.length, route.id).toBe(grants.includes('audit:write') ? 1 : 0);
      for (const s of auditPuts) {
        expect(s).toMatchObject({ Action: 'dynamodb:PutItem', Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_PARTITIONS] } } });
      }
      if (grants.includes('audit:write') && !grants.includes('table:write')) {
        const unconditioned = statements.filter((s) => s.Effect === 'Allow' && !s.Condition);
        for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
          expect(actionsOf(unconditioned).has(write), `${route.id}: ${write}`).toBe(false);
        }
      }
    });

    it.each(routes.map((route) => [route.id, route] as const))('%s: may not update or delete an audit entry (IAM deny on AUDIT# partitions)', (_id, route) => {
      const statements = statementsOfFunction(synth.api, functionIdOfRoute(synth.api, routeKey(route)));
      const actions = actionsOf(statements.filter((s) => s.Effect === 'Allow'));
      const canEdit = AUDIT_EDIT_ACTIONS.some((a) => actions.has(a));
      const denies = statements.filter((s) => s.Effect === 'Deny');
      if (!canEdit) {
        expect(denies).toEqual([]);
        return;
      }
      // a writing route: every action that could change or remove an item is denied on the audit partitions
      expect(denies).toHaveLength(1);
      expect(denies[0]).toMatchObject({ Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_PARTITIONS] } } });
      expect([denies[0]!.Action].flat().sort()).toEqual([...AUDIT_EDIT_ACTIONS].sort());
      expect(JSON.stringify(denies[0]!.Resource)).toMatch(/Table|table/);
    });

    it('uses Resource "*" only for X-Ray, and no AWS managed policies', () => {
      for (const fnId of Object.keys(resourcesOf(synth.api, 'AWS::Lambda::Function'))) {
        for (const statement of statementsOfFunction(synth.api, fnId).filter((s) => s.Resource === '*')) {
          expect(
            [statement.Action].flat().every((action) => action.startsWith('xray:')),
            JSON.stringify(statement),
          ).toBe(true);
        }
      }
      for (const role of Object.values(resourcesOf(synth.api, 'AWS::IAM::Role'))) {
        expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      }
    });
  });

  describe('data', () => {
    it('has the single table of table-schema.ts: on demand, GSIs with ALL projection, PITR', () => {
      synth.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
        KeySchema: [
          { AttributeName: TABLE_KEYS.partition, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sort, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        GlobalSecondaryIndexes: INDEXES.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partition, KeyType: 'HASH' },
            { AttributeName: index.sort, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
        SSESpecification: { SSEEnabled: true },
      });
    });

    it('keeps the document bucket private, encrypted, versioned, with CORS and a lifecycle', () => {
      synth.data.hasResourceProperties('AWS::S3::Bucket', {
        VersioningConfiguration: { Status: 'Enabled' },
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
        CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT', 'POST', 'GET']) })] },
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 90 }, AbortIncompleteMultipartUpload: Match.anyValue() }),
            // abandoned presigned uploads
            Match.objectLike({ Prefix: 'uploads/', ExpirationInDays: 1 }),
          ]),
        },
        LoggingConfiguration: Match.objectLike({ DestinationBucketName: Match.anyValue() }),
      });
    });

    it('names the Stripe secret in an output (it starts as a placeholder; operators put the keys there)', () => {
      const [secretId] = Object.keys(resourcesOf(synth.data, 'AWS::SecretsManager::Secret'));
      expect(synth.data.findOutputs('StripeSecretArn')).toEqual({ StripeSecretArn: expect.objectContaining({ Value: { Ref: secretId } }) });
    });

    it('lets the logs bucket accept CloudFront standard logs (ACLs enabled)', () => {
      synth.data.hasResourceProperties('AWS::S3::Bucket', {
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      });
    });

    it.each(['data', 'web'] as const)('%s stack: every bucket blocks public access and denies plain HTTP', (key) => {
      const template: Template = synth[key];
      const buckets = resourcesOf(template, 'AWS::S3::Bucket');
      const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policy = policies.find((p) => p.Properties.Bucket?.Ref === id);
        expect(policy?.Properties.PolicyDocument.Statement, id).toEqual(
          expect.arrayContaining([expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
        );
      }
    });
  });

  describe('auth', () => {
    it('signs in by username, admin-created accounts only, strong passwords', () => {
      const pool = Object.values(resourcesOf(synth.auth, 'AWS::Cognito::UserPool'))[0]!.Properties;
      expect(pool.UsernameAttributes).toBeUndefined();
      expect(pool.AliasAttributes).toBeUndefined();
      expect(pool.AdminCreateUserConfig).toMatchObject({ AllowAdminCreateUserOnly: true, InviteMessageTemplate: { EmailMessage: expect.stringContaining('{####}') } });
      expect(pool.Policies.PasswordPolicy).toMatchObject({ RequireUppercase: true, RequireNumbers: true, RequireSymbols: true });
      expect(pool.AccountRecoverySetting.RecoveryMechanisms).toEqual([{ Name: 'verified_email', Priority: 1 }]);
    });

    it('one identity per person: usernames are case-insensitive', () => {
      const pool = Object.values(resourcesOf(synth.auth, 'AWS::Cognito::UserPool'))[0]!.Properties;
      expect(pool.UsernameConfiguration).toEqual({ CaseSensitive: false });
    });

    it('access and ID tokens live 15 minutes, refresh tokens 30 days (the bound on a revoked session)', () => {
      synth.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        AccessTokenValidity: 15,
        IdTokenValidity: 15,
        RefreshTokenValidity: 43200,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      });
    });

    it('disabling a student and "sign out everywhere" may call AdminUserGlobalSignOut', () => {
      for (const id of ['students-sign-in', 'users-sign-out-everywhere']) {
        const route = routes.find((r) => r.id === id)!;
        const statements = statementsOfFunction(synth.api, functionIdOfRoute(synth.api, routeKey(route)));
        expect(actionsOf(statements.filter((st) => st.Effect === 'Allow')).has('cognito-idp:AdminUserGlobalSignOut'), id).toBe(true);
      }
      const login = routes.find((r) => r.id === 'users-login')!;
      expect(actionsOf(statementsOfFunction(synth.api, functionIdOfRoute(synth.api, routeKey(login)))).has('cognito-idp:AdminUserGlobalSignOut')).toBe(false);
    });

    it("has the role groups: the local stack's, each mapping to its role", () => {
      const groups = Object.values(resourcesOf(synth.auth, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties.GroupName as string);
      expect(groups.sort()).toEqual(['admin', 'compliance', 'finance', 'staff']);
      expect(groups).toEqual([...GROUP_ROLES].sort());
      for (const group of groups) expect(rolesFromGroups([group])).toEqual([group]);
    });

    it('has a public web client with USER_PASSWORD_AUTH and refresh', () => {
      synth.auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
        EnableTokenRevocation: true,
        PreventUserExistenceErrors: 'ENABLED',
      });
    });

    it('offers TOTP (no SMS) as optional MFA: the sign-in flow requires it for admin, finance and staff', () => {
      const pool = Object.values(resourcesOf(synth.auth, 'AWS::Cognito::UserPool'))[0]!.Properties;
      expect(pool.MfaConfiguration).toBe('OPTIONAL');
      expect(pool.EnabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
      expect(pool.SmsConfiguration).toBeUndefined();
    });

    it("sends Cognito's emails through SES from emailFrom's verified domain (prod), Cognito's default without it (dev)", () => {
      const pool = Object.values(resourcesOf(synth.auth, 'AWS::Cognito::UserPool'))[0]!.Properties;
      const messages = synth.assembly.getStackArtifact(synth.portal.auth.artifactId).messages.map((m) => String(m.entry.data));
      if (stage === 'prod') {
        expect(pool.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'noreply@school.example' });
        expect(JSON.stringify(pool.EmailConfiguration.SourceArn)).toMatch(/:ses:eu-west-1:.*:identity\/school\.example"/);
        expect(messages.some((m) => m.includes('emailFrom'))).toBe(false);
      } else {
        expect(pool.EmailConfiguration).toEqual({ EmailSendingAccount: 'COGNITO_DEFAULT' });
        expect(messages.some((m) => m.includes('-c emailFrom='))).toBe(true);
      }
    });
  });

  describe('waf (us-east-1)', () => {
    const webAcl = () => Object.values(resourcesOf(synth.waf, 'AWS::WAFv2::WebACL'))[0]!.Properties;
    const rule = (name: string) => (webAcl().Rules as Array<Record<string, any>>).find((r) => r.Name === name)!;

    it('is a CloudFront-scope web ACL in a us-east-1 stack, read by the distribution across regions', () => {
      expect(synth.portal.waf.region).toBe('us-east-1');
      expect(synth.portal.web.region).toBe('eu-west-1');
      expect(webAcl()).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} }, VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true } });
      const distribution = Object.values(resourcesOf(synth.web, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
      const [aclId] = Object.keys(resourcesOf(synth.waf, 'AWS::WAFv2::WebACL'));
      const read = distribution.WebACLId['Fn::GetStackOutput'];
      expect(read).toMatchObject({ StackName: synth.portal.waf.stackName, Region: 'us-east-1' });
      const outputs = synth.waf.toJSON().Outputs as Record<string, { Value: unknown }>;
      expect(outputs[read.OutputName]?.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
      expect(outputs.WebAclArn?.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    });

    it('runs the AWS managed groups (IP reputation, common, known bad inputs) with metrics', () => {
      const groups = (webAcl().Rules as Array<Record<string, any>>).filter((r) => r.Statement.ManagedRuleGroupStatement);
      expect(groups.map((r) => r.Statement.ManagedRuleGroupStatement.Name)).toEqual([...MANAGED_RULE_GROUPS]);
      for (const group of groups) {
        expect(group).toMatchObject({ OverrideAction: { None: {} }, VisibilityConfig: { CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true } });
        expect(group.Statement.ManagedRuleGroupStatement.VendorName).toBe('AWS');
      }
    });

    it('lets only the large-body routes (CSV import, document form, Stripe events) past the 8 KB body rule', () => {
      const common = rule('AWSManagedRulesCommonRuleSet').Statement.ManagedRuleGroupStatement;
      expect(common.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
      const reblock = rule('BodyOver8KbOutsideUploads');
      expect(reblock.Priority).toBeGreaterThan(rule('AWSManagedRulesCommonRuleSet').Priority);
      expect(reblock.Action).toEqual({ Block: {} });
      const [label, not] = reblock.Statement.AndStatement.Statements;
      expect(label).toEqual({ LabelMatchStatement: { Scope: 'LABEL', Key: BODY_SIZE_LABEL } });
      const pattern = new RegExp(not.NotStatement.Statement.RegexMatchStatement.RegexString as string);
      expect(not.NotStatement.Statement.RegexMatchStatement.RegexString).toBe(largeBodyPathPattern());
      for (const id of LARGE_BODY_ROUTES) {
        const path = routeById(id).path;
        expect(pattern.test(path), path).toBe(true);
        expect(pattern.test(routeKeyPath(path)), path).toBe(true);
      }
      for (const other of ['/api/courses/create', '/api/documents/upload-url/', '/api/students/', '/api/students/import/x', '/']) {
        expect(pattern.test(other), other).toBe(false);
      }
    });

    it('limits each sign-in path per client address, at the stage limits (WAF: at least 10, windows 60-600 s), answering 429', () => {
      const { perIp, windowSeconds } = stageSettings(stage).wafSignInLimits;
      for (const id of SIGN_IN_ROUTES) {
        const r = rule(`RateLimit-${id}`);
        expect(r.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'TooManyRequests' } } });
        const rate = r.Statement.RateBasedStatement;
        expect(rate).toMatchObject({ AggregateKeyType: 'IP', Limit: perIp[id], EvaluationWindowSec: windowSeconds });
        expect(rate.ScopeDownStatement.ByteMatchStatement).toMatchObject({
          SearchString: routeKeyPath(routeById(id).path),
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
        });
        expect(perIp[id]).toBeGreaterThanOrEqual(10);
        expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true });
      }
      expect([60, 120, 300, 600]).toContain(windowSeconds);
      expect(SIGN_IN_ROUTES.map((id) => routeKeyPath(routeById(id).path)).sort()).toEqual([
        '/api/users/login',
        '/api/users/mfa',
        '/api/users/mfa-setup',
        '/api/users/new-password',
        '/api/users/refresh',
      ]);
      expect(JSON.parse(webAcl().CustomResponseBodies.TooManyRequests.Content)).toEqual({ message: 'Too Many Requests' });
    });
  });

  describe('web', () => {
    const distributionConfig = () => Object.values(resourcesOf(synth.web, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

    it('forwards /api/* to the HTTP API uncached, with all methods and viewer headers but Host', () => {
      const api = distributionConfig().CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
      expect(api).toMatchObject({
        AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']),
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
        ViewerProtocolPolicy: 'https-only',
      });
      const origin = distributionConfig().Origins.find((o: any) => o.Id === api.TargetOriginId);
      expect(JSON.stringify(origin.DomainName)).toContain('.execute-api.');
    });

    it('serves the SPA from a private bucket through OAC, index.html fallback by function (no error pages)', () => {
      const config = distributionConfig();
      expect(config.DefaultRootObject).toBe('index.html');
      expect(config.CustomErrorResponses).toBeUndefined();
      expect(config.Origins.some((o: any) => o.OriginAccessControlId)).toBe(true);
      expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
    });

    it("rewrites app routes to /index.html and strips the API's trailing slash", () => {
      const functions = Object.values(resourcesOf(synth.web, 'AWS::CloudFront::Function')).map((f) => f.Properties);
      const code = (comment: string) => functions.find((f) => f.FunctionConfig.Comment.includes(comment))!.FunctionCode as string;
      const spa = cloudFrontHandler(code('index.html'));
      expect(spa({ request: { uri: '/Dashboard' } }).uri).toBe('/index.html');
      expect(spa({ request: { uri: '/' } }).uri).toBe('/index.html');
      expect(spa({ request: { uri: '/assets/index-abc.js' } }).uri).toBe('/assets/index-abc.js');
      expect(spa({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
      const api = cloudFrontHandler(code('trailing slash'));
      expect(api({ request: { uri: '/api/courses/' } }).uri).toBe('/api/courses');
      expect(api({ request: { uri: '/api/students/ann/' } }).uri).toBe('/api/students/ann');
      expect(api({ request: { uri: '/api/create-payment-intent' } }).uri).toBe('/api/create-payment-intent');
    });

    it('sends CSP, HSTS, nosniff, frame DENY and a strict referrer policy', () => {
      synth.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: {
            ContentSecurityPolicy: {
              ContentSecurityPolicy: Match.stringLikeRegexp("default-src 'self'.*object-src 'none'.*frame-ancestors 'none'"),
              Override: true,
            },
            StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          },
        },
      });
      const csp = Object.values(resourcesOf(synth.web, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig
        .ContentSecurityPolicy.ContentSecurityPolicy as string;
      expect(csp).toBe(CONTENT_SECURITY_POLICY); // the local gateway sends the same
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(scriptSrc).not.toContain('unsafe');
      // what Stripe lists for Stripe.js and the Payment Element (lib/security-headers.ts)
      const sources = (directive: string) =>
        csp
          .split('; ')
          .find((d) => d.startsWith(`${directive} `))!
          .split(' ')
          .slice(1);
      expect(sources('script-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']));
      expect(sources('frame-src')).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']));
      expect(sources('connect-src')).toEqual(expect.arrayContaining(['https://api.stripe.com']));
      expect(sources('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    });

    it('sends exactly the headers of lib/security-headers.ts (what the local gateway sends), on the SPA and on /api/*', () => {
      const policies = Object.entries(resourcesOf(synth.web, 'AWS::CloudFront::ResponseHeadersPolicy'));
      expect(policies).toHaveLength(1);
      const [policyId, policy] = policies[0]!;
      const config = policy.Properties.ResponseHeadersPolicyConfig;
      const security = config.SecurityHeadersConfig;
      const hsts = security.StrictTransportSecurity;
      // the policy written back as the headers a browser receives
      const sent: Record<string, string> = {
        'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
        'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
        'x-content-type-options': security.ContentTypeOptions ? 'nosniff' : '',
        'x-frame-options': security.FrameOptions.FrameOption,
        'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
      };
      expect(sent).toEqual(SECURITY_HEADERS);
      // every header overrides whatever an origin sends; nothing else is added or removed
      for (const [name, header] of Object.entries(security)) expect((header as { Override: boolean }).Override, name).toBe(true);
      expect(config.CustomHeadersConfig).toBeUndefined();
      expect(config.RemoveHeadersConfig).toBeUndefined();
      expect(config.CorsConfig).toBeUndefined();
      const distribution = distributionConfig();
      expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
      for (const behavior of distribution.CacheBehaviors) expect(behavior.ResponseHeadersPolicyId, behavior.PathPattern).toEqual({ Ref: policyId });
    });

    it('deploys the runtime config.json (no-cache) beside the SPA', () => {
      const config = JSON.parse(deployedFile(synth.assembly, 'config.json'));
      const publishableKey = stage === 'prod' ? 'pk_live_testsuite0000' : 'pk_test_placeholder';
      expect(config).toMatchObject({ stage, apiBase: '', payments: { mode: 'stripe', publishableKey } });
      expect(Object.keys(config).sort()).toEqual(['apiBase', 'payments', 'region', 'stage', 'userPoolClientId', 'userPoolId']);
      synth.web.hasResourceProperties('Custom::CDKBucketDeployment', {
        SystemMetadata: { 'cache-control': 'no-cache' },
        SourceMarkers: Match.arrayWith([Match.objectLike({})]),
        Prune: false,
      });
    });
  });

  describe('cdk-nag AwsSolutions', () => {
    it.each(['data', 'auth', 'api', 'web', 'ops', 'waf'] as const)('%s stack has no unacknowledged finding', (key) => {
      const report = new AwsSolutionsChecks().validateScope(synth.portal[key]);
      const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
      expect(findings).toEqual([]);
      const errors = synth.assembly.getStackArtifact(synth.portal[key].artifactId).messages.filter((m) => m.level === 'error');
      expect(errors).toEqual([]);
    });
  });
});

describe('stage differences', () => {
  const retained = (synth: SynthesizedPortal) =>
    [synth.data, synth.auth].flatMap((t) =>
      ['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool'].flatMap((type) => Object.values(resourcesOf(t, type)).map((r) => r.DeletionPolicy)),
    );

  it('prod retains and protects data; dev deletes it', () => {
    const prod = synthPortal('prod');
    const dev = synthPortal('dev');
    expect(new Set(retained(prod))).toEqual(new Set(['Retain']));
    expect(new Set(retained(dev))).toEqual(new Set(['Delete']));
    prod.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', { Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] });
    dev.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', { Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })] });
    prod.auth.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
    dev.auth.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'INACTIVE' });
    expect(prod.portal.data.terminationProtection).toBe(true);
    expect(dev.portal.data.terminationProtection).toBe(false);
  });

  it('keeps logs a year in prod and two weeks in dev', () => {
    const retention = (synth: SynthesizedPortal) =>
      new Set([synth.api, synth.web].flatMap((t) => Object.values(resourcesOf(t, 'AWS::Logs::LogGroup')).map((g) => g.Properties.RetentionInDays)));
    expect(retention(synthPortal('prod'))).toEqual(new Set([365]));
    expect(retention(synthPortal('dev'))).toEqual(new Set([14]));
  });

  it('throttles prod higher than dev', () => {
    const limits = (synth: SynthesizedPortal) => Object.values(resourcesOf(synth.api, 'AWS::ApiGatewayV2::Stage'))[0]!.Properties.DefaultRouteSettings;
    expect(limits(synthPortal('prod')).ThrottlingRateLimit).toBeGreaterThan(limits(synthPortal('dev')).ThrottlingRateLimit);
  });
});
