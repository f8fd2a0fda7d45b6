import { useState } from 'react';
import { ConfirmDialog } from '#shared/components/ConfirmDialog';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { problemOf } from './clinicalMessages';

interface Options<T> {
  title: string;
  confirmLabel?: string;
  /** The question's sentence about `item`. */
  question: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
  /** The toast once done. */
  done: (item: T) => string;
  /** The page's sentence when the server gave none. */
  failed: string;
}

/**
 * A removal asked about first (ConfirmDialog), then sent; a refusal (409: a site with rotations) stays on the page
 * as the server's sentence. `problem` is the page's one problem line, shared with its other actions (`setProblem`).
 */
export function useConfirmedDelete<T>({ title, confirmLabel = 'Delete', question, remove, done, failed }: Options<T>) {
  const toast = useToast(TOAST_MS);
  const [target, setTarget] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    if (target === null) return;
    const item = target;
    setTarget(null);
    setProblem(null);
    try {
      await remove(item);
      toast(done(item), 'success');
    } catch (error) {
      setProblem(problemOf(error, failed));
    }
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={title}
      message={target === null ? '' : question(target)}
      confirmLabel={confirmLabel}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    />
  );
  return { ask: setTarget, problem, setProblem, dialog };
}
