import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FirmwareUploadFields, isFirmwareFileName, type Firmware } from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import { FileStoreError, safeName, type FileStore } from '../files/file-store.js';
import { operatorInReach } from '../operators/reach.js';
import * as repo from './firmware.repository.js';
import { checkSigningFields, signatureVerifies } from './signing.js';

/** One part of an upload form, as the route hands it over (no HTTP types here). */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; fileName: string; stream: Readable };

export interface FirmwareDeps {
  db: Db;
  store: FileStore;
  /** FIRMWARE_MAX_MB in bytes. */
  maxBytes: number;
}

const STORE_REFUSALS: Record<string, [400 | 413 | 503, MessageKey]> = {
  tooLarge: [413, 'firmware.tooLarge'],
  diskFull: [503, 'firmware.diskFull'],
  interrupted: [400, 'firmware.interrupted'],
  badKey: [400, 'files.badName'],
};

/**
 * Firmware images: uploaded by staff into the file store (`firmware/<random>/<name>`, with its
 * SHA-256), listed and downloaded within the user's reach, deleted unless a campaign sends them.
 */
export class FirmwareService {
  constructor(private readonly deps: FirmwareDeps) {}

  /** The largest image accepted. */
  get maxBytes(): number {
    return this.deps.maxBytes;
  }

  list(ctx: Ctx, filter: { operatorId?: number | undefined; brand?: string | undefined }) {
    return repo.listFirmwares(this.deps.db, ctx.actor, filter);
  }

  async get(ctx: Ctx, id: number): Promise<Firmware> {
    const found = await repo.findFirmware(this.deps.db, ctx.actor, id);
    if (!found) throw notFound('firmware');
    return found.firmware;
  }

  /** The image's bytes, for a user in reach. */
  async open(ctx: Ctx, id: number): Promise<{ firmware: Firmware; stream: Readable }> {
    const found = await repo.findFirmware(this.deps.db, ctx.actor, id);
    if (!found) throw notFound('firmware');
    try {
      return { firmware: found.firmware, stream: await this.deps.store.get(found.row.storeKey) };
    } catch (err) {
      if (err instanceof FileStoreError && err.reason === 'notFound') throw notFound('file');
      throw err;
    }
  }

  /**
   * Streams the form's `file` part into the store, then checks the fields; whatever fails, the
   * stored file is removed again, so nothing partial or unrecorded is kept.
   */
  async upload(ctx: Ctx, parts: AsyncIterable<UploadPart>): Promise<Firmware> {
    const raw: Record<string, string> = {};
    let stored: { key: string; size: number; sha256: string; fileName: string } | null = null;
    try {
      for await (const part of parts) {
        if (part.kind === 'field') {
          raw[part.name] = part.value;
          continue;
        }
        if (stored || part.name !== 'file') {
          part.stream.resume(); // only one file is taken; any other is read past
          continue;
        }
        stored = await this.store(part.fileName, part.stream, raw.version);
      }
      if (!stored)
        throw new AppError(400, 'firmware.noFile', {}, [{ field: 'body.file', key: 'firmware.noFile' }]);
      if (stored.size === 0) throw badRequest('firmware.empty');
      const fields = parseFields(raw);
      const file = stored;
      const signing = checkSigningFields(fields.signingCertificate, fields.signature);
      if (
        signing &&
        !(await signatureVerifies(
          await this.deps.store.get(file.key),
          signing.certificate,
          signing.signature,
        ))
      ) {
        throw new AppError(400, 'firmware.signatureMismatch', {}, [
          { field: 'body.signature', key: 'firmware.signatureMismatch' },
        ]);
      }
      const operatorId = fields.operatorId ?? ctx.actor.operatorId;
      return await this.deps.db.transaction(async (tx) => {
        await operatorInReach(tx, ctx.actor, operatorId);
        const row = await repo.insertFirmware(tx, {
          operatorId,
          fileName: file.fileName,
          version: fields.version,
          brand: fields.brand,
          models: fields.models,
          description: fields.description,
          size: file.size,
          sha256: file.sha256,
          storeKey: file.key,
          signingCertificate: signing?.pem ?? null,
          signature: signing?.signature ?? null,
          createdBy: ctx.actor.userId,
        });
        await audit(tx, ctx, {
          action: 'create',
          entity: 'firmware',
          entityId: row.id,
          summary: {
            fileName: row.fileName,
            version: row.version,
            size: row.size,
            sha256: row.sha256,
            signed: signing !== null,
          },
        });
        const found = await repo.findFirmware(tx, null, row.id);
        if (!found) throw new Error('firmware not readable after insert');
        return found.firmware;
      });
    } catch (err) {
      if (stored) await this.deps.store.delete(stored.key).catch(() => undefined);
      throw err;
    }
  }

  /** Deletes the record (kept for campaigns' history) and the file; 409 while a campaign sends it. */
  async remove(ctx: Ctx, id: number): Promise<void> {
    const found = await repo.findFirmware(this.deps.db, ctx.actor, id);
    if (!found) throw notFound('firmware');
    await this.deps.db.transaction(async (tx) => {
      const blocking = await repo.deleteUnlessInUse(tx, id);
      if (blocking !== null) throw conflict('firmware.inUse', { campaignId: blocking });
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'firmware',
        entityId: id,
        summary: { fileName: found.row.fileName, version: found.row.version },
      });
    });
    await this.deps.store.delete(found.row.storeKey);
  }

  private async store(fileName: string, stream: Readable, version: string | undefined) {
    const name = safeName(fileName.split(/[\\/]/).pop() ?? '');
    if (!name || !isFirmwareFileName(name)) {
      stream.resume();
      const key: MessageKey = name ? 'firmware.badExtension' : 'files.badName';
      throw new AppError(400, key, {}, [{ field: 'body.file', key }]);
    }
    const key = `firmware/${randomBytes(8).toString('hex')}/${downloadName(name, version)}`;
    try {
      const put = await this.deps.store.put(key, stream, { maxBytes: this.deps.maxBytes });
      return { key: put.key, size: put.size, sha256: put.sha256, fileName: name };
    } catch (err) {
      const reason = tooLargeByMultipart(err)
        ? 'tooLarge'
        : err instanceof FileStoreError
          ? err.reason
          : null;
      const refusal = reason ? STORE_REFUSALS[reason] : undefined;
      if (!refusal) throw err;
      throw new AppError(refusal[0], refusal[1], { mb: Math.floor(this.deps.maxBytes / 1048576) });
    }
  }
}

/** @fastify/multipart fails the file stream itself once it passes its own limit. */
function tooLargeByMultipart(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } } | null)?.code;
  const cause = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || cause === 'FST_REQ_FILE_TOO_LARGE';
}

/** The form's fields through the contract's schema; `models` may be a JSON array or a comma list. */
/** A version that can stand in a file name as it is. */
const NAMEABLE_VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,49}$/;

/**
 * The name chargers download an image as (its store key's last part; the image keeps its own
 * `fileName`). It names the image's version: "firmware.zip" of 2.1.0 goes out as
 * "firmware-2.1.0.zip", so a charger (and the simulator) that reads the version from the file it
 * installs boots with the campaign's version. Known only when the form sends `version` before the
 * file, as the portal does; otherwise, or when the name already holds it, the name is kept.
 */
export function downloadName(name: string, version: string | undefined): string {
  const v = version?.trim() ?? '';
  if (!NAMEABLE_VERSION.test(v) || name.includes(v)) return name;
  const ext = /\.[^.]+$/.exec(name)?.[0] ?? '';
  const named = safeName(`${name.slice(0, name.length - ext.length)}-${v}${ext}`);
  return named && isFirmwareFileName(named) ? named : name;
}

function parseFields(raw: Record<string, string>): z.output<typeof FirmwareUploadFields> {
  let models: unknown = [];
  const text = raw.models?.trim() ?? '';
  if (text.startsWith('[')) {
    try {
      models = JSON.parse(text) as unknown;
    } catch {
      throw new AppError(400, 'error.validation', {}, [{ field: 'body.models', key: 'firmware.badModels' }]);
    }
  } else if (text !== '') {
    models = text
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
  }
  const parsed = FirmwareUploadFields.safeParse({
    version: raw.version,
    brand: raw.brand,
    models,
    description: raw.description,
    operatorId: raw.operatorId === '' ? undefined : raw.operatorId,
    signingCertificate: raw.signingCertificate || undefined,
    signature: raw.signature || undefined,
  });
  if (parsed.success) return parsed.data;
  throw new AppError(400, 'error.validation', {}, parsed.error.issues.map(fieldError));
}

function fieldError(issue: z.core.$ZodIssue): {
  field: string;
  key: MessageKey;
  params?: Record<string, number>;
} {
  const field = ['body', ...issue.path.map(String)].join('.');
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return { field, key: 'field.textTooLong', params: { n: Number(issue.maximum) } };
  }
  if (issue.code === 'too_big' && issue.origin === 'array') {
    return { field, key: 'field.tooManyItems', params: { n: Number(issue.maximum) } };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return { field, key: 'validation.required' };
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return { field, key: 'validation.required' };
  return { field, key: 'field.invalid' };
}
