import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { cpuSlowdownFor, GOALS, judge, lostPoints, pageGates, REFERENCE_RENDER_MS } from '../../scripts/lighthouse-gate.mjs';

type Report = Parameters<typeof judge>[0];

function report({ performance = 1, seo = 1, lcpMs = 1500, canonical = 1, cls = 0, tbtMs = 40 } = {}): Report {
  return {
    categories: {
      performance: { score: performance, auditRefs: [{ id: 'largest-contentful-paint', weight: 25 }] },
      accessibility: { score: 1, auditRefs: [] },
      'best-practices': { score: 1, auditRefs: [] },
      seo: { score: seo, auditRefs: [{ id: 'canonical', weight: 1 }] },
    },
    audits: {
      'largest-contentful-paint': {
        score: lcpMs <= 2500 ? 0.9 : 0.1,
        numericValue: lcpMs,
        displayValue: `${(lcpMs / 1000).toFixed(1)} s`,
        title: 'Largest Contentful Paint',
      },
      'cumulative-layout-shift': { score: cls <= 0.1 ? 1 : 0.5, numericValue: cls, title: 'Cumulative Layout Shift' },
      'total-blocking-time': { score: tbtMs <= 200 ? 1 : 0.5, numericValue: tbtMs, displayValue: `${tbtMs} ms`, title: 'Total Blocking Time' },
      canonical: { score: canonical, title: 'Document has a valid rel=canonical', details: { items: [{ description: 'Relative URL (/x)' }] } },
    },
  };
}

describe('lighthouse gate', () => {
  it('passes a report at the goals', () => {
    expect(judge(report(), GOALS).failures).toEqual([]);
  });

  it('fails below each goal and says which', () => {
    const { failures } = judge(report({ performance: 0.94, seo: 0.92, lcpMs: 2100, canonical: 0 }), GOALS);
    expect(failures).toEqual(['performance 94 < 95', 'seo 92 < 100', 'LCP 2.10 s > 2 s']);
  });

  it('fails a page whose layout shifts more than 0.1, whatever the floor for its performance', () => {
    expect(judge(report({ cls: 0.12 }), { ...GOALS, performance: 65 }).failures).toEqual(['CLS 0.120 > 0.1']);
    expect(judge(report({ cls: 0.1 }), GOALS).failures).toEqual([]);
  });

  it('fails a page whose main thread is blocked more than 150 ms, whatever the floor for its performance', () => {
    expect(judge(report({ tbtMs: 151 }), { ...GOALS, performance: 65 }).failures).toEqual(['TBT 151 ms > 150 ms']);
    expect(judge(report({ tbtMs: 150 }), GOALS).failures).toEqual([]);
    // A report without the audit measured nothing: it does not pass.
    const unmeasured = report();
    delete (unmeasured.audits as Record<string, unknown>)['total-blocking-time'];
    expect(judge(unmeasured, GOALS).failures).toEqual(['TBT not measured']);
  });

  it('says what blocked the main thread when the blocking time costs points', () => {
    const lhr = report({ performance: 0.7, tbtMs: 900 });
    lhr.categories.performance!.auditRefs.push({ id: 'total-blocking-time', weight: 30 });
    Object.assign(lhr.audits, {
      'long-tasks': { score: null, title: 'Long tasks', details: { items: [{ url: 'http://x/assets/index-abc.js', duration: 412.4, startTime: 1830.2 }] } },
      'bootup-time': {
        score: 0.5,
        title: 'JavaScript execution time',
        details: { items: [{ url: 'http://x/assets/index-abc.js', scripting: 640.2, scriptParseCompile: 55.1 }] },
      },
    });
    const lines = lostPoints(lhr).join('\n');
    expect(lines).toMatch(/performance: total-blocking-time score 50 weight 30 \(900 ms\)/);
    expect(lines).toMatch(/long task 412 ms at 1830 ms: http:\/\/x\/assets\/index-abc\.js/);
    expect(lines).toMatch(/script 640 ms running, 55 ms compiling: http:\/\/x\/assets\/index-abc\.js/);
  });

  it("simulates the same phone at any speed of the machine: Lighthouse's 4x at the reference speed or faster, less when slower", () => {
    expect(cpuSlowdownFor(REFERENCE_RENDER_MS)).toBe(4);
    expect(cpuSlowdownFor(REFERENCE_RENDER_MS / 2)).toBe(4);
    // Twice as slow this hour: half the slowdown, the same phone.
    expect(cpuSlowdownFor(REFERENCE_RENDER_MS * 2)).toBe(2);
    expect(cpuSlowdownFor(REFERENCE_RENDER_MS * 2.5)).toBe(1.6);
    expect(cpuSlowdownFor(REFERENCE_RENDER_MS * 10)).toBe(1);
    // Nothing measured: Lighthouse's default.
    expect(cpuSlowdownFor(undefined)).toBe(4);
  });

  it('names the audits that cost the points, with what they found', () => {
    const lines = lostPoints(report({ seo: 0.92, canonical: 0, performance: 0.8, lcpMs: 3000 })).join('\n');
    expect(lines).toMatch(/seo: canonical score 0 weight 1/);
    expect(lines).toMatch(/Relative URL/);
    expect(lines).toMatch(/performance: largest-contentful-paint score 10 weight 25 \(3\.0 s\)/);
  });

  it('reports the goals it misses even when a lower gate lets it pass', () => {
    const verdict = judge(report({ performance: 0.6, lcpMs: 5000 }), { ...GOALS, performance: 50, lcpMs: 6000 });
    expect(verdict.failures).toEqual([]);
    expect(verdict.missedGoals).toEqual(['performance 60 < 95', 'LCP 5.00 s > 2 s']);
  });

  it('reads a floor per page, over the gate for the pages it names only', () => {
    const gates = pageGates('landing=85/2500, profile=60/7000', GOALS);
    expect(gates.landing).toEqual({ ...GOALS, performance: 85, lcpMs: 2500 });
    expect(gates.profile).toEqual({ ...GOALS, performance: 60, lcpMs: 7000 });
    expect(gates.item).toBeUndefined();
    expect(judge(report({ performance: 0.7, lcpMs: 6000 }), gates.profile).failures).toEqual([]);
    expect(judge(report({ performance: 0.7, lcpMs: 6000 }), gates.landing).failures).toEqual(['performance 70 < 85', 'LCP 6.00 s > 2.5 s']);
    expect(pageGates('')).toEqual({});
    expect(() => pageGates('landing=85')).toThrow(/not page=performance\/lcpMs/);
  });
});
