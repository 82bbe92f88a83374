import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * `firmware.campaign_progress` for campaign targets (one charger each) whose state this
 * transaction just changed: the charger's new step, with the campaign's counts per state.
 */
export async function campaignProgress(tx: Tx, targetIds: readonly number[]) {
  if (targetIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO integration_events (operator_id, type, charge_point_id, subject, data)
    SELECT c.operator_id, 'firmware.campaign_progress', t.charge_point_id, c.id::text,
      jsonb_build_object('campaignId', c.id, 'chargePointId', cp.charge_point_id, 'status', t.state,
        'counts', (SELECT jsonb_object_agg(state, n) FROM (SELECT state, count(*) AS n
          FROM firmware_campaign_targets WHERE campaign_id = c.id GROUP BY state) x))
      FROM firmware_campaign_targets t
      JOIN firmware_campaigns c ON c.id = t.campaign_id
      JOIN charge_points cp ON cp.id = t.charge_point_id
     WHERE t.id = ANY(${sql.param([...targetIds])}::int[])
     ORDER BY t.id`);
}
