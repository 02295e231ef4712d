import type { AdminRole, Language } from '@app/contracts';

/** A signed-in user, as the session token names them. */
export interface AuthedUser {
  id: number;
  sessionId: number;
}

/** A signed-in back-office admin and the role their endpoints are checked against. */
export interface AuthedAdmin {
  id: number;
  email: string;
  role: AdminRole;
  sessionId: number;
}

/** What every request tells a service about its caller, whatever the transport. */
export interface BaseContext {
  lang: Language;
  ip: string;
  userAgent: string;
}

/** The file part of a multipart request and the text fields sent before it. */
export interface UploadedFile {
  bytes: Buffer;
  fields: Record<string, string>;
}
