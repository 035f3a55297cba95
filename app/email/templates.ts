import type { Mail } from "./send.server";

/** Transactional mails: plain text and HTML, with the product name and the site URL. */

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

function layout(title: string, body: string, action: { label: string; url: string }, appUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="margin:0;background:#111827;color:#e5e7eb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#1f2937;border-radius:12px;border:1px solid #374151">
<tr><td style="padding:28px">
<p style="margin:0 0 16px;font-weight:800;font-size:20px;color:#f9fafb">Savepoint</p>
<h1 style="margin:0 0 12px;font-size:20px;color:#f9fafb">${escape(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escape(action.url)}" style="display:inline-block;background:#8b5cf6;color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escape(action.label)}</a></p>
<p style="margin:0;font-size:13px;color:#9ca3af">If the button does not work, paste this link into your browser:<br><a href="${escape(action.url)}" style="color:#a78bfa;word-break:break-all">${escape(action.url)}</a></p>
</td></tr></table>
<p style="font-size:12px;color:#9ca3af;margin-top:16px">Sent by Savepoint at <a href="${escape(appUrl)}" style="color:#9ca3af">${escape(appUrl)}</a></p>
</td></tr></table></body></html>`;
}

export function verificationMail(to: string, url: string, appUrl: string): Mail {
  const title = "Confirm your e-mail address";
  return {
    to,
    subject: "Confirm your Savepoint account",
    text: `Welcome to Savepoint!\n\nConfirm your e-mail address to finish creating your account:\n\n${url}\n\nIf you did not sign up at ${appUrl}, you can ignore this message.\n`,
    html: layout(
      title,
      `<p style="margin:0;line-height:1.6">Welcome to Savepoint! Confirm your e-mail address to finish creating your account.</p>
<p style="margin:12px 0 0;line-height:1.6;color:#9ca3af">If you did not sign up, you can ignore this message.</p>`,
      { label: "Confirm e-mail", url },
      appUrl,
    ),
  };
}

export function passwordResetMail(to: string, url: string, appUrl: string): Mail {
  const title = "Reset your password";
  return {
    to,
    subject: "Reset your Savepoint password",
    text: `Someone asked to reset the password of your Savepoint account.\n\nChoose a new password here (the link expires in 1 hour):\n\n${url}\n\nIf it was not you, ignore this message: your password stays the same.\n\n${appUrl}\n`,
    html: layout(
      title,
      `<p style="margin:0;line-height:1.6">Someone asked to reset the password of your Savepoint account. The link expires in 1 hour.</p>
<p style="margin:12px 0 0;line-height:1.6;color:#9ca3af">If it was not you, ignore this message: your password stays the same.</p>`,
      { label: "Choose a new password", url },
      appUrl,
    ),
  };
}

/** A sign-up was tried with an address that already has a verified account: tell its owner, nobody else. */
export function existingAccountMail(to: string, url: string, appUrl: string): Mail {
  const title = "You already have an account";
  return {
    to,
    subject: "Your Savepoint account",
    text: `Someone tried to create a Savepoint account with this e-mail address, which already has one.\n\nIf it was you, sign in at ${appUrl}/login, or choose a new password here:\n\n${url}\n\nIf it was not you, ignore this message: nothing has changed.\n`,
    html: layout(
      title,
      `<p style="margin:0;line-height:1.6">Someone tried to create a Savepoint account with this e-mail address, which already has one. If it was you, sign in, or choose a new password.</p>
<p style="margin:12px 0 0;line-height:1.6;color:#9ca3af">If it was not you, ignore this message: nothing has changed.</p>`,
      { label: "Reset my password", url },
      appUrl,
    ),
  };
}

/**
 * A sign-up for an address whose account was never verified: the account keeps no password (the
 * earlier sign-up's, possibly a stranger's, is gone) until the mailbox owner sets one with this link.
 */
export function finishSignUpMail(to: string, url: string, appUrl: string): Mail {
  const title = "Choose your password";
  return {
    to,
    subject: "Finish creating your Savepoint account",
    text: `Welcome to Savepoint!\n\nSomeone (most likely you) signed up with this e-mail address. Choose your password to confirm the address and finish creating your account (the link expires in 24 hours):\n\n${url}\n\nEarlier links for this address no longer work. If you did not sign up at ${appUrl}, you can ignore this message.\n`,
    html: layout(
      title,
      `<p style="margin:0;line-height:1.6">Welcome to Savepoint! Someone (most likely you) signed up with this e-mail address. Choose your password to confirm the address and finish creating your account. The link expires in 24 hours.</p>
<p style="margin:12px 0 0;line-height:1.6;color:#9ca3af">Earlier links for this address no longer work. If you did not sign up, you can ignore this message.</p>`,
      { label: "Choose my password", url },
      appUrl,
    ),
  };
}
