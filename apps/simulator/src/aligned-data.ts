import type { SimCharger } from './charger.js';
import type { Task } from './scheduler.js';

/**
 * Clock-aligned meter readings (ClockAlignedDataInterval, MeterValuesAlignedData): one MeterValues per
 * connector at every multiple of the interval past midnight UTC (in simulated seconds when sped up).
 */
export function scheduleAlignedData(charger: SimCharger): void {
  let task: Task | undefined;
  const arm = (): void => {
    charger.cancel(task);
    const interval = charger.config.getInt('ClockAlignedDataInterval', 0);
    if (interval <= 0 || charger.isClosed) return;
    const nowS = (Date.now() * charger.options.speed) / 1000;
    const wait = interval - (nowS % interval);
    task = charger.later(wait, () => {
      if (charger.isOnline)
        charger.sessions.sendMeterValues(undefined, 'Sample.Clock', 'MeterValuesAlignedData');
      arm();
    });
  };
  charger.config.onChange((key) => {
    if (key === 'ClockAlignedDataInterval') arm();
  });
  arm();
}
