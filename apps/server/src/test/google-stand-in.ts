import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export type GoogleStandIn = {
  jwksUrl: string;
  /** Signs an ID token like Google's; pass `key: 'other'` to sign with a key not in the JWKS. */
  sign(
    claims: JWTPayload & Record<string, unknown>,
    options?: { key?: 'google' | 'other'; expiresIn?: string },
  ): Promise<string>;
  close(): Promise<void>;
};

/** Serves a JWKS on loopback with a locally generated key, standing in for Google's. */
export async function startGoogleStandIn(clientId: string): Promise<GoogleStandIn> {
  const google = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    sign: (claims, options = {}) =>
      new SignJWT({
        iss: 'https://accounts.google.com',
        aud: clientId,
        email_verified: true,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(options.key === 'other' ? other.privateKey : google.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
