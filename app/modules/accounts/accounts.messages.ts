/** Account texts shared by the pages and the service, so each message is written once. */
export const MESSAGES = {
  loginFailed: "Login failed. Please try again.",
  invalidCredentials: "Invalid email or password",
  emailNotVerified: "Please verify your email address before signing in. We've sent you a new confirmation link.",
  signupFailed: "Signup failed. Please try again.",
  resetSent: "Password reset email sent! Check your inbox for instructions.",
  resetFailed: "Failed to send reset email. Please try again.",
  /** resetFailed's first sentence, followed by how long to wait when rate-limited. */
  resetFailedSentence: "Failed to send reset email.",
  /**
   * Under 'Check Your Email!' (page and modal): the link verifies, and signs in in the browser that signed
   * up (elsewhere it asks for the password: pending-sign-up.server.ts).
   */
  checkEmailNext: "Click the link in the email to verify your account. Opened in this browser, it signs you in right away.",
  resent: "Verification email resent! Please check your inbox.",
  resendFailed: "Failed to resend verification email.",
  resetLinkDefault: "An error occurred with your reset link.",
  resetLinkExpired: "Your password reset link has expired. Please request a new one.",
  resetLinkMissing: "Invalid or expired reset link. Please request a new password reset link from the login page.",
  resetSessionExpired: "Your session has expired. Please request a new password reset link.",
  passwordUpdateFailed: "Failed to update password. Please try again.",
  verificationExpired: "Email verification link has expired. Please request a new one.",
  verificationFailed: "Email verification failed",
  verificationNoToken: "No valid authentication tokens received. Please try signing up again.",
  passwordChanged: "Your password has been changed. You have been signed out on every other device.",
  currentPasswordWrong: "Current password is incorrect",
  noPasswordYet: "Your account has no password yet. Use 'Forgot password?' on the sign-in page to set one.",
  verificationUnexpected: "An unexpected error occurred during authentication",
} as const;

/** What the account deletion form wants typed. */
export const DELETE_CONFIRMATION = "DELETE";
