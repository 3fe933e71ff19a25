export type Filter = (value: unknown, arg?: string) => unknown;

export const FILTERS: Record<string, Filter> = {
  upper: (v) => String(v).toUpperCase(),
  lower: (v) => String(v).toLowerCase(),
  trim: (v) => String(v).trim(),
  default: (v, arg) => (v === undefined || v === null || v === '' ? arg : v),
  initial: (v) => (v as string).charAt(0).toUpperCase(),
  join: (v, arg) => (v as unknown[]).join(arg ?? ', '),
  count: (v) => (v as unknown[]).length,
};
