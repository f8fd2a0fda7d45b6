/**
 * Creates the first administrator of a deployed stage (or any later one):
 *   npm run create-admin -- --stage prod --username alice --email alice@school.edu [--first Alice --last Smith]
 * Reads the user pool id from the Portal-<stage>-Auth stack's outputs, creates the user with a
 * generated password (shown once, to be changed by the person), and adds them to the admin group.
 * Uses the AWS credentials and region of your shell, like `cdk deploy`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { parseStage } from '../lib/stage.js';

const { values } = parseArgs({
  options: {
    stage: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    first: { type: 'string', default: '' },
    last: { type: 'string', default: '' },
  },
});

/** 20 characters with every class the pool's password policy requires. */
function generatePassword(): string {
  const classes = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+?'];
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [...classes.map(pick), ...Array.from({ length: 16 }, () => pick(classes.join('')))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBytes(1)[0]! % (i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

async function main() {
  const stage = parseStage(values.stage);
  if (!values.username || !values.email) throw new Error('Give --username and --email (and --stage dev|prod)');
  const stackName = `Portal-${stage}-Auth`;
  const stacks = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: stackName }));
  const userPoolId = stacks.Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === 'UserPoolId')?.OutputValue;
  if (!userPoolId) throw new Error(`${stackName} has no UserPoolId output: deploy it first (npx cdk deploy --all -c stage=${stage})`);

  const cognito = new CognitoIdentityProviderClient({});
  const password = generatePassword();
  await cognito.send(new AdminCreateUserCommand({
    UserPoolId: userPoolId,
    Username: values.username,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: values.email },
      { Name: 'email_verified', Value: 'true' },
      ...(values.first ? [{ Name: 'given_name', Value: values.first }] : []),
      ...(values.last ? [{ Name: 'family_name', Value: values.last }] : []),
    ],
  }));
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: values.username, Password: password, Permanent: true }));
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: values.username, GroupName: 'admin' }));
  console.log(`Created admin ${values.username} in ${userPoolId}.\nPassword (shown once; pass it on safely): ${password}`);
}

main().catch((error) => {
  console.error(`create-admin failed: ${(error as Error).message}`);
  process.exit(1);
});
