import { FIRMWARE_MAX_BYTES, isFirmwareFileName } from '@voltline/contract';
import { formatNumber } from '../../lib/format';

/** Why a picked file cannot be sent, checked before any byte leaves the browser; null when it can. */
export function firmwareFileProblem(file: { name: string; size: number }): 'type' | 'empty' | 'size' | null {
  if (!isFirmwareFileName(file.name)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > FIRMWARE_MAX_BYTES) return 'size';
  return null;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB" (binary steps, one decimal below 10), in the interface's number format. */
export function formatBytes(bytes: number, lng?: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${formatNumber(rounded, lng)} ${UNITS[unit]}`;
}

/** The first and last characters of a SHA-256, enough to tell images apart at a glance. */
export const shortSha = (sha: string): string =>
  sha.length > 16 ? `${sha.slice(0, 8)}…${sha.slice(-8)}` : sha;
