import { isAppRoute, isUnlistedPage } from '@aeropool/contract/app-routes';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { errorBody, noRouteMessage } from './errors';

/**
 * The pages the build wrote into `pages/` (`pages/login.html` for /login, `pages/index.html` for
 * /): the public pages pre-rendered, and the shells of signed-in pages with their own chunks
 * preloaded, by path. Read once: the build does not change under a running server.
 */
function prerenderedPages(distDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(distDir, 'pages');
  if (!fs.existsSync(dir)) return pages;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.html')) continue;
    const route = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
    pages.set(route, `pages/${name}`);
  }
  return pages;
}

/**
 * Serves the built SPA on the same port as the API. Hashed assets are cached for a year; any
 * other GET outside /api answers its pre-rendered page, or else index.html (the empty shell) so client-side routes survive a reload, while
 * unknown /api paths get the JSON 404 envelope.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string | undefined,
): Promise<void> {
  const hasWeb = !!distDir && fs.existsSync(path.join(distDir, 'index.html'));
  // Said once the app is ready to serve: a start that fails meanwhile (the data folder does not
  // open) ends with its one line of explanation alone.
  if (distDir && !hasWeb) {
    app.addHook('onReady', async () => {
      app.log.warn({ distDir }, 'web app not built; serving the API only');
    });
  }
  if (hasWeb) {
    const common: FastifyStaticOptions = {
      root: distDir,
      index: false,
      // The build writes .br and .gz beside each text asset; the best one the client accepts is
      // sent with Vary: Accept-Encoding (issue 7), without compressing on every request.
      preCompressed: true,
      // Everything outside assets/ is revalidated on each use: the service worker (sw.js) and
      // manifest.webmanifest above all, since a cached worker would pin riders to an old app.
      setHeaders: (reply, filePath) => {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    };
    // The few files at the top (the shell, the worker, icons, pre-rendered pages): a route each.
    // A compressed copy is found beside its file, never a route of its own.
    await app.register(fastifyStatic, {
      ...common,
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz', 'assets/**'],
    });
    // The hashed scripts, styles and their maps (most of the build): one route, the file looked up
    // per request. A route per file cost the start ~65 ms (issue 7: cold start). A copy asked for
    // by its own name, or the folder itself, is not found.
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(distDir, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      decorateReply: false,
      allowedPath: (pathname) => pathname !== '/' && !/\.(br|gz)$/.test(pathname),
    });
  }

  const prerendered = hasWeb ? prerenderedPages(distDir) : new Map<string, string>();

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      const page = prerendered.get(pathname.replace(/(.)\/+$/, '$1'));
      // A path the app has no page for still gets the app (it shows its 404 page), with the
      // status a crawler or a link checker needs (issue 9).
      if (!isAppRoute(pathname) || isUnlistedPage(pathname)) reply.code(404);
      return reply.sendFile(page ?? 'index.html');
    }
    return reply.code(404).send(errorBody(404, noRouteMessage(request)));
  });
}
