import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { errorBody } from './errors';

/**
 * Serves the built SPA on the same port as the API. Hashed assets are cached for a year; any
 * other GET outside /api answers index.html so client-side routes survive a reload, while
 * unknown /api paths get the JSON 404 envelope.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const hasWeb = !!distDir && fs.existsSync(path.join(distDir, 'index.html'));
  if (distDir && !hasWeb) app.log.warn({ distDir }, 'web app not built; serving the API only');
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.code(404).send(errorBody(404, `No route for ${request.method} ${pathname}.`));
  });
}
