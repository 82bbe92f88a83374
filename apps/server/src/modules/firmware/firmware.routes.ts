import multipart from '@fastify/multipart';
import { FIRMWARE_API, Firmware, FirmwareListQuery, Id, ok } from '@voltline/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../lib/app-type.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/messages.js';
import { ctxOf } from '../../lib/request.js';
import type { FirmwareService, UploadPart } from './firmware.service.js';

const tags = ['firmware'];
const read = { permission: 'firmware:read' } as const;
const write = { permission: 'firmware:write' } as const;
const IdParams = z.object({ id: Id });

/** The form's parts as the service takes them. */
async function* partsOf(request: FastifyRequest): AsyncIterable<UploadPart> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      yield { kind: 'file', name: part.fieldname, fileName: part.filename, stream: part.file };
    } else {
      yield { kind: 'field', name: part.fieldname, value: typeof part.value === 'string' ? part.value : '' };
    }
  }
}

/** An attachment header any client reads: an ASCII name, and the exact one for those that know RFC 6266. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Spec §7 Firmware: the images, their upload, download and deletion. */
export function firmwareRoutes(app: App, { firmware }: { firmware: FirmwareService }) {
  app.get(
    `/${FIRMWARE_API.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Firmware images in reach, newest first',
        querystring: FirmwareListQuery,
        response: { 200: ok(z.array(Firmware)) },
      },
    },
    async (request) => ({ data: await firmware.list(ctxOf(request), request.query) }),
  );

  app.get(
    `/${FIRMWARE_API.byId(':id')}`,
    {
      config: read,
      schema: { tags, summary: 'One firmware image', params: IdParams, response: { 200: ok(Firmware) } },
    },
    async (request) => ({ data: await firmware.get(ctxOf(request), request.params.id) }),
  );

  app.get(
    `/${FIRMWARE_API.download(':id')}`,
    { config: read, schema: { tags, summary: 'The firmware file itself', params: IdParams } },
    async (request, reply) => {
      const { firmware: fw, stream } = await firmware.open(ctxOf(request), request.params.id);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', fw.size)
        .header('content-disposition', attachment(fw.fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.delete(
    `/${FIRMWARE_API.byId(':id')}`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a firmware image (409 while a campaign sends it)',
        params: IdParams,
        response: { 200: ok(z.null()) },
      },
    },
    async (request) => {
      await firmware.remove(ctxOf(request), request.params.id);
      return { data: null, message: translate(request.locale, 'firmware.deleted') };
    },
  );

  // Multipart only here: the rest of the API takes JSON.
  void app.register(async (scope: App) => {
    await scope.register(multipart, {
      limits: { fileSize: firmware.maxBytes + 1, files: 2, fields: 20, fieldSize: 10_000, parts: 30 },
    });
    scope.post(
      `/${FIRMWARE_API.upload}`,
      {
        config: write,
        schema: {
          tags,
          summary:
            'Upload a firmware image (.zip or .update, multipart: file, version, brand, models, description, operatorId)',
          consumes: ['multipart/form-data'],
          response: { 200: ok(Firmware) },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError(400, 'firmware.notMultipart');
        const data = await firmware.upload(ctxOf(request), partsOf(request));
        return { data, message: translate(request.locale, 'firmware.uploaded') };
      },
    );
  });
}
