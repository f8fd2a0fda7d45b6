/** One page of a cursor-paginated list (courses, students; documents and payments answer the same shape). */
export interface Page<T> {
  results: T[];
  count: number;
  /** Opaque cursor for the next page, or null on the last page. */
  next: string | null;
}
