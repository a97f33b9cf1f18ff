import { EventEmitter } from 'node:events';
import { serialize } from 'pg-protocol';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { PgliteLink } from './worker-link';

type Serializer = typeof serialize;

/**
 * node-postgres's connection for the embedded database's thread: what pg's Client would write to
 * a socket goes to the thread, and the thread's answer is parsed as if read from one. Modelled on
 * PGlite's own `@electric-sql/pglite/node-postgres` adapter, which calls the engine once per
 * message; crossing to a thread costs a round trip, so messages wait for the Sync (or Flush) that
 * ends them and go together: one round trip per statement.
 *
 * All connections share one engine, one Postgres session: the named statements it has prepared
 * are shared too (`parsedStatements`), and the pool holds one connection at a time.
 */
export class WorkerConnection extends EventEmitter {
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  readonly submittedNamedStatements: Record<string, string> = {};
  readonly #parser = new Parser();
  #outgoing: Buffer[] = [];
  /** The statements (named or not) whose Parse goes with the next batch, in the order sent. */
  #parsing: { name: string; text: string }[] = [];
  /** Answers are handled in the order their requests were sent. */
  #turn: Promise<unknown>;

  constructor(
    private readonly link: PgliteLink,
    readonly parsedStatements: Record<string, string>,
    /** Nothing is sent before this: the thread ready, or the migrations done for the app's pool. */
    gate: Promise<unknown>,
  ) {
    super();
    this.#turn = gate;
  }

  connect(): void {
    this._connecting = true;
    // A connection replaced mid-transaction (its client ended on an error) must not leave the
    // shared session inside that transaction for the next one.
    this.#turn = this.#turn
      .then(() => this.link.reset())
      .then(
        () => this.emit('readyForQuery'),
        (error: unknown) => this.#fail(error),
      );
  }

  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<Serializer['parse']>[0]): void {
    this.#parsing.push({ name: query.name ?? '', text: query.text });
    this.#outgoing.push(serialize.parse(query));
  }
  bind(config: Parameters<Serializer['bind']>[0]): void {
    this.#outgoing.push(serialize.bind(config));
  }
  execute(config: Parameters<Serializer['execute']>[0]): void {
    this.#outgoing.push(serialize.execute(config));
  }
  describe(message: Parameters<Serializer['describe']>[0]): void {
    this.#outgoing.push(serialize.describe(message));
  }
  close(message: Parameters<Serializer['close']>[0]): void {
    this.#outgoing.push(serialize.close(message));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#outgoing.push(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  end(): void {
    this.#outgoing = [];
    this.#parsing = [];
    // The client that ends this connection waits for 'end'; nothing else may hear from it again.
    for (const name of this.eventNames()) if (name !== 'end') this.removeAllListeners(name);
    this.#turn = this.#turn.then(() => {
      this.emit('end');
      this.removeAllListeners('end');
    });
  }

  // Socket-only parts of the interface: there is no socket, no authentication and no TLS.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}

  #send(last: Buffer): void {
    this.#outgoing.push(last);
    const bytes = Buffer.concat(this.#outgoing);
    const parsing = this.#parsing;
    this.#outgoing = [];
    this.#parsing = [];
    // Handed to the thread in a buffer of its own: a small concat is a view into Node's shared
    // 8 KB pool, which must be neither copied whole nor given away.
    const own =
      bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength
        ? new Uint8Array(bytes.buffer)
        : new Uint8Array(bytes);
    const answer = this.link.protocol(own);
    this.#turn = this.#turn
      .then(() => answer)
      .then(
        (reply) =>
          this.#parser.parse(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength), (m) => {
            // The session now holds the statement, whether or not a client still listens: one
            // ended while its Parse was on the way must not leave the next connection to parse
            // it again ("already exists", for good). An error skips the batch's later Parses.
            if (m.name === 'parseComplete') {
              const parsed = parsing.shift();
              if (parsed?.name) this.parsedStatements[parsed.name] = parsed.text;
            }
            this.emit('message', m);
            this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
          }),
        (error: unknown) => this.#fail(error),
      );
  }

  /** After end() nobody listens; an 'error' with no listener would throw and end the process. */
  #fail(error: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }
}
