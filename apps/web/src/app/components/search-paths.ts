import type { SearchHit } from '@voltline/contract';
import { DEVICES_PATH } from '../../features/charge-points/paths';
import { DRIVERS_PATH } from '../../features/drivers/paths';
import { OPERATORS_PATH } from '../../features/operators/paths';
import { SESSIONS_PATH } from '../../features/sessions/paths';
import { USERS_PATH } from '../../features/users/paths';

/** The page a search hit opens: the record's own, a card its driver's, a session in the sessions report's drawer. */
export function hitPath(hit: SearchHit): string {
  switch (hit.kind) {
    case 'chargePoint':
      return `${DEVICES_PATH}/detail/${encodeURIComponent(hit.title)}`;
    case 'driver':
    case 'card':
      return `${DRIVERS_PATH}/detail/${hit.targetId}`;
    case 'user':
      return `${USERS_PATH}/detail/${hit.targetId}`;
    case 'operator':
      return `${OPERATORS_PATH}/detail/${hit.targetId}`;
    case 'session':
      return `${SESSIONS_PATH}?tab=all&session=${hit.targetId}`;
  }
}
