import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/database';
import accountsRoutes from './accounts/routes';
import tripSharesRoutes from './trip-shares/routes';
import phoneRoutes from './accounts/phone/routes';
import analyticsRoutes from './analytics/routes';
import chatRoutes from './chat/routes';
import healthRoutes from './health/routes';
import placesRoutes from './places/routes';
import pushRoutes from './push/routes';
import publicConfigRoutes from './public-config/routes';
import matchesRoutes from './matches/routes';
import matchingRoutes from './matching/routes';
import ratingsRoutes from './ratings/routes';
import ridesRoutes from './rides/routes';
import moderationRoutes from './moderation/routes';
import safetyRoutes from './safety/routes';
import supportRoutes from './support/routes';
import tripsRoutes from './trips/routes';
import notificationsRoutes from './notifications/routes';
import chatListRoutes from './chat/chat-list-routes';

/** Every feature's routes, mounted under /api. */
export const apiModules = (database: Database): FastifyPluginAsync[] => [
  healthRoutes(database),
  publicConfigRoutes,
  accountsRoutes,
  phoneRoutes,
  supportRoutes,
  analyticsRoutes,
  ridesRoutes,
  matchingRoutes,
  matchesRoutes,
  ratingsRoutes,
  tripsRoutes,
  chatRoutes,
  tripSharesRoutes,
  safetyRoutes,
  moderationRoutes,
  placesRoutes,
  pushRoutes,
  notificationsRoutes,
  chatListRoutes,
];
