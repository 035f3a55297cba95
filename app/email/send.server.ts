import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

/**
 * Outgoing mail. With SMTP_URL, mail goes through that server. Without it,
 * each mail is written as an .eml file to DATA_DIR/outbox/ (and its link is
 * logged by the caller), so a self-hoster without SMTP can still verify an
 * account by opening the file.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}

export interface SentMail {
  via: "smtp" | "outbox";
  messageId: string;
  /** The .eml file, for the outbox. */
  file?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<SentMail>;
  close(): void;
}

export function createMailer(opts: MailerOptions): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        const info = (await transport.sendMail({ from: opts.from, ...mail })) as { messageId: string };
        return { via: "smtp", messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = (await transport.sendMail({ from: opts.from, ...mail })) as { messageId: string; message: Buffer };
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = mail.to.replace(/[^A-Za-z0-9@._-]/g, "_");
      const file = path.join(opts.outboxDir, `${stamp}-${safeTo}-${randomUUID().slice(0, 8)}.eml`);
      fs.writeFileSync(file, info.message, { mode: 0o600 });
      return { via: "outbox", messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
