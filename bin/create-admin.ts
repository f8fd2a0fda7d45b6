/**
 * Creates the first administrator of a deployed stage (or any later one):
 *   npm run create-admin -- --stage prod --username alice --email alice@school.edu [--first Alice --last Smith] [--invite]
 * Reads the user pool id from the Portal-<stage>-Auth stack's outputs, creates the user with a
 * temporary password (printed once; or mailed by Cognito with --invite) and adds them to the admin
 * group. At first sign-in the person must choose their own password (lib/create-admin.ts).
 * Uses the AWS credentials and region of your shell, like `cdk deploy`.
 */
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createAdmin, createdMessage } from '../lib/create-admin.js';
import { parseStage } from '../lib/stage.js';

const { values } = parseArgs({
  options: {
    stage: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    first: { type: 'string', default: '' },
    last: { type: 'string', default: '' },
    invite: { type: 'boolean', default: false },
  },
});

async function main() {
  const stage = parseStage(values.stage);
  if (!values.username || !values.email) throw new Error('Give --username and --email (and --stage dev|prod)');
  const stackName = `Portal-${stage}-Auth`;
  const stacks = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
  const userPoolId = stacks.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'UserPoolId')?.OutputValue;
  if (!userPoolId) throw new Error(`${stackName} has no UserPoolId output: deploy it first (npx cdk deploy --all -c stage=${stage})`);

  const admin = { username: values.username, email: values.email, firstName: values.first || undefined, lastName: values.last || undefined };
  const created = await createAdmin(new CognitoIdentityProviderClient({}), userPoolId, admin, { invite: values.invite });
  console.log(createdMessage(admin, userPoolId, created));
}

main().catch((error) => {
  console.error(`create-admin failed: ${(error as Error).message}`);
  process.exit(1);
});
