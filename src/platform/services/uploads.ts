/**
 * Files visitors attach to forms, surveys and bookings, and drawn signatures. Bytes are
 * counted as they stream and reading stops at the 50 MB total; each file's first bytes
 * must match its extension; objects are stored in R2 under generated keys and served as
 * attachments, with an `uploads` row each.
 */
import { newId, type RandomBytes } from '../../lib/ids';
import { type FieldError, fieldError } from '../../lib/validation/fields';
import { MAX_TOTAL_UPLOAD_BYTES, messages } from '../../lib/validation/messages';
import { readCapped } from '../http';
import { cleanLine, cutText } from '../../lib/text';
import { extensionOf, FILE_KINDS, sniffFile } from './file-types';

export interface PreparedUpload {
  id: string;
  field: string;
  objectKey: string;
  filename: string;
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

/** The part of an upload kept in a submission's data. */
export interface UploadRef {
  id: string;
  filename: string;
  size: number;
  contentType: string;
}

export interface UploadSource {
  /** File parts by field key, only of the fields that take files. */
  files: Map<string, File[]>;
  /** Drawn signatures as PNG data URLs, by field key. */
  signatures: Map<string, string>;
  /** The keys of signature fields: their file parts must be one PNG each. */
  signatureFields?: ReadonlySet<string>;
  locationId: string;
  ownerKind: 'form' | 'survey' | 'appointment';
}

class OverLimit extends Error {}

async function readWithin(stream: ReadableStream<Uint8Array>, remaining: number): Promise<Uint8Array> {
  const bytes = await readCapped(stream, remaining);
  if (!bytes) throw new OverLimit();
  return bytes;
}

/** The file's own name without folders, control characters or characters file systems refuse; its last 200 code points. */
function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = cutText(
    cleanLine(base)
      .replace(/["<>|*?:]/g, '')
      .trim(),
    200,
    'end',
  );
  return cleaned || 'file';
}

function decodeDataUrl(url: string): Uint8Array {
  const binary = atob(url.slice(url.indexOf(',') + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Reads and checks every file: the list to store, or the field error that refuses the
 * submission (unsupported or disguised content, over the total limit).
 */
export async function prepareUploads(source: UploadSource, now: number, random?: RandomBytes): Promise<{ uploads: PreparedUpload[] } | { error: FieldError }> {
  const uploads: PreparedUpload[] = [];
  let total = 0;
  const add = (field: string, filename: string, bytes: Uint8Array, pngOnly: boolean): FieldError | undefined => {
    const kind = pngOnly ? (FILE_KINDS['.png']?.matches(bytes.subarray(0, 64)) ? FILE_KINDS['.png'] : undefined) : sniffFile(filename, bytes.subarray(0, 64));
    if (!kind) return fieldError(field, pngOnly ? messages.signature : messages.fileFormat({ label: '', fieldName: filename, tag: field }));
    const id = newId('up', random);
    const objectKey = `uploads/${source.locationId}/${source.ownerKind}/${now}-${id}${extensionOf(filename)}`;
    uploads.push({ id, field, objectKey, filename, contentType: kind.contentType, size: bytes.byteLength, bytes });
    return undefined;
  };
  for (const [field, files] of source.files) {
    const signature = source.signatureFields?.has(field) ?? false;
    // A signature is one drawing: one PNG, never another file kind (an SVG could carry a script).
    if (signature && files.length > 1) return { error: fieldError(field, messages.signature) };
    for (const file of files) {
      let bytes: Uint8Array;
      try {
        bytes = await readWithin(file.stream(), MAX_TOTAL_UPLOAD_BYTES - total);
      } catch (err) {
        if (err instanceof OverLimit) return { error: fieldError(field, messages.totalSize) };
        throw err;
      }
      total += bytes.byteLength;
      const name = safeName(file.name);
      const error = add(field, signature && extensionOf(name) !== '.png' ? `signature-${now}.png` : name, bytes, signature);
      if (error) return { error };
    }
  }
  for (const [field, dataUrl] of source.signatures) {
    if (source.files.has(field)) return { error: fieldError(field, messages.signature) };
    const bytes = decodeDataUrl(dataUrl);
    total += bytes.byteLength;
    if (total > MAX_TOTAL_UPLOAD_BYTES) return { error: fieldError(field, messages.totalSize) };
    const error = add(field, `signature-${now}.png`, bytes, true);
    if (error) return { error };
  }
  return { uploads };
}

/** Writes the objects to R2; on failure removes what was written and rethrows. */
export async function storeUploads(bucket: R2Bucket, uploads: readonly PreparedUpload[]): Promise<void> {
  try {
    for (const u of uploads) {
      await bucket.put(u.objectKey, u.bytes, {
        httpMetadata: {
          contentType: u.contentType,
          contentDisposition: `attachment; filename="${u.filename.replace(/[^\x20-\x7e]/g, '_')}"`,
        },
      });
    }
  } catch (err) {
    await discardUploads(bucket, uploads);
    throw err;
  }
}

/** Removes stored objects of a submission that was not recorded after all. */
export async function discardUploads(bucket: R2Bucket, uploads: readonly PreparedUpload[]): Promise<void> {
  if (uploads.length > 0) await bucket.delete(uploads.map((u) => u.objectKey));
}

/** The `uploads` rows of stored files, to run in the same batch as the submission. */
export function uploadRows(db: D1Database, uploads: readonly PreparedUpload[], source: UploadSource, ownerId: string, now: number): D1PreparedStatement[] {
  return uploads.map((u) =>
    db
      .prepare(
        `INSERT INTO uploads (id, location_id, owner_kind, owner_id, field, object_key, filename, content_type, size, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(u.id, source.locationId, source.ownerKind, ownerId, u.field, u.objectKey, u.filename, u.contentType, u.size, now),
  );
}

/** Upload references by field, for the submission's stored data. */
export function uploadRefs(uploads: readonly PreparedUpload[]): Record<string, UploadRef[]> {
  const out: Record<string, UploadRef[]> = {};
  for (const u of uploads) {
    const list = out[u.field] ?? [];
    list.push({ id: u.id, filename: u.filename, size: u.size, contentType: u.contentType });
    out[u.field] = list;
  }
  return out;
}
