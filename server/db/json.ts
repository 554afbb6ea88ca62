// jsonb columns arrive parsed from PGlite and node-postgres, but as text from some drivers and from
// columns written as text: read them through this one helper.
export const fromJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;
