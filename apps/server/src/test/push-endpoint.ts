import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/** Test-only: one push as the push service received it. */
export type ReceivedPush = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

/** Test-only: a browser's side of Web Push, its keys and the endpoint the push service gave it. */
export type TestDevice = {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plain text of an aes128gcm body (RFC 8291), decrypted with this device's keys. */
  decrypt(body: Buffer): string;
};

export type PushEndpoint = {
  url: string;
  received: ReceivedPush[];
  /** A new browser subscription: fresh P-256 keys and auth secret, as a browser makes them. */
  device(): TestDevice;
  /** The status the endpoint answers for a device's pushes from now on (201 by default). */
  answer(device: TestDevice, status: number): void;
  close(): Promise<void>;
};

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2, one record: the receiving half, written from the RFCs. */
function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderPublicKey,
  ]);
  const ikm = hkdf(authSecret, ecdh.computeSecret(senderPublicKey), keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0))
    throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Test-only: a push service on a loopback port that keeps what it receives. Its devices hold
 * their private keys, so a test can read what only the browser should be able to read.
 */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(statuses.get(path) ?? 201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    device() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        subscription: {
          endpoint: `${url}/push/${randomBytes(12).toString('base64url')}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        decrypt: (body) => decryptAes128gcm(body, ecdh, authSecret),
      };
    },
    answer(device, status) {
      statuses.set(new URL(device.subscription.endpoint).pathname, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks a VAPID Authorization header (RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`): signed
 * by `publicKey`, for `audience`. Returns the JWT's claims.
 */
export async function verifyVapid(
  authorization: string | undefined,
  publicKey: string,
  audience: string,
): Promise<JWTPayload> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID header: ${authorization}`);
  if (match[2] !== publicKey) throw new Error('the header names another public key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1]!, key, { audience, algorithms: ['ES256'] });
  return payload;
}
