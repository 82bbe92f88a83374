import type { Db } from '../../db/client.js';
import { storedVariable } from './split.js';

const CTRLR = 'DisplayMessageCtrlr';

/** What a charger's display shows of plain messages, best first: a link where it can, else text. */
const TEXT_FORMATS = ['URI', 'UTF8', 'ASCII'] as const;
export type DisplayTextFormat = (typeof TEXT_FORMATS)[number];

async function actual(db: Db, chargePointId: number, variable: string): Promise<string | null> {
  const row = await storedVariable(db, chargePointId, CTRLR, variable);
  return row?.attributes.find((a) => a.type === 'Actual')?.value ?? null;
}

/**
 * Whether a 2.0.1 charger's stored device model says it has a display Voltline may write to
 * (DisplayMessageCtrlr Available or Enabled true, neither false), and the format it would show an
 * address in: URI where SupportedFormats lists it, else UTF8, else ASCII. Null when it has none
 * (no model yet, no controller, or neither format).
 */
export async function displayTextFormat(db: Db, chargePointId: number): Promise<DisplayTextFormat | null> {
  const available = await actual(db, chargePointId, 'Available');
  const enabled = await actual(db, chargePointId, 'Enabled');
  const flags = [available, enabled].filter((v) => v !== null).map((v) => v.trim().toLowerCase());
  if (flags.length === 0 || flags.some((v) => v !== 'true')) return null;
  const supported = new Set(
    (await actual(db, chargePointId, 'SupportedFormats'))?.split(',').map((f) => f.trim().toUpperCase()) ??
      [],
  );
  return TEXT_FORMATS.find((f) => supported.has(f)) ?? null;
}
