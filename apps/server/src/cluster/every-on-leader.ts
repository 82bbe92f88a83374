import type { App } from '../lib/app-type.js';

/**
 * Runs a background job at start and then every `ms`, until the app closes, in the process that
 * leads (a single process always does); failures are logged.
 */
export function everyOnLeader(
  app: App,
  ms: number,
  leading: () => boolean,
  job: () => Promise<unknown>,
  name: string,
  counted: (job: string) => void,
) {
  const run = () => {
    if (!leading()) return;
    counted(name);
    void job().catch((err: unknown) => app.log.error({ err, job: name }, 'background job failed'));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    timer = setInterval(run, ms);
    timer.unref();
    run();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });
}
