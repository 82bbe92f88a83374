import type { DeviceFirmware, DeviceFirmwareFilter, Page } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { pageDevices } from './devices.repository.js';

type Filter = z.output<typeof DeviceFirmwareFilter>;
const EXPORT_BATCH = 500;

/** `/management/device/firmware` and the update screen's charger picker: every charger's firmware in reach. */
export class DeviceFirmwareService {
  constructor(private readonly db: Db) {}

  async page(ctx: Ctx, filter: Filter, index: number, size: number): Promise<Page<DeviceFirmware>> {
    const { items, total } = await pageDevices(this.db, ctx.actor, filter, index * size, size);
    return { items, total, index, size };
  }

  /** All of them, a batch at a time (the Excel export). */
  async *all(ctx: Ctx, filter: Filter): AsyncIterable<DeviceFirmware> {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { items } = await pageDevices(this.db, ctx.actor, filter, offset, EXPORT_BATCH);
      yield* items;
      if (items.length < EXPORT_BATCH) return;
    }
  }
}
