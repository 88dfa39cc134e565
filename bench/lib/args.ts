/** `--name N` from the command line as a positive integer, or `dflt` when absent. */
export function intArg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} needs a positive integer`);
  return v;
}

/** `--name value` from the command line as a string, or `dflt` when absent. */
export function strArg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return dflt;
  const v = process.argv[i + 1];
  if (v === undefined) throw new Error(`--${name} needs a value`);
  return v;
}
