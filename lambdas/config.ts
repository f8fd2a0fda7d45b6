/**
 * Configuration read once at cold start. A missing variable fails the first import loudly
 * (the function never starts) instead of failing on the tenth request.
 */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}
