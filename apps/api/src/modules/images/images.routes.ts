import { idParams, IMAGE_MAX_BYTES, imageParams, imageSchema, type ImageType, oneOf } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { findEvent } from '../events/events.repository.js';
import { findOrganizer } from '../organizers/organizers.repository.js';
import { deleteOwnedImage, type ImageOwner, listOwnedImages, uploadOwnedImage } from './owned-images.js';
import { IMAGE_MESSAGES } from './process-image.js';

const tags = ['events'];
const security = [{ bearer: [] }];

/** Reads the `image` file and `type` field of a multipart upload; size and presence become field errors. */
async function readUpload(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
): Promise<{ body: Buffer; type: string | undefined }> {
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
  if (!body || body.length === 0)
    throw new DomainError('VALIDATION_FAILED', { fields: { image: [{ message: IMAGE_MESSAGES.missing }] } });
  return { body, type };
}

interface OwnerKind {
  path: 'events' | 'organizers';
  entityType: 'event' | 'organizer';
  types: readonly ImageType[];
  /** The owner must belong to the caller's account. */
  exists(db: Db, accountId: number, id: number): Promise<boolean>;
}

const OWNERS: OwnerKind[] = [
  {
    path: 'events',
    entityType: 'event',
    types: ['EVENT_COVER'],
    exists: async (db, a, id) => Boolean(await findEvent(db, a, id)),
  },
  {
    path: 'organizers',
    entityType: 'organizer',
    types: ['ORGANIZER_LOGO', 'SEATING_BACKGROUND'],
    exists: async (db, a, id) => Boolean(await findOrganizer(db, a, id)),
  },
];

/**
 * Images of events (cover) and organizers (logo, seating backgrounds): upload (multipart `image` + `type`), list,
 * delete.
 */
export const imageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const d = { db: deps.database.db, clock: deps.clock, storage: deps.storage, log: deps.log };
  app.addHook('preValidation', app.requirePermission('events.manage'));

  for (const kind of OWNERS) {
    const ownerOf = async (accountId: number, id: number): Promise<ImageOwner> => {
      if (!(await kind.exists(d.db, accountId, id))) throw new DomainError('NOT_FOUND');
      return { accountId, entityType: kind.entityType, entityId: id };
    };

    app.get(
      `/${kind.path}/:id/images`,
      {
        schema: {
          tags,
          security,
          summary: `The ${kind.entityType}'s images`,
          params: idParams,
          response: { 200: oneOf(z.array(imageSchema)) },
        },
      },
      async (req) => ({
        data: await listOwnedImages(d, await ownerOf(authOf(req).accountId, req.params.id)),
      }),
    );

    app.post(
      `/${kind.path}/:id/images`,
      {
        schema: {
          tags,
          security,
          summary: `Upload an image (multipart: \`image\` file, \`type\` ${kind.types.join(' or ')}): JPEG, PNG or WebP under 5 MB within the type's pixel bounds; a cover or logo replaces the previous one, seating backgrounds are kept side by side`,
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 201: oneOf(imageSchema) },
        },
      },
      async (req, reply) => {
        const owner = await ownerOf(authOf(req).accountId, req.params.id);
        if (!req.isMultipart())
          throw new DomainError('VALIDATION_FAILED', { fields: { image: [{ message: IMAGE_MESSAGES.missing }] } });
        const { body, type } = await readUpload(
          req.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 5 } }),
        );
        if (!type || !(kind.types as readonly string[]).includes(type))
          throw new DomainError('VALIDATION_FAILED', { fields: { type: [{ key: 'invalid_value' }] } });
        return reply.status(201).send({ data: await uploadOwnedImage(d, owner, type as ImageType, body) });
      },
    );

    app.delete(
      `/${kind.path}/:id/images/:imageId`,
      { schema: { tags, security, summary: 'Delete an image and its files', params: imageParams } },
      async (req, reply) => {
        await deleteOwnedImage(d, await ownerOf(authOf(req).accountId, req.params.id), req.params.imageId);
        return reply.status(204).send();
      },
    );
  }
};
