import { PageLoading } from '#shared/components/PageLoading';
import { LoadFailed } from './LoadFailed';

/** A compliance screen's query until its data is there: the loading line, or the failure with a Retry. */
export function LoadState({ isLoading, error, retry, loading }: { isLoading: boolean; error: unknown; retry: () => unknown; loading: string }) {
  return (
    <>
      {isLoading && <PageLoading label={loading} />}
      {error ? <LoadFailed error={error} retry={retry} /> : null}
    </>
  );
}
