import { UPLOAD_FILE_FIELD, type UploadPurpose } from '@app/contracts';
import { call } from './index';
import { api } from './routes';

/**
 * Uploads one image the user picked and answers its URL (`/media/<key>.<ext>`), to put in the
 * field it was picked for. A refusal (not an image, too large, too many pixels) is toasted in the
 * user's language, as every business error, and rejects with that `ApiError`.
 */
export async function uploadImage(file: File, purpose: UploadPurpose = 'image'): Promise<string> {
  const { url } = await call(api.uploads.image, {}, undefined, {
    form: { purpose, [UPLOAD_FILE_FIELD]: file },
  });
  return url;
}
