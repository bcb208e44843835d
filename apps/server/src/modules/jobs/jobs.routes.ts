import { ADMIN_FAILED_JOBS_LIMIT } from '@curio/contract';
import { implement } from '../../lib/functions';
import { notFound } from '../../lib/errors';
import type { Jobs } from './jobs';

/** The admin's job queue page: every queue by state, the failed jobs, one more attempt or drop for each. */
export const jobsFunctions = (jobs: Jobs) =>
  implement({
    'admin-jobs': async () => ({
      queues: await jobs.stats(),
      processes: await jobs.processes(),
      failed: await jobs.failedJobs(ADMIN_FAILED_JOBS_LIMIT),
      generatedAt: new Date().toISOString(),
    }),
    'admin-job-retry': async (input) => {
      if (!jobs.isQueue(input.queue) || !(await jobs.retryFailed(input.queue, input.jobId))) throw notFound('No such failed job');
      return { ok: true as const };
    },
    'admin-job-drop': async (input) => {
      if (!jobs.isQueue(input.queue) || !(await jobs.dropFailed(input.queue, input.jobId))) throw notFound('No such failed job');
      return { ok: true as const };
    },
  });
