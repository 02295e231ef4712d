import type { UploadPurpose } from '@app/contracts';
import type { TestApp } from './setup.ts';

/** A multipart body as a browser's FormData sends it: the purpose field, then the file. */
export async function multipart(bytes: Buffer, name: string, type: string, purpose?: UploadPurpose) {
  const form = new FormData();
  if (purpose) form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

export interface UploadFile {
  bytes: Buffer;
  name?: string;
  type?: string;
  purpose?: UploadPurpose;
}

/** `POST /uploads` (the back office's with `admin`) with one file, as the apps send it; the answer's envelope. */
export async function uploadThrough(
  t: TestApp,
  token: string,
  file: UploadFile,
  options: { admin?: boolean; lang?: string } = {},
) {
  const body = await multipart(file.bytes, file.name ?? 'photo.jpg', file.type ?? 'image/jpeg', file.purpose);
  const response = await t.app.inject({
    method: 'POST',
    url: options.admin ? '/admin/api/v1/uploads' : '/api/v1/uploads',
    headers: { authorization: token, 'content-type': body.contentType, 'accept-language': options.lang ?? 'en' },
    payload: body.payload,
  });
  return response.json() as { code: number; msg: string; data: { url: string } | null };
}
