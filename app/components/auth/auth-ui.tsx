import { Check, Eye, EyeOff, Loader2, X } from "~/components/ui/icons";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { FormBanner, inputClass, primaryButtonClass, secondaryButtonClass, useBusy, useHydrated } from "~/components/ui/form-controls";
import { passwordStrength, USERNAME_TAKEN_MESSAGE } from "~/modules/accounts/accounts.schema";

/**
 * Building blocks of the account pages (and later the auth modal): plain
 * inputs that post without JavaScript, enhanced when it runs. The generic pieces live in
 * ~/components/ui/form-controls (pages outside the account forms import them from there, so they do
 * not load the password rules and the schema library).
 */

export { FormBanner, inputClass, primaryButtonClass, secondaryButtonClass, useBusy, useHydrated };

/** The fields whose error an edit of `name` answers: the two password fields go together (a mismatch is about both). */
export function fieldsClearedBy(name: string): string[] {
  return name === "password" || name === "confirmPassword" ? ["password", "confirmPassword"] : [name];
}

/** The server's field errors without those of fields edited since the answer came. */
export function visibleFieldErrors(errors: Record<string, string> | undefined, edited: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).filter(([name]) => !edited.has(name)));
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A form's field errors that go away as soon as the user changes the field they are about, so a fixed
 * field no longer says it is wrong; the next answer shows whatever is still wrong. Put `onChange` on
 * the form (change events bubble).
 */
export function useFieldErrors(errors: Record<string, string> | undefined) {
  const [edited, setEdited] = useState<{ source: unknown; names: ReadonlySet<string> }>({ source: errors, names: NONE });
  const names = edited.source === errors ? edited.names : NONE;
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (!name || !errors) return;
    const cleared = fieldsClearedBy(name).filter((n) => errors[n] && !names.has(n));
    if (cleared.length) setEdited({ source: errors, names: new Set([...names, ...cleared]) });
  };
  return { errors: visibleFieldErrors(errors, names) as Record<string, string | undefined>, onChange };
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-line bg-surface p-6 shadow-xl sm:p-8">
        <h1 className="text-2xl font-bold text-ink-strong">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

interface FieldProps {
  name: string;
  label: string;
  type?: string;
  error?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: ReactNode;
  inputMode?: "email" | "text";
  onValueChange?: (value: string) => void;
}

export function Field({
  name,
  label,
  type = "text",
  error,
  defaultValue,
  autoComplete,
  required = true,
  hint,
  inputMode,
  onValueChange,
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={onValueChange ? (e) => onValueChange(e.currentTarget.value) : undefined}
        className={inputClass}
      />
      {hint}
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle (the toggle appears once JavaScript runs). */
export function PasswordField({
  name,
  label,
  error,
  autoComplete,
  onValueChange,
  disabled,
}: {
  name: string;
  label: string;
  error?: string;
  autoComplete: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          autoComplete={autoComplete}
          required
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={onValueChange ? (e) => onValueChange(e.currentTarget.value) : undefined}
          className={`${inputClass} pr-11`}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? "Hide password" : "Show password"}
            aria-pressed={shown}
            className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted hover:text-ink-strong focus-visible:ring-2 focus-visible:ring-accent/60 focus-visible:outline-none"
          >
            {shown ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A new password with its strength meter, then its confirmation: sign-up (page and modal) and the
 * reset-password page.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  errors,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  errors: Record<string, string | undefined>;
}) {
  const [password, setPassword] = useState("");
  return (
    <>
      <div className="space-y-2">
        <PasswordField name={name} label={label} autoComplete="new-password" error={errors[name]} onValueChange={setPassword} />
        <PasswordStrengthMeter password={password} />
      </div>
      <PasswordField name="confirmPassword" label={confirmLabel} autoComplete="new-password" error={errors.confirmPassword} />
    </>
  );
}

const STRENGTH_COLOURS = ["bg-red-500", "bg-red-500", "bg-orange-500", "bg-yellow-500", "bg-lime-500", "bg-emerald-500"];

/** Bar and label; one point per satisfied rule out of 5. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label, percent } = passwordStrength(password);
  return (
    <div className="space-y-1" aria-live="polite">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2">
        <div
          className={`h-full rounded-full transition-[width] duration-200 ${STRENGTH_COLOURS[score]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted">
        Password strength: <span className="font-medium text-ink">{label}</span>
      </p>
    </div>
  );
}

/** What the live check shows: nothing yet, the spinner, the green check, or the red cross with its reason. */
export type Availability = { state: "idle" } | { state: "checking" } | { state: "available" } | { state: "unavailable"; message: string };

/** The availability API's answer (api.username-available.ts). */
type AvailabilityAnswer = { available: boolean; message?: string };

const IDLE: Availability = { state: "idle" };
const CHECKING: Availability = { state: "checking" };
/** A lookup that failed (network, server) counts as not available. */
const LOOKUP_FAILED: AvailabilityAnswer = { available: false, message: USERNAME_TAKEN_MESSAGE };

/**
 * Live username availability: 500 ms after typing stops, from 3 characters. A name that breaks the
 * username rule is answered with that rule's message, not as taken.
 */
export function useUsernameAvailability(username: string): Availability {
  const value = username.trim();
  const [result, setResult] = useState<{ value: string; answer: AvailabilityAnswer } | null>(null);
  useEffect(() => {
    if (value.length < 3) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/username-available?username=${encodeURIComponent(value)}`, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<AvailabilityAnswer>) : LOOKUP_FAILED))
        .then((answer) => setResult({ value, answer }))
        .catch(() => {
          if (!controller.signal.aborted) setResult({ value, answer: LOOKUP_FAILED });
        });
    }, 500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value]);
  if (value.length < 3) return IDLE;
  if (result?.value !== value) return CHECKING;
  if (result.answer.available) return { state: "available" };
  return { state: "unavailable", message: result.answer.message ?? USERNAME_TAKEN_MESSAGE };
}

export function AvailabilityIndicator({ availability }: { availability: Availability }) {
  if (availability.state === "idle") return null;
  if (availability.state === "checking")
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Loader2 aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" /> Checking availability...
      </p>
    );
  if (availability.state === "available")
    return (
      <p className="flex items-center gap-1.5 text-xs text-emerald-400">
        <Check aria-hidden="true" className="size-3.5" /> Username is available
      </p>
    );
  return (
    <p className="flex items-center gap-1.5 text-xs text-red-400">
      <X aria-hidden="true" className="size-3.5" /> {availability.message}
    </p>
  );
}

/** The account's e-mail address (sign-in, sign-up, password reset). */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return <Field name="email" label="Email" type="email" inputMode="email" autoComplete="email" defaultValue={defaultValue} error={error} />;
}

/**
 * The sign-up username, with its live availability under it unless the server already
 * named an error: sign-up page and modal.
 */
export function UsernameField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const [username, setUsername] = useState(defaultValue ?? "");
  const availability = useUsernameAvailability(username);
  return (
    <Field
      name="username"
      label="Username"
      autoComplete="username"
      defaultValue={defaultValue}
      error={error}
      onValueChange={setUsername}
      hint={
        error ? null : (
          <div aria-live="polite" className="min-h-4">
            <AvailabilityIndicator availability={availability} />
          </div>
        )
      }
    />
  );
}
