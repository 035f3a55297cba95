import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "./send.server";
import { passwordResetMail, verificationMail } from "./templates";

describe("mail", () => {
  it("writes an .eml file to the outbox when no SMTP server is configured", async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "sp-outbox-"));
    const mailer = createMailer({ from: "Savepoint <no-reply@localhost>", outboxDir });
    const sent = await mailer.send(
      verificationMail("ana@example.org", "http://localhost:3000/auth/callback?token=abc", "http://localhost:3000"),
    );
    expect(sent.via).toBe("outbox");
    // Quoted-printable: undo soft line breaks and =3D before looking for the link.
    const eml = fs
      .readFileSync(sent.file!, "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    expect(eml).toContain("To: ana@example.org");
    expect(eml).toContain("Subject: Confirm your Savepoint account");
    expect(eml).toContain("Content-Type: text/plain");
    expect(eml).toContain("Content-Type: text/html");
    expect(eml).toContain("http://localhost:3000/auth/callback?token=abc");
  });

  describe("over SMTP", () => {
    const received: { to: string[]; body: string }[] = [];
    let server: SMTPServer;
    let port = 0;
    beforeAll(async () => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        onData(stream, session, cb) {
          let body = "";
          stream.on("data", (d: Buffer) => (body += d.toString()));
          stream.on("end", () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
            cb();
          });
        },
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      port = (server.server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it("delivers through the SMTP_URL server", async () => {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "Savepoint <no-reply@example.org>",
        outboxDir: "/nonexistent",
      });
      const sent = await mailer.send(
        passwordResetMail("bo@example.org", "https://sp.example.org/reset-password?token=t1", "https://sp.example.org"),
      );
      mailer.close();
      expect(sent.via).toBe("smtp");
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(["bo@example.org"]);
      expect(received[0]!.body).toContain("Subject: Reset your Savepoint password");
      expect(received[0]!.body).toContain("https://sp.example.org/reset-password?token=t1");
    });
  });
});
