/** Forms: loading a published form document and recording its submissions. */
import * as v from 'valibot';
import { type FormDocument, formDocument } from '../../schemas/form';

/** A form by id; null when missing (or stored in a shape that cannot be read, which is logged). */
export async function getForm(db: D1Database, id: string): Promise<FormDocument | null> {
  const row = await db.prepare('SELECT doc FROM forms WHERE id = ?').bind(id).first<{ doc: string }>();
  if (!row) return null;
  return readDocument(formDocument, row.doc, `form ${id}`);
}

/** Parses a stored document with its schema; a broken one is logged and reads as missing. */
export function readDocument<S extends v.GenericSchema>(schema: S, doc: string, what: string): v.InferOutput<S> | null {
  let raw: unknown;
  try {
    raw = JSON.parse(doc);
  } catch {
    console.error(`Stored ${what} is not JSON`);
    return null;
  }
  const parsed = v.safeParse(schema, raw);
  if (parsed.success) return parsed.output;
  console.error(`Stored ${what} does not match its schema`, parsed.issues[0]?.message);
  return null;
}
