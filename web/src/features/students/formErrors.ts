/**
 * The student forms are checked with the server's own zod schemas (lambdas/contract/student-admin.ts),
 * so a form that passes here is accepted there, with the same wording ("Email must be an email address").
 * What the server answers is read by shared/lib/serverError.ts.
 */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The schema's first message per field, after the field's label. */
export function fieldErrorsOf<F extends string>(issues: readonly Issue[], labels: Record<F, string>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in labels && !errors[field as F]) errors[field as F] = `${labels[field as F]} ${issue.message}`;
  }
  return errors;
}
