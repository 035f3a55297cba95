import { LEVEL_DESCRIPTIONS, LEVEL_LABELS, TRACKING_LEVELS, type TrackingLevel } from "~/lib/consent";

/**
 * The three tracking levels as radio buttons (banner 'Customize', the no-JavaScript banner and the
 * settings dialog). Controlled when `value` is given, otherwise a plain form field with a default.
 */
export function LevelOptions({
  idPrefix,
  value,
  defaultValue,
  onChange,
  disabled,
}: {
  idPrefix: string;
  value?: TrackingLevel;
  defaultValue?: TrackingLevel;
  onChange?: (level: TrackingLevel) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-ink-strong">Tracking level</legend>
      {TRACKING_LEVELS.map((level) => {
        const id = `${idPrefix}-${level}`;
        const checked = value !== undefined ? { checked: value === level, onChange: () => onChange?.(level) } : {};
        return (
          <label
            key={level}
            htmlFor={id}
            className="flex cursor-pointer gap-3 rounded-lg border border-line p-3 hover:bg-surface-2 has-[:checked]:border-accent has-[:checked]:bg-accent/10"
          >
            <input
              id={id}
              type="radio"
              name="level"
              value={level}
              defaultChecked={value === undefined ? (defaultValue ?? "anonymous") === level : undefined}
              className="mt-1 size-4 shrink-0 accent-accent"
              aria-describedby={`${id}-hint`}
              {...checked}
            />
            <span>
              <span className="block text-sm font-medium text-ink-strong">
                {LEVEL_LABELS[level]}
                {level === "anonymous" ? (
                  <>
                    {" "}
                    <span className="text-xs font-normal text-accent-strong">(recommended)</span>
                  </>
                ) : null}
              </span>
              <span id={`${id}-hint`} className="block text-xs text-muted">
                {LEVEL_DESCRIPTIONS[level]}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
