/**
 * Preview links (requirements ROUTES `/v2/preview/{pageId}`): a page's draft is shown only to
 * whoever holds its link, which carries a token signed for that page
 * (`hmacSign(signingKey(env, 'preview'), pageId)`, src/platform/secrets.ts). Page ids are
 * words a stranger can guess; the token is not. The admin API hands the links out, and a
 * preview's step links carry the token of each step's page, so the holder can walk the funnel.
 */
import { PREVIEW_TOKEN_PARAM } from '../../lib/query-carry';
import { hmacSign, hmacVerify } from '../../lib/signing';

/** The token that opens the preview of page `pageId`. */
export function previewToken(key: string, pageId: string): Promise<string> {
  return hmacSign(key, pageId);
}

/** Whether `token` opens the preview of page `pageId`. */
export function isPreviewToken(key: string, pageId: string, token: string | undefined): Promise<boolean> {
  return token ? hmacVerify(key, pageId, token) : Promise.resolve(false);
}

/** The path of page `pageId`'s preview, token included. */
export async function previewPath(key: string, pageId: string): Promise<string> {
  return `/v2/preview/${encodeURIComponent(pageId)}?${PREVIEW_TOKEN_PARAM}=${await previewToken(key, pageId)}`;
}

/** The preview paths of `pageIds`, by page id. */
export async function previewPaths(key: string, pageIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(pageIds)];
  return new Map(await Promise.all(unique.map(async (id) => [id, await previewPath(key, id)] as const)));
}
