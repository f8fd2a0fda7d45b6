import { LedgerPostRequest } from '#contract/student-admin';
import type { ProgramType } from '#contract/programs';
import type { ProgramBalance } from '#contract/students';
import { schemaProblems, type FieldErrors } from '#shared/lib/fieldErrors';
import { defineFormFields, type FormValues } from '#shared/lib/formFields';
import type { LedgerEntryBody } from './studentsAdminApi';

/** Post Charge or Credit: a new ledger entry against one of the student's programs (never an edit). */
const LEDGER_ENTRY_FORM = defineFormFields({
  kind: { label: 'Kind', initial: 'charge' as 'charge' | 'credit' },
  /** `<program_type>#<program_id>` of the chosen enrollment. */
  program: { label: 'Program', initial: '' },
  amount: { label: 'Amount', initial: '' },
  reason: { label: 'Reason', initial: '' },
  next_due_date: { label: 'Next Due Date', initial: '' },
});

export type LedgerEntryValues = FormValues<typeof LEDGER_ENTRY_FORM.fields>;

export type LedgerEntryField = keyof LedgerEntryValues;

export const LEDGER_ENTRY_LABELS = LEDGER_ENTRY_FORM.labels;

export const programKey = (program: Pick<ProgramBalance, 'program_type' | 'id'>) => `${program.program_type}#${program.id}`;

/** A single program is chosen already. */
export const newLedgerEntry = (programs: readonly ProgramBalance[]): LedgerEntryValues => ({
  ...LEDGER_ENTRY_FORM.initial,
  program: programs.length === 1 && programs[0] ? programKey(programs[0]) : '',
});

/** The body of POST /api/students/{username}/charges/; an empty date leaves the due date as it is. */
export function ledgerEntryBody(values: LedgerEntryValues): LedgerEntryBody {
  const split = values.program.indexOf('#');
  return {
    program_type: values.program.slice(0, Math.max(split, 0)) as ProgramType,
    program_id: split < 0 ? '' : values.program.slice(split + 1),
    kind: values.kind,
    amount: values.amount.trim(),
    reason: values.reason,
    ...(values.next_due_date ? { next_due_date: values.next_due_date } : {}),
  };
}

/** The schema names program_type and program_id; the form has one Program select for both. */
export function validateLedgerEntry(values: LedgerEntryValues): FieldErrors<LedgerEntryField> {
  if (!values.program) {
    const rest = validateLedgerEntry({ ...values, program: 'certificate#placeholder' });
    return { ...rest, program: `${LEDGER_ENTRY_LABELS.program} is required` };
  }
  return schemaProblems(LedgerPostRequest, ledgerEntryBody(values), LEDGER_ENTRY_LABELS);
}
