import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/*
 * The invitation link (decision 139 and 170): a JWT signed by `jose` with a key of its own derived from the auth
 * secret. Its `jti` is the invitation's id; using it spends the `jti` in used_tokens, so the link works once.
 */
const AUDIENCE = 'darsi/staff-invitation';
const key = (secret: string) => new Uint8Array(hkdfSync('sha256', secret, 'darsi/staff', 'staff-invitation-v1', 32));

export async function invitationToken(secret: string, invitationId: string, email: string, expiresAt: Date): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(email)
    .setJti(invitationId)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(secret));
}

/** The invitation id and e-mail of a valid, unexpired link; null for anything else. */
export async function readInvitationToken(secret: string, token: string, now: Date): Promise<{ id: string; email: string; exp: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      requiredClaims: ['sub', 'jti', 'exp'],
      currentDate: now,
    });
    return { id: payload.jti!, email: payload.sub!, exp: payload.exp! };
  } catch {
    return null;
  }
}
