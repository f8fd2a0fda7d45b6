/** A test record's maker: the defaults, with whatever fields a test sets in place of them. */
export const withDefaults =
  <T extends object>(defaults: T) =>
  (overrides: Partial<T> = {}): T => ({ ...defaults, ...overrides });
