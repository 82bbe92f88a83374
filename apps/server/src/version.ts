import { readFileSync } from 'node:fs';

/**
 * Voltline's version has one home, the root package.json; the API's health and public-config
 * answers report it, and the portal's footer shows what the API reports.
 */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
