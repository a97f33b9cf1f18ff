import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

const dialect = new PgDialect();

/**
 * Runs a hand-written statement as the prepared statement `name`: each connection plans it once
 * and then only binds its parameters (issue 7: planning the chat's store statement cost more than
 * running it for a few messages). One name stands for one text: only the parameters may vary.
 */
export async function executeNamed<Row>(db: DbOrTx, name: string, query: SQL): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
