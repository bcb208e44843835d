import { API, type FunctionSpec } from '@curio/contract';

/** `/functions/v1/{name}` → the name; null for any other path. */
export function functionNameOf(url: string): string | null {
  const match = /^\/functions\/v1\/([^/?#]+)$/.exec(new URL(url, 'http://localhost').pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The paths of the fields an answer carries that its parsed form does not: the output schemas are
 * plain `z.object`s, which drop undeclared keys without a word, so a field the server leaks would
 * otherwise pass. What keeps its keys when parsed (`z.record`, loose objects, `z.unknown`) is not
 * reported; in a union, the option that matched decides.
 */
export function undeclaredFields(json: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(json)) {
    if (!Array.isArray(parsed)) return [];
    return json.flatMap((item, i) => (i < parsed.length ? undeclaredFields(item, parsed[i], `${path}[${i}]`) : []));
  }
  if (!isPlainObject(json) || !isPlainObject(parsed)) return [];
  return Object.keys(json).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return Object.prototype.hasOwnProperty.call(parsed, key) ? undeclaredFields(json[key], parsed[key], at) : [at];
  });
}

/**
 * Throws when a function's answer does not match the output schema the contract declares for it: a
 * missing or mistyped field, or one the schema does not declare.
 */
export function assertMatchesContract(name: string, json: unknown): void {
  const spec = (API as Record<string, FunctionSpec>)[name];
  if (!spec) throw new Error(`${name} is not in the contract`);
  const result = spec.output.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${name} answered outside its output schema: ${issues}\n${JSON.stringify(json).slice(0, 500)}`);
  }
  const undeclared = undeclaredFields(json, result.data);
  if (undeclared.length) {
    const shown = [...new Set(undeclared.map((p) => p.replace(/\[\d+\]/g, '[]')))].join(', ');
    throw new Error(`${name} answered fields its output schema does not declare: ${shown}\n${JSON.stringify(json).slice(0, 500)}`);
  }
}
