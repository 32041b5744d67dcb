import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { SETTINGS } from '../../config/settings.module';
import type { Settings } from '../../config/settings';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outgoing e-mail through the SMTP server of SMTP_URL (nodemailer does the protocol: STARTTLS, auth, pooling).
 * Without SMTP_URL `configured` is false and nothing is sent: callers offer another way instead.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {
    const url = settings.mail.smtpUrl;
    // A pool keeps one connection open between messages; timeouts bound how long a dead server holds a message.
    this.transport = url
      ? createTransport({
          url,
          pool: true,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  /** Resolves when the SMTP server accepted the message; rejects with its reason otherwise. */
  async send(message: MailMessage): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set: e-mail cannot be sent.');
    const info = await this.transport.sendMail({ from: this.settings.mail.from, ...message });
    this.logger.log(`Mail "${message.subject}" accepted by the SMTP server (${String(info.messageId)})`);
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
