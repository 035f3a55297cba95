import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export interface JsonActionAnswer {
  ok: boolean;
  error?: string;
}

/**
 * A small stand-in for a fetcher for optimistic buttons: posts the fields (plus format=json) to an
 * action with fetch and keeps the answer. Unlike a fetcher, a failed call (offline, aborted, a
 * server error) never reaches the route's error boundary: it becomes an `{ ok: false }` answer, so
 * the button rolls back and says so. After a success the page's data reloads before the call counts
 * as done, as with a fetcher.
 */
export function useJsonAction<T extends JsonActionAnswer>() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [state, setState] = useState<"idle" | "submitting">("idle");
  const [data, setData] = useState<T | undefined>(undefined);
  const [formData, setFormData] = useState<FormData | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = useCallback(async (fields: FormData | Record<string, string>, { action }: { action: string }) => {
    const body = new URLSearchParams();
    const entries = fields instanceof FormData ? [...fields.entries()] : Object.entries(fields);
    for (const [k, v] of entries) if (typeof v === "string") body.append(k, v);
    body.set("format", "json");
    const sent = new FormData();
    for (const [k, v] of body) sent.append(k, v);
    setFormData(sent);
    setState("submitting");
    let answer: T;
    try {
      const res = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" } });
      const parsed = (await res.json().catch(() => null)) as T | null;
      answer = parsed && typeof parsed.ok === "boolean" ? parsed : ({ ok: false, error: `HTTP ${res.status}` } as T);
    } catch {
      answer = { ok: false } as T;
    }
    // Like a fetcher, the change stays "in flight" until the page's data has reloaded.
    if (answer.ok) await revalidate.current().catch(() => undefined);
    if (!mounted.current) return;
    setData(answer);
    setFormData(undefined);
    setState("idle");
  }, []);

  return { state, data, formData, submit };
}
