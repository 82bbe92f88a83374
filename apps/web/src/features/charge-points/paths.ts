import { APP_PREFIX } from '../../config/app';

export const DEVICES_PATH = `${APP_PREFIX}/management/device`;

/** Detail tabs that have their own address (spec §2); the others are `?tab=`. */
export const detailPath = (chargePointId: string, tab?: 'connectors' | 'configuration' | 'messageTrace') =>
  `${DEVICES_PATH}/detail/${encodeURIComponent(chargePointId)}${tab ? `/${tab}` : ''}`;

export const editPath = (id: number) => `${DEVICES_PATH}/edit/${id}`;
