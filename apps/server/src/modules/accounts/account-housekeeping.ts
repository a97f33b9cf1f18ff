import { lt } from 'drizzle-orm';
import {
  emailVerifications,
  otpCodes,
  otpEvents,
  phoneCodeEvents,
  phoneCodes,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/service-context';
import { releaseDueAccounts } from './account-lifecycle';

/** Code history no limit counts any more (the longest window is a day). */
const CODE_HISTORY_MS = 86_400_000;

/**
 * The accounts' daily tidy-up: accounts past the reactivation window are released (decision 007),
 * and e-mail and phone codes, their history and e-mail proofs a day old are deleted. Before, they
 * went only when the same address or number asked again, so an address typed once by mistake,
 * or a number never verified, stayed for good.
 */
export async function tidyAccounts(ctx: Pick<ServiceContext, 'db' | 'now'>) {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - CODE_HISTORY_MS);
  const released = await releaseDueAccounts(ctx.db, now);
  const counted = await Promise.all([
    ctx.db.delete(otpEvents).where(lt(otpEvents.createdAt, dayAgo)).returning({ id: otpEvents.id }),
    ctx.db
      .delete(phoneCodeEvents)
      .where(lt(phoneCodeEvents.createdAt, dayAgo))
      .returning({ id: phoneCodeEvents.id }),
    ctx.db.delete(otpCodes).where(lt(otpCodes.expiresAt, dayAgo)).returning({ e: otpCodes.email }),
    ctx.db
      .delete(phoneCodes)
      .where(lt(phoneCodes.expiresAt, dayAgo))
      .returning({ id: phoneCodes.userId }),
    ctx.db
      .delete(emailVerifications)
      .where(lt(emailVerifications.expiresAt, dayAgo))
      .returning({ id: emailVerifications.id }),
  ]);
  return { released, codesDeleted: counted.reduce((sum, rows) => sum + rows.length, 0) };
}
