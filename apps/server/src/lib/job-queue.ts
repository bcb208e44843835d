/**
 * What a platform service (the mailer, text messages) needs of the job queue: to send a job to a queue it
 * is given the name of, and to work that queue. The jobs module's queue (`modules/jobs/jobs.ts`) is one;
 * the composition root hands it over with the queue's name, so the platform never imports a module.
 */
export interface JobQueue {
  send(name: string, data: object): Promise<string | null>;
  handle<T>(name: string, handler: (data: T) => Promise<unknown>, concurrency?: number): void;
}
