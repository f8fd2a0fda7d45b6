import type { ProgramType } from '#contract/programs';

/** How a program type reads on chips and receipts. */
export const PROGRAM_TYPE_LABEL: Record<ProgramType, string> = {
  certificate: 'Certificate',
  diploma: 'Diploma',
  associates: 'Associates',
};
