import { useState, type FormEvent } from 'react';

interface Problem {
  problem: string;
}

const isProblem = (result: object): result is Problem => 'problem' in result;

/**
 * The submit of a form that checks itself before it saves (a plan template, the hold rules): the check's
 * problem, or else the save's refusal, shows as `failure`, and `busy` holds while the save runs.
 */
export function useCheckedSave<T extends object>(check: () => Problem | T, save: (checked: T) => Promise<string | null>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const checkAndSave = async () => {
    const result = check();
    if (isProblem(result)) return setFailure(result.problem);
    setFailure(null);
    setBusy(true);
    const refused = await save(result);
    setBusy(false);
    setFailure(refused);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void checkAndSave();
  };

  return { failure, busy, submit };
}
