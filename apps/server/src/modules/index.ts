import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import accountsRoutes from './accounts/routes';
import analyticsRoutes from './analytics/routes';
import healthRoutes from './health/routes';
import publicConfigRoutes from './public-config/routes';
import supportRoutes from './support/routes';

/** Every feature's routes, mounted under /api. */
export const apiModules = (database: Database): FastifyPluginAsync[] => [
  healthRoutes(database),
  publicConfigRoutes,
  accountsRoutes,
  supportRoutes,
  analyticsRoutes,
];
