import { DATE_FORMATS } from '../config.ts';
import { empty, endpoint, noInput } from '../endpoint.ts';
import { LANGUAGES } from '../languages.ts';
import { ACCOUNT_KINDS } from '../validation.ts';
import { z } from '../zod.ts';

export const appConfig = z.object({
  app_currency: z.string(),
  app_currency_decimals: z.number().int(),
  app_maintain_time: z.string(),
  recharge_min: z.string(),
  recharge_max: z.string(),
  withdraw_min: z.string(),
  withdraw_max: z.string(),
  withdraw_step: z.string(),
  withdraw_fee_rate: z.string(),
  collect_days: z.array(z.number().int()),
  timezone: z.string(),
  date_format: z.enum(DATE_FORMATS),
  invite_required: z.boolean(),
  languages: z.array(z.enum(LANGUAGES)),
  app_version: z.string(),
  app_version_code: z.number().int(),
  phone_min_digits: z.number().int(),
  phone_min_digits_by_language: z.partialRecord(z.enum(LANGUAGES), z.number().int()),
  phone_default_country: z.string(),
  /** What a user may sign up and get codes with: a phone only where this server can send SMS. */
  account_kinds: z.array(z.enum(ACCOUNT_KINDS)),
  app_name: z.string(),
  team_name_min_length: z.number().int(),
  team_name_max_length: z.number().int(),
  purchase_from_income: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const onlineService = z.object({ service_1: z.string(), service_2: z.string(), service_3: z.string() });

export const appUpdate = z.object({
  latestVersion: z.string(),
  versionCode: z.number().int(),
  force: z.boolean(),
  url: z.string(),
  notes: z.string(),
});

export const system = {
  appConfig: endpoint({
    method: 'GET',
    path: '/appConfig',
    access: 'public',
    summary: 'Public configuration',
    input: noInput,
    output: appConfig,
  }),
  onlineService: endpoint({
    method: 'GET',
    path: '/onlineService',
    access: 'public',
    summary: 'The three customer-service links',
    input: noInput,
    output: onlineService,
  }),
  appUpdate: endpoint({
    method: 'POST',
    path: '/download/update',
    access: 'public',
    summary: 'App update check (clients call it every 8 hours)',
    input: z.object({ version: z.string().trim().min(1).max(20) }),
    output: appUpdate,
  }),
  location: endpoint({
    method: 'POST',
    path: '/location',
    access: 'user',
    summary: 'Location report, sent only after the user consents',
    input: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    output: empty,
  }),
};
