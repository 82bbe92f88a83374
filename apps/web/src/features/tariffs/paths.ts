import { APP_PREFIX } from '../../config/app';

export const TARIFFS_PATH = `${APP_PREFIX}/management/tariff`;
export const tariffDetailPath = (id: number) => `${TARIFFS_PATH}/detail/${id}`;
export const tariffEditPath = (id: number) => `${TARIFFS_PATH}/edit/${id}`;
