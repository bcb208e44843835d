import { API, type FunctionSpec } from '@curio/contract';

/** Throws when a function's answer does not match the output schema the contract declares for it. */
export function assertMatchesContract(name: string, json: unknown): void {
  const spec = (API as Record<string, FunctionSpec>)[name];
  if (!spec) throw new Error(`${name} is not in the contract`);
  const result = spec.output.safeParse(json);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${name} answered outside its output schema: ${issues}\n${JSON.stringify(json).slice(0, 500)}`);
  }
}
