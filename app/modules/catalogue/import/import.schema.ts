import { z } from "zod";

/**
 * One line of a catalogue file (docs/catalogue-format.md). Only `name` is
 * required; everything else is optional and validated for shape.
 */
const strList = z
  .array(z.string())
  .max(200)
  .transform((xs) => [...new Set(xs.map((x) => x.trim()).filter((x) => x.length > 0 && x.length <= 300))]);
const positiveId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const CatalogueLine = z
  .object({
    name: z.string({ message: "name is required" }).trim().min(1, "name is required").max(300, "name is longer than 300 characters"),
    year: z.number().int().min(1950, "year must be between 1950 and 2100").max(2100, "year must be between 1950 and 2100").optional(),
    release_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "release_date must be YYYY-MM-DD")
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        "release_date is not a real date",
      )
      .optional(),
    platforms: strList.optional(),
    genres: strList.optional(),
    developers: strList.optional(),
    publishers: strList.optional(),
    series: strList.optional(),
    aliases: strList.optional(),
    igdb_id: positiveId.optional(),
    summary: z.string().trim().max(20_000).optional(),
    category: z.number().int().min(0).max(32).optional(),
    parent_igdb_id: positiveId.optional(),
    // Popularity (IGDB's counts, or any generic score): a weak notability signal for search.
    total_rating_count: z.number().int().min(0).max(1e9).optional(),
    hypes: z.number().int().min(0).max(1e9).optional(),
    follows: z.number().int().min(0).max(1e9).optional(),
    popularity: z.number().min(0).max(1e9).optional(),
    cover_url: z
      .string()
      .trim()
      .max(1000)
      .refine((v) => /^(https?:)?\/\//.test(v), "cover_url must be an http(s) URL")
      .optional(),
  })
  .loose();

export type CatalogueLine = z.infer<typeof CatalogueLine>;

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const field = i.path.join(".");
      return field && !i.message.startsWith(field) ? `${field}: ${i.message}` : i.message;
    })
    .join("; ");
}
