import { eq } from 'drizzle-orm';
import { appSecrets } from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type KeyPair = { publicKey: string; privateKey: string };

const SECRET_NAME = 'vapidKeys';

/** One lookup per database (per app): the pair never changes under a running server. */
const loaded = new WeakMap<object, Promise<KeyPair>>();

/**
 * The pair is one row (both keys or neither): the first instance to need it stores a fresh one
 * and every instance reads the same back, so subscriptions made through one are pushed by all.
 * On the embedded database that row lives in DATA_DIR with the rest of the data.
 */
async function storedKeyPair(ctx: Pick<ServiceContext, 'db'>): Promise<KeyPair> {
  const read = async () =>
    (await ctx.db.select().from(appSecrets).where(eq(appSecrets.name, SECRET_NAME)))[0];
  let row = await read();
  if (!row) {
    // web-push is loaded only to make the pair, once per database (issue 7: cold start).
    const { default: webpush } = await import('web-push');
    await ctx.db
      .insert(appSecrets)
      .values({ name: SECRET_NAME, value: JSON.stringify(webpush.generateVAPIDKeys()) })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('VAPID keys were not stored');
  return JSON.parse(row.value) as KeyPair;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else the pair generated once. Changing the pair
 * invalidates every browser subscription (they are bound to the public key).
 */
export async function vapidKeys(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<VapidKeys> {
  const { config } = ctx;
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  let pair = loaded.get(ctx.db);
  if (!pair) {
    pair = storedKeyPair(ctx);
    loaded.set(ctx.db, pair);
    // A failed read (database down) is tried again next time, not remembered.
    pair.catch(() => loaded.delete(ctx.db));
  }
  return { ...(await pair), subject };
}
