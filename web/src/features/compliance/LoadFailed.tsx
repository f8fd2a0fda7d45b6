import { RetryAlert } from '#shared/components/RetryAlert';
import { LOAD_FAILED, problemOf } from './complianceMessages';

/** A compliance screen's load that failed: the API's sentence (or ours) and a Retry. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  return <RetryAlert message={problemOf(error, LOAD_FAILED)} retry={retry} />;
}
