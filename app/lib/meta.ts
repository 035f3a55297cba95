export const SITE_NAME = "Savepoint";
export const SITE_TAGLINE = "Track your games, find the next one.";
export const SITE_DESCRIPTION = "Rate, review, and discover games through the power of social gaming.";
/**
 * The default share image (public/, made by scripts/make-share-image.ts): a JPEG, the address the
 * share tags name. The PNG it is made from stays served at its old address for links that kept it.
 */
export const SHARE_IMAGE_PATH = "/og-image.jpg";
export const SHARE_IMAGE_PATH_PNG = "/og-image.png";

/** Page titles end with the product name. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : SITE_NAME;
}

export interface ShareTagsInput {
  /** The page's title (without the product name), or none for the product's own. */
  title?: string;
  description?: string;
  /** An absolute image URL; the default share image otherwise. */
  image?: string | null;
  origin: string;
}

/** Open Graph / Twitter card tags, so a shared link shows a title, a description and an image. */
export function shareTags({ title, description, image, origin }: ShareTagsInput) {
  return [
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: title ?? SITE_NAME },
    { property: "og:description", content: description ?? SITE_DESCRIPTION },
    { property: "og:image", content: image ?? `${origin}${SHARE_IMAGE_PATH}` },
    { name: "twitter:card", content: image ? "summary" : "summary_large_image" },
  ];
}
