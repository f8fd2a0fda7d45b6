import type { ProgramType } from '../contract';

/** How a program type reads on chips and receipts. */
export const PROGRAM_TYPE_LABEL: Record<ProgramType, string> = {
  certificate: 'Certificate',
  diploma: 'Diploma',
  associates: 'Associates',
};
