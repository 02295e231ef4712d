/** The SMS providers a deployment can choose with SMS_PROVIDER. */
export const SMS_PROVIDERS = ['twilio', 'africastalking'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** Each provider's name as the start log and the documentation write it. */
export const SMS_PROVIDER_NAMES: Record<SmsProvider, string> = {
  twilio: 'Twilio',
  africastalking: "Africa's Talking",
};
