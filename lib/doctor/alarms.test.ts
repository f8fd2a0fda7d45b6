import { describe, expect, it } from 'vitest';
import { judgeSubscriptions, judgeTopicPolicy, pickTestAlarm } from './alarms.js';

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:Portal-prod-Ops-AlarmTopic';

describe('alarm topic subscribers', () => {
  const confirmed = { SubscriptionArn: `${TOPIC}:0f3c`, Protocol: 'email', Endpoint: 'ops@school.edu' };
  const pending = { SubscriptionArn: 'PendingConfirmation', Protocol: 'email', Endpoint: 'dean@school.edu' };

  it('passes with a confirmed subscription and lists pending ones beside it', () => {
    expect(judgeSubscriptions([confirmed], TOPIC, 'prod')).toMatchObject({ status: 'pass', found: '1 confirmed: email ops@school.edu' });
    expect(judgeSubscriptions([confirmed, pending], TOPIC, 'prod').found).toMatch(/1 still pending \(email dean@school.edu\)/);
  });

  it('fails when every subscription waits for its confirmation mail, and says where to click', () => {
    expect(judgeSubscriptions([pending], TOPIC, 'prod')).toMatchObject({
      status: 'fail',
      found: 'none confirmed; pending: email dean@school.edu',
      fix: expect.stringMatching(/Confirm subscription/),
    });
  });

  it('fails a topic with no subscriber, with both ways to add one', () => {
    const result = judgeSubscriptions([], TOPIC, 'prod');
    expect(result).toMatchObject({ status: 'fail', found: 'no subscriber: alarms reach nobody' });
    expect(result.fix).toMatch(/-c alarmEmail=/);
    expect(result.fix).toContain(`aws sns subscribe --topic-arn ${TOPIC} --protocol email`);
  });
});

describe('alarm topic policy', () => {
  // what `enforceSSL: true` adds to a topic (and, alone, is the whole policy)
  const tlsOnly = {
    Effect: 'Deny',
    Principal: { AWS: '*' },
    Action: 'sns:Publish',
    Resource: TOPIC,
    Condition: { Bool: { 'aws:SecureTransport': 'false' } },
  };
  const cloudwatchAllowed = {
    Effect: 'Allow',
    Principal: { Service: 'cloudwatch.amazonaws.com' },
    Action: 'sns:Publish',
    Resource: TOPIC,
    Condition: { ArnLike: { 'aws:SourceArn': 'arn:aws:cloudwatch:eu-west-1:123456789012:alarm:*' } },
  };
  const policy = (...Statement: object[]) => JSON.stringify({ Version: '2012-10-17', Statement });

  it('fails the Deny-only policy that lets no alarm through', () => {
    expect(judgeTopicPolicy(policy(tlsOnly), TOPIC, 'prod')).toMatchObject({ status: 'fail', found: expect.stringMatching(/no statement allows cloudwatch.amazonaws.com/) });
  });

  it('passes CloudWatch allowed to publish, TLS only', () => {
    expect(judgeTopicPolicy(policy(tlsOnly, cloudwatchAllowed), TOPIC, 'prod')).toMatchObject({ status: 'pass', found: 'cloudwatch.amazonaws.com may publish, TLS only' });
    // SNS's own default policy: any principal of the account, which includes this account's alarms
    const snsDefault = {
      Effect: 'Allow',
      Principal: { AWS: '*' },
      Action: ['SNS:GetTopicAttributes', 'sns:Publish'],
      Condition: { StringEquals: { 'AWS:SourceOwner': '123456789012' } },
    };
    expect(judgeTopicPolicy(policy(snsDefault), TOPIC, 'prod').status).toBe('pass');
  });

  it('fails a Deny on CloudWatch that is not the TLS one, and an unreadable policy', () => {
    const denyAll = { Effect: 'Deny', Principal: '*', Action: 'sns:*' };
    expect(judgeTopicPolicy(policy(cloudwatchAllowed, denyAll), TOPIC, 'prod').status).toBe('fail');
    expect(judgeTopicPolicy(undefined, TOPIC, 'prod')).toMatchObject({ status: 'fail', fix: expect.stringContaining('npx cdk deploy Portal-prod-Ops -c stage=prod') });
  });
});

describe('the test alarm', () => {
  const alarm = (AlarmName: string, StateValue: string, actions = [TOPIC]) => ({ AlarmName, StateValue, AlarmActions: actions, ActionsEnabled: true });

  it('picks an alarm that notifies the topic and is not already in ALARM, the API 5xx one first', () => {
    expect(pickTestAlarm([alarm('Portal-prod-Ops-ErrorsLogin', 'OK'), alarm('Portal-prod-Ops-Api5xxRate1A', 'OK')], TOPIC)?.AlarmName).toBe('Portal-prod-Ops-Api5xxRate1A');
    expect(pickTestAlarm([alarm('Portal-prod-Ops-Api5xxRate1A', 'ALARM'), alarm('Portal-prod-Ops-ErrorsLogin', 'INSUFFICIENT_DATA')], TOPIC)?.AlarmName).toBe(
      'Portal-prod-Ops-ErrorsLogin',
    );
  });

  it('picks none when no alarm could notify anyone by changing state', () => {
    expect(pickTestAlarm([alarm('a', 'ALARM'), alarm('b', 'OK', ['arn:aws:sns:eu-west-1:1:other'])], TOPIC)).toBeUndefined();
    expect(pickTestAlarm([{ ...alarm('c', 'OK'), ActionsEnabled: false }], TOPIC)).toBeUndefined();
  });
});

describe('the test alarm the ops stack names', () => {
  const alarm = (AlarmName: string, StateValue = 'OK') => ({ AlarmName, StateValue, AlarmActions: [TOPIC], ActionsEnabled: true });

  it('is preferred while it can notify, and replaced by another when it is already in ALARM', () => {
    expect(pickTestAlarm([alarm('Portal-prod-Ops-Api5xxRate1A'), alarm('Portal-prod-Ops-Designated')], TOPIC, 'Portal-prod-Ops-Designated')?.AlarmName).toBe(
      'Portal-prod-Ops-Designated',
    );
    expect(pickTestAlarm([alarm('Portal-prod-Ops-Designated', 'ALARM'), alarm('Portal-prod-Ops-Other')], TOPIC, 'Portal-prod-Ops-Designated')?.AlarmName).toBe(
      'Portal-prod-Ops-Other',
    );
  });
});
