import { describe, expect, it } from 'vitest';
import { collectOutputs, findOutput, judgeStacks, originOf, outputValue, STACK_PARTS, STACK_REGION, stackName } from './outputs.js';

const stacks = [
  {
    StackName: 'Portal-prod-Data',
    StackStatus: 'UPDATE_COMPLETE',
    Outputs: [{ OutputKey: 'StripeSecretArn', OutputValue: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:StripeSecret-AbC123' }],
  },
  {
    StackName: 'Portal-prod-Auth',
    StackStatus: 'CREATE_COMPLETE',
    Outputs: [
      { OutputKey: 'UserPoolId', OutputValue: 'eu-west-1_AbCdEf123' },
      { OutputKey: 'UserPoolClientId', OutputValue: '4abc' },
    ],
  },
  {
    StackName: 'Portal-prod-Web',
    StackStatus: 'UPDATE_ROLLBACK_COMPLETE',
    Outputs: [
      { OutputKey: 'DistributionUrl', OutputValue: 'https://d111111abcdef8.cloudfront.net' },
      { OutputKey: 'DistributionIdE1B2C3', OutputValue: 'E2QWRUHAPOMQZL' },
    ],
  },
  // a construct-level output gets a hash suffix
  {
    StackName: 'Portal-prod-Ops',
    StackStatus: 'CREATE_COMPLETE',
    Outputs: [
      { OutputKey: 'AlarmTopicArnF00D1234', OutputValue: 'arn:aws:sns:eu-west-1:123456789012:Portal-prod-Ops-AlarmTopic' },
      { OutputKey: 'TestAlarmName', OutputValue: 'Portal-prod-Ops-Api5xxRate1A2B3C-XYZ' },
    ],
  },
  { StackName: 'Portal-prod-Api', StackStatus: 'CREATE_COMPLETE' },
  { StackName: 'Portal-prod-Jobs', StackStatus: 'CREATE_COMPLETE', Outputs: [{ OutputKey: 'Empty' }] },
  {
    StackName: 'Portal-prod-Waf',
    StackStatus: 'CREATE_COMPLETE',
    Outputs: [{ OutputKey: 'WebAclArn', OutputValue: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/portal-prod/a1b2' }],
  },
];

describe('stack outputs', () => {
  it('names the stacks as lib/app.ts does', () => {
    expect(stackName('prod', 'Web')).toBe('Portal-prod-Web');
  });

  it('finds each output by a key pattern and a plausible value, whatever suffix the key has', () => {
    const outputs = collectOutputs(stacks);
    expect(outputs).toHaveLength(8);
    expect(outputValue(outputs, 'stripeSecretArn')).toMatch(/^arn:aws:secretsmanager:/);
    expect(outputValue(outputs, 'alarmTopicArn')).toBe('arn:aws:sns:eu-west-1:123456789012:Portal-prod-Ops-AlarmTopic');
    expect(outputValue(outputs, 'userPoolId')).toBe('eu-west-1_AbCdEf123');
    expect(outputValue(outputs, 'distributionUrl')).toBe('https://d111111abcdef8.cloudfront.net');
    expect(outputValue(outputs, 'distributionId')).toBe('E2QWRUHAPOMQZL');
    expect(outputValue(outputs, 'webAclArn')).toMatch(/^arn:aws:wafv2:us-east-1:/);
    expect(outputValue(outputs, 'testAlarmName')).toBe('Portal-prod-Ops-Api5xxRate1A2B3C-XYZ');
    expect(findOutput(outputs, /Distribution/, /^E/)?.key).toBe('DistributionIdE1B2C3');
    expect(outputValue(collectOutputs([{ StackName: 'x', Outputs: [{ OutputKey: 'StripeSecretName', OutputValue: 'not-an-arn' }] }]), 'stripeSecretArn')).toBeUndefined();
  });

  it('looks for the WAF stack where lib/app.ts puts it', async () => {
    const { WAF_REGION } = await import('../stacks/waf-stack.js');
    expect(STACK_REGION.Waf).toBe(WAF_REGION);
    expect(STACK_PARTS).toContain('Waf');
  });

  it('makes an origin of the distribution output with or without its scheme', () => {
    expect(originOf('https://portal.school.edu/')).toBe('https://portal.school.edu');
    expect(originOf('d111111abcdef8.cloudfront.net')).toBe('https://d111111abcdef8.cloudfront.net');
  });

  it('passes a complete stage, and names what is missing or broken with the deploy command', () => {
    expect(judgeStacks('prod', stacks, [])).toMatchObject({ status: 'pass', found: expect.stringMatching(/^7 stacks of prod/) });
    expect(judgeStacks('prod', stacks.slice(1), ['Portal-prod-Data'])).toMatchObject({
      status: 'fail',
      found: 'not deployed: Portal-prod-Data',
      fix: expect.stringContaining('npx cdk deploy --all -c stage=prod'),
    });
    expect(judgeStacks('dev', [{ StackName: 'Portal-dev-Web', StackStatus: 'ROLLBACK_COMPLETE' }], [])).toMatchObject({
      status: 'fail',
      found: 'Portal-dev-Web is ROLLBACK_COMPLETE',
    });
    expect(judgeStacks('dev', [{ StackName: 'Portal-dev-Web', StackStatus: 'UPDATE_IN_PROGRESS' }], []).status).toBe('fail');
  });
});
