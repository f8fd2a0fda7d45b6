/**
 * `npm run doctor -- --stage dev|prod [--send-test-alarm]` or `npm run doctor -- --local`: one line per
 * check (✓ passed, ✗ failed with its fix, – skipped), exit code 1 when any failed. The checks live in
 * lib/doctor/ (`--help` lists them); this file parses the arguments and prints.
 */
import '../lib/local/quiet-node-version-warning.js';
import { parseDoctorArgs, HELP } from '../lib/doctor/args.js';
import { credentialsResult, describeError, exitCodeOf, formatResult, isCredentialsError, type CheckResult } from '../lib/doctor/check.js';
import { DEFAULT_DATA_DIR } from '../lib/local/paths.js';

const args = parseDoctorArgs(process.argv.slice(2));
const print = (result: CheckResult) => console.log(formatResult(result));

async function main(): Promise<number> {
  switch (args.kind) {
    case 'help':
      console.log(HELP);
      return 0;
    case 'error':
      console.error(`${args.message}\n\n${HELP}`);
      return 2;
    case 'local': {
      const { runLocalChecks } = await import('../lib/doctor/local.js');
      const dataDir = args.dataDir ?? process.env.PORTAL_DATA_DIR ?? DEFAULT_DATA_DIR;
      console.log(`Portal doctor: the local stack at ${args.url} (data directory ${dataDir})`);
      return exitCodeOf(await runLocalChecks({ url: args.url, dataDir }, print));
    }
    case 'cloud': {
      const { runCloudChecks } = await import('../lib/doctor/cloud.js');
      console.log(`Portal doctor: stage ${args.stage}${args.region ? ` in ${args.region}` : ''}${args.sendTestAlarm ? ' (sends a test alarm)' : ' (read-only)'}`);
      try {
        return exitCodeOf(await runCloudChecks(args, print));
      } catch (error) {
        if (!isCredentialsError(error)) throw error;
        print(credentialsResult(error));
        return 1;
      }
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`doctor failed: ${describeError(error)}`);
    process.exit(1);
  },
);
