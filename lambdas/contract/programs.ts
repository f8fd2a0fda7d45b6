/** The three kinds of program the school offers, as the spec fixes them. */
export const PROGRAM_TYPES = ['certificate', 'diploma', 'associates'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

/** Which list of `payment_details` a program type lands in. */
export const PAYMENT_LIST_OF = {
  certificate: 'certificate_courses',
  diploma: 'diploma_programs',
  associates: 'associate_programs',
} as const satisfies Record<ProgramType, string>;

/** Display names used when a program has no name of its own (the spec's "Add bill to cart" fixes them). */
export const FALLBACK_PROGRAM_NAME: Record<ProgramType, string> = {
  certificate: 'Certificate Program',
  diploma: 'Diploma Program',
  associates: 'Associates Program',
};
