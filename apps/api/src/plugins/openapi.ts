import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the routes' zod schemas: `/api/docs/json`, browsable at `/api/docs`. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'AdmitOne API',
        version: '0.1.0',
        description:
          'Authenticated calls live under /api and take `Authorization: Bearer <token>`; public calls live under /api/public. ' +
          'Errors answer `{ error: { code, message, field_errors? } }`; lists answer `{ data, meta }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token from login or register.' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
