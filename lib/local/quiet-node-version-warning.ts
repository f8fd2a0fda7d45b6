/**
 * The AWS SDK warns once per process that releases after January 2027 need Node 22. Our pins are
 * deliberate (see README "Toolchain"), so locally we drop that one warning and keep every other.
 */
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (text.startsWith('NodeVersionSupportWarning')) return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;
