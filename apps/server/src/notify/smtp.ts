import nodemailer from 'nodemailer';
import { DeliveryFailed, PROVIDER_TIMEOUT_MS, type Transport } from './transport.ts';

/**
 * Email through an SMTP server (`SMTP_URL`). A 5xx answer about the recipient (no such mailbox) is
 * permanent; a refused connection, a timeout or a 4xx ("try later") is tried again.
 */
export function smtpTransport(url: string, from: string): Transport {
  const mailer = nodemailer.createTransport(url, {
    connectionTimeout: PROVIDER_TIMEOUT_MS,
    greetingTimeout: PROVIDER_TIMEOUT_MS,
    socketTimeout: PROVIDER_TIMEOUT_MS,
  });
  return {
    provider: 'smtp',
    async deliver(message) {
      try {
        const info = await mailer.sendMail({
          from,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
        });
        return { providerId: typeof info.messageId === 'string' ? info.messageId : null };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new DeliveryFailed(`SMTP: ${(error as Error).message}`, code !== undefined && code >= 500);
      }
    },
  };
}
