import { empty, endpoint, noInput } from '../endpoint.ts';
import { mediaUrl } from '../media.ts';
import { accountField, codeField, inviteCodeField, passwordField, payPasswordField } from '../validation.ts';
import { z } from '../zod.ts';

export const USER_LEVELS = ['normal', 'vip', 'svip'] as const;
export type UserLevel = (typeof USER_LEVELS)[number];

export const userInfo = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  account: z.string(),
  inviteCode: z.string(),
  level: z.number().int(),
  vip: z.enum(USER_LEVELS),
  createdAt: z.string(),
  hasPayPassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

const session = z.object({ token: z.string(), user: userInfo });

export const NICKNAME_MIN = 1;
export const NICKNAME_MAX = 20;
/**
 * A nickname others see beside the user's posts and in their team: control characters and
 * direction overrides (which turn the text around others' text) are refused.
 */
export const nicknameField = z
  .string()
  .trim()
  .min(NICKNAME_MIN, 'NICKNAME_INVALID')
  .max(NICKNAME_MAX, 'NICKNAME_INVALID')
  .regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, 'NICKNAME_INVALID');

export const CODE_PURPOSES = ['register', 'reset', 'payPassword'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
/**
 * Codes the server sends on its own, never on request: a sign-in past the account's ceiling of
 * failed attempts (`LOGIN_CODE_REQUIRED`), to a user (`login`) or an operator (`adminLogin`).
 */
export const SIGN_IN_CODE_PURPOSES = ['login', 'adminLogin'] as const;
/** Every purpose a stored code or a message carrying one may have. */
export const STORED_CODE_PURPOSES = [...CODE_PURPOSES, ...SIGN_IN_CODE_PURPOSES] as const;
export type StoredCodePurpose = (typeof STORED_CODE_PURPOSES)[number];
/**
 * Why a session ended: signed out, the password changed, the account frozen, or signed in
 * elsewhere (one device at a time), which the next request is told.
 */
export const SESSION_END_REASONS = ['logout', 'password', 'frozen', 'elsewhere'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

const matchingPasswords = <T extends { password: string; repeatPassword: string }>(value: T) =>
  value.password === value.repeatPassword;

export const user = {
  sendCode: endpoint({
    method: 'POST',
    path: '/user/sendCode',
    access: 'public',
    summary:
      'Send a 6-digit verification code by email or SMS (60 s cooldown, valid 10 minutes). Answered alike for any account: a registered account asked a sign-up code gets a notice instead, an unregistered one asked another code gets nothing',
    input: z.object({ account: accountField, purpose: z.enum(CODE_PURPOSES) }),
    output: z.object({ cooldownSeconds: z.number().int() }),
  }),
  register: endpoint({
    method: 'POST',
    path: '/user/register',
    access: 'public',
    summary: 'Sign up with a verification code',
    input: z
      .object({
        account: accountField,
        code: codeField,
        password: passwordField,
        repeatPassword: z.string().min(1).max(32, 'PASSWORD_WEAK'),
        inviteCode: inviteCodeField.optional(),
        agree: z.literal(true, { error: 'AGREEMENT_REQUIRED' }),
      })
      .refine(matchingPasswords, { message: 'PASSWORDS_MISMATCH', path: ['repeatPassword'] }),
    output: session,
  }),
  login: endpoint({
    method: 'POST',
    path: '/user/login',
    access: 'public',
    summary:
      'Sign in. Past the ceiling of failed attempts at the account, answers LOGIN_CODE_REQUIRED (whatever the password) and, when the password is right, sends a code to the account: sign in again with it as `code`',
    input: z.object({ account: accountField, password: z.string().min(1).max(64), code: codeField.optional() }),
    output: session,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/user/logout',
    access: 'user',
    summary: 'Sign out this session',
    input: noInput,
    output: empty,
  }),
  info: endpoint({
    method: 'GET',
    path: '/userInfo',
    access: 'user',
    summary: 'The signed-in user',
    input: noInput,
    output: userInfo,
  }),
  updateInfo: endpoint({
    method: 'PUT',
    path: '/userInfo',
    access: 'user',
    summary: 'Change the nickname or the avatar (an uploaded image, `POST /uploads` with purpose "avatar")',
    input: z
      .object({ nickname: nicknameField.optional(), avatar: mediaUrl.optional() })
      .refine((v) => v.nickname !== undefined || v.avatar !== undefined, { message: 'NOTHING_TO_CHANGE' }),
    output: userInfo,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/user/changePassword',
    access: 'user',
    summary: 'Change the sign-in password; signs out every other session',
    input: z
      .object({
        oldPassword: z.string().min(1).max(64),
        password: passwordField,
        repeatPassword: z.string().min(1).max(32, 'PASSWORD_WEAK'),
      })
      .refine(matchingPasswords, { message: 'PASSWORDS_MISMATCH', path: ['repeatPassword'] }),
    output: empty,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/user/resetPassword',
    access: 'public',
    summary: 'Set a new password with a code sent for purpose "reset"; signs out every session',
    input: z
      .object({
        account: accountField,
        code: codeField,
        password: passwordField,
        repeatPassword: z.string().min(1).max(32, 'PASSWORD_WEAK'),
      })
      .refine(matchingPasswords, { message: 'PASSWORDS_MISMATCH', path: ['repeatPassword'] }),
    output: empty,
  }),
  setPayPassword: endpoint({
    method: 'POST',
    path: '/user/payPassword',
    access: 'user',
    summary: 'Set or replace the 6-digit payment password with a code sent for purpose "payPassword"',
    input: z
      .object({ code: codeField, payPassword: payPasswordField, repeatPayPassword: z.string().max(6).optional() })
      .refine((v) => v.repeatPayPassword === undefined || v.repeatPayPassword === v.payPassword, {
        message: 'PAY_PASSWORDS_MISMATCH',
        path: ['repeatPayPassword'],
      }),
    output: empty,
  }),
};
