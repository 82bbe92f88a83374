import { CHARGER_BRANDS, type Brand } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { distinctBrandsAndModels } from './registry.repository.js';

/** Brands and models: the curated list plus what chargers reported in their BootNotification. */
export class ReferenceService {
  constructor(private readonly db: Db) {}

  async brands(): Promise<z.infer<typeof Brand>[]> {
    const map = new Map<string, Set<string>>(Object.entries(CHARGER_BRANDS).map(([b, m]) => [b, new Set(m)]));
    for (const r of await distinctBrandsAndModels(this.db)) {
      if (!r.brand) continue;
      const models = map.get(r.brand) ?? new Set<string>();
      if (r.model) models.add(r.model);
      map.set(r.brand, models);
    }
    return [...map.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, models]) => ({ name, models: [...models].sort() }));
  }
}
