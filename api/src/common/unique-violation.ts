/** The unique index a PostgreSQL error (or its cause, as Drizzle wraps it) names, if it is a unique violation. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; detail?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? e.detail ?? 'unique';
  }
  return null;
}
