import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface S3Request {
  method: string;
  key: string;
  contentType: string | undefined;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A stand-in for an S3-compatible bucket (MinIO, R2…) on 127.0.0.1, addressed path-style
 * (`/<bucket>/<key>`) as the AWS SDK calls it with `forcePathStyle`: PutObject and GetObject, with
 * S3's XML errors. Like the real service, it refuses a request whose Signature Version 4 does not
 * verify with its secret key, or whose body does not match the SHA-256 and CRC32 the SDK sent.
 */
export class FakeS3 {
  readonly bucket = 'minerva-media';
  readonly region = 'eu-west-1';
  readonly accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  readonly secretAccessKey = randomBytes(20).toString('base64');
  readonly objects = new Map<string, { bytes: Buffer; contentType: string }>();
  readonly requests: S3Request[] = [];
  /** When set, every request is answered with this S3 error instead (the bucket refusing, say). */
  failure: { status: number; code: string } | null = null;
  private server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The app's environment for this bucket. */
  env(): Record<string, string> {
    return {
      S3_BUCKET: this.bucket,
      S3_REGION: this.region,
      S3_ENDPOINT: this.url,
      S3_ACCESS_KEY_ID: this.accessKeyId,
      S3_SECRET_ACCESS_KEY: this.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.url);
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    this.requests.push({ method: req.method ?? '', key, contentType: req.headers['content-type'] });
    if (this.failure) return error(res, this.failure.status, this.failure.code);
    const refusal = this.refusal(req, url, body);
    if (refusal) return error(res, 403, refusal);
    if (bucket !== this.bucket) return error(res, 404, 'NoSuchBucket');
    if (req.method === 'PUT') {
      this.objects.set(key, { bytes: body, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
      res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      return;
    }
    if (req.method === 'GET') {
      const object = this.objects.get(key);
      if (!object) return error(res, 404, 'NoSuchKey');
      res
        .writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length })
        .end(object.bytes);
      return;
    }
    error(res, 405, 'MethodNotAllowed');
  }

  /** Why S3 would refuse the request's signature or body, if it would. */
  private refusal(req: IncomingMessage, url: URL, body: Buffer): string | undefined {
    const header = (name: string) => String(req.headers[name] ?? '').trim();
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization'),
      );
    if (!auth) return 'AccessDenied';
    const [, keyId, day, region, signedHeaders, signature] = auth as unknown as string[];
    if (keyId !== this.accessKeyId) return 'InvalidAccessKeyId';
    if (region !== this.region) return 'AuthorizationHeaderMalformed';
    const payloadHash = header('x-amz-content-sha256');
    if (payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const checksum = header('x-amz-checksum-crc32');
    if (checksum && checksum !== Buffer.from(crc32(body).toString(16).padStart(8, '0'), 'hex').toString('base64')) {
      return 'BadDigest';
    }
    const query = [...url.searchParams]
      .map(([name, value]) => `${rfc3986(name)}=${rfc3986(value)}`)
      .sort()
      .join('&');
    const names = (signedHeaders as string).split(';');
    const canonical = [
      req.method,
      url.pathname,
      query,
      ...names.map((name) => `${name}:${header(name).replace(/\s+/g, ' ')}`),
      '',
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', header('x-amz-date'), scope, sha256(canonical)].join('\n');
    let signingKey = hmac(`AWS4${this.secretAccessKey}`, day as string);
    for (const part of [region as string, 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
    return hmac(signingKey, toSign).toString('hex') === signature ? undefined : 'SignatureDoesNotMatch';
  }
}

function error(res: ServerResponse, status: number, code: string) {
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}
