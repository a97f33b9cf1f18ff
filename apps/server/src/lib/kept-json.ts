import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** JSON answers smaller than this go uncompressed: the saving would not pay for the work. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli's quality for answers compressed as they are sent: 4 of 11 (the default is the slowest). */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

type Encoding = 'br' | 'gzip';
const encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressors: Record<Encoding, (json: string) => Promise<Buffer>> = {
  br: (json) => brotliCompress(json, BROTLI_OPTIONS),
  gzip: (json) => gzip(json),
};

/**
 * An answer's JSON, kept between requests with its compressed copies, each made the first time a
 * client asks for that encoding (issue 7: compressing a cached answer again at every request cost
 * more than the rest of the request).
 */
export type KeptJson = {
  json: string;
  bytes: number;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
};

export const keepJson = (json: string): KeptJson => ({
  json,
  bytes: Buffer.byteLength(json),
  compressed: {},
});

/** The kept copy in this encoding, made once; a failed attempt is not kept. */
function compressedCopy(kept: KeptJson, encoding: Encoding): Promise<Buffer> {
  kept.compressed[encoding] ??= compressors[encoding](kept.json).catch((error: unknown) => {
    delete kept.compressed[encoding];
    throw error;
  });
  return kept.compressed[encoding];
}

/**
 * Sends kept JSON as @fastify/compress would send it (same encodings, threshold and negotiation),
 * from the kept copy; the plugin leaves an answer that already has a Content-Encoding alone.
 */
export async function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptJson,
): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    accepted && request.headers['x-no-compression'] === undefined
      ? encodings.negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'))
      : null;
  if (!encoding || kept.bytes < COMPRESS_THRESHOLD_BYTES) return reply.send(kept.json);
  const body = await compressedCopy(kept, encoding);
  return reply.header('content-encoding', encoding).send(body);
}
