import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_URL, HELP, parseDoctorArgs } from './args.js';

describe('doctor arguments', () => {
  it('reads a cloud run: stage, optional region, the test alarm off unless asked', () => {
    expect(parseDoctorArgs(['--stage', 'prod'])).toEqual({ kind: 'cloud', stage: 'prod', region: undefined, sendTestAlarm: false });
    expect(parseDoctorArgs(['--stage', 'dev', '--region', 'eu-west-1', '--send-test-alarm'])).toEqual({ kind: 'cloud', stage: 'dev', region: 'eu-west-1', sendTestAlarm: true });
  });

  it('reads a local run with the default origin, or the given one without its trailing slash', () => {
    expect(parseDoctorArgs(['--local'])).toEqual({ kind: 'local', url: DEFAULT_LOCAL_URL, dataDir: undefined });
    expect(parseDoctorArgs(['--local', '--url', 'http://localhost:4123/', '--data-dir', '/tmp/d'])).toEqual({ kind: 'local', url: 'http://localhost:4123', dataDir: '/tmp/d' });
  });

  it('refuses what cannot mean anything, with a message saying what to give', () => {
    const message = (argv: string[]) => {
      const parsed = parseDoctorArgs(argv);
      return parsed.kind === 'error' ? parsed.message : `not an error: ${parsed.kind}`;
    };
    expect(message([])).toMatch(/--stage dev\|prod .* or --local/);
    expect(message(['--stage', 'qa'])).toMatch(/Unknown stage "qa"/);
    expect(message(['--local', '--stage', 'dev'])).toMatch(/not both/);
    expect(message(['--local', '--send-test-alarm'])).toMatch(/go with --stage/);
    expect(message(['--stage', 'dev', '--url', 'http://x'])).toMatch(/go with --local/);
    expect(message(['--local', '--url', 'http://localhost:3000/app'])).toMatch(/must be an origin/);
    expect(message(['--bogus'])).toMatch(/bogus/);
  });

  it('says in --help that the run is read-only and that --send-test-alarm is its one write', () => {
    expect(parseDoctorArgs(['--help'])).toEqual({ kind: 'help' });
    expect(HELP).toMatch(/Read-only/);
    expect(HELP).toMatch(/--send-test-alarm\s+the one write: SetAlarmState/);
  });
});
