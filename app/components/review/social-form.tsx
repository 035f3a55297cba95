import { useEffect, useRef, type FormEvent } from "react";
import { useLocation } from "react-router";
import { toast } from "~/components/ui/toast";
import { useJsonAction } from "~/lib/use-json-action";

export interface SocialAnswer {
  ok: boolean;
  error?: string;
  message?: string;
  liked?: boolean;
  likeCount?: number;
}

/**
 * A form that posts to a social action. Without JavaScript it is a plain POST answered with a 303
 * back to this page; with it, the same fields are posted for a JSON answer (the page's data reloads
 * after) and a failure (also a network failure) shows `failure` (or the server's message for bad input) as a toast.
 */
export function useSocialForm(action: string, failure: string, onDone?: (answer: SocialAnswer) => void) {
  const fetcher = useJsonAction<SocialAnswer>();
  const location = useLocation();
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    if (!answer.ok) toast.error(answer.error && !answer.error.startsWith("Failed") && answer.error.length < 80 ? answer.error : failure);
    doneRef.current?.(answer);
  }, [fetcher.state, fetcher.data, failure]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void fetcher.submit(new FormData(e.currentTarget), { action });
  };
  const redirectTo = location.pathname + location.search;
  return { fetcher, onSubmit, redirectTo, busy: fetcher.state !== "idle" };
}
