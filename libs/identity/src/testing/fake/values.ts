// Pure helpers on the plain JSON values the fake stores (no state of their own).

/** The addresses the fake takes are the ones the embedded provider takes (the identity contract's rule). */
export { isEmailAddress } from '@portal/identity-contract';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export function getPath(target: unknown, path: string): unknown {
  let current = target;
  for (const key of path.split('.')) {
    if (Array.isArray(current)) current = current[0];
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let current = target;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(current[key])) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
  current[keys[keys.length - 1] ?? ''] = value;
}

export function dropUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The names in a comma-separated parameter such as `include`. */
export function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
