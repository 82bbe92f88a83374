import { APP_PREFIX } from '../../config/app';

export const OPERATORS_PATH = `${APP_PREFIX}/management/operator`;
export const operatorDetailPath = (id: number) => `${OPERATORS_PATH}/detail/${id}`;
export const operatorEditPath = (id: number) => `${OPERATORS_PATH}/edit/${id}`;
