/**
 * The file kinds visitors may upload, recognised by their first bytes (never by the
 * declared type or the name alone). Each extension names the signature its content must
 * start with; the stored content type comes from here.
 */

export interface FileKind {
  contentType: string;
  /** Whether the first bytes are of this kind. */
  matches: (head: Uint8Array) => boolean;
}

const bytesAt =
  (offset: number, ...sig: number[]) =>
  (h: Uint8Array) =>
    sig.every((b, i) => h[offset + i] === b);
const ascii = (offset: number, text: string) => bytesAt(offset, ...[...text].map((c) => c.charCodeAt(0)));
const any =
  (...tests: ((h: Uint8Array) => boolean)[]) =>
  (h: Uint8Array) =>
    tests.some((t) => t(h));

/** Plain text: no NUL bytes and valid UTF-8 in the first bytes (a cut multi-byte character at the end is fine). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** SVG: text whose first tag, after an XML declaration, doctype or comments, is <svg. */
function isSvg(head: Uint8Array): boolean {
  if (!isText(head)) return false;
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text);
}

const zip = bytesAt(0, 0x50, 0x4b, 0x03, 0x04);
const ole = bytesAt(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const isoMedia = ascii(4, 'ftyp');

export const FILE_KINDS: Readonly<Record<string, FileKind>> = {
  '.pdf': { contentType: 'application/pdf', matches: ascii(0, '%PDF-') },
  '.png': { contentType: 'image/png', matches: bytesAt(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) },
  '.jpg': { contentType: 'image/jpeg', matches: bytesAt(0, 0xff, 0xd8, 0xff) },
  '.jpeg': { contentType: 'image/jpeg', matches: bytesAt(0, 0xff, 0xd8, 0xff) },
  '.gif': { contentType: 'image/gif', matches: ascii(0, 'GIF8') },
  '.webp': { contentType: 'image/webp', matches: (h) => ascii(0, 'RIFF')(h) && ascii(8, 'WEBP')(h) },
  '.heic': { contentType: 'image/heic', matches: isoMedia },
  '.svg': { contentType: 'image/svg+xml', matches: isSvg },
  '.bmp': { contentType: 'image/bmp', matches: ascii(0, 'BM') },
  '.tif': { contentType: 'image/tiff', matches: any(bytesAt(0, 0x49, 0x49, 0x2a, 0), bytesAt(0, 0x4d, 0x4d, 0, 0x2a)) },
  '.tiff': { contentType: 'image/tiff', matches: any(bytesAt(0, 0x49, 0x49, 0x2a, 0), bytesAt(0, 0x4d, 0x4d, 0, 0x2a)) },
  '.zip': { contentType: 'application/zip', matches: zip },
  '.docx': { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: zip },
  '.xlsx': { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: zip },
  '.pptx': { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', matches: zip },
  '.odt': { contentType: 'application/vnd.oasis.opendocument.text', matches: zip },
  '.doc': { contentType: 'application/msword', matches: ole },
  '.xls': { contentType: 'application/vnd.ms-excel', matches: ole },
  '.ppt': { contentType: 'application/vnd.ms-powerpoint', matches: ole },
  '.mp3': { contentType: 'audio/mpeg', matches: any(ascii(0, 'ID3'), bytesAt(0, 0xff, 0xfb), bytesAt(0, 0xff, 0xf3), bytesAt(0, 0xff, 0xf2)) },
  '.wav': { contentType: 'audio/wav', matches: (h) => ascii(0, 'RIFF')(h) && ascii(8, 'WAVE')(h) },
  '.mp4': { contentType: 'video/mp4', matches: isoMedia },
  '.m4a': { contentType: 'audio/mp4', matches: isoMedia },
  '.mov': { contentType: 'video/quicktime', matches: isoMedia },
  '.txt': { contentType: 'text/plain; charset=utf-8', matches: isText },
  '.csv': { contentType: 'text/csv; charset=utf-8', matches: isText },
};

/** The lower-cased extension of a file name, with its dot ("" when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The kind a file's name claims, when its first bytes agree; else undefined. */
export function sniffFile(name: string, head: Uint8Array): FileKind | undefined {
  const kind = FILE_KINDS[extensionOf(name)];
  return kind?.matches(head) ? kind : undefined;
}
