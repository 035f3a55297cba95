import { data } from "react-router";

export const FORM_MESSAGES = {
  notAForm: "Send the form as application/x-www-form-urlencoded or multipart/form-data",
  malformed: "The form could not be read",
} as const;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The submitted form of a page action. A request that is not a form (JSON, text, no content
 * type) throws a 415, one that does not parse (broken multipart) a 400: bad input is the
 * client's mistake, never a 500. Actions read their form through this, never request.formData().
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw data({ ok: false, error: FORM_MESSAGES.notAForm }, { status: 415 });
  try {
    return await request.formData();
  } catch {
    throw data({ ok: false, error: FORM_MESSAGES.malformed }, { status: 400 });
  }
}

/** readForm as a plain object (last value of a repeated field wins). */
export async function readFormObject(request: Request): Promise<Record<string, FormDataEntryValue>> {
  return Object.fromEntries(await readForm(request));
}
