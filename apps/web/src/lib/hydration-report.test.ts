import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRecoverableError } from './hydration-report';

afterEach(() => vi.restoreAllMocks());

describe('reportRecoverableError', () => {
  it('reports a mismatch in a test build with the error and the component it happened in, every time', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mismatch = new Error('Hydration failed because the server rendered text didn’t match the client.');
    reportRecoverableError(mismatch, { componentStack: '\n    at ItemPage' });
    reportRecoverableError(mismatch, { componentStack: '\n    at ExploreGrid' });
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0]).toEqual([expect.stringContaining('Hydration'), mismatch, '\n    at ItemPage']);
    expect(error.mock.calls[1]?.[2]).toBe('\n    at ExploreGrid');
  });
});
