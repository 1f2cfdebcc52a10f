/**
 * Submissions that could not be sent (no network) wait in IndexedDB, files included (the
 * browser stores File objects as blobs), until the connection returns. Keyed by the
 * idempotency key, so a resend that races another stores one submission.
 */
import { type Submission, submitCallAt, submitPath } from './submit';

const DB_NAME = 'edgefunnel-outbox';
const STORE = 'submissions';

interface Stored {
  key: string;
  /** The path of the submission's call (submitPath). */
  endpoint: string;
  formData: Record<string, unknown>;
  files: { field: string; file: File }[];
  savedAt: number;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
  }).finally(() => db.close());
}

/** Keeps a submission until it is sent; false when the browser cannot store it (private mode, no IndexedDB). */
export async function keepSubmission(key: string, submission: Submission, now: number): Promise<boolean> {
  const files = Object.entries(submission.files).flatMap(([field, list]) => list.map((file) => ({ field, file })));
  const stored: Stored = { key, endpoint: submitPath(submission.call), formData: submission.formData, files, savedAt: now };
  try {
    await run('readwrite', (store) => store.put(stored));
    return true;
  } catch {
    return false;
  }
}

export async function forgetSubmission(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key)).catch(() => undefined);
}

/** Every waiting submission with its key. */
export async function waitingSubmissions(): Promise<{ key: string; submission: Submission }[]> {
  if (typeof indexedDB === 'undefined') return [];
  const all = await run('readonly', (store) => store.getAll() as IDBRequest<Stored[]>).catch(() => [] as Stored[]);
  return all.flatMap((s) => {
    const call = submitCallAt(s.endpoint);
    if (!call) return [];
    const files: Record<string, File[]> = {};
    for (const { field, file } of s.files) files[field] = [...(files[field] ?? []), file];
    return [{ key: s.key, submission: { call, formData: s.formData, files } }];
  });
}
