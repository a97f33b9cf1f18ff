import http from 'node:http';

/** Test-only: what a stand-in saw, so tests can check the query a provider was sent. */
export type StandInRequest = {
  url: URL;
  method: string;
  headers: http.IncomingHttpHeaders;
  /** The request body as text ('' for none). */
  body: string;
};
export type StandInAnswer = {
  status?: number;
  body: unknown;
  delayMs?: number;
  headers?: Record<string, string>;
};

export type HttpStandIn = {
  url: string;
  requests: StandInRequest[];
  close(): Promise<void>;
};

/**
 * Test-only: a JSON server on loopback port 0 standing in for a third-party API (OSRM, Photon,
 * Nominatim, Twilio, MSG91), answering in that API's documented format.
 */
export async function startHttpStandIn(
  answer: (request: StandInRequest) => StandInAnswer,
): Promise<HttpStandIn> {
  const requests: StandInRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      method: req.method ?? 'GET',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    const { status = 200, body, delayMs = 0, headers } = answer(request);
    const send = () => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (delayMs > 0) setTimeout(send, delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
