import SonicBoom from 'sonic-boom';

export type LogStream = {
  stream: SonicBoom;
  /** Writes what is buffered, giving up after `timeoutMs`; never blocks, never throws. */
  flush(timeoutMs: number): Promise<void>;
};

/**
 * Where the server's log goes (stdout). pino's own destination flushes synchronously at exit,
 * and against a reader that has gone away (a closed pipe) that flush retries forever: a server
 * told to stop kept running for 40 minutes. Here a write error silences the log instead, and the
 * final flush is asynchronous with a deadline, so nothing the log stream does can keep the
 * process alive.
 */
export function createLogStream(fd = 1): LogStream {
  const stream = new SonicBoom({ fd, sync: false });
  let isSilenced = false;
  stream.on('error', () => {
    isSilenced = true;
    stream.write = () => true;
    stream.flushSync = () => undefined;
    stream.end = () => undefined;
  });
  return {
    stream,
    flush: (timeoutMs) =>
      new Promise<void>((resolve) => {
        // With no minimum length sonic-boom's own flush() returns at once, even mid-write:
        // 'drain' is what says the last line reached the file descriptor.
        if (isSilenced || !(stream as unknown as { _writing: boolean })._writing) return resolve();
        const done = () => {
          clearTimeout(timer);
          stream.off('drain', done);
          stream.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        timer.unref();
        stream.once('drain', done);
        stream.once('error', done);
      }),
  };
}
