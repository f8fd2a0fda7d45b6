/**
 * The grant mapping for rows the route table does not use yet (userpool:admin), on a small app
 * with a made-up route so it stays fast (one tiny bundle, no web stack).
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../lambdas/routes.js';
import { FIXTURE_HANDLER } from '../support/fixture-handler.js';
import { USER_POOL_ADMIN_ACTIONS } from '../../lib/constructs/api-function.js';
import { ApiStack } from '../../lib/stacks/api-stack.js';
import { AuthStack } from '../../lib/stacks/auth-stack.js';
import { DataStack } from '../../lib/stacks/data-stack.js';
import { stageSettings } from '../../lib/stage.js';
import { cdkJsonContext, functionIdOfRoute, removeSynthOutputs, statementsOfFunction, synthOutdir, withNestedStacks } from './synth.js';

const adminRoute: RouteDef = {
  id: 'users-admin-test',
  method: 'POST',
  path: '/api/users/create/',
  handler: FIXTURE_HANDLER,
  access: ['admin'],
  grants: ['userpool:admin'],
};

afterAll(removeSynthOutputs);

describe('ApiFunction grants', () => {
  let api: Template;
  let auth: Template;
  beforeAll(() => {
    const app = new App({ context: cdkJsonContext(), outdir: synthOutdir() });
    const stage = stageSettings('dev');
    const data = new DataStack(app, 'Data', { stage, corsOrigins: ['*'] });
    const authStack = new AuthStack(app, 'Auth', { stage });
    const apiStack = new ApiStack(app, 'Api', {
      stage,
      routes: [adminRoute],
      resources: { table: data.table, bucket: data.documentsBucket, userPool: authStack.userPool, userPoolClient: authStack.userPoolClient, stripeSecret: data.stripeSecret },
    });
    api = withNestedStacks(apiStack);
    auth = Template.fromStack(authStack);
  });

  it('userpool:admin allows the listed Admin* actions on the pool ARN only, and nothing else', () => {
    const statements = statementsOfFunction(api, functionIdOfRoute(api, 'POST /api/users/create'));
    const cognito = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toHaveLength(1);
    expect([cognito[0]!.Action].flat().sort()).toEqual([...USER_POOL_ADMIN_ACTIONS].sort());
    expect(JSON.stringify(cognito[0]!.Resource)).toContain('UserPool');
    expect(cognito[0]!.Resource).not.toBe('*');
    const others = statements.flatMap((s) => [s.Action].flat()).filter((a) => !/^(cognito-idp|xray|logs):/.test(a));
    expect(others).toEqual([]);
    expect(Object.keys(auth.findResources('AWS::Cognito::UserPool'))).toHaveLength(1);
  });
});
