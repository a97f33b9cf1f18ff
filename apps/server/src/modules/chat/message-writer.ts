import type { ServiceContext } from '../../lib/service-context';
import {
  draftKey,
  insertMessages,
  type MessageDraft,
  type StoredDraft,
  type WriteDraft,
} from './chat-service';

type Waiting = {
  draft: MessageDraft;
  resolve: (stored: StoredDraft | undefined) => void;
  reject: (error: unknown) => void;
};

/** Enough to keep one statement small; a busier moment simply takes more statements. */
const MAX_BATCH = 256;

/**
 * Group commit for chat (issue 7): the messages received in one turn of the event loop are
 * written by one statement, and those that arrive while it runs by the next one, one statement
 * and one commit for all of them. Nothing waits on a timer, so a quiet chat gets no delay, and a
 * busy evening pays per statement, not per message (the embedded database runs one statement at
 * a time). A batch whose statement fails is retried message by message, so one bad message cannot
 * fail the others.
 */
export function createMessageWriter(ctx: Pick<ServiceContext, 'db'>): WriteDraft {
  let waiting: Waiting[] = [];
  let writing = false;

  const writeBatch = async (batch: Waiting[]) => {
    try {
      const stored = await insertMessages(
        ctx,
        batch.map((item) => item.draft),
      );
      for (const item of batch) item.resolve(stored.get(draftKey(item.draft)));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const item of batch) await writeBatch([item]);
    }
  };

  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      // Wait for the event loop's next turn: the messages received meanwhile join this batch.
      // The embedded database blocks the loop while it runs a statement, so the messages that
      // came during one are read only after it, all in the same turn.
      await new Promise((resolve) => setImmediate(resolve));
      // A resend of a message waiting in the same batch goes in the next one, where it finds
      // the first stored.
      const batch: Waiting[] = [];
      const later: Waiting[] = [];
      const keys = new Set<string>();
      for (const item of waiting) {
        const key = draftKey(item.draft);
        if (batch.length < MAX_BATCH && !keys.has(key)) {
          batch.push(item);
          keys.add(key);
        } else later.push(item);
      }
      waiting = later;
      await writeBatch(batch);
    }
    writing = false;
  };

  return (draft) =>
    new Promise((resolve, reject) => {
      waiting.push({ draft, resolve, reject });
      if (!writing) void drain();
    });
}
