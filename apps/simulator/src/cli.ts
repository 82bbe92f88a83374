import { HELP, parseCli } from './cli-args.js';
import { startFleet, type FleetStats } from './fleet.js';

function summary(s: FleetStats, previousSent: number, seconds: number): string {
  const rate = Math.round((s.messagesSent - previousSent) / seconds);
  return (
    `[${new Date().toISOString().slice(11, 19)}] chargers ${s.chargers} | connected ${s.connected} | ` +
    `online ${s.online} | charging ${s.charging} (refused ${s.refused}) | faulted ${s.faulted} | sent ${s.messagesSent} (${rate}/s) | ` +
    `received ${s.messagesReceived} | queued ${s.queued}`
  );
}

async function main(): Promise<void> {
  let config;
  try {
    config = parseCli(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n\n${HELP}`);
    process.exit(2);
  }
  if (!config) {
    process.stdout.write(HELP);
    return;
  }
  const { fleet: options, summaryEvery, verbose } = config;
  if (verbose) options.logger = { info: (m) => console.log(m), warn: (m) => console.warn(m) };
  console.log(`Starting ${options.count} chargers against ${options.url} (speed ×${options.speed ?? 1})`);
  const fleet = await startFleet(options);
  let previousSent = 0;
  const timer =
    summaryEvery > 0
      ? setInterval(() => {
          const stats = fleet.stats();
          console.log(summary(stats, previousSent, summaryEvery));
          previousSent = stats.messagesSent;
        }, summaryEvery * 1000)
      : undefined;
  console.log(summary(fleet.stats(), 0, 1));
  const shutdown = (): void => {
    if (timer) clearInterval(timer);
    console.log('Stopping chargers...');
    fleet.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main();
