import { APP_PREFIX } from '../../config/app';

export const DRIVERS_PATH = `${APP_PREFIX}/management/driver`;
export const driverDetailPath = (id: number) => `${DRIVERS_PATH}/detail/${id}`;
export const driverEditPath = (id: number) => `${DRIVERS_PATH}/edit/${id}`;
