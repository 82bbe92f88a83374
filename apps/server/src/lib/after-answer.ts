import type { FastifyBaseLogger } from 'fastify';

/**
 * Work started once the answer is decided and done after it (an e-mail), so that the answer and
 * its time are the same whatever the work turns out to be. A failure is logged, never thrown.
 */
export class AfterAnswer {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log?: Pick<FastifyBaseLogger, 'error'>) {}

  run(what: string, work: () => Promise<void>): void {
    const done: Promise<void> = work()
      .catch((err: unknown) => this.log?.error({ err }, `${what} failed`))
      .finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Resolves once all work started so far is over (shutdown and tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
