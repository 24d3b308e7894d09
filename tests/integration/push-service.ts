import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';

/*
 * A local push service speaking the real protocol (decision 210): RFC 8030 (a POST per message, over TLS, with TTL
 * and Urgency), RFC 8292 (VAPID: `Authorization: vapid t=<ES256 JWT>, k=<public key>`, verified here against the
 * key and this service's origin) and RFC 8291 (aes128gcm, decrypted here with the subscription's private key, as a
 * browser would). Each device answers what its `status` says: 201, or 410 for an expired subscription.
 */
export type TPushed = {
  device: string;
  payload: Record<string, string>;
  ttl: string | undefined;
  urgency: string | undefined;
  subject: string;
  vapidKey: string;
};

type TDevice = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number };

const b64u = (buf: Buffer) => buf.toString('base64url');

function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
      ...['-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
}

/** RFC 8291 §3.4 and RFC 8188: one record, keys derived from the ECDH secret and the subscription's auth secret. */
function decrypt(device: TDevice, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** The JWT's subject and the public key it was verified with. */
async function verifyVapid(header: string | undefined, audience: string): Promise<{ subject: string; vapidKey: string }> {
  const match = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, 'ES256');
  const { payload } = await jwtVerify(match[1]!, key, { audience, algorithms: ['ES256'] });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('VAPID subject missing');
  return { subject: payload.sub, vapidKey: match[2]! };
}

export async function startPushService() {
  const { key, cert } = selfSignedCertificate();
  const devices = new Map<string, TDevice>();
  const received: TPushed[] = [];
  const refused: string[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
        const device = devices.get(id);
        if (req.method !== 'POST' || !device) return res.writeHead(404).end();
        if (device.status !== 201) return res.writeHead(device.status).end();
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { subject, vapidKey } = await verifyVapid(req.headers.authorization, origin());
        const payload = JSON.parse(decrypt(device, Buffer.concat(chunks))) as Record<string, string>;
        received.push({
          device: id,
          payload,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          subject,
          vapidKey,
        });
        res.writeHead(201).end();
      })().catch((err: Error) => {
        refused.push(err.message);
        res.writeHead(400).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = () => `https://${host}`;
  return {
    host,
    received,
    refused,
    /** What the app is given: trust in this service's certificate, and its host among the push services. */
    options: { agent: new https.Agent({ ca: cert }), extraHosts: [host] },
    /** A new browser subscription, as PushSubscription.toJSON() gives it. */
    device() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, status: 201 });
      return { id, json: { endpoint: `${origin()}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } } };
    },
    setStatus(id: string, status: number) {
      devices.get(id)!.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
