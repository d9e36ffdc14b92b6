import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES, IMAGE_TYPES, idParams, imageParams, type ImageType } from '@admitone/shared';
import type { AppDeps } from '../../app.js';
import { DomainError } from '../../shared/errors.js';
import { deleteEventImage, listEventImages, uploadEventImage } from './event-images.js';
import { IMAGE_MESSAGES } from './process-image.js';

const tags = ['events'];
const security = [{ bearer: [] }];

/** Reads the `image` file and `type` field of a multipart upload; size and presence become field errors. */
async function readUpload(parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>): Promise<{ body: Buffer; type: string | undefined }> {
  let body: Buffer | null = null;
  let type: string | undefined;
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname === 'image' && !body) body = await part.toBuffer();
        else await part.toBuffer();
      } else if (part.fieldname === 'type') type = String(part.value);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('VALIDATION_FAILED', { fields: { image: [{ message: IMAGE_MESSAGES.tooLarge }] } });
    }
    throw err;
  }
  if (!body || body.length === 0) throw new DomainError('VALIDATION_FAILED', { fields: { image: [{ message: IMAGE_MESSAGES.missing }] } });
  return { body, type };
}

/** Event images: cover upload (multipart `image` + `type`), list and delete. */
export const imageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const d = { db: deps.database.db, clock: deps.clock, storage: deps.storage };
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.get('/events/:id/images', { schema: { tags, security, summary: "The event's images", params: idParams } }, async (req) => ({
    data: await listEventImages(d, req.auth!.accountId, req.params.id),
  }));

  app.post(
    '/events/:id/images',
    {
      schema: {
        tags,
        security,
        summary: 'Upload an image (multipart: `image` file, `type` EVENT_COVER): JPEG, PNG or WebP under 5 MB, 900x450 to 3000x2000; replaces the previous cover',
        params: idParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new DomainError('VALIDATION_FAILED', { fields: { image: [{ message: IMAGE_MESSAGES.missing }] } });
      const { body, type } = await readUpload(req.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 5 } }));
      if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) throw new DomainError('VALIDATION_FAILED', { fields: { type: [{ key: 'invalid_value' }] } });
      const image = await uploadEventImage(d, req.auth!.accountId, req.params.id, type as ImageType, body);
      return reply.status(201).send({ data: image });
    },
  );

  app.delete('/events/:id/images/:imageId', { schema: { tags, security, summary: 'Delete an image and its files', params: imageParams } }, async (req, reply) => {
    await deleteEventImage(d, req.auth!.accountId, req.params.id, req.params.imageId);
    return reply.status(204).send();
  });
};
