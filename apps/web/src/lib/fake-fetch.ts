import { vi } from 'vitest';

const envelope = (statusCode: number, message: string) =>
  new Response(JSON.stringify({ statusCode, message, entities: [] }), { status: statusCode });

/** For tests: every fetch answers this status and message in the API's envelope. */
export const answerEveryFetch = (statusCode: number, message: string) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelope(statusCode, message)),
  );

/** For tests: every fetch waits until `answer()`, then answers 200: a request still in flight. */
export function holdFetch() {
  let answer: () => void = () => undefined;
  const fetchMock = vi.fn(
    (_url: string, _init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        answer = () => resolve(envelope(200, 'OK'));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: () => answer() };
}
