import type { ServiceContext } from '../../lib/service-context';

export type PushPayload = { title: string; body: string; url: string; tag: string };

/**
 * Sends a notification to every browser the rider allowed Web Push on; best effort (a failed push
 * never fails the action that caused it).
 */
export async function pushToUser(
  _ctx: ServiceContext,
  _userId: string,
  _payload: PushPayload,
): Promise<void> {
  // Filled in by the Web Push work (issue 9).
}
