import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from './env';
import { closed, compiledServer } from './test/compiled';

// A real server process receiving SIGTERM: it stops accepting connections at once, finishes the
// request it is serving, ends live streams with a retry hint, and exits cleanly within 10 s.
describe('shutdown drains', () => {
  it('refuses new connections, finishes a running request, ends live streams with retry, exits 0 within 10 s', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const origin = `http://localhost:${port}`;
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, compiledServer('main'), {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        WORKERS: '0',
        CUTOUT: 'simple',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-drain-')),
      },
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    const exited = closed(child);
    try {
      const deadline = Date.now() + 40_000;
      while (!stdout.includes('is listening') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(stdout).toContain('is listening');

      const signUp = await fetch(`${base}/auth/v1/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `drain${Date.now()}@example.com`, password: 'correct horse battery', name: 'Drain' }),
      });
      expect(signUp.status).toBe(200);
      const cookie = signUp.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');

      // A live stream, open and greeted.
      const stream = await fetch(`${base}/realtime/v1/notifications`, { headers: { cookie } });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let streamed = decoder.decode((await reader.read()).value);
      expect(streamed).toContain('event: unseen');

      // A request in flight: its body arrives in two halves, around the signal.
      const body = JSON.stringify({ name: 'page_view', props: { path: '/drain' } });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let answer = '';
      socket.on('data', (d) => (answer += d));
      const answered = new Promise((r) => socket.once('end', r).once('close', r));
      // It asks to continue, so the server's "100 Continue" tells when it has read the head: the request is then running.
      socket.write(
        `POST /functions/v1/analytics-track HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n${body.slice(0, 10)}`,
      );
      await vi.waitFor(() => expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/), { timeout: 5_000, interval: 20 });

      const signalled = Date.now();
      child.kill('SIGTERM');

      // New connections are refused (from when the server has taken the signal). A new TCP connection each
      // time: fetch would reuse a kept-alive one of the requests above, which the server still answers (503).
      const connects = () =>
        new Promise<void>((resolve, reject) => {
          const probe = net.connect(port, '127.0.0.1');
          probe.once('connect', () => {
            probe.destroy();
            resolve();
          });
          probe.once('error', reject);
        });
      await vi.waitFor(() => expect(connects()).rejects.toThrow(/ECONNREFUSED/), { timeout: 5_000, interval: 50 });
      // The live stream was ended with a retry hint.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        streamed += decoder.decode(value);
      }
      expect(streamed).toMatch(/retry: \d+/);
      // The running request is finished and answered.
      socket.write(body.slice(10));
      await answered;
      expect(answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '')).toMatch(/^HTTP\/1\.1 (200|202|204|400) /);

      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(stdout).toContain('stopped');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 70_000);
});
