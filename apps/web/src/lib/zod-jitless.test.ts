import { describe, expect, it } from 'vitest';
import './zod-jitless';
import { config, z } from 'zod';

describe('zod without eval', () => {
  it('runs zod jitless, so a strict CSP reports no eval probe, and still parses objects', () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x' });
  });
});
