/**
 * Forms are checked with the server's own zod schemas (lambdas/contract), so a form that passes here
 * is accepted there, with the same wording ("Email must be an email address"). What the server
 * answers is read by serverError.ts.
 */
export type FieldErrors<F extends PropertyKey> = Partial<Record<F, string>>;

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** The schema's first message per field, after the field's label; `messageOf` may reword a message. */
export function fieldErrorsOf<F extends string, I extends Issue>(
  issues: readonly I[],
  labels: Record<F, string>,
  messageOf: (field: F, issue: I) => string = (_field, issue) => issue.message,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in labels && !errors[field as F]) errors[field as F] = `${labels[field as F]} ${messageOf(field as F, issue)}`;
  }
  return errors;
}

/** What a form needs of a zod schema: its verdict on a body, with the issues when it refuses it. */
interface Schema<I extends Issue> {
  safeParse(body: unknown): { success: true } | { success: false; error: { issues: readonly I[] } };
}

/** The problems the server's `schema` finds in the `body` a form would send, per field as `fieldErrorsOf` says them; none when it passes. */
export function schemaProblems<F extends string, I extends Issue>(
  schema: Schema<I>,
  body: unknown,
  labels: Record<F, string>,
  messageOf?: (field: F, issue: I) => string,
): FieldErrors<F> {
  const parsed = schema.safeParse(body);
  return parsed.success ? {} : fieldErrorsOf(parsed.error.issues, labels, messageOf);
}
