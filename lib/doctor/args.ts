/** The command line of `npm run doctor` (bin/doctor.ts), parsed without side effects so it can be tested. */
import { parseArgs } from 'node:util';
import { isStageName, STAGES, type StageName } from '../stage.js';

export type DoctorArgs =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | { kind: 'local'; url: string; dataDir: string | undefined }
  | { kind: 'cloud'; stage: StageName; region: string | undefined; sendTestAlarm: boolean };

export const DEFAULT_LOCAL_URL = 'http://localhost:3000';

export const HELP = `Checks that a deployed stage (or the local stack) is ready for people: one line per check,
✓ passed, ✗ failed (with the fix), – skipped. Exits 1 when any check failed.

  npm run doctor -- --stage dev|prod [--region eu-west-1] [--send-test-alarm]
  npm run doctor -- --local [--url ${DEFAULT_LOCAL_URL}] [--data-dir .data]

--stage            reads the Portal-<stage>-* stack outputs with your shell's AWS credentials and region
                   (AWS_PROFILE, AWS_REGION, as for \`cdk deploy\`) and checks: the Stripe secret and key
                   mode, the Stripe webhook endpoint, the API's authorizer, the alarm topic's confirmed
                   subscribers and policy, the SES identity and production access, the WAF on the
                   distribution, and the account's Lambda concurrency quota.
                   Read-only: it only describes, lists and reads (Secrets Manager GetSecretValue included;
                   no secret is printed), and calls Stripe's API with GET only.
--send-test-alarm  the one write: SetAlarmState puts one of the stage's alarms into ALARM so its topic
                   notifies the subscribers; CloudWatch sets it back to its real state on its own at the
                   next evaluation (within minutes, usually seconds).
--local            checks the stack \`npm start\` runs: config.json, the Stripe sandbox's keys (from the
                   data directory's stripe-keys.json: --data-dir, else PORTAL_DATA_DIR, else .data), its
                   webhook delivery to the gateway, and the API's 401. AWS-only checks are skipped.
                   Sends one signed Stripe event of a type the portal ignores to the local webhook.`;

export function parseDoctorArgs(argv: readonly string[]): DoctorArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        stage: { type: 'string' },
        region: { type: 'string' },
        'send-test-alarm': { type: 'boolean', default: false },
        local: { type: 'boolean', default: false },
        url: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (values.local && values.stage !== undefined) return { kind: 'error', message: 'Give either --local or --stage, not both.' };
  if (values.local) {
    if (values['send-test-alarm'] || values.region) return { kind: 'error', message: '--send-test-alarm and --region go with --stage, not --local.' };
    const url = (values.url ?? DEFAULT_LOCAL_URL).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+$/.test(url)) return { kind: 'error', message: `--url must be an origin such as ${DEFAULT_LOCAL_URL}, got ${values.url}` };
    return { kind: 'local', url, dataDir: values['data-dir'] };
  }
  if (values.url || values['data-dir']) return { kind: 'error', message: '--url and --data-dir go with --local.' };
  if (values.stage === undefined) return { kind: 'error', message: `Give --stage ${STAGES.join('|')} (a deployed stage) or --local (the stack \`npm start\` runs).` };
  if (!isStageName(values.stage)) return { kind: 'error', message: `Unknown stage ${JSON.stringify(values.stage)}: give one of ${STAGES.join(', ')}.` };
  return { kind: 'cloud', stage: values.stage, region: values.region, sendTestAlarm: values['send-test-alarm'] };
}
